"""Round trips of every write/read operation: remember, batch, get, list, link, revise, forget."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import EdgeIn, ForgetIn, MemoryKind, ReviseIn
from hebbs_graph.services.memory.service import MemoryService
from tests.integration.conftest import Kit
from tests.support.memory_kit import sha, snapshots

CONTEXT = {
    "zeta": 1,
    "alpha": [1, 2.5, [3, {"k": "ü", "j": None}], -7e-12],
    "pi": 3.141592653589793,
    "tiny": 1e-300,
    "big": 12345678901234567,
    "text": '🧠 mémoire 記憶 \u200b\n\t"quoted"',
    "nested": {"b": {"c": [True, False, {}]}, "a": []},
}


# -- remember / get -------------------------------------------------------------------


async def test_remember_round_trips_every_field(kit: Kit) -> None:
    when = kit.at(-30)
    stored = await kit.add(
        "Ünïcode 🧠 the customer asked for a refund",
        importance=0.7,
        context=CONTEXT,
        entity_id="alice",
        tags=["billing", "ünï"],
        occurred_at=when,
    )
    got = await kit.services.memory.get(kit.tenant, stored.id)
    assert stored.contradiction_check_pending is True  # the answer came before its check
    assert got == stored.model_copy(update={"contradiction_check_pending": False})
    assert json.dumps(got.context) == json.dumps(CONTEXT)  # values, types and key order
    assert list(got.context["nested"]) == ["b", "a"]
    assert (got.content, got.entity_id, got.tags) == (stored.content, "alice", ["billing", "ünï"])
    assert got.occurred_at == when
    assert got.created_at > when
    assert got.kind == MemoryKind.EPISODE
    assert (got.importance, got.version, got.access_count) == (0.7, 1, 0)
    assert got.content_sha256 == sha(got.content)
    assert len(got.id) == 32
    assert set(got.id) <= set("0123456789abcdef")


async def test_remember_defaults(kit: Kit) -> None:
    before = datetime.now(UTC)
    got = await kit.add("plain")
    assert before <= got.occurred_at <= datetime.now(UTC)
    assert (got.importance, got.context, got.tags, got.entity_id) == (0.5, {}, [], None)


async def test_remember_with_edges_links_and_unknown_target_stores_nothing(kit: Kit) -> None:
    cause = await kit.add("the deploy broke the build")
    effect = await kit.add(
        "the release slipped", edges=[EdgeIn(target_id=cause.id, edge_type="CAUSED_BY")]
    )
    edges = await kit.services.memory.edges(kit.tenant, effect.id)
    assert [(e.source_id, e.target_id, e.edge_type) for e in edges] == [
        (effect.id, cause.id, EdgeType.CAUSED_BY)
    ]
    missing = "0" * 32
    with pytest.raises(NotFound):
        await kit.add("orphan", edges=[EdgeIn(target_id=missing, edge_type="RELATED_TO")])
    with pytest.raises(InvalidInput):
        await kit.add("bad", edges=[EdgeIn(target_id=cause.id, edge_type="FOLLOWED_BY")])
    assert {m.content for m in await kit.all()} == {cause.content, effect.content}


# -- batch and timelines -----------------------------------------------------------------


async def test_batch_returns_ids_in_input_order(kit: Kit) -> None:
    items = [{"content": f"batch item {i}", "importance": i / 10} for i in range(10)]
    ids = await kit.batch(items)
    assert len(set(ids)) == 10
    for i, mid in enumerate(ids):
        got = await kit.services.memory.get(kit.tenant, mid)
        assert (got.content, got.importance) == (f"batch item {i}", i / 10)


async def test_batch_builds_timeline_in_time_order_and_imports_land_between(kit: Kit) -> None:
    days = [5, 1, 9, 3, 7]
    ids = await kit.batch(
        [{"content": f"day {d}", "entity_id": "bob", "occurred_at": kit.at(d)} for d in days]
    )
    by_day = dict(zip(days, ids, strict=True))
    await kit.add("unrelated", entity_id="carol", occurred_at=kit.at(4))
    await kit.add("no entity", occurred_at=kit.at(4))
    await kit.assert_timeline([by_day[d] for d in sorted(by_day)])

    imported = await kit.batch(
        [{"content": f"day {d}", "entity_id": "bob", "occurred_at": kit.at(d)} for d in (6, 2)]
    )
    by_day |= dict(zip((6, 2), imported, strict=True))
    by_day[0] = (await kit.add("day 0", entity_id="bob", occurred_at=kit.at(0))).id
    by_day[4] = (await kit.add("day 4", entity_id="bob", occurred_at=kit.at(4))).id
    await kit.assert_timeline([by_day[d] for d in sorted(by_day)])


async def test_batch_with_equal_times_orders_by_id(kit: Kit) -> None:
    ids = await kit.batch(
        [{"content": f"same {i}", "entity_id": "dan", "occurred_at": kit.at(1)} for i in range(4)]
    )
    await kit.assert_timeline(sorted(ids))


# -- list -----------------------------------------------------------------------------


async def test_list_cursor_pagination_covers_everything_once(kit: Kit) -> None:
    items = [
        {"content": f"m{i}", "entity_id": "erin" if i % 2 else None, "occurred_at": kit.at(i // 3)}
        for i in range(23)
    ]
    ids = await kit.batch(items)
    pages, cursor = [], None
    while True:
        page = await kit.services.memory.list_memories(kit.tenant, cursor=cursor, limit=5)
        pages.append(page.items)
        cursor = page.next_cursor
        if cursor is None:
            break
    assert [len(p) for p in pages] == [5, 5, 5, 5, 3]
    listed = [m for p in pages for m in p]
    assert sorted(m.id for m in listed) == sorted(ids)
    keys = [(m.occurred_at, m.id) for m in listed]
    assert keys == sorted(keys, reverse=True)

    erin = await kit.all(entity_id="erin")
    assert {m.id for m in erin} == {ids[i] for i in range(23) if i % 2}
    window = await kit.all(since=kit.at(2), until=kit.at(5))
    assert {m.content for m in window} == {f"m{i}" for i in range(6, 15)}
    assert await kit.all(kind=MemoryKind.INSIGHT) == []
    await kit.make_insight(ids[0], [ids[1]])
    assert [m.id for m in await kit.all(kind=MemoryKind.INSIGHT)] == [ids[0]]
    assert len(await kit.all(kind=MemoryKind.EPISODE)) == 22
    with pytest.raises(InvalidInput):
        await kit.services.memory.list_memories(kit.tenant, cursor="not-a-cursor")


# -- link -----------------------------------------------------------------------------


async def test_link_caller_edge_types(kit: Kit) -> None:
    a, b = await kit.add("cause a"), await kit.add("effect b")
    caused = await kit.services.memory.link(
        kit.tenant, b.id, EdgeIn(target_id=a.id, edge_type="CAUSED_BY", confidence=0.4)
    )
    assert (caused.source_id, caused.target_id, caused.confidence) == (b.id, a.id, 0.4)
    await kit.services.memory.link(kit.tenant, a.id, EdgeIn(target_id=b.id, edge_type="RELATED_TO"))
    # linking again updates, never duplicates
    await kit.services.memory.link(
        kit.tenant, b.id, EdgeIn(target_id=a.id, edge_type="CAUSED_BY", confidence=0.9)
    )
    seen = {
        (e.source_id, e.target_id, e.edge_type, e.confidence)
        for e in await kit.services.memory.edges(kit.tenant, a.id)
    }
    assert seen == {(b.id, a.id, "CAUSED_BY", 0.9), (a.id, b.id, "RELATED_TO", 1.0)}
    assert len(await kit.services.memory.edges(kit.tenant, b.id)) == 2


@pytest.mark.parametrize(
    "edge_type", ["FOLLOWED_BY", "REVISED_FROM", "CONTRADICTS", "INSIGHT_FROM"]
)
async def test_link_refuses_system_edge_types(kit: Kit, edge_type: str) -> None:
    a, b = await kit.add("one"), await kit.add("two")
    with pytest.raises(InvalidInput):
        await kit.services.memory.link(
            kit.tenant, a.id, EdgeIn(target_id=b.id, edge_type=edge_type)
        )
    assert await kit.services.memory.edges(kit.tenant, a.id) == []


async def test_link_unknown_ids_and_self_are_refused(kit: Kit) -> None:
    a = await kit.add("alone")
    missing = "0" * 32
    link = kit.services.memory.link
    with pytest.raises(NotFound):
        await link(kit.tenant, a.id, EdgeIn(target_id=missing, edge_type="RELATED_TO"))
    with pytest.raises(NotFound):
        await link(kit.tenant, missing, EdgeIn(target_id=a.id, edge_type="RELATED_TO"))
    with pytest.raises(InvalidInput):
        await link(kit.tenant, a.id, EdgeIn(target_id=a.id, edge_type="RELATED_TO"))
    assert await kit.services.memory.edges(kit.tenant, a.id) == []


# -- revise ---------------------------------------------------------------------------


async def test_revise_snapshots_old_state_and_keeps_id(kit: Kit) -> None:
    old = await kit.add("the budget is 10k", importance=0.3, context={"q": 1}, tags=["fin"])
    new = await kit.services.memory.revise(
        kit.tenant, old.id, ReviseIn(content="the budget is 12k", importance=0.6)
    )
    assert (new.id, new.version, new.content, new.importance) == (
        old.id,
        2,
        "the budget is 12k",
        0.6,
    )
    assert new.content_sha256 == sha(new.content)
    assert new.updated_at > old.updated_at
    (snap,) = await snapshots(kit, old.id)
    assert snap.id != old.id
    assert (snap.kind, snap.content, snap.importance, snap.version) == (
        "snapshot",
        old.content,
        0.3,
        1,
    )
    assert (snap.context, snap.tags, snap.occurred_at) == (old.context, old.tags, old.occurred_at)
    assert [m.id for m in await kit.all()] == [old.id]  # snapshots are not listed
    with pytest.raises(InvalidInput):
        await kit.services.memory.revise(kit.tenant, snap.id, ReviseIn(importance=0.1))
    with pytest.raises(InvalidInput):
        await kit.services.memory.revise(kit.tenant, old.id, ReviseIn())
    with pytest.raises(NotFound):
        await kit.services.memory.revise(kit.tenant, "0" * 32, ReviseIn(importance=0.1))


async def _embedding(kit: Kit, memory_id: str) -> list[float]:
    rows = await kit.raw("MATCH (m:Memory {id: $id}) RETURN m.embedding AS e", id=memory_id)
    embedding: list[float] = rows[0]["e"]
    return embedding


async def test_revise_reembeds_only_when_content_changes(kit: Kit) -> None:
    m = await kit.add("the office cat is called Whiskers")
    await kit.add("quarterly revenue grew by four percent")
    first = await _embedding(kit, m.id)
    await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(importance=0.9))
    assert await _embedding(kit, m.id) == first
    content = "quarterly revenue grew by nine percent in Europe"
    await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(content=content))
    assert await _embedding(kit, m.id) != first
    out = await kit.recall(cue=content, strategies=[{"strategy": "similarity"}], reinforce=False)
    assert out.results[0].memory.id == m.id
    assert out.results[0].breakdown.relevance == pytest.approx(1.0, abs=1e-5)


async def test_revise_context_merge_and_replace(kit: Kit) -> None:
    m = await kit.add("ctx", context={"a": 1, "b": {"x": 1}})
    merged = await kit.services.memory.revise(kit.tenant, m.id, ReviseIn(context={"b": 2, "c": 3}))
    assert json.dumps(merged.context) == json.dumps({"a": 1, "b": 2, "c": 3})
    replaced = await kit.services.memory.revise(
        kit.tenant, m.id, ReviseIn(context={"z": [1]}, context_mode="replace")
    )
    assert replaced.context == {"z": [1]}
    assert (await kit.services.memory.get(kit.tenant, m.id)).context == {"z": [1]}


async def test_revise_entity_change_moves_between_timelines(kit: Kit) -> None:
    a = [(await kit.add(f"a{d}", entity_id="ann", occurred_at=kit.at(d))).id for d in (1, 2, 3)]
    b = [(await kit.add(f"b{d}", entity_id="ben", occurred_at=kit.at(d))).id for d in (0, 5)]
    moved = await kit.services.memory.revise(kit.tenant, a[1], ReviseIn(entity_id="ben"))
    assert moved.entity_id == "ben"
    await kit.assert_timeline([a[0], a[2]])
    await kit.assert_timeline([b[0], a[1], b[1]])
    assert {m.id for m in await kit.all(entity_id="ben")} == {b[0], a[1], b[1]}


async def test_revise_keeps_at_most_maxsnapshots(kit: Kit) -> None:
    settings = kit.services.settings.model_copy(update={"max_snapshots": 2})
    service = MemoryService(kit.services.store, kit.services.embedder, settings.memory)
    m = await kit.add("v", importance=0.1)
    for i in range(2, 6):
        await service.revise(kit.tenant, m.id, ReviseIn(importance=i / 10))
    assert sorted(s.version for s in await snapshots(kit, m.id)) == [3, 4]


async def test_revise_and_forget_make_insights_stale(kit: Kit) -> None:
    src, other, insight = [(await kit.add(c)).id for c in ("src", "other", "insight")]
    await kit.make_insight(insight, [src, other])
    await kit.services.memory.revise(kit.tenant, src, ReviseIn(content="src, corrected"))
    got = await kit.services.memory.get(kit.tenant, insight)
    assert (got.stale, got.stale_reason) == (True, "source revised")
    await kit.raw("MATCH (m:Memory {id: $id}) SET m.stale = false", id=insight)
    out = await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[other]))
    assert out.stale_insights == 1
    got = await kit.services.memory.get(kit.tenant, insight)
    assert (got.stale, got.stale_reason) == (True, "source forgotten")


# -- forget ---------------------------------------------------------------------------
