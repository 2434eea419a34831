"""Building the service layer once: store, embedder, migrations, services."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.schema import migrate
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import build_llm
from hebbs_graph.services.contradict import ContradictionService
from hebbs_graph.services.lineage import LineageService
from hebbs_graph.services.memory import MemoryService
from hebbs_graph.services.prime import PrimeService
from hebbs_graph.services.recall import RecallService
from hebbs_graph.services.reflect import ReflectService
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
    contradict: ContradictionService
    reflect: ReflectService

    async def close(self) -> None:
        await self.recall.drain()
        await self.contradict.aclose()
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
    )


async def open_services(
    settings: Settings, *, embedder: Embedder | None = None, wait_s: float = 60.0
) -> Services:
    """Connect to Neo4j (waiting up to ``wait_s`` for it), migrate, build the services."""
    llm = build_llm(settings)  # a misconfigured provider fails here, at start-up
    if embedder is None:
        embedder = await asyncio.to_thread(load_embedder, settings)
    store = GraphStore(settings)
    try:
        await _wait_for_graph(store, wait_s)
        await migrate(store, dimension=embedder.dimension, embedding_model=embedder.model_name)
    except BaseException:
        await store.close()
        raise
    recall = RecallService(store, embedder, settings)
    memory = MemoryService(store, embedder, settings)
    # The LLM judges contradictions at write time only when enabled for ingest.
    contradict = ContradictionService(
        store, settings, llm if settings.contradiction_llm_on_ingest else None, recall.sizes
    )
    memory.listeners.append(contradict)  # Phase 1 after every remember, batch and revise
    contradict.start()  # this process's checker: its own writes, and the sweep
    reflect = ReflectService(store, embedder, settings, llm=llm, listeners=memory.listeners)
    prime = PrimeService(store, recall)
    prime.pending_contradictions = contradict.pending_for_prime
    prime.stale_insights = reflect.stale_for_prime
    prime.reflection_due = reflect.due_for_prime
    return Services(
        settings=settings,
        store=store,
        embedder=embedder,
        memory=memory,
        recall=recall,
        prime=prime,
        lineage=LineageService(store),
        contradict=contradict,
        reflect=reflect,
    )


async def _wait_for_graph(store: GraphStore, wait_s: float) -> None:
    deadline = asyncio.get_running_loop().time() + wait_s
    while not await store.ping():
        if asyncio.get_running_loop().time() > deadline:
            raise GraphUnavailable(
                f"Neo4j at {store.settings.effective_neo4j_uri} did not answer within {wait_s:.0f}s"
            )
        await asyncio.sleep(0.5)
