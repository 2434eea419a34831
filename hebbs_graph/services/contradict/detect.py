"""Phase 1 of contradiction handling: find, classify and record candidates.

For a set of memories (a write, or a page of a batch scan): one batched query per
chunk finds each memory's K nearest current neighbours in its scope (exact cosine
for small tenants, the vector index for large ones), leaving out pairs that are
already linked, pending or dismissed. The scope (settings.contradiction_scope) is by
default the memory's entity, or the tenant-wide memories for one without an entity;
"tenant" is the whole tenant. A batch write compares in numpy instead, against
the tenant's vectors kept between writes (``services/contradict/kept_vectors.py``), classifies
each neighbour pair there, and sends Neo4j only the flagged ones, which one query
checks and records. The heuristic classifier scores each pair; those at
min_confidence or above become ``:PendingContradiction`` records. With the LLM route
on, the strongest candidates (at most a fixed number per write) are judged by the LLM
instead, and its confident verdicts become edges at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any

from threadpoolctl import ThreadpoolController

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.models.memory import MemoryKind
from hebbs_graph.services.contradict.flagged import flagged_rows
from hebbs_graph.services.contradict.kept_vectors import KeptVectors
from hebbs_graph.services.contradict.nearest import nearest_pairs
from hebbs_graph.services.contradict.settle import Settler
from hebbs_graph.services.contradict.vectors import TenantVectors
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import ContradictionSettings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# Checks one chunk of a write's memories against their neighbours, recording what it finds.
Check = Callable[[list[str]], Awaitable[None]]

KINDS = [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
# Neighbours may be stale insights but never superseded memories (cypher/fragments/hidden).
NEIGHBOUR_HIDDEN = [0, 2]
# Pairs already settled one way or the other are never raised again.
LINKED_TYPES = [EdgeType.CONTRADICTS.value, EdgeType.REVISED_FROM.value]
# Measured here: one vector-index query per memory costs about as much as reading 25+
# vectors, so a write compares in numpy while it has at most 25x its size to read.
VECTORS_PER_QUERY = 25
# Reading a tenant into the cache, per vector: 108,060 listed and read in 27 s here.
READ_S_PER_VECTOR = 0.00025
KEEP_DISMISSED = 1000
MAX_TENANTS_SPENT = 10_000


_BLAS_LOCK = threading.Lock()


@functools.cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


@contextlib.contextmanager
def one_blas_thread(rows: int, below: int) -> Iterator[None]:
    """BLAS on one thread while a few rows are compared with the tenant: for a small
    product its threads cost more than they give, and on a small machine they spin
    against the embedder and Neo4j after each call (measured: the next remember's
    answer 15-20 ms slower, ~15 % fewer writes/s under load). Batches keep them. The
    limit is process-wide, so one comparison holds it at a time (each takes well under
    a millisecond), and it is always put back."""
    if rows >= below:
        yield
        return
    with _BLAS_LOCK, _blas().limit(limits=1, user_api="blas"):
        yield


class Detector:
    def __init__(
        self,
        store: GraphStore,
        settings: ContradictionSettings,
        llm: LLMClient | None = None,
        sizes: ScopeSizes | None = None,
    ):
        self.store = store
        self.settings = settings
        self.llm = llm
        # Shared with recall when the container builds both: a size 30 s old picks a path
        # as well as a fresh one (every path finds the true neighbours).
        self.sizes = sizes or ScopeSizes(store)
        self.vectors = KeptVectors(store, KINDS, settings.contradiction_vector_cache_rows)
        self.settler = Settler(store, settings, llm, self.vectors)
        # Seconds each tenant's writes have spent comparing elsewhere than in numpy (its
        # batches on the vector-index path, its small writes in Cypher): once it reaches
        # what reading the tenant into the cache would cost, the next write reads it
        # (rent until the rent paid equals the price, then buy: never more than twice
        # the cost of the better choice in hindsight, whatever writes follow).
        self.index_spent: dict[str, float] = {}

    @property
    def tenant_wide(self) -> bool:
        """Every memory of the tenant is a possible neighbour, whatever its entity."""
        return self.settings.contradiction_scope == "tenant"

    @property
    def llm_on_ingest(self) -> bool:
        return self.settler.llm_on_ingest

    async def detect(
        self, tenant_id: str, ids: list[str], *, held: Sequence[TenantVectors] = ()
    ) -> DetectionOut:
        """Run Phase 1 for ``ids`` (already stored) and record what it finds.

        ``held``: vectors the caller holds already (writes' own, just embedded: these
        memories', and those of later writes queued for their checks), so the numpy path
        need not read them back."""
        out = DetectionOut()
        step = self.settings.contradiction_chunk
        chunks = [ids[start : start + step] for start in range(0, len(ids), step)]
        check = await self._checker(tenant_id, chunks, held, out)
        for chunk in chunks:
            await check(chunk)
            out.checked += len(chunk)
        return out

    # -- finding ------------------------------------------------------------------------

    async def _checker(
        self,
        tenant_id: str,
        chunks: list[list[str]],
        held: Sequence[TenantVectors],
        out: DetectionOut,
    ) -> Check:
        """The cheapest way to this write's true neighbours.

        A write of at least contradiction_numpy_min_batch memories compares in numpy
        against the tenant's vectors (kept between writes, so only new or changed ones
        are read), when the tenant is within contradiction_exact_max, or (up to
        contradiction_numpy_max) when what is left to read costs less than one
        vector-index query per new memory, or when this tenant's batches have already
        spent on the index what reading it into the cache costs. A smaller write into a
        tenant within contradiction_exact_max compares in Cypher (cost: its size times
        the tenant's) until the tenant's small writes have spent there what reading it
        costs, then in numpy too (a stream of single writes, as the check queue runs
        them, keeps the tenant's vectors warm). Anything else goes through the vector
        index.
        """
        s = self.settings
        writing = sum(len(c) for c in chunks)
        cap = max(s.contradiction_exact_max, s.contradiction_numpy_max)
        size = await self.sizes.count(tenant_id, None, cap + 1)
        path = self.choose(tenant_id, writing, size)
        if path == "numpy":
            self.index_spent.pop(tenant_id, None)
            return await self._numpy_checker(tenant_id, chunks, held, out)
        params = {
            "tenant_id": tenant_id,
            "tenant_wide": self.tenant_wide,
            "kinds": KINDS,
            "k": s.contradiction_k,
            "min_similarity": s.contradiction_min_similarity,
            "whole": s.contradiction_whole_scope,
            "linked_types": LINKED_TYPES,
            "hidden": NEIGHBOUR_HIDDEN,
        }
        if path == "cypher_exact":

            async def exact(chunk: list[str]) -> None:
                started = time.monotonic()
                try:
                    rows = await self.store.read_rows(
                        "contradict/neighbours_exact", ids=chunk, **params
                    )
                finally:
                    self._spent(tenant_id, time.monotonic() - started)
                await self.settler.settle(tenant_id, rows, out)

            return exact
        batch = writing >= s.contradiction_numpy_min_batch
        # The index filters by tenant (and entity); a memory finds itself first.
        fetch = math.ceil((s.contradiction_k + 1) * s.vector_search_expansion)
        # Fewer hits than the whole-scope bound means the scope is that small: all of it.
        fetch = max(fetch, s.contradiction_whole_scope + 1)
        query = (
            "contradict/neighbours_ann" if self.tenant_wide else "contradict/neighbours_ann_entity"
        )

        async def by_index(chunk: list[str]) -> None:
            started = time.monotonic()
            try:
                rows = await self.store.read_rows(query, ids=chunk, fetch=fetch, **params)
            finally:
                if batch:
                    self._spent(tenant_id, time.monotonic() - started)
            await self.settler.settle(tenant_id, rows, out)

        return by_index

    def choose(self, tenant_id: str, writing: int, size: int) -> str:
        """The path for a write of ``writing`` memories into a tenant of ``size``:
        "numpy", "cypher_exact" or "vector_index" (see ``_checker``)."""
        s = self.settings
        small = size <= s.contradiction_exact_max
        to_read = max(0, size - self.vectors.held(tenant_id))
        warm_up = (
            size <= s.contradiction_vector_cache_rows
            and self.index_spent.get(tenant_id, 0.0) >= to_read * READ_S_PER_VECTOR
        )
        if writing >= s.contradiction_numpy_min_batch and (
            small or size <= s.contradiction_numpy_max
        ):
            if small or to_read <= writing * VECTORS_PER_QUERY or warm_up:
                return "numpy"
        elif small and warm_up:
            return "numpy"
        return "cypher_exact" if small else "vector_index"

    def _spent(self, tenant_id: str, seconds: float) -> None:
        self.index_spent[tenant_id] = self.index_spent.pop(tenant_id, 0.0) + seconds
        while len(self.index_spent) > MAX_TENANTS_SPENT:
            del self.index_spent[next(iter(self.index_spent))]

    async def _numpy_checker(
        self,
        tenant_id: str,
        chunks: list[list[str]],
        held: Sequence[TenantVectors],
        out: DetectionOut,
    ) -> Check:
        """Compares ``chunks`` (asked for in this order) in numpy; while Neo4j checks and
        records one chunk's pairs, the next chunk's comparisons run in a thread (they
        depend only on the vectors, not on what Neo4j holds).

        Without the LLM, a pair is classified here, in both orders when it is flagged
        (the classifier reads a pair oldest first, and only Neo4j knows which that is),
        and Neo4j keeps the open ones as pending in the same query that checks them.
        With it, every neighbour pair still open comes back to be judged."""
        s = self.settings
        vectors = await self.vectors.current(tenant_id, held)
        floor = s.contradiction_min_confidence
        score_cap = s.contradiction_heuristic_cap
        judging = self.llm_on_ingest
        tenant_wide = self.tenant_wide

        def flagged(chunk: list[str]) -> list[dict[str, Any]]:
            # In the thread: the first chunk computes the scopes (cached on the vectors),
            # ~25 ms at 100,000 memories that the event loop need not wait through.
            scopes = None if tenant_wide else vectors.scope_codes
            groups = None if tenant_wide else vectors.scope_groups
            with one_blas_thread(len(chunk), s.contradiction_numpy_min_batch):
                near = nearest_pairs(
                    vectors.ids,
                    vectors.matrix,
                    chunk,
                    k=s.contradiction_k,
                    min_similarity=s.contradiction_min_similarity,
                    whole=s.contradiction_whole_scope,
                    position=vectors.position,
                    scopes=scopes,
                    groups=groups,
                )
            if judging:  # the LLM may judge any neighbour: Neo4j checks them all
                return [{"memory_id": a, "other_id": b, "similarity": sim} for a, b, sim in near]
            text, where = vectors.content, vectors.position
            return flagged_rows(near, lambda mid: text[where[mid]], cap=score_cap, floor=floor)

        index = {chunk[0]: i for i, chunk in enumerate(chunks)}
        running: dict[int, asyncio.Future[list[dict[str, Any]]]] = {}

        def start(i: int) -> None:
            if i < len(chunks) and i not in running:
                running[i] = asyncio.ensure_future(asyncio.to_thread(flagged, chunks[i]))

        async def by_numpy(chunk: list[str]) -> None:
            i = index[chunk[0]]
            start(i)
            rows = await running.pop(i)
            start(i + 1)
            if not rows:
                return
            if judging:
                found = await self.store.read_rows(
                    "contradict/pairs_open",
                    tenant_id=tenant_id,
                    pairs=rows,
                    linked_types=LINKED_TYPES,
                    tenant_wide=self.tenant_wide,
                    with_times=True,
                )
                await self.settler.settle(tenant_id, found, out)
                return
            recorded = await self.store.write_rows(
                "contradict/pending_record_open",
                tenant_id=tenant_id,
                rows=rows,
                linked_types=LINKED_TYPES,
                tenant_wide=self.tenant_wide,
                min_confidence=floor,
                now=utcnow(),
            )
            created = int(recorded[0]["created"]) if recorded else 0
            out.candidates += created
            out.pending_created += created

        return by_numpy
