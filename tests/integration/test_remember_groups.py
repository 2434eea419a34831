"""Single remembers of one tenant that arrive together are written together (one
embedding call, one transaction), each caller still getting its own answer."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import EdgeIn, Memory, MemoryIn
from hebbs_graph.services.container import Services
from tests.integration.conftest import Kit


@pytest.fixture
def stores(services: Services) -> Iterator[list[int]]:
    """How many memories each memory/store statement wrote, while the test runs."""
    sizes: list[int] = []
    before = services.store.on_query

    def heard(name: str, seconds: float, rows: int) -> None:
        if name == "memory/store":
            sizes.append(rows)

    services.store.on_query = heard
    try:
        yield sizes
    finally:
        services.store.on_query = before


async def remember_all(kit: Kit, items: list[MemoryIn]) -> list[Memory | BaseException]:
    answers = await asyncio.gather(
        *(kit.services.memory.remember(kit.tenant, item) for item in items),
        return_exceptions=True,
    )
    assert await kit.services.contradict.drain()
    return answers


async def test_remembers_arriving_together_share_one_write(kit: Kit, stores: list[int]) -> None:
    texts = [f"Step {n} of the migration is done" for n in range(12)]
    answers = await remember_all(kit, [MemoryIn(content=t, entity_id="ops") for t in texts])
    memories = [a for a in answers if isinstance(a, Memory)]
    assert [m.content for m in memories] == texts
    assert len({m.id for m in memories}) == 12
    assert all(not m.reinforced and m.entity_id == "ops" for m in memories)
    # the first alone, at once; the eleven that came while it embedded in one statement
    assert stores == [1, 1]  # (memory/store answers one row, the list of its memories)
    # stored as given: listed, found by similarity, and in the timeline in arrival order
    assert sorted(m.id for m in await kit.all()) == sorted(m.id for m in memories)
    await kit.assert_timeline([m.id for m in memories])
    found = await kit.recall(cue="Step 7 of the migration is done", top_k=1)
    assert found.results[0].memory.id == memories[7].id


async def test_a_member_at_fault_alone_gets_the_error(kit: Kit) -> None:
    target = await kit.add("The release plan was agreed", entity_id="ops")
    items = [
        MemoryIn(content="The release is on Friday", entity_id="ops"),
        MemoryIn(
            content="The release moved to Monday",
            entity_id="ops",
            edges=[EdgeIn(target_id="01J00000000000000000000000", edge_type=EdgeType.RELATED_TO)],
        ),
        MemoryIn(
            content="QA signed off the release",
            entity_id="ops",
            edges=[EdgeIn(target_id=target.id, edge_type=EdgeType.CAUSED_BY)],
        ),
        MemoryIn(content="x" * (kit.services.settings.max_content_bytes + 1), entity_id="ops"),
    ]
    answers = await remember_all(kit, items)
    assert isinstance(answers[1], NotFound)
    assert "edges[0].target_id" in str(answers[1])
    assert isinstance(answers[3], InvalidInput)
    assert answers[3].details["field"] == "content"  # named as for a remember alone
    kept = [a for a in (answers[0], answers[2]) if isinstance(a, Memory)]
    assert [m.content for m in kept] == [items[0].content, items[2].content]
    listed = {m.content for m in await kit.all()}
    assert listed == {target.content, items[0].content, items[2].content}
    edges = await kit.services.memory.edges(kit.tenant, kept[1].id)
    assert any(e.edge_type == "CAUSED_BY" and e.target_id == target.id for e in edges)


async def test_the_same_text_arriving_together_is_one_memory(kit: Kit) -> None:
    items = [MemoryIn(content="The on-call phone is with Dana", entity_id="ops")] * 5
    answers = await remember_all(kit, items)
    assert len({a.id for a in answers if isinstance(a, Memory)}) == 1
    assert len(await kit.all()) == 1
    # Each caller is answered as if it had come alone: one stored it, four repeated it.
    assert [a.reinforced for a in answers if isinstance(a, Memory)].count(False) == 1
    stored = await kit.services.memory.get(kit.tenant, answers[0].id)  # type: ignore[union-attr]
    assert stored.access_count == 4
