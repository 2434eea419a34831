"""Remembering a duplicate reinforces the stored memory instead of storing a copy."""

from __future__ import annotations

from typing import Any

import pytest

from hebbs_graph.errors import Conflict
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import EdgeIn, MemoryIn, ReviseIn
from tests.integration.conftest import Kit


async def test_a_duplicate_reinforces_and_returns_the_stored_memory(kit: Kit) -> None:
    first = await kit.add("Acme's renewal budget is $5,000", entity_id="acme")
    assert first.reinforced is False
    assert first.access_count == 0
    again = await kit.add("  Acme's renewal   budget is\n$5,000 ", entity_id="acme", importance=0.9)
    assert again.reinforced is True
    assert again.id == first.id
    assert again.access_count == 1
    assert again.last_accessed_at > first.last_accessed_at
    assert again.importance == first.importance  # the duplicate's fields are not applied
    assert again.contradiction_check_pending is False  # no check queued for it
    third = await kit.add("Acme's renewal budget is $5,000", entity_id="acme")
    assert (third.id, third.access_count) == (first.id, 2)
    assert [m.id for m in await kit.all()] == [first.id]


async def test_store_keeps_a_second_copy(kit: Kit) -> None:
    first = await kit.add("the standup moved to 9:30", entity_id="team")
    second = await kit.add("the standup moved to 9:30", entity_id="team", on_duplicate="store")
    assert second.reinforced is False
    assert second.id != first.id
    assert len(await kit.all()) == 2
    # A later plain remember reinforces the oldest copy.
    again = await kit.add("the standup moved to 9:30", entity_id="team")
    assert (again.id, again.reinforced) == (first.id, True)


async def test_duplicates_are_scoped_to_the_entity(kit: Kit) -> None:
    a = await kit.add("the budget is $9,000", entity_id="acme")
    b = await kit.add("the budget is $9,000", entity_id="initech")
    c = await kit.add("the budget is $9,000")
    d = await kit.add("the budget is $9,000")
    assert len({a.id, b.id, c.id}) == 3
    assert not (a.reinforced)
    assert not (b.reinforced)
    assert not (c.reinforced)
    assert (d.id, d.reinforced) == (c.id, True)
    assert len(await kit.all()) == 3


async def test_a_superseded_memory_is_not_a_duplicate_target(kit: Kit) -> None:
    old = await kit.add("the office wifi password is alpha", entity_id="net")
    new = await kit.add("the office wifi password is bravo", entity_id="net")
    await kit.raw(
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id "
        "SET m.superseded_by = $new, m.superseded_at = datetime(), m.hidden = 1",
        id=old.id,
        new=new.id,
    )
    again = await kit.add("the office wifi password is alpha", entity_id="net")
    assert again.reinforced is False
    assert again.id not in (old.id, new.id)


async def test_a_revised_memory_is_found_by_its_new_content(kit: Kit) -> None:
    m = await kit.add("lunch is at noon", entity_id="office")
    await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(content="lunch is at one"))
    assert (await kit.add("lunch is at one", entity_id="office")).id == m.id
    assert (await kit.add("lunch is at noon", entity_id="office")).reinforced is False


async def test_a_batch_stores_one_of_each_and_answers_in_input_order(kit: Kit) -> None:
    stored = await kit.add("Globex pays net 30", entity_id="globex")
    memory = kit.services.memory
    out = await memory.remember_many(
        kit.tenant,
        [
            MemoryIn(content="Globex prefers email", entity_id="globex"),
            MemoryIn(content="Globex pays  net 30", entity_id="globex"),
            MemoryIn(content="Globex prefers email ", entity_id="globex"),
            MemoryIn(content="Globex prefers email", entity_id="hooli"),
            MemoryIn(content="Globex pays net 30", entity_id="globex"),
            MemoryIn(content="Globex prefers email", entity_id="globex", on_duplicate="store"),
        ],
    )
    assert await kit.services.contradict.drain()
    ids = out.memory_ids
    assert len(ids) == 6
    assert ids[1] == ids[4] == stored.id
    assert ids[2] == ids[0]
    assert ids[0] != stored.id
    assert len({ids[0], ids[3], ids[5], stored.id}) == 4
    assert out.reinforced == [stored.id]
    assert len(await kit.all()) == 4
    assert (await memory.get(kit.tenant, stored.id)).access_count == 1  # once per call
    await kit.assert_timeline([stored.id, ids[0], ids[5]])


