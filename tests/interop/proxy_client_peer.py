"""The Python a2a-sdk as a caller behind a proxy: resolves the card from BASE_URL (through
the proxy), picks the JSON-RPC interface the card advertises, and sends one message there.

Usage: proxy_client_peer.py BASE_URL

Prints one JSON object: {"interface": the URL the client was given by the card,
"reply": the text of the agent's answer}. Any error propagates (non-zero exit).
"""

import asyncio
import json
import sys

from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.helpers.proto_helpers import get_message_text, new_text_message
from a2a.types.a2a_pb2 import Role, SendMessageRequest
import httpx


async def main():
    base_url = sys.argv[1]
    async with httpx.AsyncClient() as http:
        card = await A2ACardResolver(http, base_url).get_agent_card()
        factory = ClientFactory(ClientConfig(streaming=False, httpx_client=http))
        client = factory.create(card)
        request = SendMessageRequest(message=new_text_message("hello", role=Role.ROLE_USER))
        reply = None
        async for event in client.send_message(request):
            if event.HasField("message"):
                reply = get_message_text(event.message)
    print(json.dumps({"interface": card.supported_interfaces[0].url, "reply": reply}))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
