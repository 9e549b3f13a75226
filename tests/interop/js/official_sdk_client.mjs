// @a2a-js/sdk's own client against the echo agent of examples/official_sdk.rs (the official
// Rust SDK's routers behind a2a-card's layers).
//
// Usage: node official_sdk_client.mjs BASE_URL API_KEY BEARER_TOKEN
//
// For each binding (JSONRPC, then HTTP+JSON) a ClientFactory preferring that binding creates
// a client from the card it resolves at BASE_URL (createFromUrl); then, per credential
// ("none", "apiKey": X-API-Key, "bearer": Authorization: Bearer, as per-call
// serviceParameters), client.getAgentCard() (the extended card, since the card declares it)
// and client.sendMessage().
//
// Prints one JSON object: {"JSONRPC": {...}, "HTTP+JSON": {...}}, each with "transport" (the
// protocol the factory chose) and per credential "extended" ({"card"} or {"error"}) and
// "send" ({"texts", "kind"} or {"error"}).

import { AgentCard, Role } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';

const [baseUrl, apiKey, token] = process.argv.slice(2);
const credentials = {
  none: {},
  apiKey: { 'X-API-Key': apiKey },
  bearer: { Authorization: `Bearer ${token}` },
};

const attempt = async (call) => {
  try {
    return await call();
  } catch (error) {
    return { error: { name: error?.constructor?.name, message: String(error?.message ?? error) } };
  }
};

const textsOf = (message) =>
  (message?.parts ?? []).filter((p) => p.content?.$case === 'text').map((p) => p.content.value);

const out = {};
for (const binding of ['JSONRPC', 'HTTP+JSON']) {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      preferredTransports: [binding],
    }),
  );
  const client = await factory.createFromUrl(baseUrl);
  const result = { transport: client.transport.protocolName };
  for (const [name, serviceParameters] of Object.entries(credentials)) {
    const extended = await attempt(async () => ({
      card: AgentCard.toJSON(await client.getAgentCard({ serviceParameters })),
    }));
    const send = await attempt(async () => {
      const reply = await client.sendMessage(
        {
          message: {
            messageId: `js-${binding}-${name}`,
            role: Role.ROLE_USER,
            parts: [{ content: { $case: 'text', value: `hello from js over ${binding}` } }],
          },
        },
        { serviceParameters },
      );
      const kind = 'status' in reply ? 'task' : 'message';
      return { kind, texts: textsOf(kind === 'task' ? reply.status?.message : reply) };
    });
    result[name] = { extended, send };
  }
  out[binding] = result;
}
console.log(JSON.stringify(out));
