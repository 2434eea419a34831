"""A review right after writes sees their pairs: contradictions/prepare and prime wait,
bounded, for the contradiction checks running in their scope
(services/contradict/check_wait.py), through REST, MCP and both Python clients.

The checker is held back deterministically where a test needs it: a write of this
process that has not ended (the checker gives way to writes, up to 30 s, unless a review
waits), or a check claimed by a worker whose Neo4j is gone (its claim stays valid, and
nobody runs it).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractContextManager
from typing import Any

import pytest

from hebbs_graph.client import HebbsClient, HebbsSyncClient, InvalidInput
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from tests.api.conftest import Api
from tests.api.test_mcp_http import mcp_client
from tests.live import LiveApi
from tests.support.checks import held_elsewhere
from tests.support.contradiction_kit import JAN, MAR
from tests.support.themes import PRICING, SECURITY

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

PREPARE = "/v1/contradictions/prepare"
# Generous: on a loaded 2-core machine a check of a batch can take seconds.
WAIT = {"wait_for_checks_s": 30}
OLD = {"content": "Acme's budget is $5,000", "entity_id": "acme", "occurred_at": JAN.isoformat()}
NEW = {"content": "Acme's budget is $2,000", "entity_id": "acme", "occurred_at": MAR.isoformat()}
FILLER = [
    {"content": f"Ticket {i} was triaged by the support rota", "entity_id": "acme"}
    for i in range(18)
]


async def post(api: Api, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    r = await api.call("POST", path, json=body)
    assert r.status_code == status, r.text
    answer: dict[str, Any] = r.json()
    return answer


def pairs(prepared: dict[str, Any]) -> set[tuple[str, str]]:
    return {(p["memory_id_a"], p["memory_id_b"]) for p in prepared["pending"]}


def settled(answer: dict[str, Any]) -> None:
    """The answer waited until no check in scope was running, within its bound."""
    assert answer["checks_wait_timed_out"] is False
    assert 0 <= answer["checks_waited_ms"] < 30_000


@pytest.fixture
def writes_running(services: Services) -> AbstractContextManager[None]:
    """A write of this process that has not ended: the checker gives way to it (up to
    contradiction_check_max_wait_s, 30 s), so only a waiting review runs the checks."""
    assert services.settings.contradiction_check_max_wait_s >= 30
    return services.memory.foreground.writing()


# -- REST ------------------------------------------------------------------------------


async def test_prepare_right_after_a_batch_lists_its_pairs(
    api: Api, writes_running: AbstractContextManager[None]
) -> None:
    with writes_running:
        made = await post(api, "/v1/memories/batch", {"memories": [OLD, *FILLER, NEW]}, 201)
        old, new = made["memory_ids"][0], made["memory_ids"][-1]
        prepared = await post(api, PREPARE, WAIT)
    assert pairs(prepared) == {(old, new)}
    assert (prepared["total"], prepared["checks_pending"]) == (1, 0)
    settled(prepared)
    assert prepared["checks_waited_ms"] > 0  # the checks were held back: it did wait


async def test_prepare_with_the_default_wait_after_a_batch(api: Api) -> None:
    made = await post(api, "/v1/memories/batch", {"memories": [OLD, NEW]}, 201)
    prepared = await post(api, PREPARE, {})
    assert pairs(prepared) == {tuple(made["memory_ids"])}
    assert prepared["checks_pending"] == 0
    settled(prepared)


async def test_prepare_right_after_single_remembers_lists_their_pairs(
    api: Api, writes_running: AbstractContextManager[None]
) -> None:
    with writes_running:
        old = await post(api, "/v1/memories", OLD, 201)
        for item in FILLER[:5]:
            await post(api, "/v1/memories", item, 201)
        new = await post(api, "/v1/memories", NEW, 201)
        assert new["contradiction_check_pending"] is True
        prepared = await post(api, PREPARE, {"entity_id": "acme", **WAIT})
    assert pairs(prepared) == {(old["id"], new["id"])}
    assert prepared["checks_pending"] == 0
    settled(prepared)


async def test_prepare_right_after_concurrent_remembers_lists_their_pairs(
    api: Api, writes_running: AbstractContextManager[None]
) -> None:
    """Single remembers that arrive together are written in groups (groups.py)."""
    with writes_running:
        made = await asyncio.gather(
            *(post(api, "/v1/memories", item, 201) for item in [OLD, *FILLER[:8], NEW])
        )
        prepared = await post(api, PREPARE, WAIT)
    assert pairs(prepared) == {(made[0]["id"], made[-1]["id"])}
    assert prepared["checks_pending"] == 0
    settled(prepared)


async def test_without_the_wait_prepare_answers_at_once(
    api: Api, services: Services, writes_running: AbstractContextManager[None]
) -> None:
    """wait_for_checks_s 0: the answer of before, with the checks still to run."""
    with writes_running:
        made = await post(api, "/v1/memories/batch", {"memories": [OLD, NEW]}, 201)
        at_once = await post(api, PREPARE, {"wait_for_checks_s": 0})
        assert (at_once["total"], at_once["checks_pending"]) == (0, 2)
        assert (at_once["checks_waited_ms"], at_once["checks_wait_timed_out"]) == (0, False)
    assert await services.contradict.drain(60)
    later = await post(api, PREPARE, {"wait_for_checks_s": 0})
    assert pairs(later) == {tuple(made["memory_ids"])}


async def test_prime_lists_the_pairs_of_writes_just_made(
    api: Api, writes_running: AbstractContextManager[None]
) -> None:
    with writes_running:
        made = await post(api, "/v1/memories/batch", {"memories": [OLD, NEW]}, 201)
        primed = await post(api, "/v1/prime", {"entity_id": "acme", **WAIT})
        compact = await post(api, "/v1/prime", {"entity_id": "acme", "view": "compact"})
    assert [(p["memory_id_a"], p["memory_id_b"]) for p in primed["pending_contradictions"]] == [
        tuple(made["memory_ids"])
    ]
    assert primed["pending_total"] == 1
    settled(primed)
    assert compact["pending_contradictions"]["count"] == 1
    assert "checks_wait_timed_out" not in compact  # compact says it only when true


async def test_reflect_prepare_includes_the_episodes_written_just_before(api: Api) -> None:
    """Episodes are committed before a remember answers (single remembers in groups,
    groups.py; a batch in chunks), so a reflect/prepare right after lists them all."""
    texts = PRICING[:6] + SECURITY[:6]
    singles = await asyncio.gather(
        *(post(api, "/v1/memories", {"content": t, "entity_id": "acme"}, 201) for t in texts)
    )
    written = {m["id"] for m in singles}
    prepared = await post(api, "/v1/reflect/prepare", {"entity_id": "acme"})
    assert prepared["memories_processed"] == len(texts)
    clustered = {mid for c in prepared["clusters"] for mid in c["memory_ids"]}
    assert clustered
    assert clustered <= written
    batch = [{"content": t, "entity_id": "acme"} for t in PRICING[6:] + SECURITY[6:]]
    made = await post(api, "/v1/memories/batch", {"memories": batch}, 201)
    again = await post(api, "/v1/reflect/prepare", {"entity_id": "acme"})
    assert again["memories_processed"] == len(texts) + len(made["memory_ids"])
    clustered = {mid for c in again["clusters"] for mid in c["memory_ids"]}
    assert clustered - written, "the batch's episodes are in the clusters"


@pytest.fixture
async def held(services: Services, tenant: str) -> AsyncIterator[str]:
    """A memory of entity acme whose check nobody runs, under a valid claim."""
    async with held_elsewhere(services, tenant, MemoryIn(**OLD)) as memory:
        yield memory.id


async def test_the_bound_ends_the_wait_and_says_so(api: Api, held: str) -> None:
    bounded = await post(api, PREPARE, {"wait_for_checks_s": 0.3})
    assert bounded["checks_wait_timed_out"] is True
    assert bounded["checks_waited_ms"] >= 300
    assert bounded["checks_pending"] == 1
    at_once = await post(api, PREPARE, {"wait_for_checks_s": 0})
    assert (at_once["checks_waited_ms"], at_once["checks_wait_timed_out"]) == (0, False)
    assert at_once["checks_pending"] == 1
    elsewhere = await post(api, PREPARE, {"entity_id": "globex", "wait_for_checks_s": 0.3})
    assert (elsewhere["checks_waited_ms"], elsewhere["checks_wait_timed_out"]) == (0, False)
    primed = await post(api, "/v1/prime", {"entity_id": "acme", "wait_for_checks_s": 0.3})
    assert primed["checks_wait_timed_out"] is True
    assert primed["checks_waited_ms"] >= 300
    compact = await post(
        api, "/v1/prime", {"entity_id": "acme", "wait_for_checks_s": 0.2, "view": "compact"}
    )
    assert compact["checks_wait_timed_out"] is True


async def test_a_failed_check_waiting_for_its_retry_is_not_waited_for(
    api: Api, services: Services, held: str, tenant: str
) -> None:
    """A failed check lets its claim go until its retry: counted, not waited for."""
    await services.store.run_raw(
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $t "
        "SET m.check_failures = 1, m.check_claimed_by = null",
        id=held,
        t=tenant,
    )
    prepared = await post(api, PREPARE, {"wait_for_checks_s": 5})
    assert prepared["checks_pending"] == 1
    assert (prepared["checks_waited_ms"], prepared["checks_wait_timed_out"]) == (0, False)


# -- MCP and the clients, against the live API --------------------------------------------


async def test_mcp_review_right_after_remembers(live_api: LiveApi, api_key: str) -> None:
    async with mcp_client(live_api, api_key) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(name, arguments)
            assert not result.is_error, result.content
            data: dict[str, Any] = result.structured_content
            return data

        old = await call("remember", OLD)
        new = await call("remember", NEW)
        prepared = await call("contradiction_prepare", {"entity_id": "acme", **WAIT})
        assert pairs(prepared) == {(old["id"], new["id"])}
        assert prepared["checks_pending"] == 0
        settled(prepared)
        primed = await call("prime", {"entity_id": "acme", **WAIT})
        assert primed["pending_contradictions"]["count"] == 1
        for bad in (-1, 31, "soon"):
            refused = await client.call_tool("contradiction_prepare", {"wait_for_checks_s": bad})
            assert refused.is_error
            assert "wait_for_checks_s" in str(refused.content)
        refused = await client.call_tool("prime", {"entity_id": "acme", "wait_for_checks_s": 31})
        assert refused.is_error
        assert "wait_for_checks_s" in str(refused.content)


async def test_client_review_right_after_a_batch(live_api: LiveApi, api_key: str) -> None:
    async with HebbsClient(live_api.url, api_key=api_key) as client:
        old, *_, new = await client.remember_batch([OLD, *FILLER, NEW])
        prepared = await client.contradiction_prepare(entity_id="acme", wait_for_checks_s=30)
        assert {(p.memory_id_a, p.memory_id_b) for p in prepared.pending} == {(old, new)}
        assert (prepared.checks_pending, prepared.checks_wait_timed_out) == (0, False)
        primed = await client.prime("acme", wait_for_checks_s=30)
        assert primed.pending_total == 1
        assert primed.checks_wait_timed_out is False
        with pytest.raises(InvalidInput, match="wait_for_checks_s"):
            await client.contradiction_prepare(wait_for_checks_s=31)
        with pytest.raises(InvalidInput, match="wait_for_checks_s"):
            await client.prime("acme", wait_for_checks_s=-1)


def test_sync_client_review_right_after_single_remembers(live_api: LiveApi, api_key: str) -> None:
    with HebbsSyncClient(live_api.url, api_key=api_key) as client:
        old = client.remember(OLD["content"], entity_id="acme", occurred_at=JAN)
        new = client.remember(NEW["content"], entity_id="acme", occurred_at=MAR)
        prepared = client.contradiction_prepare(wait_for_checks_s=30)
        assert {(p.memory_id_a, p.memory_id_b) for p in prepared.pending} == {(old.id, new.id)}
        assert (prepared.checks_pending, prepared.checks_wait_timed_out) == (0, False)
        at_once = client.contradiction_prepare(wait_for_checks_s=0)
        assert (at_once.checks_waited_ms, at_once.checks_wait_timed_out) == (0, False)
        with pytest.raises(InvalidInput, match="wait_for_checks_s"):
            client.contradiction_prepare(wait_for_checks_s=30.5)
