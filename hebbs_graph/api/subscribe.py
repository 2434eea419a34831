"""``GET /v1/subscribe``: the WebSocket door to streaming recall (services/recall/subscribe.py).

The socket's life: auth (the ``Authorization`` header, or with keys and no header the
scope frame's ``api_key``, for browsers), a slot (at most subscribe_max_subscriptions
per process), the scope frame, then three tasks: this one reads lines, one recalls, one
writes the bounded send queue to the socket. A bad frame gets an error frame and the
subscription goes on; when the client closes, the other two are cancelled.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect
from pydantic import ValidationError

from hebbs_graph.auth import tenant_for_authorization
from hebbs_graph.errors import InvalidInput, Unauthorized
from hebbs_graph.models.subscribe import Subscribed, SubscribeIn, TextIn, error_frame
from hebbs_graph.services.container import Services
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.services.recall.subscribe import Frame, Subscription, SubscriptionSlots
from hebbs_graph.settings import SubscribeSettings

log = logging.getLogger(__name__)

# Close codes (RFC 6455 §7.4.1): policy violation, try again later.
POLICY, TRY_LATER = 1008, 1013


class BadFrame(Exception):
    def __init__(self, code: str, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.frame = error_frame(code, message, details)


def subscribe_route(slots: SubscriptionSlots) -> Any:
    @websocket("/v1/subscribe")
    async def subscribe(socket: WebSocket[Any, Any, Any]) -> None:
        services: Services = socket.app.state.services
        keys = services.settings.api_keys
        header = socket.headers.get("authorization")
        tenant: str | None = None
        if header is not None or not keys:
            try:
                tenant = tenant_for_authorization(header, keys)
            except Unauthorized as exc:
                await refuse(socket, 401, exc.code, exc.message)
                return
        await socket.accept()
        if not slots.take():
            limit = f"{slots.limit} subscriptions are open; try again later"
            await socket.send_text(json.dumps(error_frame("too_many_subscriptions", limit)))
            await socket.close(TRY_LATER, "too many subscriptions")
            return
        try:
            await serve(socket, services.recall, services.settings.subscribe, keys, tenant)
        except WebSocketDisconnect:
            pass
        finally:
            slots.give()

    return subscribe


async def refuse(socket: WebSocket[Any, Any, Any], status: int, code: str, message: str) -> None:
    """Refuse the handshake with an HTTP answer (the error shape) where the server can
    send one, else with a close before accepting (HTTP 403)."""
    if "websocket.http.response" not in (socket.scope.get("extensions") or {}):
        await socket.close(POLICY, message[:120])
        return
    body = json.dumps({"error": {"code": code, "message": message, "details": None}}).encode()
    await socket.send(
        {
            "type": "websocket.http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await socket.send({"type": "websocket.http.response.body", "body": body, "more_body": False})


async def serve(
    socket: WebSocket[Any, Any, Any],
    recall: RecallService,
    settings: SubscribeSettings,
    keys: dict[str, str],
    tenant: str | None,
) -> None:
    scope, tenant = await read_scope(socket, recall, settings, keys, tenant)
    if scope is None or tenant is None:
        return
    out: asyncio.Queue[Frame] = asyncio.Queue(maxsize=settings.subscribe_send_queue)
    sub = Subscription(recall, tenant, scope, settings, out)
    hello = Subscribed(
        threshold=scope.threshold,
        top_k=scope.top_k,
        max_recalls_per_s=sub.rate,
        debounce_ms=settings.subscribe_debounce_ms,
        window_lines=settings.subscribe_window_lines,
        window_chars=settings.subscribe_window_chars,
        max_frame_bytes=settings.subscribe_max_frame_bytes,
    )
    await socket.send_text(hello.model_dump_json())
    tasks = [asyncio.create_task(sub.run()), asyncio.create_task(write(socket, out))]
    try:
        await read_lines(socket, sub, out, settings.subscribe_max_frame_bytes)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def read_scope(
    socket: WebSocket[Any, Any, Any],
    recall: RecallService,
    settings: SubscribeSettings,
    keys: dict[str, str],
    tenant: str | None,
) -> tuple[SubscribeIn | None, str | None]:
    """The first valid scope frame; a bad one gets an error frame and another is awaited.
    (None, None) when the client left, ran out of time, or had no valid key."""
    deadline = time.monotonic() + settings.subscribe_scope_timeout_s
    while True:
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                data = await next_frame(socket, settings.subscribe_max_frame_bytes)
        except TimeoutError:
            await socket.close(POLICY, "no scope frame in time")
            return None, None
        except BadFrame as bad:
            await socket.send_text(json.dumps(bad.frame))
            continue
        if data is None:
            return None, None
        try:
            scope = SubscribeIn.model_validate(data)
            recall.check(scope.recall_in("probe"))
        except ValidationError as exc:
            await socket.send_text(json.dumps(invalid(exc, "scope")))
            continue
        except InvalidInput as exc:
            frame = error_frame(exc.code, f"bad scope: {exc.message}", exc.details)
            await socket.send_text(json.dumps(frame))
            continue
        if tenant is None:  # keys are on and no header came: the frame must carry one
            try:
                tenant = tenant_for_authorization(
                    f"Bearer {scope.api_key}" if scope.api_key else None,
                    keys,
                )
            except Unauthorized as exc:
                await socket.send_text(json.dumps(error_frame(exc.code, exc.message)))
                await socket.close(POLICY, "unauthorized")
                return None, None
        return scope.model_copy(update={"api_key": None}), tenant


async def read_lines(
    socket: WebSocket[Any, Any, Any],
    sub: Subscription,
    out: asyncio.Queue[Frame],
    max_bytes: int,
) -> None:
    """Feed each text frame to the subscription until the client closes."""
    while True:
        try:
            data = await next_frame(socket, max_bytes)
            if data is None:
                return
            line = TextIn.model_validate(data)
        except BadFrame as bad:
            report(out, bad.frame)
            continue
        except ValidationError as exc:
            report(out, invalid(exc, "text frame"))
            continue
        sub.add_line(line.text)


async def next_frame(socket: WebSocket[Any, Any, Any], max_bytes: int) -> Any:
    """The next frame's JSON, or None once the client has closed."""
    event = await socket.receive()
    if event["type"] == "websocket.disconnect":
        return None
    text = event.get("text")
    if not isinstance(text, str):
        raise BadFrame("invalid_input", "send text frames of JSON, not binary ones")
    size = len(text.encode())
    if size > max_bytes:
        raise BadFrame(
            "too_large",
            f"a frame may hold at most {max_bytes} bytes (this one: {size})",
            {"limit": max_bytes},
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame("invalid_input", "a frame must be one JSON object") from None
    if not isinstance(data, dict):
        raise BadFrame("invalid_input", "a frame must be one JSON object")
    return data


def invalid(exc: ValidationError, what: str) -> Frame:
    problems = [
        f"{'.'.join(str(p) for p in e['loc']) or what}: {e['msg'].removeprefix('Value error, ')}"
        for e in exc.errors()
    ]
    fields = [".".join(str(p) for p in e["loc"]) for e in exc.errors()]
    return error_frame("invalid_input", f"bad {what}: " + "; ".join(problems), {"fields": fields})


def report(out: asyncio.Queue[Frame], frame: Frame) -> None:
    """An error frame for the client, dropped when its send queue is full (a client
    that sends bad frames faster than it reads hears about the first ones only)."""
    try:
        out.put_nowait(frame)
    except asyncio.QueueFull:
        log.debug("subscription error frame dropped: send queue full")


async def write(socket: WebSocket[Any, Any, Any], out: asyncio.Queue[Frame]) -> None:
    while True:
        frame = await out.get()
        try:
            await socket.send_text(json.dumps(frame, ensure_ascii=False))
        finally:
            out.task_done()
