#!/usr/bin/env python3
"""Writes N distinct tenant cards (about 3.7 KB each, like the cards of issue 26) for
benches/tenants.sh: DIR/main.json and DIR/tenants/tNNNNN.json.

    python3 benches/tenants_gen.py N DIR            # write the cards
    python3 benches/tenants_gen.py --edit FILE V    # rewrite FILE with version V (atomic rename)
    python3 benches/tenants_gen.py --latency ADDR PATH FILE EDITS
        # edit FILE EDITS times and time until GET PATH serves each new version: p50 p99 (ms)
    python3 benches/tenants_gen.py --burst FILE PERIOD SECONDS
        # edit FILE every PERIOD seconds for SECONDS (swaps while the load runs)
"""
import http.client
import json
import os
import sys
import time

WORDS = ("route traffic weather invoice ledger travel hotel flight booking support ticket "
         "search index summary translate schedule calendar payroll inventory shipping").split()


def card(i):
    name = f"Agent {i:05d}"
    host = f"https://t{i:05d}.agents.example.com"
    skills = []
    for s in range(6):
        w = [WORDS[(i * 7 + s * 3 + k) % len(WORDS)] for k in range(4)]
        skills.append({
            "id": f"skill-{s}",
            "name": f"{w[0].title()} {w[1]} ({s})",
            "description": f"Handles {w[0]} and {w[1]} requests for tenant {i}, with {w[2]} "
                           f"and {w[3]} taken into account, in any of the supported languages.",
            "tags": [w[0], w[1], w[2]],
            "examples": [f"Please {w[0]} the {w[1]} for account {i}-{s}, then report on {w[3]}."],
        })
    return {
        "name": name,
        "description": f"The agent of tenant {i}: plans, books and reports on behalf of its "
                       f"organisation, with live data and the tenant's own preferences.",
        "supportedInterfaces": [
            {"url": f"{host}/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": f"{host}/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
        ],
        "provider": {"organization": f"Tenant {i} Ltd.", "url": f"https://tenant{i}.example.com"},
        "version": "1.0.0",
        "documentationUrl": f"{host}/docs",
        "capabilities": {"streaming": True},
        "securitySchemes": {"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}},
        "securityRequirements": [{"schemes": {"apiKey": {}}}],
        "defaultInputModes": ["text/plain", "application/json"],
        "defaultOutputModes": ["application/json"],
        "skills": skills,
    }


def write_atomic(path, data):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=2)
    os.replace(tmp, path)


def latency(addr, path, file, edits):
    host, port = addr.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    times = []
    for i in range(edits):
        version = f"3.{os.getpid()}.{i}"
        with open(file) as f:
            data = json.load(f)
        data["version"] = version
        started = time.monotonic()
        write_atomic(file, data)
        while True:
            conn.request("GET", path)
            body = conn.getresponse().read()
            if json.loads(body).get("version") == version:
                break
            if time.monotonic() - started > 30:
                sys.exit(f"version {version} not served after 30 s")
            time.sleep(0.002)
        times.append((time.monotonic() - started) * 1000)
        time.sleep(0.2)
    times.sort()
    q = lambda p: times[min(len(times) - 1, round((len(times) - 1) * p))]
    print(f"{q(0.5):.0f} {q(0.99):.0f}")


def burst(file, period, seconds):
    with open(file) as f:
        data = json.load(f)
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        data["version"] = f"4.0.{i}"
        write_atomic(file, data)
        i += 1
        time.sleep(period)
    print(i)


def main():
    if sys.argv[1] == "--latency":
        latency(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    if sys.argv[1] == "--burst":
        burst(sys.argv[2], float(sys.argv[3]), float(sys.argv[4]))
        return
    if sys.argv[1] == "--edit":
        path, version = sys.argv[2], sys.argv[3]
        with open(path) as f:
            data = json.load(f)
        data["version"] = version
        write_atomic(path, data)
        return
    n, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(os.path.join(out, "tenants"), exist_ok=True)
    write_atomic(os.path.join(out, "main.json"), card(0))
    for i in range(1, n + 1):
        write_atomic(os.path.join(out, "tenants", f"t{i:05d}.json"), card(i))


if __name__ == "__main__":
    main()
