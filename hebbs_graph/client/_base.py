"""What every part of the client shares: the HTTP connection, how a call is sent and
its answer read, and the errors it raises."""

from __future__ import annotations

from types import TracebackType
from typing import Any, Literal, Self, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from hebbs_graph.client_errors import error_from
from hebbs_graph.errors import ApiUnreachable, InvalidInput
from hebbs_graph.models import bookmarks as wire

M = TypeVar("M", bound=BaseModel)
# The edge types a caller may draw (the others hebbs-graph makes itself).
CallerEdgeType = Literal["CAUSED_BY", "RELATED_TO"]
DEFAULT_URL = "http://127.0.0.1:8000"
# The LLM route may make many provider calls; give it longer than other requests.
REFLECT_TIMEOUT_S = 900.0


class ClientBase:
    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        api_key: str | None = None,
        timeout: float = 60.0,
        transport: httpx.AsyncBaseTransport | None = None,
        bookmarks: str | None = None,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self._bookmarks: list[str] = []
        self.bookmarks = bookmarks
        self._http = httpx.AsyncClient(
            base_url=self.base_url,
            headers=headers,
            timeout=timeout,
            transport=transport,
            event_hooks={"request": [self._send_bookmarks], "response": [self._keep_bookmarks]},
        )

    # -- read-your-writes (decision 0030) ---------------------------------------------

    @property
    def bookmarks(self) -> str | None:
        """The Neo4j bookmarks of the newest answers this client received, as the opaque
        ``Hebbs-Bookmarks`` value it sends with every request: its reads then see its
        writes, whichever worker, host or cluster member serves them. Hand it to another
        client (``HebbsClient(url, bookmarks=...)`` or this setter) to carry the session
        on there; None: nothing yet."""
        return ", ".join(self._bookmarks) or None

    @bookmarks.setter
    def bookmarks(self, value: str | None) -> None:
        self._bookmarks = wire.tokens(value)[-wire.MAX_BOOKMARKS :]

    async def _send_bookmarks(self, request: httpx.Request) -> None:
        held = self.bookmarks
        if held is not None and wire.HEADER not in request.headers:
            request.headers[wire.HEADER] = held

    async def _keep_bookmarks(self, response: httpx.Response) -> None:
        received = response.headers.get(wire.HEADER)
        sent = response.request.headers.get(wire.HEADER)
        self._bookmarks = wire.merge(self._bookmarks, sent, received)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- plumbing ---------------------------------------------------------------------

    async def _call(
        self,
        method: str,
        path: str,
        model: type[M],
        *,
        body: BaseModel | None = None,
        params: dict[str, Any] | None = None,
        request_timeout: float | None = None,
    ) -> M:
        payload = body.model_dump(mode="json", exclude_unset=True) if body is not None else None
        response = await self._send(
            method, path, json=payload, params=params, request_timeout=request_timeout
        )
        return model.model_validate(response.json())

    async def _send(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        ok: tuple[int, ...] = (),
        request_timeout: float | None = None,
    ) -> httpx.Response:
        clean = {k: v for k, v in (params or {}).items() if v is not None}
        extra: dict[str, Any] = {}
        if request_timeout is not None:
            extra["timeout"] = request_timeout
        try:
            response = await self._http.request(method, path, json=json, params=clean, **extra)
        except httpx.TransportError as exc:
            raise ApiUnreachable(
                f"no hebbs-graph API at {self.base_url} ({exc.__class__.__name__}); "
                "start one with `hebbs-graph serve`"
            ) from exc
        if response.status_code >= 400 and response.status_code not in ok:
            raise error_from(response)
        return response


def _seg(value: str) -> str:
    """One path segment, whatever the caller passed (an id never changes the route)."""
    return quote(value, safe="")


def _build(model: type[M], data: dict[str, Any]) -> M:
    """Validate arguments locally with the server's own model; refusals are InvalidInput."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [
            f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors()
        ]
        raise InvalidInput("; ".join(problems), details=exc.errors(include_url=False)) from exc


def _given(**arguments: Any) -> dict[str, Any]:
    """The arguments a caller gave, as a request model's input: None means "not sent", so
    the server's default applies."""
    return {name: value for name, value in arguments.items() if value is not None}
