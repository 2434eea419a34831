"""The client side of ``/v1/subscribe``: a ``Subscription`` to send lines to and iterate.

    async with HebbsClient(url, api_key=key) as client:
        async with client.subscribe(entity_id="acme", threshold=0.5) as sub:
            await sub.send("Ana: shall we talk about the rollout?")
            async for push in sub:
                if isinstance(push, MemoryPush):
                    print(push.score, push.memory.content)

Iteration yields ``MemoryPush``, ``Recalled`` and ``ErrorFrame`` (a frame the server
could not take; the subscription goes on), and ends when the socket closes.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any

from pydantic import TypeAdapter, ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    ConnectionClosedError,
    ConnectionClosedOK,
    InvalidStatus,
    InvalidURI,
)

from hebbs_graph.errors import (
    ApiUnreachable,
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    ServerError,
    TooLarge,
    Unauthorized,
)
from hebbs_graph.models.subscribe import (
    ErrorFrame,
    MemoryPush,
    Push,
    Recalled,
    Subscribed,
    SubscribeIn,
    TextIn,
)

__all__ = ["Subscription", "open_subscription"]

_PUSH: TypeAdapter[Push] = TypeAdapter(Push)
_BY_CODE: dict[str, type[HebbsError]] = {
    "unauthorized": Unauthorized,
    "invalid_input": InvalidInput,
    "too_large": TooLarge,
    "too_many_subscriptions": Conflict,
    "graph_unavailable": GraphUnavailable,
}


class Subscription:
    """An open subscription: ``send`` lines, iterate what the server pushes."""

    def __init__(self, socket: ClientConnection, subscribed: Subscribed) -> None:
        self.socket = socket
        self.subscribed = subscribed  # the limits the server settled on
        self.lines_sent = 0

    async def send(self, text: str) -> int:
        """Send one line of the conversation; its index (``after_text`` of what it
        brings) is returned. A line the server would refuse (empty, or a frame over the
        subscription's ``max_frame_bytes``) raises here and is not sent, so the indexes
        of later lines stay the server's."""
        try:
            line = TextIn(text=text)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise InvalidInput(f"text: {first['msg']}", details={"field": "text"}) from None
        frame = line.model_dump_json()
        size = len(frame.encode())
        limit = self.subscribed.max_frame_bytes
        if size > limit:
            raise TooLarge(
                f"a frame may hold at most {limit} bytes (this line makes {size})",
                details={"limit": limit},
            )
        await self.socket.send(frame)
        self.lines_sent += 1
        return self.lines_sent - 1

    async def receive(self) -> MemoryPush | Recalled | ErrorFrame:
        """The next frame; ``StopAsyncIteration`` once the socket has closed cleanly."""
        try:
            raw = await self.socket.recv()
        except ConnectionClosedError as exc:
            raise ServerError(f"the subscription was closed: {exc}") from exc
        except ConnectionClosedOK as exc:
            raise StopAsyncIteration from exc
        push = _PUSH.validate_json(raw)
        if isinstance(push, Subscribed):
            raise ServerError("the server sent a second subscribed frame")
        return push

    def __aiter__(self) -> AsyncIterator[MemoryPush | Recalled | ErrorFrame]:
        return self

    async def __anext__(self) -> MemoryPush | Recalled | ErrorFrame:
        return await self.receive()

    async def aclose(self) -> None:
        """Close the socket (a close frame; the server stops its recalls)."""
        await self.socket.close()

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


@asynccontextmanager
async def open_subscription(
    base_url: str, scope: SubscribeIn, *, api_key: str | None = None, open_timeout: float = 10.0
) -> AsyncIterator[Subscription]:
    """Open ``/v1/subscribe`` at ``base_url`` (http or https), send the scope, wait for
    the server's ``subscribed``; the socket is closed on leaving."""
    url = base_url.rstrip("/").replace("http", "ws", 1) + "/v1/subscribe"
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else None
    try:
        socket = await connect(url, additional_headers=headers, open_timeout=open_timeout)
    except InvalidStatus as exc:
        raise _refusal(exc) from exc
    except (OSError, TimeoutError, InvalidURI) as exc:
        raise ApiUnreachable(
            f"no hebbs-graph API at {base_url} ({exc.__class__.__name__}); "
            "start one with `hebbs-graph serve`"
        ) from exc
    async with Subscription(socket, await _handshake(socket, scope)) as sub:
        yield sub


# Close codes a server refuses a subscription with, when its error frame is not read
# first (it may close before the scope frame is even sent).
_BY_CLOSE: dict[int, type[HebbsError]] = {1008: Unauthorized, 1013: Conflict}


async def _handshake(socket: ClientConnection, scope: SubscribeIn) -> Subscribed:
    # Refused before the scope was read, the server's error frame is read below.
    with contextlib.suppress(ConnectionClosedError):
        await socket.send(scope.model_dump_json(exclude_unset=True))
    try:
        push = _PUSH.validate_json(await socket.recv())
    except ConnectionClosedError as exc:
        received = exc.rcvd
        kind = _BY_CLOSE.get(received.code, ServerError) if received else ServerError
        reason = received.reason if received and received.reason else "the server closed"
        raise kind(f"the subscription was refused: {reason}") from exc
    except Exception:
        await socket.close()
        raise
    if isinstance(push, Subscribed):
        return push
    await socket.close()
    if isinstance(push, ErrorFrame):
        kind = _BY_CODE.get(push.error.code, ServerError)
        raise kind(push.error.message, details=push.error.details)
    raise ServerError(f"expected a subscribed frame, got {push.type}")


def _refusal(exc: InvalidStatus) -> HebbsError:
    """The handshake's HTTP answer as the client's error (401 without a valid key)."""
    status = exc.response.status_code
    message: str = f"the subscription was refused (HTTP {status})"
    details: Any = None
    try:
        error = json.loads(exc.response.body or b"")["error"]
        message, details = str(error["message"]), error.get("details")
    except (ValueError, KeyError, TypeError):
        pass
    kind: type[HebbsError] = {401: Unauthorized, 403: Unauthorized}.get(status, ServerError)
    err = kind(message, details=details)
    err.status_code = status
    return err
