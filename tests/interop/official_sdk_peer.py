"""a2a-sdk's own client against the echo agent of examples/official_sdk.rs (the official Rust
SDK's routers behind a2a-card's layers).

Usage: official_sdk_peer.py BASE_URL API_KEY BEARER_TOKEN

Everything goes through the SDK's public client API, driven by the card:
  1. A2ACardResolver(BASE_URL) resolves the public card.
  2. For each binding (JSONRPC, then HTTP+JSON) and each credential ("none"; "apiKey":
     API_KEY for the card's scheme apiKey; "bearer": BEARER_TOKEN for its scheme bearer), a
     ClientFactory restricted to that binding creates a client from the card with an
     AuthInterceptor, which puts the credential where the card's scheme says.
  3. Each client calls get_extended_agent_card(), send_message() without streaming and, with
     a credential, send_message() streaming (server-sent events through the layers).

Prints one JSON object: {"public": card, "JSONRPC": {...}, "HTTP+JSON": {...}}, each binding
with "url" (the interface the factory chose) and per credential "extended" and "send" (and
"stream" with a credential): {"card": ...} / {"texts": [...]} on success, or {"error": {...}}
with the SDK's exception class and the HTTP status behind it.
"""

import asyncio
import json
import sys

import httpx
from google.protobuf.json_format import MessageToDict

from a2a.client import ClientCallContext, ClientConfig, ClientFactory
from a2a.client.auth import AuthInterceptor, InMemoryContextCredentialStore
from a2a.client.card_resolver import A2ACardResolver
from a2a.types.a2a_pb2 import (
    GetExtendedAgentCardRequest,
    Message,
    Part,
    Role,
    SendMessageRequest,
)

SESSION = "interop-session"
BINDINGS = ("JSONRPC", "HTTP+JSON")


def describe_error(error):
    out = {"class": type(error).__name__, "message": str(error)}
    cause = error.__cause__ or error.__context__
    response = getattr(cause, "response", None)
    if isinstance(response, httpx.Response):
        out["status"] = response.status_code
        out["www_authenticate"] = response.headers.get_list("www-authenticate")
    return out


async def attempt(call):
    try:
        return await call()
    except Exception as error:  # the test asserts on what the SDK raised
        return {"error": describe_error(error)}


def texts(event):
    """The text parts of a StreamResponse: its message, or its task's status message."""
    if event.HasField("message"):
        message = event.message
    elif event.HasField("task"):
        message = event.task.status.message
    elif event.HasField("status_update"):
        message = event.status_update.status.message
    else:
        return []
    return [part.text for part in message.parts if part.text]


async def exercise(http, public, binding, store, with_stream):
    out = {}
    for streaming in (False, True) if with_stream else (False,):
        config = ClientConfig(
            httpx_client=http,
            supported_protocol_bindings=[binding],
            streaming=streaming,
        )
        client = ClientFactory(config).create(
            public, interceptors=[AuthInterceptor(store)]
        )
        context = ClientCallContext(state={"sessionId": SESSION})
        try:
            if not streaming:
                out["url"] = getattr(client._transport, "url", None)

                async def extended():
                    card = await client.get_extended_agent_card(
                        GetExtendedAgentCardRequest(), context=context
                    )
                    return {"card": MessageToDict(card)}

                out["extended"] = await attempt(extended)

            async def send():
                request = SendMessageRequest(
                    message=Message(
                        message_id=f"py-{binding}-{streaming}",
                        role=Role.ROLE_USER,
                        parts=[Part(text=f"hello from python over {binding}")],
                    )
                )
                seen = []
                async for event in client.send_message(request, context=context):
                    seen.extend(texts(event))
                return {"texts": seen}

            out["stream" if streaming else "send"] = await attempt(send)
        finally:
            await client.close()
    return out


async def main():
    base_url, api_key, token = sys.argv[1], sys.argv[2], sys.argv[3]
    async with httpx.AsyncClient() as http:
        public = await A2ACardResolver(http, base_url).get_agent_card()
        out = {"public": MessageToDict(public)}
        stores = {"none": InMemoryContextCredentialStore()}
        for scheme, credential in (("apiKey", api_key), ("bearer", token)):
            stores[scheme] = InMemoryContextCredentialStore()
            await stores[scheme].set_credentials(SESSION, scheme, credential)
        for binding in BINDINGS:
            out[binding] = {
                name: await exercise(http, public, binding, store, name != "none")
                for name, store in stores.items()
            }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
