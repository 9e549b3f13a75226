"""Independent implementations of A2A card signatures (spec section 8.4), for a2a-card's
interop tests: jwcrypto (JWS) with rfc8785 (JCS), and the official SDK's a2a.utils.signing.

Usage: sign_peer.py MODE ARGS...

  keygen ALG OUT.pem            A new private key made with `cryptography` (PKCS#8 PEM).
  private-jwk KEY.pem KID ALG   The key as a private JWK, written by jwcrypto.
  canonical CARD                rfc8785 of CARD without `signatures` (CARD must already be
                                ProtoJSON: what a2a-card writes).
  jwcrypto-sign CARD KEY.pem KID ALG
                                Sign as the spec says: detached JWS over rfc8785(CARD without
                                signatures), header {alg, typ: JOSE, kid}. Prints
                                {"card": signed card, "jwks": public key set}.
  jwcrypto-verify CARD JWKS     Exit 0 ("verified KID") when a signature of CARD verifies
                                with the key of the same kid in JWKS, else 1 with reasons.
  jwcrypto-verify-catalog CATALOG JWKS
                                AI Catalog trust manifests (draft of 2026-04-30): each
                                signature is a detached compact JWS over rfc8785(manifest
                                without signature). Exit 0 when every entry has a manifest and
                                every manifest (the host's too) verifies, one line each.
  sdk-sign CARD KEY.pem KID ALG The same with a2a-sdk's create_agent_card_signer.
  sdk-verify CARD JWKS          The same with a2a-sdk's create_signature_verifier.
  sdk-canonical CARD            The bytes a2a-sdk signs and verifies for CARD (read as its
                                client reads a card: unknown fields ignored).

Batch modes, one process for many cards (each prints one JSON document):
  canonical-all CARD...         {"rfc8785": [...], "sdk": [...]}: per card, what `canonical`
                                and `sdk-canonical` print (null where the SDK refuses).
  sdk-sign-all ALG KID CARD...  A new key; each CARD signed by a2a-sdk.
                                {"cards": [...], "jwks": public key set}.
  verify-all JWKS CARD...       {"sdk": [...], "jwcrypto": [...]}: per card, whether a2a-sdk's
                                verifier and jwcrypto + rfc8785 verify it.
"""

import base64
import json
import sys

import rfc8785
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from jwcrypto import jwk, jws



