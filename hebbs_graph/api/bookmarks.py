"""Read-your-writes across workers, hosts and cluster members: the ``Hebbs-Bookmarks``
header in and out (models/bookmarks.py says what it holds; decision 0030).

``Bookmarks`` is ASGI middleware around every route: it reads the bookmarks a request
sent (a malformed value is a 400 naming the header, before any handler runs), serves the
request inside ``graph.bookmarks.collecting`` so that every Neo4j session opened for it
waits for them, and adds to the answer's headers the bookmarks its transactions
produced, when any committed (error answers included: a write may have committed before
the failure).
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from hebbs_graph.graph import bookmarks
from hebbs_graph.models.bookmarks import HEADER, decode, encode

_NAME = HEADER.lower().encode("latin-1")


class Bookmarks:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        # Repeated lines are one list (RFC 9110 section 5.3).
        values = [v.decode("latin-1") for k, v in scope["headers"] if k.lower() == _NAME]
        sent = decode(", ".join(values)) if values else []  # InvalidInput: a 400
        with bookmarks.collecting(sent) as held:

            async def send_with_bookmarks(message: Message) -> None:
                if message["type"] == "http.response.start" and held.changed:
                    value = encode(held.values()).encode("latin-1")
                    message["headers"] = [*message.get("headers", ()), (_NAME, value)]
                await send(message)

            await self.app(scope, receive, send_with_bookmarks)
