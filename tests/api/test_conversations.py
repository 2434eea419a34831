"""POST /v1/conversations against the live API, real Neo4j and the real model: one episode
per turn, FOLLOWED_BY along them, appends to a session, re-sends stored once; the client
method, and the MCP tool in-process, on /mcp and through the API."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hebbs_graph.client import HebbsClient
from hebbs_graph.errors import Conflict, InvalidInput
from hebbs_graph.mcp import TOOLS
from hebbs_graph.mcp.remote import ApiServices
from hebbs_graph.models.conversation import ConversationOut
from hebbs_graph.services.container import Services
from tests.api.test_mcp_http import call, mcp_client
from tests.live import LiveApi

START = datetime(2025, 5, 8, 13, 56, tzinfo=UTC)
SPEAKERS = ("Caroline", "Melanie")


def turns(n: int, first: int = 0) -> list[dict[str, Any]]:
    return [
        {"speaker": SPEAKERS[i % 2], "content": f"turn {i}: the pottery class on day {i}"}
        for i in range(first, first + n)
    ]


@pytest.fixture
async def client(live_api: LiveApi, api_key: str) -> AsyncIterator[HebbsClient]:
    async with HebbsClient(live_api.url, api_key=api_key) as opened:
        yield opened


async def episodes(services: Services, tenant: str, entity: str) -> list[dict[str, Any]]:
    return await services.store.run_raw(
        "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.entity_id = $e "
        "RETURN m.id AS id, m.content AS content, m.context_json AS context, "
        "m.occurred_at AS occurred_at ORDER BY m.occurred_at, m.id",
        t=tenant,
        e=entity,
    )


async def followed_by(services: Services, tenant: str, entity: str) -> list[tuple[str, str]]:
    rows = await services.store.run_raw(
        "MATCH (a:Memory)-[:FOLLOWED_BY]->(b:Memory) "
        "WHERE a.tenant_id = $t AND a.entity_id = $e RETURN a.id AS a, b.id AS b",
        t=tenant,
        e=entity,
    )
    return sorted((r["a"], r["b"]) for r in rows)


def chain(ids: list[str]) -> list[tuple[str, str]]:
    return sorted(itertools.pairwise(ids))


async def test_fifty_turns_then_an_append_then_resends(
    client: HebbsClient, services: Services, tenant: str
) -> None:
    first = await client.conversation("caroline", turns(50), started_at=START)

    assert isinstance(first, ConversationOut)
    assert (first.stored, first.skipped, first.turns, first.first_turn) == (50, 0, 50, 0)
    assert len(first.memory_ids) == 50
    stored = await episodes(services, tenant, "caroline")
    assert [r["id"] for r in stored] == first.memory_ids
    assert stored[0]["content"] == "Caroline: turn 0: the pottery class on day 0"
    assert stored[1]["content"].startswith("Melanie: turn 1")
    assert stored[49]["occurred_at"] == START + timedelta(seconds=49)
    memory = await client.get(first.memory_ids[7])
    assert memory.context == {"session_id": first.session_id, "turn": 7, "speaker": "Melanie"}
    assert await followed_by(services, tenant, "caroline") == chain(first.memory_ids)
    assert len(chain(first.memory_ids)) == 49

    # The same session again: the turns continue, the old last turn leads to the new first.
    more = await client.conversation(
        "caroline", turns(5, first=50), session_id=first.session_id, started_at=START
    )
    assert (more.stored, more.skipped, more.turns, more.first_turn) == (5, 0, 55, 50)
    assert (await client.get(more.memory_ids[0])).context["turn"] == 50
    all_ids = first.memory_ids + more.memory_ids
    assert await followed_by(services, tenant, "caroline") == chain(all_ids)

    # Sent again as it was (a retry): nothing new.
    again = await client.conversation(
        "caroline", turns(5, first=50), session_id=first.session_id, started_at=START
    )
    assert (again.stored, again.skipped, again.turns, again.memory_ids) == (0, 5, 55, [])
    # The whole history so far plus two new turns: only the two are stored.
    history = await client.conversation(
        "caroline", turns(57), session_id=first.session_id, started_at=START
    )
    assert (history.stored, history.skipped, history.turns, history.first_turn) == (2, 55, 57, 55)
    all_ids += history.memory_ids
    # Old turns sent again with their times are known by them, wherever they are.
    timed = [
        {**m, "occurred_at": (START + timedelta(seconds=i)).isoformat()}
        for i, m in enumerate(turns(13))
    ][10:]
    old = await client.conversation("caroline", timed, session_id=first.session_id)
    assert (old.stored, old.skipped, old.turns) == (0, 3, 57)
    assert [r["id"] for r in await episodes(services, tenant, "caroline")] == all_ids
    assert await followed_by(services, tenant, "caroline") == chain(all_ids)


async def test_message_ids_roles_and_a_new_session(
    client: HebbsClient, services: Services, tenant: str
) -> None:
    messages = [
        {"role": "user", "content": "Can we move the demo?", "message_id": "m1"},
        {"role": "assistant", "content": "Yes, to Friday.", "message_id": "m2"},
    ]
    before = datetime.now(UTC)
    out = await client.conversation("globex", messages)
    assert len(out.session_id) == 32  # generated
    assert out.stored == 2
    first = await client.get(out.memory_ids[0])
    assert first.content == "user: Can we move the demo?"
    assert first.context == {
        "session_id": out.session_id,
        "turn": 0,
        "role": "user",
        "message_id": "m1",
    }
    assert first.occurred_at >= before - timedelta(seconds=1)
    # A message_id the session holds is skipped wherever it comes in the request.
    later = [{"role": "user", "content": "Thanks", "message_id": "m3"}, messages[1]]
    out2 = await client.conversation("globex", later, session_id=out.session_id)
    assert (out2.stored, out2.skipped, out2.first_turn) == (1, 1, 2)
    assert (await client.get(out2.memory_ids[0])).content == "user: Thanks"
    assert len(await episodes(services, tenant, "globex")) == 3
    # Another session of the same entity starts its own turn count.
    other = await client.conversation("globex", messages, session_id="call-2")
    assert (other.stored, other.first_turn) == (2, 0)


async def test_a_turn_before_the_session_is_refused_and_changes_nothing(
    client: HebbsClient, services: Services, tenant: str
) -> None:
    out = await client.conversation("initech", turns(3), started_at=START)
    before = await episodes(services, tenant, "initech")
    earlier = [{"speaker": "Ana", "content": "late", "occurred_at": START.isoformat()}]
    with pytest.raises(Conflict) as refused:
        await client.conversation("initech", earlier, session_id=out.session_id)
    assert "messages[0].occurred_at" in refused.value.message
    backwards = [
        {"speaker": "Ana", "content": "b", "occurred_at": (START + timedelta(hours=2)).isoformat()},
        {"speaker": "Ana", "content": "a", "occurred_at": (START + timedelta(hours=1)).isoformat()},
    ]
    with pytest.raises(InvalidInput) as bad:
        await client.conversation("initech", backwards, session_id=out.session_id)
    assert "messages[1].occurred_at" in bad.value.message
    with pytest.raises(InvalidInput) as neither:
        await client.conversation("initech", [{"content": "who said this?"}])
    assert "speaker or role" in neither.value.message
    assert await episodes(services, tenant, "initech") == before


async def test_the_mcp_tool_in_process_on_mcp_and_through_the_api(
    live_api: LiveApi, api_key: str, services: Services, tenant: str
) -> None:
    arguments = {"entity_id": "acme", "session_id": "s1", "messages": turns(3)}
    local = await TOOLS.call(services, tenant, "remember_conversation", arguments)
    assert not local.is_error, local.content
    assert local.structured_content is not None
    assert local.structured_content["stored"] == 3

    async with mcp_client(live_api, api_key) as mcp:
        listed = {t.name: t for t in (await mcp.list_tools()).tools}
        described = listed["remember_conversation"].description or ""
        on_mcp = await call(mcp, "remember_conversation", {**arguments, "messages": turns(4)})
    assert "session_id" in described
    assert "use remember" in described
    assert (on_mcp["stored"], on_mcp["skipped"], on_mcp["first_turn"]) == (1, 3, 3)

    remote = ApiServices(HebbsClient(live_api.url, api_key=api_key))
    try:
        via_api = await TOOLS.call(
            remote, "ignored", "remember_conversation", {**arguments, "messages": turns(5)}
        )
    finally:
        await remote.close()
    assert not via_api.is_error, via_api.content
    assert via_api.structured_content is not None
    assert via_api.structured_content["stored"] == 1
    assert via_api.structured_content["turns"] == 5
    assert len(await episodes(services, tenant, "acme")) == 5