# A signature refused: its own exit code, so that a crash (a Python traceback exits 1) is
# never taken for a refusal.
REFUSED = 3

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def as_doubles(value):
    """JSON numbers are IEEE doubles (RFC 8785 section 3.2.2.3); json.load makes integers
    Python ints, which rfc8785 refuses beyond 2**53."""
    if isinstance(value, dict):
        return {k: as_doubles(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_doubles(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def payload_of(card):
    unsigned = {k: v for k, v in card.items() if k != "signatures"}
    return rfc8785.dumps(as_doubles(unsigned))


def keygen(alg, out):
    if alg == "ES256":
        key = ec.generate_private_key(ec.SECP256R1())
    elif alg == "EdDSA":
        key = ed25519.Ed25519PrivateKey.generate()
    else:
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    with open(out, "wb") as f:
        f.write(pem)


def jwk_of(pem_path, kid, alg):
    with open(pem_path, "rb") as f:
        key = jwk.JWK.from_pem(f.read())
    key.update(kid=kid, alg=alg, use="sig")
    return key


def public_jwks(key):
    return {"keys": [json.loads(key.export_public())]}


def jwcrypto_sign(card, key, kid, alg):
    token = jws.JWS(payload_of(card))
    token.add_signature(key, alg=alg, protected=json.dumps({"alg": alg, "typ": "JOSE", "kid": kid}))
    protected, _, signature = token.serialize(compact=True).split(".")
    card.setdefault("signatures", []).append({"protected": protected, "signature": signature})
    return card


def jwcrypto_verify(card, jwks):
    keys = {k["kid"]: jwk.JWK(**k) for k in jwks["keys"]}
    payload = b64url(payload_of(card))
    reasons = []
    for index, sig in enumerate(card.get("signatures", [])):
        header = json.loads(b64url_decode(sig["protected"]))
        key = keys.get(header.get("kid"))
        if key is None:
            reasons.append(f"{index}: unknown kid {header.get('kid')!r}")
            continue
        token = jws.JWS()
        token.deserialize(f"{sig['protected']}.{payload}.{sig['signature']}")
        try:
            token.verify(key, alg=key.get("alg"))
        except Exception as e:  # jwcrypto raises InvalidJWSSignature and friends
            reasons.append(f"{index}: {type(e).__name__}: {e}")
            continue
        print(f"verified {header['kid']}")
        return 0
    print("\n".join(reasons) or "no signatures")
    return REFUSED


def manifest_verifies(manifest, keys):
    """None when the manifest's detached JWS verifies, else why not."""
    protected, _, signature = manifest.get("signature", "").partition("..")
    if not protected or not signature:
        return "no detached JWS"
    header = json.loads(b64url_decode(protected))
    key = keys.get(header.get("kid"))
    if key is None:
        return f"unknown kid {header.get('kid')!r}"
    unsigned = {k: v for k, v in manifest.items() if k != "signature"}
    token = jws.JWS()
    token.deserialize(f"{protected}.{b64url(rfc8785.dumps(unsigned))}.{signature}")
    try:
        token.verify(key, alg=key.get("alg"))
    except Exception as e:  # jwcrypto raises InvalidJWSSignature and friends
        return f"{type(e).__name__}: {e}"
    return None


def jwcrypto_verify_catalog(catalog, jwks):
    keys = {k["kid"]: jwk.JWK(**k) for k in jwks["keys"]}
    manifests = []
    if "trustManifest" in catalog.get("host", {}):
        manifests.append(("/host/trustManifest", catalog["host"]["trustManifest"]))
    refused = False
    for index, entry in enumerate(catalog["entries"]):
        if "trustManifest" not in entry:
            print(f"/entries/{index}: no trustManifest")
            refused = True
            continue
        manifests.append((f"/entries/{index}/trustManifest", entry["trustManifest"]))
    for at, manifest in manifests:
        problem = manifest_verifies(manifest, keys)
        print(f"{at}: {problem or 'verified'}")
        refused = refused or problem is not None
    return REFUSED if refused or not manifests else 0


def sdk_card(doc, ignore_unknown_fields=False):
    from google.protobuf.json_format import ParseDict
    from a2a.types import a2a_pb2

    card = a2a_pb2.AgentCard()
    # strict unless asked: unknown fields raise
    ParseDict(doc, card, ignore_unknown_fields=ignore_unknown_fields)
    return card


def sdk_canonical(doc):
    # The SDK's signer and verifier both call this (private) function; it is the
    # canonicalizer under test.
    from a2a.utils.signing import _canonicalize_agent_card

    return _canonicalize_agent_card(sdk_card(doc, ignore_unknown_fields=True))


def sdk_sign(doc, pem_path, kid, alg):
    from google.protobuf.json_format import MessageToDict
    from a2a.utils.signing import create_agent_card_signer

    with open(pem_path, "rb") as f:
        pem = f.read()
    doc = {k: v for k, v in doc.items() if k != "signatures"}
    signer = create_agent_card_signer(pem, {"alg": alg, "typ": "JOSE", "kid": kid})
    return MessageToDict(signer(sdk_card(doc)))


def sdk_verify(doc, jwks):
    from jwt import PyJWK
    from a2a.utils.signing import SignatureVerificationError, create_signature_verifier

    keys = {k["kid"]: PyJWK(k) for k in jwks["keys"]}
    verifier = create_signature_verifier(
        lambda kid, jku: keys[kid], ["ES256", "EdDSA", "RS256", "PS256"]
    )
    try:
        verifier(sdk_card(doc))
    except SignatureVerificationError as e:
        print(f"{type(e).__name__}: {e}")
        return REFUSED
    print("verified")
    return 0


def quiet(run):
    """Runs `run`, its stdout (jwcrypto_verify's verdict) discarded; its return value."""
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        return run()


def canonical_all(paths):
    from a2a.utils._jcs import CanonicalizationError

    def sdk_or_none(doc):
        try:
            return sdk_canonical(doc)
        except CanonicalizationError:
            return None

    docs = [load(path) for path in paths]
    return {
        "rfc8785": [payload_of(doc).decode("utf-8") for doc in docs],
        "sdk": [sdk_or_none(doc) for doc in docs],
    }


def sdk_sign_all(alg, kid, paths):
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        pem = os.path.join(scratch, "key.pem")
        keygen(alg, pem)
        cards = [sdk_sign(load(path), pem, kid, alg) for path in paths]
        return {"cards": cards, "jwks": public_jwks(jwk_of(pem, kid, alg))}


def verify_all(jwks_path, paths):
    jwks = load(jwks_path)
    docs = [load(path) for path in paths]
    return {
        "sdk": [quiet(lambda: sdk_verify(doc, jwks)) == 0 for doc in docs],
        "jwcrypto": [quiet(lambda: jwcrypto_verify(doc, jwks)) == 0 for doc in docs],
    }


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "keygen":
        keygen(*args)
    elif mode == "private-jwk":
        print(jwk_of(*args).export_private())
    elif mode == "canonical":
        sys.stdout.buffer.write(payload_of(load(args[0])))
    elif mode == "jwcrypto-sign":
        card, key = load(args[0]), jwk_of(args[1], args[2], args[3])
        print(json.dumps({"card": jwcrypto_sign(card, key, args[2], args[3]), "jwks": public_jwks(key)}))
    elif mode == "jwcrypto-verify":
        return jwcrypto_verify(load(args[0]), load(args[1]))
    elif mode == "jwcrypto-verify-catalog":
        return jwcrypto_verify_catalog(load(args[0]), load(args[1]))
    elif mode == "sdk-sign":
        key = jwk_of(args[1], args[2], args[3])
        print(json.dumps({"card": sdk_sign(load(args[0]), *args[1:]), "jwks": public_jwks(key)}))
    elif mode == "canonical-all":
        print(json.dumps(canonical_all(args)))
    elif mode == "sdk-sign-all":
        print(json.dumps(sdk_sign_all(args[0], args[1], args[2:])))
    elif mode == "verify-all":
        print(json.dumps(verify_all(args[0], args[1:])))
    elif mode == "sdk-canonical":
        sys.stdout.buffer.write(sdk_canonical(load(args[0])).encode("utf-8"))
    elif mode == "sdk-verify":
        return sdk_verify(load(args[0]), load(args[1]))
    else:
        print(f"unknown mode {mode}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
