"""Single remembers of one tenant that arrive while others are being written go together.

A remember's cost is mostly fixed per call: one embedding call and one write transaction,
whose commit refreshes the fulltext and vector indexes (~5 ms each here, decision 0022)
however many memories it holds. Sixteen agents of one tenant remembering at once each
paid all of it: ~60 remembers/s, p50 ~260 ms on the 2-core development machine. So the
single remembers of a tenant are written as a pipeline of groups, as a batch is written
chunk by chunk (decision 0023):

- a group is what arrived while the group before it was embedding (up to
  ``GROUP_LIMIT``); its texts embed in one call, and it is written in one transaction,
  one contradiction check queued per memory as before;
- the next group forms once this one's vectors are ready and the group before it has
  ended, so one group embeds while another writes;
- a group that repeats a text of the group before it (same entity, same content key)
  looks up its duplicates once that group has written (its texts embed meanwhile), so
  it reinforces what that group stored; otherwise the two may write at once; and a
  group never holds one text twice (the second waits for the next group), so every
  remember of a text already said is answered as a reinforcement;
- a remember that finds nothing of its tenant embedding starts at once: a lone agent
  waits for no one.

A group is written all or nothing, like a batch. Each caller still gets its own answer:
input that is wrong by itself is refused before the remember joins a group, and if a
group fails for a reason one of its memories may have caused (a missing edge target, a
memory to reinforce revised meanwhile), each memory of it is written again alone, so
only the one at fault gets the error. Any other failure (Neo4j unavailable) is every
member's answer at once. A caller that goes away does not take its group's write with it.

Neo4j bookmarks (decision 0030): a group's write waits for the bookmarks every member's
request sent and its bookmark goes into each member's answer, as if each had written
alone (a member sending a bookmark Neo4j has not reached holds up its group with it).

What a caller can see: two remembers of the same text in the same entity are one memory
when they pass through one process (the later one reinforcing the earlier: 200 and
access_count + 1 each time), where two racing remembers could both store it before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from hebbs_graph.errors import Conflict, InvalidInput, NotFound
from hebbs_graph.graph import bookmarks
from hebbs_graph.graph.bookmarks import RequestBookmarks
from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.services.records import content_key

log = logging.getLogger(__name__)

# Memories one group holds at most (one write transaction, one embedding call).
GROUP_LIMIT = 64

# Failures one member may have caused: the group's members are then written one by one.
MEMBER_FAULTS = (InvalidInput, NotFound, Conflict)

# Stores a tenant's items all or nothing, answering in input order: awaits ``after``
# (the write of the group before) before it looks up duplicates, and calls ``embedded``
# once their vectors are ready (its own write begins).
Write = Callable[
    [str, list[MemoryIn], Callable[[], None], Awaitable[object]], Awaitable[list[Memory]]
]


@dataclass
class _Waiting:
    item: MemoryIn
    answer: asyncio.Future[Memory]
    sent: frozenset[str] = frozenset()  # the bookmarks the caller's request sent
    made: RequestBookmarks | None = None  # its group's, once the group has started


@dataclass
class _Tenant:
    waiting: list[_Waiting] = field(default_factory=list)
    groups: int = 0  # groups started and not ended
    embedding: bool = False  # one of them is still embedding
    last: asyncio.Task[None] | None = None  # the group started last
    last_keys: set[tuple[str | None, str]] = field(default_factory=set)  # what it may store


class RememberGroups:
    """``remember(tenant, item)``: at once when nothing of the tenant is embedding, else
    with the others that arrive meanwhile."""

    def __init__(self, write: Write, limit: int = GROUP_LIMIT) -> None:
        self._write = write
        self._limit = limit
        self._tenants: dict[str, _Tenant] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def remember(self, tenant_id: str, item: MemoryIn) -> Memory:
        answer: asyncio.Future[Memory] = asyncio.get_running_loop().create_future()
        # Read even when its caller is gone (a dropped request): never reported unread.
        answer.add_done_callback(lambda f: f.cancelled() or f.exception())
        tenant = self._tenants.setdefault(tenant_id, _Tenant())
        request = bookmarks.current()
        waiting = _Waiting(item, answer, request.values() if request else frozenset())
        tenant.waiting.append(waiting)
        self._next(tenant_id, tenant)
        try:
            # A caller that goes away does not take the group's write with it.
            return await asyncio.shield(answer)
        finally:
            if request is not None and waiting.made is not None:
                request.absorb(waiting.made)

    def _next(self, tenant_id: str, tenant: _Tenant) -> None:
        """Start the next group if it may: none embedding, and at most one other group
        running (writing). Called on each arrival and as each group embeds or ends."""
        if not tenant.waiting:
            if not tenant.groups and self._tenants.get(tenant_id) is tenant:
                del self._tenants[tenant_id]
            return
        if tenant.embedding or tenant.groups > 1:
            return
        # A text one member of the group already holds waits for the next group, which
        # looks it up after this one has written: it then reinforces what this one
        # stored (200, access_count + 1), as if it had arrived alone, instead of sharing
        # the stored answer (201, the same id twice) as a batch's repeated item does.
        group: list[_Waiting] = []
        keys: set[tuple[str | None, str]] = set()
        later: list[_Waiting] = []
        for w in tenant.waiting:
            key = (w.item.entity_id, content_key(w.item.content))
            repeats = w.item.on_duplicate == "reinforce" and key in keys
            if len(group) == self._limit or repeats:
                later.append(w)
                continue
            group.append(w)
            keys.add(key)  # stored by this group, whichever way it said duplicates go
        tenant.waiting = later
        # Of the groups before, only the one started last can still be running.
        before = tenant.last if keys & tenant.last_keys else None
        tenant.groups += 1
        tenant.embedding = True
        task = asyncio.ensure_future(self._run(tenant_id, tenant, group, before))
        tenant.last, tenant.last_keys = task, keys
        self._tasks.add(task)  # held until done: the loop keeps only weak references
        task.add_done_callback(self._tasks.discard)

    async def _run(
        self,
        tenant_id: str,
        tenant: _Tenant,
        group: list[_Waiting],
        before: asyncio.Task[None] | None,
    ) -> None:
        embedding = True

        def embedded() -> None:
            nonlocal embedding
            if embedding:
                embedding = tenant.embedding = False
                self._next(tenant_id, tenant)

        try:
            with bookmarks.collecting(set[str]().union(*(w.sent for w in group))) as made:
                for member in group:
                    member.made = made
                await self._answer(tenant_id, group, embedded, _ended(before))
        finally:
            for member in group:  # cancelled half-way (the loop shutting down): none hang
                member.answer.cancel()
            tenant.groups -= 1
            if embedding:
                tenant.embedding = False
            self._next(tenant_id, tenant)

    async def _answer(
        self,
        tenant_id: str,
        group: list[_Waiting],
        embedded: Callable[[], None],
        after: Awaitable[None],
    ) -> None:
        try:
            memories = await self._write(tenant_id, [w.item for w in group], embedded, after)
        except MEMBER_FAULTS as exc:
            if len(group) == 1:
                _answer(group[0], error=exc)
                return
            embedded()
            log.debug("a group of %d failed (%s); writing each alone", len(group), exc)
            for member in group:
                try:
                    (memory,) = await self._write(tenant_id, [member.item], _nothing, _ended(None))
                except Exception as alone:
                    _answer(member, error=alone)
                else:
                    _answer(member, memory=memory)
        except Exception as exc:
            for member in group:
                _answer(member, error=exc)
        else:
            for member, memory in zip(group, memories, strict=True):
                _answer(member, memory=memory)


def _nothing() -> None:
    return None


def _ended(task: asyncio.Task[None] | None) -> asyncio.Future[None]:
    """Done once ``task`` has ended, whatever its outcome (its own members hear of it).
    A future, not a coroutine: a write that fails before awaiting it leaves nothing
    unawaited, and one cancelled while awaiting it leaves the group before it running."""
    ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    if task is None or task.done():
        ended.set_result(None)
    else:

        def end(_: object) -> None:
            if not ended.done():
                ended.set_result(None)

        task.add_done_callback(end)
    return ended


def _answer(
    member: _Waiting, *, memory: Memory | None = None, error: Exception | None = None
) -> None:
    if member.answer.done():
        return
    if error is not None:
        member.answer.set_exception(error)
    elif memory is not None:
        member.answer.set_result(memory)
