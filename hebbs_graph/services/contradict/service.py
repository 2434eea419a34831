"""Contradictions: detection on every write, the agent's review, and the batch scan.

``ContradictionService`` is a write listener of ``MemoryService`` (Phase 1 runs after
every remember, batch and revise: right after the answer from the durable queue of
``services/contradict/check_queue.py``, or inside the request in sync mode) and the service
behind ``/v1/contradictions/{prepare,commit,scan}``; ``pending()`` feeds prime.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from hebbs_graph.errors import GraphUnavailable, InvalidInput, NotFound
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import normalize_id
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.contradict import (
    ChecksWaited,
    CommitIn,
    CommitOut,
    DetectionOut,
    PendingContradiction,
    PrepareIn,
    PrepareOut,
    ScanIn,
    ScanOut,
)
from hebbs_graph.models.memory import Memory, MemoryKind
from hebbs_graph.services.contradict.check_queue import CheckQueue
from hebbs_graph.services.contradict.check_wait import ChecksWait, settled
from hebbs_graph.services.contradict.detect import KEEP_DISMISSED, KINDS, Detector
from hebbs_graph.services.contradict.settle import by_age
from hebbs_graph.services.contradict.vectors import TenantVectors
from hebbs_graph.services.contradict.verdict_edges import edge_row, revision_row, write_edges
from hebbs_graph.services.cursor import (
    decode_cursor,
    decode_pending_cursor,
    encode_cursor,
    encode_pending_cursor,
)
from hebbs_graph.services.foreground import GivesWay
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import ContradictionSettings
from hebbs_graph.timeutil import EARLIEST, as_utc, instant, utcnow

log = logging.getLogger(__name__)

PENDING_IN_PRIME = 20
# How long closing the service waits for this process's queued checks.
DRAIN_ON_CLOSE_S = 10.0


class ContradictionService:
    def __init__(
        self,
        store: GraphStore,
        settings: ContradictionSettings,
        llm: LLMClient | None = None,
        sizes: ScopeSizes | None = None,
        foreground: GivesWay | None = None,
        idle_sweep_s: float | None = None,
    ):
        self.store = store
        self.settings = settings
        self.detector = Detector(store, settings, llm, sizes)
        # foreground: the writes this process's checker gives way to (MemoryService's);
        # idle_sweep_s: the checker process's sweep after one that found little.
        self.queue = CheckQueue(store, settings, self._check, foreground, idle_sweep_s)

    def start(self) -> None:
        """Start this process's background checker (open_services does); none where the
        checker process runs the checks (contradiction_checker "process")."""
        if self.settings.contradiction_detection:
            self.queue.start()

    async def drain(self, timeout_s: float = 60.0) -> bool:
        """Wait until this process has run every check it queued (False on timeout)."""
        return await self.queue.drain(timeout_s)

    async def aclose(self) -> None:
        """Run what is queued (briefly), stop the checker, close the LLM client."""
        await self.queue.stop(DRAIN_ON_CLOSE_S)
        close = getattr(self.detector.llm, "aclose", None)
        if close is not None:
            await close()

    # -- Phase 1, as a write listener ----------------------------------------------------

    def mark(self, now: datetime) -> dict[str, Any]:
        """What a write sets on each memory it stores or revises, in its transaction: the
        memory's check is waiting, claimed by this process."""
        return self.queue.mark(now) if self.settings.contradiction_detection else {}

    async def memories_written(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None:
        """Check freshly stored (or revised) memories against their neighbours.

        Async mode: queue the checks for this process's checker (with the checker
        process, leave them marked for it) and return. Sync mode
        (or no checker running here): check now, and mark the memories checked. The
        write has committed already, so a failure is logged, not raised: the memory
        stays marked and the check is retried. ``vectors`` (the write's own embeddings)
        spare the numpy path reading them back. (A revise has already dropped the
        pending pairs built from the old content, in its own transaction.)
        """
        if not self.settings.contradiction_detection:
            return
        own = [m for m in memories if m.kind != MemoryKind.SNAPSHOT]
        given = vectors or {}
        held = [m for m in own if m.id in given]
        fresh = TenantVectors.of(
            [(m.id, (m.version, m.content_sha256), m.content, given[m.id]) for m in held],
            [m.entity_id for m in held],
        )
        # A write sets check_due to its own time, which is the memory's updated_at.
        due = {m.id: as_utc(m.updated_at) for m in own if m.contradiction_check_pending}
        if len(due) < len(own):  # written without a marker: check now, nothing to clear
            await self._check_unmarked(tenant_id, [m.id for m in own if m.id not in due], fresh)
        if not due:
            return
        if self.queue.hands_off:  # marked for the checker process (check_claims.HANDOFF)
            return
        if self.settings.contradiction_detection_mode == "async" and self.queue.running:
            self.queue.put(tenant_id, due, fresh)
            return
        try:
            out = await self.queue.run(tenant_id, due, [fresh])
        except GraphUnavailable:
            log.warning(
                "contradiction check failed for %d memories of tenant %s (Neo4j "
                "unavailable); they stay marked and are checked once it is back",
                len(due),
                tenant_id,
                exc_info=True,
            )
            if self.queue.running:
                self.queue.put(tenant_id, due, fresh)
            return
        if out is not None:
            for m in own:
                if m.id in due:
                    m.contradiction_check_pending = False

    async def _check(
        self, tenant_id: str, ids: list[str], held: Sequence[TenantVectors]
    ) -> DetectionOut:
        return await self.detector.detect(tenant_id, ids, held=held)

    async def _check_unmarked(self, tenant_id: str, ids: list[str], fresh: TenantVectors) -> None:
        try:
            await self.detector.detect(tenant_id, ids, held=[fresh])
        except Exception:
            log.warning(
                "contradiction detection failed for %d unmarked memories of tenant %s",
                len(ids),
                tenant_id,
                exc_info=True,
            )

    async def detect(self, tenant_id: str, memory_ids: list[str]) -> DetectionOut:
        """Phase 1 for stored memories, raising on failure (scans, tools, tests)."""
        return await self.detector.detect(tenant_id, [normalize_id(i) for i in memory_ids])

    # -- Phase 2: review ----------------------------------------------------------------

    async def pending(
        self, tenant_id: str, entity_id: str | None = None, limit: int = 50
    ) -> list[PendingContradiction]:
        """Pending pairs of the tenant (or touching one entity), strongest first."""
        rows = await self.store.read_rows(
            _pending_list(entity_id),
            tenant_id=tenant_id,
            entity_id=entity_id,
            limit=limit,
            after_score=None,
            after_at=None,
            after_id=None,
        )
        return [_pending(r) for r in rows]

    async def pending_for_prime(self, tenant_id: str, entity_id: str) -> list[dict[str, Any]]:
        """What prime lists under pending_contradictions (JSON-ready)."""
        found = await self.pending(tenant_id, entity_id, limit=PENDING_IN_PRIME)
        return [p.model_dump(mode="json") for p in found]

    async def pending_total(self, tenant_id: str, entity_id: str) -> int:
        """How many pairs touching the entity wait for a verdict (prime counts them)."""
        rows = await self.store.read_rows(
            _pending_count(entity_id),
            tenant_id=tenant_id,
            entity_id=entity_id,
        )
        return int(rows[0]["total"]) if rows else 0

    def _wait_bound(self, asked_s: float | None) -> float:
        """How long a review waits for the running checks of its scope: what it asked,
        else the setting; never when detection is off (no check runs)."""
        if not self.settings.contradiction_detection:
            return 0.0
        return self.settings.contradiction_prepare_wait_s if asked_s is None else asked_s

    async def checks_settled(
        self, tenant_id: str, entity_id: str | None, wait_s: float | None
    ) -> ChecksWaited:
        """Wait (bounded) until no check of the scope is running; prime calls it before
        it lists the pending pairs."""
        bound = self._wait_bound(wait_s)
        return await settled(self.store, self.queue.hurry, tenant_id, entity_id, bound)

    async def prepare(self, tenant_id: str, request: PrepareIn) -> PrepareOut:
        """The scope's pending pairs, once the checks running in it have ended (bounded:
        check_wait.py); the count of waiting checks is read first, in the same
        transaction as the list."""
        with ChecksWait(self._wait_bound(request.wait_for_checks_s), self.queue.hurry) as wait:
            while (out := await self._prepare(tenant_id, request, wait)) is None:
                await wait.pause()
        out.checks_waited_ms, out.checks_wait_timed_out = wait.waited_ms, wait.timed_out
        return out

    async def _prepare(
        self, tenant_id: str, request: PrepareIn, wait: ChecksWait
    ) -> PrepareOut | None:
        params = {"tenant_id": tenant_id, "entity_id": request.entity_id}

        after = decode_pending_cursor(request.cursor) if request.cursor else None

        async def work(tx: Tx) -> PrepareOut | None:
            # Waiting checks first: a check records its pairs before it clears its
            # marker, so when none waits here, the list read next holds all their pairs.
            waiting = await tx.one("contradict/check_count", now=utcnow(), **params)
            if waiting and waiting["waiting"] and not waiting["running"]:
                # Read committed: a check ending while the count ran can be read half
                # done (its marker still there, its claim gone); a second count is whole.
                waiting = await tx.one("contradict/check_count", now=utcnow(), **params)
            if wait.more(int(waiting["running"]) if waiting else 0):
                return None  # checks of the scope are running: count again after a pause
            rows = await tx.rows(
                _pending_list(request.entity_id),
                limit=request.limit + 1,
                after_score=after[0] if after else None,
                after_at=after[1] if after else None,
                after_id=after[2] if after else None,
                **params,
            )
            count = await tx.one(_pending_count(request.entity_id), **params)
            total = int(count["total"]) if count else 0
            page = [_pending(r) for r in rows[: request.limit]]
            last = page[-1] if page and len(rows) > request.limit else None
            return PrepareOut(
                pending=page,
                total=total,
                checks_pending=int(waiting["waiting"]) if waiting else 0,
                next_cursor=encode_pending_cursor(
                    last.classifier_score, last.created_at, last.pending_id
                )
                if last
                else None,
            )

        return await self.store.read(work)

    async def commit(self, tenant_id: str, request: CommitIn) -> CommitOut:
        """Apply every verdict in one transaction, or none: any unknown id refuses the lot."""
        ids = [v.pending_id for v in request.verdicts]

        superseded: list[str] = []

        async def work(tx: Tx) -> CommitOut:
            rows = await tx.rows("contradict/pending_get", tenant_id=tenant_id, ids=ids)
            found = {r["pending_id"]: r for r in rows}
            missing = [i for i in ids if i not in found]
            if missing:
                raise NotFound(
                    f"unknown pending_id {', '.join(missing)}: it was never pending, was "
                    "already reviewed, or belongs to a forgotten memory; nothing was changed "
                    "(call contradiction-prepare for the current list)",
                    details={"field": "verdicts", "pending_ids": missing},
                )
            contradictions, revisions, dismissals = _sort_verdicts(request, found)
            superseded[:] = [r["older_id"] for r in revisions]
            now = utcnow()
            await write_edges(tx, tenant_id, contradictions, revisions, now)
            if dismissals:
                await tx.rows(
                    "contradict/dismiss", tenant_id=tenant_id, rows=dismissals, keep=KEEP_DISMISSED
                )
            await tx.rows("contradict/pending_delete", tenant_id=tenant_id, ids=ids)
            return CommitOut(
                contradictions_confirmed=len(contradictions),
                revisions_created=len(revisions),
                dismissed=len(dismissals),
            )

        out = await self.store.write(work)
        self.detector.vectors.superseded(tenant_id, superseded)
        return out

    # -- batch scan ---------------------------------------------------------------------

    async def scan(self, tenant_id: str, request: ScanIn) -> ScanOut:
        """Phase 1 over existing memories in (occurred_at, id) order, page by page.

        First the scope's memories whose check is waiting (failed, or not run yet) and
        that no worker is running now, whatever ``since`` says: their markers are
        cleared as after any check. With ``limit`` it stops after that many memories of
        the walk and hands back next_cursor.
        """
        started = time.perf_counter()
        waiting = await self.queue.sweep_tenant(tenant_id, request.entity_id)
        kind = "entity" if request.entity_id is not None else "tenant"
        since = request.since or EARLIEST
        after_at, after_id = decode_cursor(request.cursor) if request.cursor else (since, "")
        scope = {"tenant_id": tenant_id, "entity_id": request.entity_id, "kinds": KINDS}
        counted = await self.store.read_rows(f"contradict/scan_count_{kind}", since=since, **scope)
        out = ScanOut(total=int(counted[0]["total"]) if counted else 0, took_ms=0.0)
        out.add(waiting)
        out.waiting_checked, out.checked = waiting.checked, 0
        left = request.limit
        while left is None or left > 0:
            size = min(self.settings.contradiction_scan_batch, left or 10**9)
            rows = await self.store.read_rows(
                f"contradict/scan_page_{kind}",
                after_at=after_at,
                after_id=after_id,
                limit=size,
                **scope,
            )
            if rows:
                out.add(await self.detector.detect(tenant_id, [r["id"] for r in rows]))
                after_at, after_id = instant(rows[-1]["occurred_at"]), rows[-1]["id"]
            if len(rows) < size:
                out.next_cursor = None
                break
            out.next_cursor = encode_cursor(after_at, after_id)
            left = None if left is None else left - len(rows)
        out.took_ms = round((time.perf_counter() - started) * 1000, 2)
        return out


def _sort_verdicts(
    request: CommitIn, found: dict[str, dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    contradictions: list[dict[str, Any]] = []
    revisions: list[dict[str, Any]] = []
    dismissals: list[dict[str, Any]] = []
    for i, v in enumerate(request.verdicts):
        row = found[v.pending_id]
        a, b = row["memory_a"], row["memory_b"]
        if v.verdict == "contradiction":
            contradictions.append(edge_row(a["id"], b["id"], v.confidence, v.reasoning, "agent"))
        elif v.verdict == "revision":
            older, newer = by_age(a, b)
            if v.newer_memory_id is not None:
                if v.newer_memory_id not in (a["id"], b["id"]):
                    raise InvalidInput(
                        f"verdicts[{i}].newer_memory_id {v.newer_memory_id} is neither "
                        f"{a['id']} nor {b['id']}, the two memories of that pair",
                        details={"field": f"verdicts[{i}].newer_memory_id"},
                    )
                newer, older = (a, b) if v.newer_memory_id == a["id"] else (b, a)
            revisions.append(
                revision_row(newer["id"], older["id"], v.confidence, v.reasoning, "agent")
            )
        else:
            dismissals.append(
                {"memory_id_a": a["id"], "memory_id_b": b["id"], "pair_key": row["pair_key"]}
            )
    return contradictions, revisions, dismissals


def _pending(row: dict[str, Any]) -> PendingContradiction:
    data = {k: v for k, v in row["pending"].items() if v is not None}
    return PendingContradiction.model_validate(
        {**data, "memory_a": row["memory_a"], "memory_b": row["memory_b"]}
    )


# An entity's pending pairs are found from its own memories (the _entity queries):
# filtering the tenant's every pending pair cost an entity's prime and prepare the size
# of the tenant's whole review queue.
def _pending_list(entity_id: str | None) -> str:
    return "contradict/pending_list" if entity_id is None else "contradict/pending_list_entity"


def _pending_count(entity_id: str | None) -> str:
    return "contradict/pending_count" if entity_id is None else "contradict/pending_count_entity"
