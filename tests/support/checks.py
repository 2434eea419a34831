"""Waiting for contradiction checks through the public API.

Detection runs right after a write's answer (async mode, the default), so a test that
wants the pairs a write raises waits as a client would: until prepare says no check in
scope is waiting (``checks_pending``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import PrepareOut
from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.memory.service import MemoryService
from tests.live import free_port

TIMEOUT_S = 60.0


async def checks_run(
    prepare: Callable[[], Awaitable[PrepareOut]], timeout_s: float = TIMEOUT_S
) -> PrepareOut:
    """Call ``prepare`` until no check in its scope is waiting; its last answer."""
    deadline = time.monotonic() + timeout_s
    while True:
        out = await prepare()
        if out.checks_pending == 0:
            return out
        assert time.monotonic() < deadline, f"{out.checks_pending} checks still waiting"
        await asyncio.sleep(0.05)


def checks_run_json(
    prepare: Callable[[], dict[str, Any]], timeout_s: float = TIMEOUT_S
) -> dict[str, Any]:
    """The same for a blocking caller that gets prepare's JSON (CLI, raw HTTP)."""
    deadline = time.monotonic() + timeout_s
    while True:
        out = prepare()
        if out["checks_pending"] == 0:
            return out
        assert time.monotonic() < deadline, f"{out['checks_pending']} checks still waiting"
        time.sleep(0.05)


def every_memory(http: httpx.Client) -> list[dict[str, Any]]:
    """Every memory of the client's tenant, page by page (each says whether its check
    is still waiting: contradiction_check_pending)."""
    found: list[dict[str, Any]] = []
    cursor = None
    while True:
        params = {"limit": 1000, **({"cursor": cursor} if cursor else {})}
        page = http.get("/v1/memories", params=params).json()
        found += page["items"]
        cursor = page["next_cursor"]
        if not cursor:
            return found


@asynccontextmanager
async def held_elsewhere(services: Services, tenant: str, item: MemoryIn) -> AsyncIterator[Memory]:
    """A memory whose check is claimed by a worker that cannot run it (its Neo4j is
    gone): the claim stays valid for contradiction_check_claim_s (15 s), so a review
    waiting for the running checks waits for it until its bound."""
    update = {"neo4j_uri": f"bolt://127.0.0.1:{free_port()}", "neo4j_connect_timeout_s": 1.0}
    gone = GraphStore(services.settings.model_copy(update=update))
    stuck = ContradictionService(gone, services.settings.contradiction)
    writer = MemoryService(
        services.store, services.embedder, services.settings.memory, listeners=[stuck]
    )
    try:
        memory = await writer.remember(tenant, item)
        assert memory.contradiction_check_pending is True
        yield memory
    finally:
        await gone.close()
