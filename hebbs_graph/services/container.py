"""Building the service layer once: store, embedder, migrations, services; and the
checker process's own, smaller set (``run_checker``)."""

from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import dataclass

from hebbs_graph.embedding import Embedder
from hebbs_graph.embedding.coalesce import CoalescedEmbedder
from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.schema import migrate
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import build_llm
from hebbs_graph.services.beacon import BEACON_ENV, Beacon, Beacons
from hebbs_graph.services.contradict.check_queue import MAX_BATCH
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.foreground import Foreground
from hebbs_graph.services.listeners import WriteListener
from hebbs_graph.services.map.semantic_map import SemanticMapService
from hebbs_graph.services.memory.backup import BackupService
from hebbs_graph.services.memory.conversation import ConversationService
from hebbs_graph.services.memory.restore import RestoreService
from hebbs_graph.services.memory.retention import TombstoneRetention
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.services.metrics import WrittenCounter
from hebbs_graph.services.recall.prime import PrimeService
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.services.reflect.lineage import LineageService
from hebbs_graph.services.reflect.service import ReflectService
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import Settings

log = logging.getLogger(__name__)


@dataclass
class Services:
    settings: Settings
    store: GraphStore
    embedder: Embedder
    memory: MemoryService
    recall: RecallService
    prime: PrimeService
    lineage: LineageService
    semantic_map: SemanticMapService
    contradict: ContradictionService
    reflect: ReflectService
    backup: BackupService
    restore: RestoreService
    conversation: ConversationService
    retention: TombstoneRetention

    async def close(self) -> None:
        await self.retention.aclose()
        await self.recall.drain()
        await self.contradict.aclose()
        if self.memory.foreground.beacon is not None:
            self.memory.foreground.beacon.close()
        close_llm = getattr(self.reflect.llm, "aclose", None)
        if close_llm is not None:
            await close_llm()
        await self.store.close()


def load_embedder(settings: Settings) -> Embedder:
    from hebbs_graph.embedding.loader import load_embedder as load

    return load(
        settings.embedding_model,
        backend=settings.embedding_backend,
        batch_size=settings.embedding_batch_size,
        device=settings.embedding_device,
        cache_dir=settings.cache_dir,
        int8=settings.embedding_quantization == "int8",
    )


async def open_services(
    settings: Settings, *, embedder: Embedder | None = None, wait_s: float = 60.0
) -> Services:
    """Connect to Neo4j (waiting up to ``wait_s`` for it), migrate, build the services."""
    llm = build_llm(settings)  # a misconfigured provider fails here, at start-up
    if embedder is None:
        embedder = await asyncio.to_thread(load_embedder, settings)
    if not isinstance(embedder, CoalescedEmbedder):
        embedder = CoalescedEmbedder(embedder)  # concurrent calls run together
    store = GraphStore(settings)
    try:
        await wait_for_graph(store, wait_s)
        await migrate(store, dimension=embedder.dimension, embedding_model=embedder.model_name)
    except BaseException:
        await store.close()
        raise
    recall = RecallService(store, embedder, settings.recall, settings.contradiction)
    # The LLM judges contradictions at write time only when enabled for ingest.
    contradiction = settings.contradiction
    # The writes running here, which the checker gives way to (in this process, or in
    # the checker process `serve` started beside it: told through a beacon).
    folder = os.environ.get(BEACON_ENV)
    handing = folder and settings.contradiction.contradiction_checker == "process"
    foreground = Foreground(Beacon(folder) if handing and folder else None)
    contradict = ContradictionService(
        store,
        contradiction,
        llm if contradiction.contradiction_llm_on_ingest else None,
        recall.sizes,
        foreground,
    )
    # Phase 1 after every remember, batch and revise, and after every stored insight: one
    # list, handed to both writers.
    listeners: list[WriteListener] = [contradict, WrittenCounter()]
    memory = MemoryService(
        store, embedder, settings.memory, listeners=listeners, foreground=foreground
    )
    contradict.start()  # this process's checker: its own writes, and the sweep
    reflect = ReflectService(store, embedder, settings.reflect, llm=llm, listeners=listeners)
    retention = TombstoneRetention(
        store,
        settings.tombstone_retention_days,
        settings.tombstone_sweep_s,
        settings.forget_batch_size,
    )
    retention.start()  # a forget's tombstones go after their retention (decision 0027)
    prime = PrimeService(
        store,
        recall,
        pending_contradictions=contradict.pending_for_prime,
        pending_total=contradict.pending_total,
        stale_insights=reflect.stale_for_prime,
        reflection_due=reflect.due_for_prime,
        checks_settled=contradict.checks_settled,
    )
    return Services(
        settings=settings,
        store=store,
        embedder=embedder,
        memory=memory,
        recall=recall,
        prime=prime,
        lineage=LineageService(store),
        semantic_map=SemanticMapService(store),
        contradict=contradict,
        reflect=reflect,
        backup=BackupService(store, embedder),
        restore=RestoreService(store, embedder, settings.memory),
        conversation=ConversationService(store, memory, settings.memory),
        retention=retention,
    )


