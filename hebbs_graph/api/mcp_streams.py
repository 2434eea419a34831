"""Bounds on the event streams that ``GET /mcp`` opens.

The MCP door is stateless: no session outlives its POST, so the server never has
anything to send on a GET stream. The SDK opens one anyway (server-sent events, a ping
every 15 s) and keeps it until the client leaves; one stayed open 8 minutes, and a
client that never leaves holds a connection and its tasks for good. So, wrapped around
the SDK at the ASGI level (its transport stays as it ships):

- **Idle bound.** A stream that has sent nothing but pings (SSE comment lines) for
  ``mcp_stream_idle_s`` is ended with the response's last chunk: a clean end, which a
  client may follow by opening another.
- **Cap per tenant.** At most ``mcp_streams_per_tenant`` open at once per API process
  (the tenant is the API key's, ``default`` without keys). One more is answered 429
  ``too_many_streams`` with ``Retry-After``: the seconds until the tenant's stream
  nearest its idle bound would be ended. Refusing the newcomer rather than closing the
  oldest: evicting would let a client that reconnects in a loop end every other
  client's stream of the key in turn, and the evicted one would not learn why; a 429
  says what happened and when there is room, and the idle bound makes that room come.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable

import anyio
from litestar.types import (
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Message,
    Receive,
    Scope,
    Send,
)

from hebbs_graph.api.errors import error_body

App = Callable[[Scope, Receive, Send], Awaitable[None]]


class StreamBounds:
    """The open GET streams of each tenant in this process, and how long one may idle.

    Each stream runs in a cancel scope whose deadline is the end of its idle bound,
    moved on by every event it sends; the deadline ends it, with no task watching."""

    def __init__(self, idle_s: float, per_tenant: int) -> None:
        self.idle_s = idle_s
        self.per_tenant = per_tenant
        self._open: dict[str, list[anyio.CancelScope]] = {}

    def open_streams(self, tenant_id: str) -> int:
        return len(self._open.get(tenant_id, ()))

    async def serve(
        self, tenant_id: str, app: App, scope: Scope, receive: Receive, send: Send
    ) -> None:
        """Serve one GET through ``app`` within the bounds, or refuse it with a 429."""
        streams = self._open.setdefault(tenant_id, [])
        if len(streams) >= self.per_tenant:
            await self._refuse(streams, send)
            return
        bound = anyio.CancelScope(deadline=anyio.current_time() + self.idle_s)
        streams.append(bound)
        try:
            await self._idle_bounded(bound, app, scope, receive, send)
        finally:
            streams.remove(bound)
            if not streams:
                self._open.pop(tenant_id, None)

    async def _idle_bounded(
        self, bound: anyio.CancelScope, app: App, scope: Scope, receive: Receive, send: Send
    ) -> None:
        started = ended = False

        async def watched(message: Message) -> None:
            nonlocal started, ended
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] == "http.response.body":
                ended = ended or not message.get("more_body", False)
                if not only_comments(message.get("body", b"")):
                    bound.deadline = anyio.current_time() + self.idle_s
            await send(message)

        with bound:
            await app(scope, receive, watched)
        if started and not ended:
            # Ended for idling: the last chunk, so the client sees the stream end cleanly.
            last: HTTPResponseBodyEvent = {
                "type": "http.response.body",
                "body": b"",
                "more_body": False,
            }
            await send(last)

    async def _refuse(self, streams: list[anyio.CancelScope], send: Send) -> None:
        soonest = min(s.deadline for s in streams) - anyio.current_time()
        retry_after = max(1, math.ceil(soonest))
        body = error_body(
            "too_many_streams",
            f"this API key has {len(streams)} MCP event streams open, the most allowed "
            f"(HEBBS_MCP_STREAMS_PER_TENANT); the stateless server sends nothing on them, "
            f"so one is not needed. Try again in {retry_after} s",
            {"limit": self.per_tenant, "retry_after_s": retry_after},
        )
        await _json(send, 429, body, [(b"retry-after", str(retry_after).encode())])


def only_comments(body: bytes) -> bool:
    """Whether an SSE chunk holds only comment lines (pings) and blank lines."""
    return all(not line or line.startswith(b":") for line in body.splitlines())


async def _json(
    send: Send, status: int, body: dict[str, object], headers: list[tuple[bytes, bytes]]
) -> None:
    data = json.dumps(body).encode()
    start: HTTPResponseStartEvent = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(data)).encode()),
            *headers,
        ],
    }
    await send(start)
    end: HTTPResponseBodyEvent = {"type": "http.response.body", "body": data, "more_body": False}
    await send(end)
