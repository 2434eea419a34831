"""recall: run the requested strategies concurrently, merge, score, settle conflicts,
reinforce. Each strategy is a module of ``strategies/``, looked up in one table."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime

from hebbs_graph.embedding import Embedder
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.compact import CompactRecallOut, compact_recall
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import RecallIn, RecallOut, RecallResult, SpecBase, Weights
from hebbs_graph.services.metrics import RECALL_TURN_WAIT, RECALLS
from hebbs_graph.services.recall.conflicts import Conflicts
from hebbs_graph.services.recall.current import asks_current
from hebbs_graph.services.recall.documents import changed_for, of_documents
from hebbs_graph.services.recall.hybrid import HybridRecall
from hebbs_graph.services.recall.nearest import Nearest
from hebbs_graph.services.recall.ranking import Span, merge, scored
from hebbs_graph.services.recall.reinforce import Reinforcements
from hebbs_graph.services.recall.request import runnable
from hebbs_graph.services.recall.scope import Candidate, Scope
from hebbs_graph.services.recall.strategies import check_extra, hybrid, temporal
from hebbs_graph.services.recall.strategies.base import Ask, Run, Tools
from hebbs_graph.services.recall.supersession import pair_key, said_order, stated_at
from hebbs_graph.services.recall.turns import Turns
from hebbs_graph.services.records import to_memory
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import ContradictionSettings, RecallSettings
from hebbs_graph.timeutil import utcnow

__all__ = ["Candidate", "RecallService", "Scope"]

log = logging.getLogger(__name__)

# The fewest candidates a strategy without its own top_k brings to ranking and conflicts.
CONFLICT_POOL = 10
# The most newer sides of pending pairs one recall reads beside what its strategies found.
PENDING_SIDES = 50
# Only the best few results bring their newer sides (each one brought pushes one out).
PENDING_HEAD = 3


class RecallService:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        settings: RecallSettings,
        contradiction: ContradictionSettings,
    ) -> None:
        """``contradiction``: what conflicts among the results reads of detection's."""
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._reinforcements = Reinforcements(store)
        self.sizes = ScopeSizes(store)
        self.tools = Tools(
            store=store,
            embedder=embedder,
            settings=settings,
            nearest=Nearest(store, self.settings),
            hybrid=HybridRecall(store, self.settings, self.sizes),
        )
        self.conflicts = Conflicts(store, settings, contradiction)
        check_extra(self.settings.recall_extra_strategies)
        # recall_concurrency's turns, made in the loop that first asks (their futures
        # belong to one event loop).
        self._turns: tuple[asyncio.AbstractEventLoop, Turns] | None = None

    async def answer(self, tenant_id: str, request: RecallIn) -> RecallOut | CompactRecallOut:
        """Recall in the view the request asks for (the ranking is the same)."""
        out = await self.recall(tenant_id, request)
        return out if request.view == "full" else compact_recall(out, request.entity_id)

    def check(self, request: RecallIn) -> None:
        """Refuse (InvalidInput) a request this service would not run: a bad spec, or an
        opt-in strategy that is off here."""
        runnable(request, self.settings.recall_extra_strategies)

    async def recall(self, tenant_id: str, request: RecallIn) -> RecallOut:
        """Recall: the cue embedded with the others that arrive together, then the
        searches and their ranking in turn with this process's other recalls
        (recall_concurrency; the turns go round the tenants that wait, turns.py)."""
        started = time.perf_counter()
        runs = runnable(request, self.settings.recall_extra_strategies)
        vector = await self._cue_vector(request, [spec for spec, _ in runs])
        turns = self._turn_gate()
        if turns is None:
            return await self._recall(tenant_id, request, runs, vector, started)
        asked = time.perf_counter()
        async with turns.turn(tenant_id):
            RECALL_TURN_WAIT.observe(time.perf_counter() - asked)
            return await self._recall(tenant_id, request, runs, vector, started)

    def _turn_gate(self) -> Turns | None:
        if self.settings.recall_concurrency == 0:
            return None
        loop = asyncio.get_running_loop()
        if self._turns is None or self._turns[0] is not loop:
            self._turns = (loop, Turns(self.settings.recall_concurrency))
        return self._turns[1]

    async def _recall(
        self,
        tenant_id: str,
        request: RecallIn,
        runs: list[tuple[SpecBase, Run]],
        vector: list[float] | None,
        started: float,
    ) -> RecallOut:
        found = await asyncio.gather(
            *(self._run(tenant_id, request, spec, run, vector) for spec, run in runs)
        )
        merged = merge(found)
        now = utcnow()
        weights = request.effective_weights()
        span = self._current_span(request.cue, merged)
        ranked = sorted(
            (self.result(c, weights, now, span) for c in merged), key=_by_score, reverse=True
        )
        newer = await self._newer_sides(tenant_id, request, ranked, weights, now, span)
        if newer:
            ranked = sorted(ranked + newer, key=_by_score, reverse=True)
        ranked = await self.conflicts.apply(tenant_id, ranked, request.on_conflict, request.cue)
        results = ranked[: request.top_k]
        if request.reinforce and results:
            self.reinforce_later(tenant_id, [r.memory.id for r in results])
        took = (time.perf_counter() - started) * 1000
        for spec, _ in runs:
            RECALLS.labels(strategy=spec.strategy).inc()
        return RecallOut(results=results, took_ms=round(took, 2))

    async def _newer_sides(
        self,
        tenant_id: str,
        request: RecallIn,
        ranked: list[RecallResult],
        weights: Weights,
        now: datetime,
        span: Span | None,
    ) -> list[RecallResult]:
        """The newer sides of the pending pairs of a changed value that join the leading
        results, when no strategy found them: what may supersede an answer comes with it
        (conflicts then ranks it in the older's place). Read only when such a pair
        exists."""
        if not (request.cue and request.cue.strip()):
            return []  # a listing by time or a walk asks no question a newer value answers
        present = {r.memory.id for r in ranked}
        head = ranked[: min(request.top_k, PENDING_HEAD)]
        pairs = {
            pair_key(r.memory.id, other): other
            for r in head
            for other in r.memory.pending_with or []
            if other not in present
        }
        if not pairs:
            return []
        missing = sorted(set(pairs.values()))
        scope = Scope(
            tenant_id, request.entity_id, request.include_superseded, request.include_stale
        )
        asked = [{"key": k, "other": o} for k, o in sorted(pairs.items())][:PENDING_SIDES]
        rows = await self.store.read_rows("recall/pending_sides", pairs=asked, **scope.params())
        paired = {
            p: [r.memory for r in head if p in (r.memory.pending_with or [])] for p in missing
        }
        oldest = {p: min(map(said_order, sides)) for p, sides in paired.items()}
        out = []
        for row in rows:
            memory = to_memory(row["memory"])
            if said_order(memory) <= oldest[memory.id]:
                continue  # an older side adds nothing here
            if all(
                of_documents(m, memory) and not changed_for(m.content, memory.content, request.cue)
                for m in paired[memory.id]
            ):
                continue  # a document whose change is not what the cue asks
            found = Candidate(memory, 0.0, {"pending_pair"})
            out.append(self.result(found, weights, now, span))
        return out

    async def _cue_vector(self, request: RecallIn, specs: list[SpecBase]) -> list[float] | None:
        """Embed the cue once for every strategy that searches by meaning."""
        needs = any(s.searches_by_meaning for s in specs)
        if not needs or not (request.cue and request.cue.strip()):
            return None
        return (await self.embedder.embed([request.cue]))[0]

    async def _run(
        self,
        tenant_id: str,
        request: RecallIn,
        spec: SpecBase,
        run: Run,
        vector: list[float] | None,
    ) -> list[Candidate]:
        scope = Scope(
            tenant_id=tenant_id,
            entity_id=spec.entity_id or request.entity_id,
            include_superseded=request.include_superseded,
            include_stale=request.include_stale,
        )
        # Without a cap of its own, a strategy brings at least CONFLICT_POOL candidates, so
        # conflicts are decided over the same pool whatever top_k is (1, 2 or 10 give the
        # same first answers) and the full score re-ranks more than the cut keeps.
        k = spec.top_k or max(request.top_k, CONFLICT_POOL)
        ask = Ask(scope=scope, spec=spec, cue=request.cue, vector=vector, k=k)
        return await run(self.tools, ask)

    # -- single strategies, for prime, subscribe and the benchmarks ----------------------

    async def similarity(
        self, scope: Scope, vector: list[float], k: int
    ) -> list[tuple[Memory, float]]:
        return await self.tools.nearest.search(scope, vector, k)

    async def hybrid(self, scope: Scope, cue: str, vector: list[float], k: int) -> list[Candidate]:
        ask = Ask(
            scope=scope, spec=hybrid.HybridSpec(strategy="hybrid"), cue=cue, vector=vector, k=k
        )
        return await hybrid.run(self.tools, ask)

    async def temporal(self, scope: Scope, spec: temporal.TemporalSpec, k: int) -> list[Candidate]:
        ask = Ask(scope=scope, spec=spec, cue=None, vector=None, k=k)
        return await temporal.run(self.tools, ask)

    def result(
        self, c: Candidate, weights: Weights, now: datetime, span: Span | None = None
    ) -> RecallResult:
        return scored(c, weights, now, self.settings.recency_horizon_days, span)

    def _current_span(self, cue: str | None, merged: list[Candidate]) -> Span | None:
        """For a cue asking for the current state, the candidates' own time span and
        the share of recency it gives (``recall_current_recency``); None otherwise."""
        share = self.settings.recall_current_recency
        if share <= 0 or len(merged) < 2 or not asks_current(cue):
            return None
        times = [stated_at(c.memory) for c in merged]
        return Span(min(times), max(times), share)

    # -- reinforcement ------------------------------------------------------------------

    def reinforce_later(self, tenant_id: str, ids: list[str]) -> None:
        """Batched writes, off the answer's path (reinforce.py); drain() waits for them."""
        self._reinforcements.add(tenant_id, ids)

    async def drain(self) -> None:
        """Wait for reinforcement writes still under way (tests, shutdown)."""
        await self._reinforcements.drain()


def _by_score(r: RecallResult) -> tuple[float, datetime]:
    return r.score, r.memory.occurred_at
