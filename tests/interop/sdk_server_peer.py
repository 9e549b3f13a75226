"""The Python a2a-sdk's own server, for `a2a-card check` to audit.

Builds the Starlette app the SDK documents (its agent-card route, its JSON-RPC route and its
HTTP+JSON routes, with an extended card configured) around the card in argv[1] and the
extended card in argv[2], each with its interface URLs pointing at this server. With
`--v03-compat` as argv[3], both route sets also answer v0.3 (the SDK's
`enable_v0_3_compat`: `/rest/v1/card`, `agent/getAuthenticatedExtendedCard`). Beside the
SDK's routes, `GET /echo-cookies` answers the cookies as Starlette reads them for the app
(JSON), so tests can show how the framework behind a layer reads a `Cookie` header. Prints
`listening on http://127.0.0.1:PORT` once the socket is bound, then serves until killed.
"""

import asyncio
import json
import socket
import sys

import uvicorn
from google.protobuf import json_format
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from a2a.server.agent_execution import AgentExecutor
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import (
    create_agent_card_routes,
    create_jsonrpc_routes,
    create_rest_routes,
)
from a2a.server.tasks import InMemoryTaskStore
from a2a.types.a2a_pb2 import AgentCard


class NoAgent(AgentExecutor):
    """The card is what is checked; no message ever reaches an agent."""

    async def execute(self, context, event_queue):
        raise NotImplementedError

    async def cancel(self, context, event_queue):
        raise NotImplementedError


def card_at(path, origin):
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("{origin}", origin)
    return json_format.ParseDict(json.loads(text), AgentCard())


def main():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    origin = f"http://127.0.0.1:{sock.getsockname()[1]}"
    card = card_at(sys.argv[1], origin)
    extended = card_at(sys.argv[2], origin)
    handler = DefaultRequestHandler(
        agent_executor=NoAgent(),
        task_store=InMemoryTaskStore(),
        agent_card=card,
        extended_agent_card=extended,
    )
    v03 = sys.argv[3:4] == ["--v03-compat"]
    routes = (
        create_agent_card_routes(card)
        + create_jsonrpc_routes(handler, "/rpc", enable_v0_3_compat=v03)
        + create_rest_routes(handler, enable_v0_3_compat=v03, path_prefix="/rest")
    )
    async def echo_cookies(request):
        return JSONResponse(dict(request.cookies))

    app = Starlette(routes=routes + [Route("/echo-cookies", echo_cookies)])
    print(f"listening on {origin}", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    asyncio.run(server.serve(sockets=[sock]))


if __name__ == "__main__":
    main()