async def test_a_batch_of_only_duplicates_stores_nothing(kit: Kit) -> None:
    first = await kit.add("the VPN needs a hardware key", entity_id="it")
    ids = await kit.batch(
        [{"content": "the VPN needs a hardware key", "entity_id": "it"}] * 3,
    )
    assert ids == [first.id] * 3
    assert [m.id for m in await kit.all()] == [first.id]


async def test_a_duplicates_edges_are_added_to_the_stored_memory(kit: Kit) -> None:
    cause = await kit.add("the supplier raised prices", entity_id="acme")
    first = await kit.add("Acme cut its order", entity_id="acme")
    again = await kit.add(
        "Acme cut its order",
        entity_id="acme",
        edges=[EdgeIn(target_id=cause.id, edge_type=EdgeType.CAUSED_BY)],
    )
    assert again.id == first.id
    edges = await kit.services.memory.edges(kit.tenant, first.id)
    assert any(e.edge_type == EdgeType.CAUSED_BY and e.target_id == cause.id for e in edges)


async def test_a_value_said_again_is_the_current_one(kit: Kit) -> None:
    """ "… Renault", "… McLaren", then "… Renault" again: the repeat reinforces the first
    copy and restates it, so recall takes it as the latest value, before any verdict."""
    team = "The Formula 1 team Ana Ruiz drives for is Renault."
    first = await kit.add(team, entity_id="ana", occurred_at=kit.at(0))
    other = await kit.add(
        "The Formula 1 team Ana Ruiz drives for is McLaren.",
        entity_id="ana",
        occurred_at=kit.at(30),
    )
    again = await kit.add(team, entity_id="ana", occurred_at=kit.at(60))
    assert (again.id, again.reinforced) == (first.id, True)
    assert again.restated_at == kit.at(60)
    assert again.occurred_at == first.occurred_at  # when it first happened stays
    earlier = await kit.add(team, entity_id="ana", occurred_at=kit.at(45))
    assert earlier.restated_at == kit.at(60)  # never moved back
    out = await kit.recall(
        cue="Which team does Ana Ruiz drive for?", entity_id="ana", reinforce=False
    )
    assert [r.memory.id for r in out.results] == [first.id, other.id]
    assert out.results[1].may_be_superseded_by == [first.id]


async def test_a_batch_that_repeats_an_item_restates_the_one_it_stores(kit: Kit) -> None:
    ids = await kit.batch(
        [
            {"content": "Ana drives for Renault.", "entity_id": "ana", "occurred_at": kit.at(0)},
            {"content": "Ana drives for McLaren.", "entity_id": "ana", "occurred_at": kit.at(30)},
            {"content": "Ana drives for Renault.", "entity_id": "ana", "occurred_at": kit.at(60)},
        ]
    )
    assert ids[0] == ids[2]
    stored = await kit.services.memory.get(kit.tenant, ids[0])
    assert stored.restated_at == kit.at(60)


async def test_a_repeat_revised_while_it_was_remembered_writes_nothing(
    kit: Kit, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repeat's memory is superseded between the duplicate lookup and the write: the
    chunk (one statement, memory/store) stores nothing and reinforces nothing,
    and says which memory it was."""
    old = await kit.add("the office wifi password is alpha", entity_id="net")
    remember = kit.services.memory._remember
    lookup = remember._duplicates

    async def then_superseded(*args: Any, **kwargs: Any) -> Any:
        found = await lookup(*args, **kwargs)
        await kit.raw(
            "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id "
            "SET m.superseded_by = 'elsewhere', m.superseded_at = datetime(), m.hidden = 1",
            id=old.id,
        )
        return found

    monkeypatch.setattr(remember, "_duplicates", then_superseded)
    items = [
        MemoryIn(content="the office wifi password is alpha", entity_id="net"),
        MemoryIn(content="the printer is on the third floor", entity_id="net"),
    ]
    with pytest.raises(Conflict, match="revised or forgotten") as raised:
        await kit.services.memory.remember_batch(kit.tenant, items)
    assert raised.value.details == {"ids": [old.id]}
    assert [m.id for m in await kit.all()] == [old.id]
    stored = await kit.services.memory.get(kit.tenant, old.id)
    assert stored.access_count == 0
