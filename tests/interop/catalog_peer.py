"""a2a-sdk's own card resolver on every A2A card an AI Catalog lists.

Usage: catalog_peer.py CATALOG_URL

Fetches the catalog over HTTP (httpx, the SDK's own HTTP client), then resolves each entry
of media type application/a2a-agent-card+json that has a `url` with
A2ACardResolver(client, ORIGIN).get_agent_card(relative_card_path=PATH).

Prints one JSON object: {"catalog": {"status", "contentType", "entries"}, "cards":
[{"identifier", "url", "card"}]}, each card the parsed protobuf AgentCard as ProtoJSON
(MessageToDict). Any resolution error propagates: a non-zero exit with the SDK's message on
stderr.
"""

import asyncio
import json
import sys
from urllib.parse import urlsplit

import httpx
from google.protobuf.json_format import MessageToDict

from a2a.client.card_resolver import A2ACardResolver

A2A_CARD_ENTRY = "application/a2a-agent-card+json"


async def main():
    catalog_url = sys.argv[1]
    async with httpx.AsyncClient() as client:
        response = await client.get(
            catalog_url, headers={"Accept": "application/ai-catalog+json"}
        )
        response.raise_for_status()
        catalog = response.json()
        cards = []
        for entry in catalog["entries"]:
            media_type = entry["mediaType"].split(";")[0].strip().lower()
            if media_type != A2A_CARD_ENTRY or "url" not in entry:
                continue
            parts = urlsplit(entry["url"])
            resolver = A2ACardResolver(client, f"{parts.scheme}://{parts.netloc}")
            card = await resolver.get_agent_card(relative_card_path=parts.path)
            cards.append(
                {
                    "identifier": entry["identifier"],
                    "url": entry["url"],
                    "card": MessageToDict(card),
                }
            )
    out = {
        "catalog": {
            "status": response.status_code,
            "contentType": response.headers.get("content-type"),
            "entries": len(catalog["entries"]),
        },
        "cards": cards,
    }
    print(json.dumps(out))


asyncio.run(main())
