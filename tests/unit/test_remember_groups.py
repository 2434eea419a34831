"""How single remembers are grouped (services/memory/groups.py), with a scripted write in
place of Neo4j: who goes with whom, when a group starts, who gets which answer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from hebbs_graph.errors import GraphUnavailable, NotFound
from hebbs_graph.models.memory import Memory, MemoryIn, MemoryKind
from hebbs_graph.services.memory.groups import RememberGroups
from hebbs_graph.timeutil import utcnow


def stored(item: MemoryIn) -> Memory:
    now = utcnow()
    return Memory(
        id=f"id-{item.content}",
        kind=MemoryKind.EPISODE,
        content=item.content,
        content_sha256="-",
        entity_id=item.entity_id,
        importance=item.importance,
        occurred_at=now,
        created_at=now,
        updated_at=now,
        last_accessed_at=now,
    )


class Writes:
    """Records each call's contents; a call embeds until ``embedding`` is set, then
    writes until ``writing`` is set (both open unless a test closes them)."""

    def __init__(self, fail_on: str | None = None, error: Exception | None = None) -> None:
        self.calls: list[list[str]] = []
        self.embedding, self.writing = asyncio.Event(), asyncio.Event()
        self.embedding.set()
        self.writing.set()
        self.fail_on, self.error = fail_on, error
        self.embeds = self.writes = self.most_embeds = self.most_writes = 0

    async def __call__(
        self,
        tenant_id: str,
        items: list[MemoryIn],
        embedded: Callable[[], None],
        after: Awaitable[object],
    ) -> list[Memory]:
        self.calls.append([i.content for i in items])
        self.embeds += 1
        self.most_embeds = max(self.most_embeds, self.embeds)

        async def embed() -> None:
            await self.embedding.wait()
            await asyncio.sleep(0.003)

        vectors = asyncio.ensure_future(embed())  # as Remember: embedding meanwhile
        await after  # before the lookups
        await vectors
        self.embeds -= 1
        embedded()
        self.writes += 1
        self.most_writes = max(self.most_writes, self.writes)
        try:
            await self.writing.wait()
            await asyncio.sleep(0.01)
            if self.error is not None and any(i.content == self.fail_on for i in items):
                raise self.error
            return [stored(i) for i in items]
        finally:
            self.writes -= 1


def remember(groups: RememberGroups, content: str, tenant: str = "t") -> asyncio.Future[Memory]:
    return asyncio.ensure_future(groups.remember(tenant, MemoryIn(content=content)))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def until(condition: Callable[[], bool]) -> None:
    """Until ``condition`` holds (a busy machine stretches the scripted delays)."""
    async with asyncio.timeout(5):
        while not condition():  # noqa: ASYNC110 (a polled condition, not an event)
            await asyncio.sleep(0.001)


async def test_a_lone_remember_is_written_at_once_and_alone() -> None:
    writes = Writes()
    memory = await RememberGroups(writes).remember("t", MemoryIn(content="a"))
    assert memory.id == "id-a"
    assert writes.calls == [["a"]]


async def test_the_next_group_embeds_while_this_one_writes() -> None:
    writes = Writes()
    writes.embedding.clear()
    writes.writing.clear()
    groups = RememberGroups(writes)
    a = remember(groups, "a")
    await settle()
    rest = [remember(groups, c) for c in "bcd"]
    other = remember(groups, "x", tenant="u")  # another tenant waits for no one here
    await settle()
    assert writes.calls == [["a"], ["x"]]  # b, c, d wait while a embeds
    writes.embedding.set()
    await until(lambda: len(writes.calls) == 3)
    assert writes.calls == [["a"], ["x"], ["b", "c", "d"]]  # a writes, b-d embed
    last = remember(groups, "e")
    await until(lambda: writes.writes == 3)  # a, x and b-d write; e waits for a to end
    await asyncio.sleep(0.02)
    assert len(writes.calls) == 3
    writes.writing.set()
    answers = await asyncio.gather(a, *rest, other, last)
    assert [m.id for m in answers] == ["id-a", "id-b", "id-c", "id-d", "id-x", "id-e"]
    assert writes.calls == [["a"], ["x"], ["b", "c", "d"], ["e"]]


async def test_one_group_embeds_and_at_most_two_write_at_once() -> None:
    writes = Writes()
    groups = RememberGroups(writes)
    arrivals = []
    for n in range(40):
        arrivals.append(remember(groups, str(n)))
        await asyncio.sleep(0.001)
    assert [m.content for m in await asyncio.gather(*arrivals)] == [str(n) for n in range(40)]
    assert (writes.most_embeds, writes.most_writes) == (1, 2)
    assert 3 < len(writes.calls) < 40


@pytest.mark.parametrize(("second", "writing_at_once"), [("fact A", 1), ("fact B", 2)])
async def test_a_text_the_group_before_may_store_is_looked_up_after_its_write(
    second: str, writing_at_once: int
) -> None:
    writes = Writes()
    writes.writing.clear()
    groups = RememberGroups(writes)
    first = asyncio.ensure_future(groups.remember("t", MemoryIn(content="fact A")))
    await until(lambda: writes.writes == 1)  # embedded, and writing until the gate opens
    again = asyncio.ensure_future(groups.remember("t", MemoryIn(content=second)))
    await until(lambda: len(writes.calls) == 2 and writes.writes == writing_at_once)
    await asyncio.sleep(0.03)  # (time enough for the repeat to write, were it not waiting)
    # the same text waits for the first's write before its lookup; another does not
    assert writes.writes == writing_at_once
    writes.writing.set()
    await asyncio.gather(first, again)
    assert writes.calls == [["fact A"], [second]]


async def test_a_group_holds_at_most_the_limit() -> None:
    writes = Writes()
    writes.embedding.clear()
    groups = RememberGroups(writes, limit=2)
    first = remember(groups, "a")
    await settle()
    rest = [remember(groups, c) for c in "bcdef"]
    writes.embedding.set()
    answers = await asyncio.gather(first, *rest)
    assert [m.content for m in answers] == list("abcdef")
    assert writes.calls == [["a"], ["b", "c"], ["d", "e"], ["f"]]


async def gathered(writes: Writes, contents: str) -> list[Memory | BaseException]:
    """The first content alone, the rest as one group, arriving while the first embeds."""
    writes.embedding.clear()
    groups = RememberGroups(writes)
    first = remember(groups, contents[0])
    await settle()
    arrivals = [first] + [remember(groups, c) for c in contents[1:]]
    writes.embedding.set()
    return await asyncio.gather(*arrivals, return_exceptions=True)


async def test_a_member_at_fault_gets_the_error_and_the_others_their_memory() -> None:
    writes = Writes(fail_on="c", error=NotFound("edges[0].target_id: no memory x"))
    answers = await gathered(writes, "abcd")
    assert isinstance(answers[2], NotFound)
    assert [a.id for a in answers if isinstance(a, Memory)] == ["id-a", "id-b", "id-d"]
    assert writes.calls == [["a"], ["b", "c", "d"], ["b"], ["c"], ["d"]]


async def test_any_other_failure_is_every_members_answer() -> None:
    writes = Writes(fail_on="c", error=GraphUnavailable("Neo4j is not reachable"))
    answers = await gathered(writes, "abcd")
    assert isinstance(answers[0], Memory)
    assert all(isinstance(a, GraphUnavailable) for a in answers[1:])
    # not repeated one by one against a dead store
    assert writes.calls == [["a"], ["b", "c", "d"]]


async def test_a_caller_going_away_leaves_the_group_written() -> None:
    writes = Writes()
    writes.embedding.clear()
    groups = RememberGroups(writes)
    first = remember(groups, "a")
    await settle()
    gone, stays = remember(groups, "b"), remember(groups, "c")
    await settle()
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    writes.embedding.set()
    assert [(await first).id, (await stays).id] == ["id-a", "id-c"]
    assert writes.calls == [["a"], ["b", "c"]]
    # nothing of the tenant is left behind: the next remember starts at once, alone
    assert (await groups.remember("t", MemoryIn(content="d"))).id == "id-d"
    assert writes.calls[-1] == ["d"]
    assert not groups._tenants


async def test_a_group_never_holds_one_text_twice() -> None:
    """The second of two equal texts waits for the next group (which looks it up after
    this one's write), so it is answered as the repeat it is, not stored again."""
    writes = Writes()
    writes.embedding.clear()
    groups = RememberGroups(writes)
    first = remember(groups, "a")
    await settle()
    rest = [remember(groups, c) for c in ("b", "c", "b", "d", "b")]
    await settle()
    writes.embedding.set()
    await asyncio.gather(first, *rest)
    assert writes.calls == [["a"], ["b", "c", "d"], ["b"], ["b"]]


async def test_a_text_stored_as_a_copy_keeps_its_repeat_for_the_next_group() -> None:
    """A member that stores its text whatever is there (on_duplicate store) still stores
    it: a member repeating it waits for the next group, which finds that copy."""
    writes = Writes()
    writes.embedding.clear()
    groups = RememberGroups(writes)
    first = remember(groups, "a")
    await settle()
    copy = asyncio.ensure_future(groups.remember("t", MemoryIn(content="b", on_duplicate="store")))
    again = remember(groups, "b")
    await settle()
    writes.embedding.set()
    await asyncio.gather(first, copy, again)
    assert writes.calls == [["a"], ["b"], ["b"]]
