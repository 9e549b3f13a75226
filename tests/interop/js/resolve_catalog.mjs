// @a2a-js/sdk's own card resolver on every A2A card an AI Catalog lists.
//
// Usage: node resolve_catalog.mjs CATALOG_URL
//
// Fetches the catalog (fetch), then resolves each entry of media type
// application/a2a-agent-card+json that has a `url` with
// DefaultAgentCardResolver().resolve(ORIGIN, PATH).
//
// Prints one JSON object: {"catalog": {"status", "contentType", "entries"}, "cards":
// [{"identifier", "url", "card"}]}, each card as the SDK writes it (AgentCard.toJSON). A
// resolution error is an uncaught rejection: non-zero exit, message on stderr.

import { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';

const A2A_CARD_ENTRY = 'application/a2a-agent-card+json';

const [catalogUrl] = process.argv.slice(2);
const response = await fetch(catalogUrl, { headers: { Accept: 'application/ai-catalog+json' } });
if (!response.ok) {
  throw new Error(`the catalog answered ${response.status}`);
}
const catalog = await response.json();
const resolver = new DefaultAgentCardResolver();
const cards = [];
for (const entry of catalog.entries) {
  const mediaType = entry.mediaType.split(';')[0].trim().toLowerCase();
  if (mediaType !== A2A_CARD_ENTRY || entry.url === undefined) continue;
  const url = new URL(entry.url);
  const card = await resolver.resolve(url.origin, url.pathname);
  cards.push({ identifier: entry.identifier, url: entry.url, card: AgentCard.toJSON(card) });
}
console.log(
  JSON.stringify({
    catalog: {
      status: response.status,
      contentType: response.headers.get('content-type'),
      entries: catalog.entries.length,
    },
    cards,
  }),
);
