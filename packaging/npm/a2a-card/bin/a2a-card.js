#!/usr/bin/env node
// The `a2a-card` command of the npm package: finds the binary in the platform package npm
// installed beside this one (an optional dependency per platform; npm installs the one whose
// `os` and `cpu` match) and runs it with the same arguments, standard streams and exit code.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");

const PACKAGES = {
  "linux-x64": "@a2a-card/cli-linux-x64",
  "linux-arm64": "@a2a-card/cli-linux-arm64",
  "darwin-x64": "@a2a-card/cli-darwin-x64",
  "darwin-arm64": "@a2a-card/cli-darwin-arm64",
  "win32-x64": "@a2a-card/cli-win32-x64",
};

function fail(message) {
  process.stderr.write(`a2a-card: ${message}\n`);
  process.exit(2);
}

function binary() {
  // An explicit binary wins (a build of your own, an unsupported platform).
  if (process.env.A2A_CARD_BINARY) {
    return process.env.A2A_CARD_BINARY;
  }
  const platform = `${process.platform}-${process.arch}`;
  const name = PACKAGES[platform];
  if (!name) {
    fail(`no prebuilt binary for ${platform}; build it with \`cargo install a2a-card-cli\` ` +
      "and name it in A2A_CARD_BINARY");
  }
  const file = process.platform === "win32" ? "a2a-card.exe" : "a2a-card";
  let path;
  try {
    path = require.resolve(`${name}/bin/${file}`);
  } catch {
    fail(`the package ${name} is not installed: npm skips optional dependencies with ` +
      "--omit=optional (or --no-optional); install again without it");
  }
  // Some ways of unpacking drop the executable bit.
  if (process.platform !== "win32") {
    try {
      fs.accessSync(path, fs.constants.X_OK);
    } catch {
      fs.chmodSync(path, 0o755);
    }
  }
  return path;
}

const child = spawn(binary(), process.argv.slice(2), { stdio: "inherit" });
// Ctrl-C reaches the whole process group; a signal sent to this process alone (a service
// manager's SIGTERM to `npx a2a-card serve`) is passed on so the server shuts down cleanly.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (error) => fail(`cannot run ${child.spawnfile}: ${error.message}`));
child.on("exit", (code, signal) => {
  if (signal) {
    // Die of the same signal, so the caller sees what the binary saw.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
});
