// @a2a-js/sdk's own card signature code, for a2a-card's signature interop tests
// (tests/sign_interop.rs). One process for many cards; each mode prints one JSON document.
//
// Usage: node sign_card.mjs MODE ARGS...
//
//   canonical CARD...         [canonicalizeAgentCard(CARD), ...]: the bytes the SDK signs.
//   canonical-typed CARD...   [canonicalizeAgentCard(AgentCard.fromJSON(CARD)), ...]: the
//                             bytes of the SDK's typed path (its client verifies a card it
//                             has already read into an AgentCard, a2a-js#663).
//   sign ALG KID CARD...      A new key pair (jose.generateKeyPair); each CARD signed by
//                             generateAgentCardSignature(key, {alg, typ: "JOSE", kid}).
//                             {"cards": [...], "jwks": {"keys": [public JWK]}}.
//   verify JWKS CARD...       [true | false, ...]: whether verifyAgentCardSignature, with the
//                             key of each signature's kid in JWKS, accepts each CARD.
//
// Any other failure (a crash) exits non-zero, so that it is never taken for a refusal.

import { readFileSync } from 'node:fs';
import * as jose from 'jose';
import {
  AgentCard,
  canonicalizeAgentCard,
  generateAgentCardSignature,
  verifyAgentCardSignature,
} from '@a2a-js/sdk';

const load = (path) => JSON.parse(readFileSync(path, 'utf8'));
const [mode, ...args] = process.argv.slice(2);
// The SDK logs each signature that fails with console.debug; stdout is for the result.
console.debug = () => {};

let result;
if (mode === 'canonical') {
  result = args.map((path) => canonicalizeAgentCard(load(path)));
} else if (mode === 'canonical-typed') {
  result = args.map((path) => canonicalizeAgentCard(AgentCard.fromJSON(load(path))));
} else if (mode === 'sign') {
  const [alg, kid, ...paths] = args;
  const { privateKey, publicKey } = await jose.generateKeyPair(alg, { extractable: true });
  const signer = generateAgentCardSignature(privateKey, { alg, typ: 'JOSE', kid });
  const cards = [];
  for (const path of paths) cards.push(await signer(load(path)));
  const jwk = { ...(await jose.exportJWK(publicKey)), kid, alg, use: 'sig' };
  result = { cards, jwks: { keys: [jwk] } };
} else if (mode === 'verify') {
  const [jwksPath, ...paths] = args;
  const keys = load(jwksPath).keys;
  const verifier = verifyAgentCardSignature(async (kid) => {
    const jwk = keys.find((k) => k.kid === kid);
    if (!jwk) throw new Error(`unknown kid ${kid}`);
    return jose.importJWK(jwk, jwk.alg);
  });
  result = [];
  for (const path of paths) {
    try {
      await verifier(load(path));
      result.push(true);
    } catch {
      result.push(false);
    }
  }
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
process.stdout.write(JSON.stringify(result));
