"""Checks handed to the checker process (decision 0034), against the real Neo4j and
model: an API process that hands off runs no check itself, a review waits for the
handed-off checks as for running ones, and the checker (``run_checker``, what
`hebbs-graph checker` and the process `serve` starts run) raises their pair."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from hebbs_graph.models.contradict import PrepareIn
from hebbs_graph.services.beacon import BEACON_ENV, Beacon
from hebbs_graph.services.container import Services, run_checker
from hebbs_graph.services.contradict.check_claims import HANDOFF
from hebbs_graph.services.contradict.service import ContradictionService
from tests.integration.test_contradiction_checks import (
    BUDGETS,
    closing,  # noqa: F401  (a fixture)
    eventually,
    markers,
    pairs,
    writer,
)


async def test_handed_off_checks_wait_for_the_checker_and_it_raises_their_pair(
    services: Services,
    tenant: str,
    closing: list[Any],  # noqa: F811
) -> None:
    handing = services.settings.model_copy(update={"contradiction_checker": "process"})
    api = ContradictionService(services.store, handing.contradiction)
    api.start()
    closing.append(api)
    assert not api.queue.running  # no checker in a process that hands off

    memory = writer(services, api)
    old = await memory.remember(tenant, BUDGETS[0])
    new = await memory.remember(tenant, BUDGETS[1])
    assert new.contradiction_check_pending is True
    assert {m["holder"] for m in (await markers(services, tenant)).values()} == {HANDOFF}

    # Nobody runs them yet: a review waits its bound for them and says so.
    waited = await api.prepare(tenant, PrepareIn(wait_for_checks_s=0.3))
    assert (waited.total, waited.checks_pending, waited.checks_wait_timed_out) == (0, 2, True)

    stop = asyncio.Event()
    poll = services.settings.model_copy(update={"contradiction_checker_poll_s": 0.05})
    checker = asyncio.create_task(run_checker(poll, stop, wait_s=10))
    try:
        # A review made now waits for the checker's round and lists the pair.
        reviewed = await api.prepare(tenant, PrepareIn(wait_for_checks_s=20))
        assert (reviewed.total, reviewed.checks_pending) == (1, 0)
        assert not reviewed.checks_wait_timed_out
        assert await pairs(services, tenant) == {(old.id, new.id)}

        # A later write is picked up within a poll or two, while the checker runs.
        later = await memory.remember(tenant, BUDGETS[0].model_copy(update={"content": "x"}))

        async def checked() -> bool:
            return later.id not in await markers(services, tenant)

        await eventually(checked, timeout_s=10)
    finally:
        stop.set()
        await asyncio.wait_for(checker, 30)


async def test_the_checker_gives_way_to_a_batch_unless_a_review_waits(
    services: Services,
    tenant: str,
    closing: list[Any],  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the records `serve` gives its workers (services/beacon.py): while an API
    process's batch runs, the checker process leaves the handed-off checks; a review
    that waits for them ends that at once."""
    monkeypatch.setenv(BEACON_ENV, str(tmp_path))
    handing = services.settings.model_copy(update={"contradiction_checker": "process"})
    api = ContradictionService(services.store, handing.contradiction)
    closing.append(api)
    beacon = Beacon(tmp_path)
    api.queue.hurry.beacon = beacon  # as open_services wires it for a process that hands off
    memory = writer(services, api)
    await memory.remember(tenant, BUDGETS[0])
    await memory.remember(tenant, BUDGETS[1])

    beacon.writes(1)  # a batch runs in an API process, and goes on running
    stop = asyncio.Event()
    poll = services.settings.model_copy(update={"contradiction_checker_poll_s": 0.05})
    checker = asyncio.create_task(run_checker(poll, stop, wait_s=10))
    try:
        await asyncio.sleep(1.0)
        assert len(await markers(services, tenant)) == 2  # given way: not run
        reviewed = await api.prepare(tenant, PrepareIn(wait_for_checks_s=20))
        assert (reviewed.total, reviewed.checks_pending) == (1, 0)
    finally:
        beacon.writes(0)
        beacon.close()
        stop.set()
        await asyncio.wait_for(checker, 30)
