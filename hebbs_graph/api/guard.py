"""What a request must be before any handler sees it.

- Without API keys the API serves tenant ``default`` to anyone who can reach it, which on
  a loopback bind means this machine, and any web page open in its browser. So it answers
  only requests whose ``Host`` is a loopback name or address (a DNS-rebinding page sends
  its own name) and whose ``Origin``, when present, is the API's own (a page elsewhere
  can send a "simple" cross-origin POST with no preflight). With keys, a page cannot send
  the ``Authorization`` header without a CORS preflight, which stays refused unless
  ``cors_allow_origins`` lists the page's origin.
- A JSON body must say so (``Content-Type: application/json``, else 415), and one nested
  deeper than the decoder goes is a 400, not a crash.
- A query parameter is given at most once: ``until=a&until=b`` has no one meaning.
"""

from __future__ import annotations

import json
from typing import Any

from litestar import Request
from litestar.enums import ScopeType
from litestar.exceptions import HTTPException
from litestar.types import (
    ASGIApp,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Receive,
    Scope,
    Send,
)

from hebbs_graph.auth import is_loopback
from hebbs_graph.errors import InvalidInput

_JSON_TYPES = ("application/json",)


def host_name(host_header: str) -> str:
    """The name in a Host header, without its port ("[::1]:8000" -> "::1")."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def loopback_host(host_header: str) -> bool:
    name = host_name(host_header)
    return bool(name) and (is_loopback(name) or name.endswith(".localhost"))


def own_origin(origin: str, host_header: str, scheme: str) -> bool:
    return origin.strip().lower() == f"{scheme}://{host_header.strip().lower()}"


def refusal(scope: Scope, headers: dict[str, str]) -> str | None:
    """Why a no-key request must not be served, or None."""
    host = headers.get("host", "")
    if not loopback_host(host):
        return f"Host {host!r} is not a loopback name; without API keys only this machine is served"
    origin = headers.get("origin")
    if origin is not None:
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        if not own_origin(origin, host, scheme):
            return (
                f"Origin {origin!r} is not this API's own; without API keys no web page may call it"
            )
    return None


class LoopbackGuard:
    """ASGI middleware for the no-key API: refuse foreign Host and Origin with a 403."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in (ScopeType.HTTP, ScopeType.WEBSOCKET):
            await self.app(scope, receive, send)
            return
        pairs = [(k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in scope["headers"]]
        headers = dict(pairs)
        names = [k for k, _ in pairs]
        if names.count("host") > 1 or names.count("origin") > 1:
            # Which one a proxy or the app reads differs; a request naming two is refused.
            reason: str | None = "a request may name one Host and one Origin, not several"
        else:
            reason = refusal(scope, headers)
        if reason is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == ScopeType.WEBSOCKET:
            await send({"type": "websocket.close", "code": 1008, "reason": reason[:120]})
            return
        body = json.dumps(
            {"error": {"code": "forbidden_origin", "message": reason, "details": None}}
        ).encode()
        start: HTTPResponseStartEvent = {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
        await send(start)
        end: HTTPResponseBodyEvent = {
            "type": "http.response.body",
            "body": body,
            "more_body": False,
        }
        await send(end)


class JsonRequest(Request[Any, Any, Any]):
    """The request every handler gets: a body is JSON only when it says so."""

    async def json(self) -> Any:
        media = self.headers.get("content-type", "").partition(";")[0].strip().lower()
        if media not in _JSON_TYPES and not media.endswith("+json"):
            raise HTTPException(
                status_code=415,
                detail=f"send the body as JSON with Content-Type: application/json "
                f"(got {media or 'none'})",
                extra={"field": "content-type"},
            )
        try:
            return await super().json()
        except RecursionError:
            raise InvalidInput(
                "the body is nested too deeply to read", details={"field": "body"}
            ) from None


async def refuse_repeated_query(request: Request[Any, Any, Any]) -> None:
    """A before-request hook: every query parameter at most once. Async: Litestar runs a
    sync hook in a worker thread, a thread hop on every request for a loop over a few
    keys."""
    for key in request.query_params:
        count = len(request.query_params.getall(key))
        if count > 1:
            raise InvalidInput(
                f"query parameter {key} is given {count} times; give it once",
                details={"field": key},
            )
