"""a2a-sdk's own card resolver, fetching a card from a running `a2a-card serve`.

Usage: card_resolver_peer.py MODE BASE_URL CARD_PATH [A2A_VERSION]

  v1   A2ACardResolver(base_url).get_agent_card(CARD_PATH); print the parsed protobuf
       AgentCard as ProtoJSON (MessageToDict).
  v03  The same resolver on a v0.3 body (its parse_agent_card converts v0.3 shapes), plus
       the SDK's v0.3 compat model (a2a.compat.v0_3.types.AgentCard) validating the very
       body the resolver received, and the SDK's conversion of that model to v1.0.

A2A_VERSION, when given, is sent as the `A2A-Version` request header.

Prints one JSON object: {"card": ..., "response": {"status", "headers"}, ...}. Any
resolution error propagates: a non-zero exit with the SDK's message on stderr.
"""

import asyncio
import json
import sys

import httpx
from google.protobuf.json_format import MessageToDict

from a2a.client.card_resolver import A2ACardResolver
from a2a.compat.v0_3 import types as types_v03
from a2a.compat.v0_3.conversions import to_core_agent_card

# What the test asserts of our response, as the resolver's HTTP client saw it.
HEADERS = (
    "content-type",
    "content-encoding",
    "etag",
    "cache-control",
    "last-modified",
    "link",
    "vary",
)


async def main():
    mode, base_url, card_path = sys.argv[1], sys.argv[2], sys.argv[3]
    request_headers = {"A2A-Version": sys.argv[4]} if len(sys.argv) > 4 else {}
    seen = []

    async def record(response):
        # The resolver hides the response; an httpx hook is the one place to see it.
        await response.aread()
        seen.append(response)

    async with httpx.AsyncClient(event_hooks={"response": [record]}) as client:
        resolver = A2ACardResolver(client, base_url)
        card = await resolver.get_agent_card(
            relative_card_path=card_path, http_kwargs={"headers": request_headers}
        )
    response = seen[-1]
    out = {
        "card": MessageToDict(card),
        "response": {
            "status": response.status_code,
            "url": str(response.url),
            "headers": {h: response.headers[h] for h in HEADERS if h in response.headers},
        },
        # What httpx sent: the test fetches the card again with the same Accept-Encoding.
        "request": {"accept-encoding": response.request.headers.get("accept-encoding")},
    }
    if mode == "v03":
        compat = types_v03.AgentCard.model_validate_json(response.content)
        out["compat"] = compat.model_dump(mode="json", exclude_none=True)
        out["compat_as_v1"] = MessageToDict(to_core_agent_card(compat))
    elif mode != "v1":
        print(f"unknown mode {mode}", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
