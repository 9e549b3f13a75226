"""a2a-sdk's own client fetching the authenticated extended card from `a2a-card serve`.

Usage: extended_card_peer.py BASE_URL API_KEY

Everything goes through the SDK's public client API, driven by the card:
  1. A2ACardResolver(BASE_URL) resolves the public card (/.well-known/agent-card.json).
  2. For each binding (JSONRPC, then HTTP+JSON) a ClientFactory restricted to that binding
     creates a client from the card: the factory picks the card's interface for the binding
     and, from its protocolVersion, the transport (v1.0, or the SDK's v0.3 compat one).
  3. client.get_extended_agent_card() runs three times:
       "key":     AuthInterceptor with an InMemoryContextCredentialStore holding API_KEY for
                  the scheme "apiKey"; the interceptor reads the card's securitySchemes and
                  puts the key where the scheme says (header X-API-Key);
       "none":    the same interceptor, no credential stored for the session;
       "wrong":   the interceptor with a key the server does not know.

Prints one JSON object: {"public": card, "JSONRPC": {...}, "HTTP+JSON": {...}}, each binding
with "transport" (class name; a tenant's decorator names the transport it wraps), "url"
(the interface the factory chose) and per call either
"card" (the SDK's AgentCard protobuf as MessageToDict) or "error" (class, message, and the
HTTP status, WWW-Authenticate and body the SDK's httpx client received), plus the requests
the SDK sent ("requests": method, url, JSON-RPC method and params, whether X-API-Key was
sent).
"""

import asyncio
import json
import sys

import httpx
from google.protobuf.json_format import MessageToDict

from a2a.client import ClientCallContext, ClientConfig, ClientFactory
from a2a.client.card_resolver import A2ACardResolver
from a2a.client.auth import AuthInterceptor, InMemoryContextCredentialStore
from a2a.types.a2a_pb2 import GetExtendedAgentCardRequest

SESSION = "interop-session"
BINDINGS = ("JSONRPC", "HTTP+JSON")


def describe_error(error):
    """The SDK's exception, and the HTTP response behind it when there was one."""
    out = {"class": type(error).__name__, "message": str(error)}
    chain = [type(e).__name__ for e in (error.__cause__, error.__context__) if e]
    out["caused_by"] = chain
    cause = error.__cause__ or error.__context__
    response = getattr(cause, "response", None)
    if isinstance(response, httpx.Response):
        out["status"] = response.status_code
        out["www_authenticate"] = response.headers.get("www-authenticate")
        out["content_type"] = response.headers.get("content-type")
        try:
            out["body"] = response.json()
        except ValueError:
            out["body"] = response.text
    return out


async def fetch_extended(factory, card, store, requests):
    """One client from the card, one get_extended_agent_card call."""
    client = factory.create(card, interceptors=[AuthInterceptor(store)])
    # Private attributes, read only to report which transport the factory chose.
    transport = client._transport
    name = type(transport).__name__
    if hasattr(transport, "_base"):  # TenantTransportDecorator around the real one
        transport = transport._base
        name = f"{name}({type(transport).__name__})"
    context = ClientCallContext(state={"sessionId": SESSION})
    requests.clear()
    try:
        extended = await client.get_extended_agent_card(
            GetExtendedAgentCardRequest(), context=context
        )
        result = {"card": MessageToDict(extended)}
    except Exception as error:  # the test asserts on the class the SDK raised
        result = {"error": describe_error(error)}
    finally:
        await client.close()
    result["requests"] = list(requests)
    return name, getattr(transport, "url", None), result


async def main():
    base_url, api_key = sys.argv[1], sys.argv[2]
    requests = []

    async def record(request):
        body = request.content
        try:
            rpc = json.loads(body) if body else {}
        except ValueError:
            rpc = {}
        requests.append(
            {
                "method": request.method,
                "url": str(request.url),
                "jsonrpc_method": rpc.get("method"),
                "jsonrpc_params": rpc.get("params"),
                "api_key_sent": "x-api-key" in request.headers,
            }
        )

    async with httpx.AsyncClient(event_hooks={"request": [record]}) as http:
        public = await A2ACardResolver(http, base_url).get_agent_card()
        out = {"public": MessageToDict(public)}

        stores = {}
        for name, key in (("key", api_key), ("wrong", "not-" + api_key)):
            stores[name] = InMemoryContextCredentialStore()
            await stores[name].set_credentials(SESSION, "apiKey", key)
        stores["none"] = InMemoryContextCredentialStore()

        for binding in BINDINGS:
            config = ClientConfig(
                httpx_client=http,
                supported_protocol_bindings=[binding],
                streaming=False,
            )
            factory = ClientFactory(config)
            calls = {}
            for name in ("key", "none", "wrong"):
                transport, url, calls[name] = await fetch_extended(
                    factory, public, stores[name], requests
                )
            out[binding] = {"transport": transport, "url": url, **calls}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
