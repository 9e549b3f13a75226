// @a2a-js/sdk's own card resolver, fetching a card from a running `a2a-card serve`.
//
// Usage: node resolve_card.mjs MODE BASE_URL CARD_PATH
//
//   v1   DefaultAgentCardResolver().resolve(BASE_URL, CARD_PATH); print the parsed card as
//        the SDK writes it (AgentCard.toJSON, ProtoJSON).
//   v03  The same with the resolver's v0.3 compatibility on (legacyCompat), which turns a
//        v0.3 body into the v1.0 model.
//
// Prints one JSON object: {"card": ..., "response": {...}, "request": {...}}. A resolution
// error is an uncaught rejection: non-zero exit, message on stderr.

import { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';

const HEADERS = [
  'content-type',
  'content-encoding',
  'etag',
  'cache-control',
  'last-modified',
  'link',
  'vary',
];

const [mode, baseUrl, cardPath] = process.argv.slice(2);
if (mode !== 'v1' && mode !== 'v03') {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}

// The resolver hides the response; a fetch wrapper is the one place to see it.
const seen = {};
const recordingFetch = async (url, init) => {
  const response = await fetch(url, init);
  seen.request = { url: String(url), headers: init?.headers ?? {} };
  seen.response = {
    status: response.status,
    url: response.url,
    redirected: response.redirected,
    headers: Object.fromEntries(
      HEADERS.filter((h) => response.headers.has(h)).map((h) => [h, response.headers.get(h)]),
    ),
  };
  return response;
};

const resolver = new DefaultAgentCardResolver({
  fetchImpl: recordingFetch,
  legacyCompat: { enabled: mode === 'v03' },
});
const card = await resolver.resolve(baseUrl, cardPath);
console.log(JSON.stringify({ card: AgentCard.toJSON(card), ...seen }));
