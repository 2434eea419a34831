"""The client's contradiction review and reflection (both routes)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from hebbs_graph.client._base import (
    REFLECT_TIMEOUT_S,
    ClientBase,
    _build,
    _given,
)
from hebbs_graph.models.contradict import (
    CommitIn,
    CommitOut,
    PrepareIn,
    PrepareOut,
    ScanIn,
    ScanOut,
    VerdictIn,
)
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


class ReviewApi(ClientBase):
    # -- contradictions ---------------------------------------------------------------

    async def contradiction_prepare(
        self,
        *,
        entity_id: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
        wait_for_checks_s: float | None = None,
    ) -> PrepareOut:
        """Pending contradiction candidates, strongest first, with the verdict guide; pass
        next_cursor back as ``cursor`` for the next page. It first waits (up to
        ``wait_for_checks_s``, default the server's 2 s; 0 not at all) for the checks of
        memories just stored, so their pairs are listed."""
        fields = _given(
            entity_id=entity_id, limit=limit, cursor=cursor, wait_for_checks_s=wait_for_checks_s
        )
        body = _build(PrepareIn, fields)
        return await self._call("POST", "/v1/contradictions/prepare", PrepareOut, body=body)

    async def contradiction_commit(
        self, verdicts: Sequence[VerdictIn | dict[str, Any]]
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
        fields = _given(entity_id=entity_id, since=since, cursor=cursor, limit=limit)
        body = _build(ScanIn, fields)
        return await self._call("POST", "/v1/contradictions/scan", ScanOut, body=body)

    # -- reflect ----------------------------------------------------------------------

    async def reflect_prepare(
        self,
        entity_id: str | None = None,
        *,
        since: datetime | None = None,
        limit: int | None = None,
    ) -> ReflectPrepareOut:
        """Agent route, step 1: clusters of new episodes, each with a proposal prompt."""
        body = _build(ReflectPrepareIn, _given(entity_id=entity_id, since=since, limit=limit))
        return await self._call("POST", "/v1/reflect/prepare", ReflectPrepareOut, body=body)

    async def reflect_commit(
        self,
        session_id: str,
        insights: Sequence[InsightIn | dict[str, Any]] | None = None,
        stale_verdicts: Sequence[StaleVerdictIn | dict[str, Any]] | None = None,
    ) -> ReflectCommitOut:
        """Agent route, step 2: store insights ({content, confidence, source_memory_ids,
        tags, cluster_id?}) and verdicts on stale insights (keep, rewrite, retire)."""
        fields = _given(session_id=session_id, insights=insights, stale_verdicts=stale_verdicts)
        body = _build(ReflectCommitIn, fields)
        return await self._call("POST", "/v1/reflect/commit", ReflectCommitOut, body=body)

    async def reflect(
        self,
        entity_id: str | None = None,
        *,
        since: datetime | None = None,
        limit: int | None = None,
    ) -> ReflectOut:
        """LLM route: the server's LLM proposes, validates and stores insights."""
        body = _build(ReflectIn, _given(entity_id=entity_id, since=since, limit=limit))
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
