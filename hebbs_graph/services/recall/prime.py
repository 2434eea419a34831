"""prime: the start-of-conversation context for one entity."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.compact import (
    CompactPrimeOut,
    CompactReflection,
    PendingSummary,
    compact_memory,
    compact_result,
)
from hebbs_graph.models.contradict import ChecksWaited
from hebbs_graph.models.graph import PrimeIn, PrimeOut, ReflectionDue
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import PRESETS, RecallResult, TimeRange
from hebbs_graph.services.recall.service import Candidate, RecallService, Scope
from hebbs_graph.services.recall.strategies import temporal
from hebbs_graph.services.records import to_memory
from hebbs_graph.timeutil import utcnow

# Given by the contradiction and reflection services when they are present.
PendingSource = Callable[[str, str], Awaitable[list[dict[str, Any]]]]
StaleSource = Callable[[str, str], Awaitable[list[Memory]]]
DueSource = Callable[[str, str], Awaitable[ReflectionDue]]
CountSource = Callable[[str, str], Awaitable[int]]
# Waits (bounded) until no contradiction check of the entity is running.
SettleSource = Callable[[str, str, float | None], Awaitable[ChecksWaited]]

INSIGHTS_IN_PRIME = 5
CUE_FROM_RECENT = 3
PENDING_IDS_IN_COMPACT = 3


class PrimeService:
    def __init__(
        self,
        store: GraphStore,
        recall: RecallService,
        *,
        pending_contradictions: PendingSource | None = None,
        pending_total: CountSource | None = None,
        stale_insights: StaleSource | None = None,
        reflection_due: DueSource | None = None,
        checks_settled: SettleSource | None = None,
    ) -> None:
        self.store = store
        self.recall = recall
        self.pending_contradictions = pending_contradictions
        self.pending_total = pending_total
        self.stale_insights = stale_insights
        self.reflection_due = reflection_due
        self.checks_settled = checks_settled

    async def prime(self, tenant_id: str, request: PrimeIn) -> PrimeOut:
        """Half recent memories, half relevant ones, the best insights, and what waits.

        The pending pairs are listed once the contradiction checks of the entity's
        latest writes have run (bounded: wait_for_checks_s); that wait runs beside the
        memories' reads, so it costs nothing when no check is running."""
        settling = None
        if self.checks_settled is not None and self.pending_contradictions is not None:
            settle = self.checks_settled(tenant_id, request.entity_id, request.wait_for_checks_s)
            settling = asyncio.ensure_future(settle)
        try:
            return await self._prime(tenant_id, request, settling)
        finally:
            if settling is not None and not settling.done():
                settling.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await settling

    async def _prime(
        self, tenant_id: str, request: PrimeIn, settling: asyncio.Future[ChecksWaited] | None
    ) -> PrimeOut:
        entity = request.entity_id
        scope = Scope(tenant_id, entity, include_superseded=False, include_stale=False)
        now = utcnow()
        cap = request.per_section or self.recall.settings.prime_per_section
        recent_k = min((request.max_memories + 1) // 2, cap)
        window = TimeRange(start=now - request.recency_window, end=None)
        spec = temporal.TemporalSpec(strategy="temporal", time_range=window)
        recent = await self.recall.temporal(scope, spec, recent_k)
        relevant_k = min(request.max_memories - len(recent), cap)
        relevant = await self._relevant(scope, request, recent, relevant_k)
        weights = PRESETS["default"]
        recent_results = [self.recall.result(c, weights, now) for c in recent]
        relevant_results = sorted(
            (self.recall.result(c, weights, now) for c in relevant),
            key=lambda r: r.score,
            reverse=True,
        )
        rows = await self.store.read_rows(
            "recall/prime_insights",
            tenant_id=tenant_id,
            entity_id=entity,
            limit=min(INSIGHTS_IN_PRIME, cap),
        )
        insights = [to_memory(r["memory"]) for r in rows]
        primed = [r.memory.id for r in recent_results + relevant_results] + [i.id for i in insights]
        if primed:
            self.recall.reinforce_later(tenant_id, primed)
        waited = ChecksWaited() if settling is None else await settling
        pending = await _maybe(self.pending_contradictions, tenant_id, entity, [])
        stale = await _maybe(self.stale_insights, tenant_id, entity, [])
        return PrimeOut(
            entity_id=entity,
            recent=recent_results,
            relevant=relevant_results,
            insights=insights,
            pending_contradictions=pending,
            pending_total=await _maybe(self.pending_total, tenant_id, entity, len(pending)),
            checks_waited_ms=waited.checks_waited_ms,
            checks_wait_timed_out=waited.checks_wait_timed_out,
            stale_insights=stale[:cap],
            reflection=await _maybe(self.reflection_due, tenant_id, entity, ReflectionDue()),
        )

    async def answer(self, tenant_id: str, request: PrimeIn) -> PrimeOut | CompactPrimeOut:
        """Prime in the view the request asks for."""
        out = await self.prime(tenant_id, request)
        return out if request.view == "full" else compact_prime(out)

    async def _relevant(
        self, scope: Scope, request: PrimeIn, recent: list[Candidate], k: int
    ) -> list[Candidate]:
        """By similarity to the cue, or to what the entity said most recently."""
        if k <= 0:
            return []
        cue = request.similarity_cue
        if not (cue and cue.strip()):
            cue = " ".join(c.memory.content for c in recent[:CUE_FROM_RECENT])[:2000]
        if not cue.strip():
            latest = await self.recall.temporal(
                scope, temporal.TemporalSpec(strategy="temporal"), CUE_FROM_RECENT
            )
            cue = " ".join(c.memory.content for c in latest)[:2000]
        if not cue.strip():
            return []
        vector = (await self.recall.embedder.embed([cue]))[0]
        seen = {c.memory.id for c in recent}
        found = await self.recall.hybrid(scope, cue, vector, k + len(seen))
        return [c for c in found if c.memory.id not in seen][:k]


def compact_prime(out: PrimeOut) -> CompactPrimeOut:
    """The compact view of a full prime: pending contradictions counted, not listed."""
    entity = out.entity_id
    pending = None
    if out.pending_total:
        first = [str(p["pending_id"]) for p in out.pending_contradictions[:PENDING_IDS_IN_COMPACT]]
        pending = PendingSummary(
            count=out.pending_total,
            first=first,
            next=f"contradiction_prepare (POST /v1/contradictions/prepare) with entity_id"
            f" {entity!r} lists them; judge them with contradiction_commit.",
        )
    due = out.reflection
    return CompactPrimeOut(
        entity_id=entity,
        recent=[compact_result(r, entity) for r in out.recent],
        relevant=[compact_result(r, entity) for r in out.relevant],
        insights=[compact_memory(m, entity) for m in out.insights] or None,
        pending_contradictions=pending,
        checks_wait_timed_out=out.checks_wait_timed_out or None,
        stale_insights=[compact_memory(m, entity) for m in out.stale_insights] or None,
        reflection=CompactReflection(due=True, reason=due.reason) if due.due else None,
    )


async def _maybe(source: Any, tenant_id: str, entity_id: str, default: Any) -> Any:
    return default if source is None else await source(tenant_id, entity_id)


__all__ = ["PrimeService", "RecallResult"]
