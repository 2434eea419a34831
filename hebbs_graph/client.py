"""HebbsClient: the async Python client, one method per REST operation.

It returns the same pydantic models the server uses and raises the same error tree
(``hebbs_graph.errors``), plus ``ServerError`` and ``ApiUnreachable`` for trouble on
the far side::

    HebbsError
     ├── InvalidInput       400/422, or arguments the models refuse before sending
     │    └── TooLarge      413
     ├── NotFound           404 (also another tenant's id)
     ├── Conflict           409
     ├── Unauthorized       401
     ├── GraphUnavailable   503
     ├── ServerError        any other 5xx
     └── ApiUnreachable     nothing answered at base_url

Every error that came back over HTTP carries ``status_code``.

    async with HebbsClient("http://127.0.0.1:8000") as client:
        memory = await client.remember("Acme prefers email", entity_id="acme")
        found = await client.recall("how does Acme like to be contacted?")
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from hebbs_graph.client_errors import ApiUnreachable, ServerError, error_from
from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.contradict import (
    CommitIn,
    CommitOut,
    PrepareIn,
    PrepareOut,
    ScanIn,
    ScanOut,
    VerdictIn,
)
from hebbs_graph.models.graph import EntitiesOut, GraphOut, LineageOut, PrimeIn, PrimeOut
from hebbs_graph.models.memory import (
    BatchIn,
    BatchOut,
    Edge,
    EdgeIn,
    EdgesOut,
    ForgetIn,
    ForgetOut,
    Memory,
    MemoryIn,
    MemoryPage,
    ReviseIn,
)
from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.models.reflect import Insight as InsightModel
from hebbs_graph.models.reflect import (
    InsightIn,
    InsightsOut,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectIn,
    ReflectOut,
    ReflectPrepareIn,
    ReflectPrepareOut,
    ReflectStatus,
    StaleVerdictIn,
)

__all__ = ["DEFAULT_URL", "ApiUnreachable", "HebbsClient", "ServerError"]

M = TypeVar("M", bound=BaseModel)
DEFAULT_URL = "http://127.0.0.1:8000"
# The LLM route may make many provider calls; give it longer than other requests.
REFLECT_TIMEOUT_S = 900.0


class HebbsClient:
    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        api_key: str | None = None,
        timeout: float = 60.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = base_url.rstrip("/")
        self._http = httpx.AsyncClient(
            base_url=self.base_url, headers=headers, timeout=timeout, transport=transport
        )

    async def __aenter__(self) -> HebbsClient:
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

    # -- memories ---------------------------------------------------------------------

    async def remember(self, content: str, **fields: Any) -> Memory:
        """Remember one episode; ``fields`` are MemoryIn's (importance, entity_id, …)."""
        body = _build(MemoryIn, {"content": content, **fields})
        return await self._call("POST", "/v1/memories", Memory, body=body)

    async def remember_batch(self, memories: Sequence[MemoryIn | dict[str, Any]]) -> list[str]:
        """Remember up to 1,000 at once; the ids come back in input order."""
        body = _build(BatchIn, {"memories": list(memories)})
        return (await self._call("POST", "/v1/memories/batch", BatchOut, body=body)).memory_ids

    async def get(self, memory_id: str) -> Memory:
        return await self._call("GET", f"/v1/memories/{_seg(memory_id)}", Memory)

    async def list_memories(
        self,
        *,
        entity_id: str | None = None,
        kind: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = 50,
    ) -> MemoryPage:
        params = {
            "entity_id": entity_id,
            "kind": kind,
            "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None,
            "cursor": cursor,
            "limit": limit,
        }
        return await self._call("GET", "/v1/memories", MemoryPage, params=params)

    async def edges(self, memory_id: str) -> list[Edge]:
        return (await self._call("GET", f"/v1/memories/{_seg(memory_id)}/edges", EdgesOut)).edges

    async def link(
        self, memory_id: str, target_id: str, edge_type: str, confidence: float = 1.0
    ) -> Edge:
        body = _build(
            EdgeIn, {"target_id": target_id, "edge_type": edge_type, "confidence": confidence}
        )
        return await self._call("POST", f"/v1/memories/{_seg(memory_id)}/edges", Edge, body=body)

    async def revise(self, memory_id: str, **fields: Any) -> Memory:
        """Revise in place (content, importance, context, context_mode, entity_id)."""
        body = _build(ReviseIn, fields)
        return await self._call("PUT", f"/v1/revise/{_seg(memory_id)}", Memory, body=body)

    async def forget(self, **criteria: Any) -> ForgetOut:
        """Hard-delete every memory matching all ``criteria`` (ForgetIn's fields)."""
        body = _build(ForgetIn, criteria)
        return await self._call("POST", "/v1/forget", ForgetOut, body=body)

    # -- recall -----------------------------------------------------------------------

    async def recall(self, cue: str | None = None, **fields: Any) -> RecallOut:
        body = _build(RecallIn, {"cue": cue, **fields})
        return await self._call("POST", "/v1/recall", RecallOut, body=body)

    async def prime(self, entity_id: str, **fields: Any) -> PrimeOut:
        body = _build(PrimeIn, {"entity_id": entity_id, **fields})
        return await self._call("POST", "/v1/prime", PrimeOut, body=body)

    # -- graph ------------------------------------------------------------------------

    async def lineage(self, memory_id: str) -> LineageOut:
        return await self._call("GET", f"/v1/memories/{_seg(memory_id)}/lineage", LineageOut)

    async def graph(
        self,
        *,
        ids: list[str] | None = None,
        entity_id: str | None = None,
        depth: int = 1,
        limit: int = 200,
    ) -> GraphOut:
        params = {
            "ids": ",".join(ids) if ids else None,
            "entity_id": entity_id,
            "depth": depth,
            "limit": limit,
        }
        return await self._call("GET", "/v1/graph", GraphOut, params=params)

    async def entities(self, *, after: str | None = None, limit: int = 100) -> EntitiesOut:
        params = {"after": after, "limit": limit}
        return await self._call("GET", "/v1/entities", EntitiesOut, params=params)

    # -- contradictions ---------------------------------------------------------------

    async def contradiction_prepare(
        self, *, entity_id: str | None = None, limit: int = 50, cursor: str | None = None
    ) -> PrepareOut:
        """Pending contradiction candidates, strongest first, with the verdict guide; pass
        next_cursor back as ``cursor`` for the next page."""
        body = _build(PrepareIn, {"entity_id": entity_id, "limit": limit, "cursor": cursor})
        return await self._call("POST", "/v1/contradictions/prepare", PrepareOut, body=body)

    async def contradiction_commit(
        self, verdicts: list[VerdictIn] | list[dict[str, Any]]
    ) -> CommitOut:
        """Verdicts {pending_id, verdict, confidence?, reasoning?, newer_memory_id?}: all or none."""
        body = _build(CommitIn, {"verdicts": verdicts})
        return await self._call("POST", "/v1/contradictions/commit", CommitOut, body=body)

    async def contradiction_scan(
        self,
        *,
        entity_id: str | None = None,
        since: datetime | None = None,
        cursor: str | None = None,
        limit: int | None = None,
    ) -> ScanOut:
        """Run detection over existing memories; with ``limit``, page on with next_cursor."""
        body = _build(
            ScanIn, {"entity_id": entity_id, "since": since, "cursor": cursor, "limit": limit}
        )
        return await self._call("POST", "/v1/contradictions/scan", ScanOut, body=body)

    # -- reflect ----------------------------------------------------------------------

    async def reflect_prepare(
        self,
        entity_id: str | None = None,
        *,
        since: datetime | None = None,
        limit: int = 500,
    ) -> ReflectPrepareOut:
        """Agent route, step 1: clusters of new episodes, each with a proposal prompt."""
        body = _build(ReflectPrepareIn, {"entity_id": entity_id, "since": since, "limit": limit})
        return await self._call("POST", "/v1/reflect/prepare", ReflectPrepareOut, body=body)

    async def reflect_commit(
        self,
        session_id: str,
        insights: list[InsightIn] | list[dict[str, Any]] | None = None,
        stale_verdicts: list[StaleVerdictIn] | list[dict[str, Any]] | None = None,
    ) -> ReflectCommitOut:
        """Agent route, step 2: store insights ({content, confidence, source_memory_ids,
        tags, cluster_id?}) and verdicts on stale insights (keep, rewrite, retire)."""
        body = _build(
            ReflectCommitIn,
            {
                "session_id": session_id,
                "insights": [_plain(i) for i in insights or []],
                "stale_verdicts": [_plain(v) for v in stale_verdicts or []],
            },
        )
        return await self._call("POST", "/v1/reflect/commit", ReflectCommitOut, body=body)

    async def reflect(
        self,
        entity_id: str | None = None,
        *,
        since: datetime | None = None,
        limit: int = 500,
    ) -> ReflectOut:
        """LLM route: the server's LLM proposes, validates and stores insights."""
        body = _build(ReflectIn, {"entity_id": entity_id, "since": since, "limit": limit})
        return await self._call(
            "POST", "/v1/reflect", ReflectOut, body=body, request_timeout=REFLECT_TIMEOUT_S
        )

    async def reflect_status(self, entity_id: str | None = None) -> ReflectStatus:
        return await self._call(
            "GET", "/v1/reflect/status", ReflectStatus, params={"entity_id": entity_id}
        )

    async def insights(
        self,
        entity_id: str | None = None,
        *,
        min_confidence: float | None = None,
        stale: bool | None = None,
        limit: int = 50,
    ) -> list[InsightModel]:
        params = {
            "entity_id": entity_id,
            "min_confidence": min_confidence,
            "stale": None if stale is None else str(stale).lower(),
            "limit": limit,
        }
        return (await self._call("GET", "/v1/insights", InsightsOut, params=params)).insights

    # -- health -----------------------------------------------------------------------

    async def live(self) -> dict[str, Any]:
        """Liveness: the process answers."""
        data: dict[str, Any] = (await self._send("GET", "/v1/health/live")).json()
        return data

    async def ready(self) -> dict[str, Any]:
        """Readiness (Neo4j reachable, indexes online); a 503 is an answer here, not an error."""
        data: dict[str, Any] = (await self._send("GET", "/v1/health/ready", ok=(503,))).json()
        return data

    async def metrics(self) -> str:
        """The Prometheus exposition text."""
        return (await self._send("GET", "/v1/metrics")).text

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


def _plain(item: BaseModel | dict[str, Any]) -> dict[str, Any]:
    return item.model_dump(exclude_unset=True) if isinstance(item, BaseModel) else item