async def wait_for_graph(store: GraphStore, wait_s: float) -> None:
    deadline = asyncio.get_running_loop().time() + wait_s
    while not await store.ping():
        if asyncio.get_running_loop().time() > deadline:
            raise GraphUnavailable(
                f"Neo4j at {store.settings.effective_neo4j_uri} did not answer within {wait_s:.0f}s"
            )
        await asyncio.sleep(0.5)


# The contradiction checks in a process of their own (decision 0034).
#
# With contradiction_checker "process" (what "auto" means under ``serve``) the API
# processes run no checker: a write marks its memories as today, claimed by
# ``check_claims.HANDOFF``, and answers. This process runs the checker an API process
# would run inline, with its sweep every contradiction_checker_poll_s instead of every
# contradiction_check_sweep_s: each sweep takes the handed-off checks and those nobody
# holds, tenant by tenant, and the claims it takes are renewed as any worker's are. It
# opens Neo4j and the contradiction service only: a check compares stored vectors and
# needs no embedding model. ``serve`` starts it at a lower OS priority beside its workers
# (``cli/checker.py``); ``hebbs-graph checker`` runs one alone, for a deployment whose
# API replicas run elsewhere.


# After a sweep that found nothing, the checker process looks again this soon: a lone
# write's pair within ~0.1 s plus its check; under load every sweep finds work, and the
# rounds stay contradiction_checker_poll_s apart.
IDLE_POLL_S = 0.1


def checker_settings(settings: Settings) -> Settings:
    """The settings the checker process runs with: it checks (never hands off), sweeps
    as often as the API processes' writes are to be picked up, and claims as many at a
    time as an API process checks together (it has no vectors of its own to spare a
    round: each reads them back, so fewer rounds, less reading)."""
    return settings.model_copy(
        update={
            "contradiction_checker": "inline",
            "contradiction_check_sweep_s": settings.contradiction_checker_poll_s,
            "contradiction_scan_batch": max(settings.contradiction_scan_batch, MAX_BATCH),
        }
    )


async def run_checker(settings: Settings, stop: asyncio.Event, *, wait_s: float = 60.0) -> None:
    """Run the checks until ``stop`` is set, then what is queued (briefly), and close."""
    own = checker_settings(settings)
    section = own.contradiction
    llm = build_llm(own) if section.contradiction_llm_on_ingest else None
    store = GraphStore(own)
    try:
        await wait_for_graph(store, wait_s)
        idle = min(IDLE_POLL_S, section.contradiction_checker_poll_s)
        folder = os.environ.get(BEACON_ENV)  # the API processes' writes to give way to
        contradict = ContradictionService(
            store,
            section,
            llm,
            ScopeSizes(store),
            Beacons(folder) if folder else None,
            idle_sweep_s=idle,
        )
        contradict.start()
        try:
            await stop.wait()
        finally:
            await contradict.aclose()
    finally:
        await store.close()
