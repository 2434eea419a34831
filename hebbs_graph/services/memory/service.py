"""remember, get, list, link, revise, forget: the write side of the memory graph."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import InvalidInput, NotFound, TooLarge
from hebbs_graph.graph.edges import CALLER_EDGE_TYPES
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id, normalize_id
from hebbs_graph.models.memory import (
    BatchOut,
    Edge,
    EdgeIn,
    ForgetIn,
    ForgetOut,
    Memory,
    MemoryIn,
    MemoryKind,
    MemoryPage,
    ReviseIn,
)
from hebbs_graph.services.cursor import decode_cursor, encode_cursor
from hebbs_graph.services.foreground import Foreground
from hebbs_graph.services.listeners import WriteListener, write_mark
from hebbs_graph.services.memory.forget import drop_empty_entities, forget_matching
from hebbs_graph.services.memory.groups import RememberGroups
from hebbs_graph.services.memory.remember import WRITE_CHUNK as WRITE_CHUNK
from hebbs_graph.services.memory.remember import Remember
from hebbs_graph.services.metrics import repeats_reinforced
from hebbs_graph.services.records import (
    check_content,
    content_key,
    dump_context,
    entity_key,
    sha256,
    to_memory,
)
from hebbs_graph.settings import MemorySettings
from hebbs_graph.timeutil import EARLIEST, LATEST, utc_param, utcnow

log = logging.getLogger(__name__)


class MemoryService:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        settings: MemorySettings,
        *,
        listeners: list[WriteListener] | None = None,
        foreground: Foreground | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        # Holds every remember, batch and revise while it runs (the checker waits for a pause).
        self.foreground = foreground or Foreground()
        self._remember = Remember(
            store, embedder, settings, listeners if listeners is not None else []
        )
        self._groups = RememberGroups(
            lambda tenant_id, items, embedded, after: self._remember(
                tenant_id, items, prefix="", early=True, embedded=embedded, after=after
            )
        )

    @property
    def listeners(self) -> list[WriteListener]:
        """Told after every remember, batch and revise (the container: contradiction checks)."""
        return self._remember.listeners

    @listeners.setter
    def listeners(self, listeners: list[WriteListener]) -> None:
        self._remember.listeners = listeners

    async def _notify(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None:
        for listener in self.listeners:
            await listener.memories_written(tenant_id, memories, revised=revised, vectors=vectors)

    # -- remember -------------------------------------------------------------------

    async def remember(self, tenant_id: str, item: MemoryIn) -> Memory:
        """Store one episode, or reinforce and return the one it repeats (remember.py);
        together with the tenant's others that arrive while one is embedding (groups.py)."""
        self._remember.check_one(item)
        with self.foreground.writing():
            memory = await self._groups.remember(tenant_id, item)
        repeats_reinforced([memory])
        return memory

    async def remember_batch(self, tenant_id: str, items: list[MemoryIn]) -> list[str]:
        """Store many memories; ids come back in input order. All or nothing."""
        return (await self.remember_many(tenant_id, items)).memory_ids

    async def remember_many(self, tenant_id: str, items: list[MemoryIn]) -> BatchOut:
        """remember_batch, saying which stored memories were reinforced instead."""
        limit = self.settings.max_batch_items
        if len(items) > limit:
            raise TooLarge(
                f"memories holds {len(items)} items; the limit is {limit} per batch",
                details={"field": "memories", "limit": limit},
            )
        with self.foreground.writing(bulk=True):
            memories = await self._remember(tenant_id, items, prefix="memories")
        repeats_reinforced(memories)
        reinforced = [m.id for m in memories if m.reinforced]
        return BatchOut(
            memory_ids=[m.id for m in memories], reinforced=list(dict.fromkeys(reinforced))
        )

    async def _existing(self, tenant_id: str, ids: list[str]) -> set[str]:
        rows = await self.store.read_rows("memory/existing_ids", tenant_id=tenant_id, ids=ids)
        return {r["id"] for r in rows}

    # -- read -----------------------------------------------------------------------

    async def get(self, tenant_id: str, memory_id: str) -> Memory:
        mid = normalize_id(memory_id)
        rows = await self.store.read_rows("memory/get", tenant_id=tenant_id, id=mid)
        if not rows:
            raise NotFound(f"no memory {mid}", details={"id": mid})
        return to_memory(rows[0]["memory"])

    async def list_memories(
        self,
        tenant_id: str,
        *,
        entity_id: str | None = None,
        kind: MemoryKind | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = 50,
    ) -> MemoryPage:
        if not 1 <= limit <= 1000:
            raise InvalidInput("limit must be between 1 and 1000", details={"field": "limit"})
        cursor_at, cursor_id = decode_cursor(cursor) if cursor else (None, None)
        since, until = utc_param(since, "since"), utc_param(until, "until")
        kinds = [kind.value] if kind else [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
        rows = await self.store.read_rows(
            "memory/list",
            tenant_id=tenant_id,
            entity_id=entity_id,
            kinds=kinds,
            since=since or EARLIEST,
            upper=cursor_at or until or LATEST,
            cursor_at=cursor_at,
            cursor_id=cursor_id,
            limit=limit + 1,
        )
        items = [to_memory(r["memory"]) for r in rows[:limit]]
        more = len(rows) > limit
        return MemoryPage(
            items=items,
            next_cursor=encode_cursor(items[-1].occurred_at, items[-1].id) if more else None,
        )

    async def edges(self, tenant_id: str, memory_id: str, limit: int = 1000) -> list[Edge]:
        memory = await self.get(tenant_id, memory_id)
        rows = await self.store.read_rows(
            "memory/edges", tenant_id=tenant_id, id=memory.id, limit=limit
        )
        return [Edge.model_validate(r) for r in rows]

    # -- link -----------------------------------------------------------------------

    async def link(self, tenant_id: str, source_id: str, edge: EdgeIn) -> Edge:
        source = normalize_id(source_id)
        if edge.edge_type not in CALLER_EDGE_TYPES:
            allowed = ", ".join(sorted(t.value for t in CALLER_EDGE_TYPES))
            raise InvalidInput(
                f"edge_type {edge.edge_type.value} is made by hebbs-graph itself; "
                f"a caller may create {allowed}",
                details={"field": "edge_type"},
            )
        if source == edge.target_id:
            raise InvalidInput(
                "a memory cannot be linked to itself", details={"field": "target_id"}
            )
        found = await self._existing(tenant_id, [source, edge.target_id])
        for mid, field in ((source, "id"), (edge.target_id, "target_id")):
            if mid not in found:
                raise NotFound(f"{field}: no memory {mid}", details={"field": field})
        rows = await self.store.write_rows(
            "memory/link",
            tenant_id=tenant_id,
            edges=[
                {
                    "source_id": source,
                    "target_id": edge.target_id,
                    "edge_type": edge.edge_type.value,
                    "confidence": edge.confidence,
                }
            ],
            now=utcnow(),
        )
        return Edge.model_validate(rows[0])

    # -- revise ---------------------------------------------------------------------

    async def revise(self, tenant_id: str, memory_id: str, change: ReviseIn) -> Memory:
        with self.foreground.writing():
            return await self._revise(tenant_id, memory_id, change)

    async def _revise(self, tenant_id: str, memory_id: str, change: ReviseIn) -> Memory:
        if change.model_dump(exclude_unset=True, exclude={"context_mode"}) == {}:
            raise InvalidInput(
                "nothing to revise: give content, importance, context or entity_id",
                details={"field": "body"},
            )
        current = await self.get(tenant_id, memory_id)
        if current.kind == MemoryKind.SNAPSHOT:
            raise InvalidInput("a revision snapshot is frozen and cannot be revised")
        content = change.content if change.content is not None else current.content
        check_content(content, self.settings)
        if change.context is None:
            context = current.context
        elif change.context_mode == "merge":
            context = {**current.context, **change.context}
        else:
            context = change.context
        context_json = dump_context(context, self.settings)
        entity_id = change.entity_id if change.entity_id is not None else current.entity_id
        changed_content = content != current.content
        embedding = (await self.embedder.embed([content]))[0] if changed_content else None
        now = utcnow()
        params = {
            "tenant_id": tenant_id,
            "id": current.id,
            "snapshot_id": new_id(),
            "content": content,
            "content_sha256": sha256(content),
            "content_key": content_key(content),
            "importance": change.importance
            if change.importance is not None
            else current.importance,
            "context_json": context_json,
            "entity_id": entity_id,
            "entity_key": entity_key(tenant_id, entity_id),
            "embedding": embedding,
            "now": now,
            "mark": write_mark(self.listeners, now),
        }
        moved = entity_id != current.entity_id

        async def work(tx: Tx) -> Memory:
            if moved:
                await tx.rows(
                    "memory/timeline_remove",
                    tenant_id=tenant_id,
                    ids=[current.id],
                    now=params["now"],
                )
            row = await tx.one("memory/revise", **params)
            if row is None:  # forgotten between our read and this write
                raise NotFound(f"no memory {current.id}", details={"id": current.id})
            if changed_content:  # pairs judged on the old content no longer apply
                await tx.rows("contradict/pending_stale", tenant_id=tenant_id, ids=[current.id])
            await tx.rows(
                "memory/prune_snapshots",
                tenant_id=tenant_id,
                id=current.id,
                keep=self.settings.max_snapshots,
            )
            if moved:
                await tx.rows(
                    "memory/timeline_insert",
                    tenant_id=tenant_id,
                    ids=[current.id],
                    now=params["now"],
                )
                if current.entity_id is not None:  # it may have been the entity's last
                    await drop_empty_entities(tx, tenant_id, [current.entity_id], now)
            await tx.rows(
                "memory/mark_insights_stale",
                tenant_id=tenant_id,
                ids=[current.id],
                reason="source revised",
                now=params["now"],
            )
            return to_memory(row["memory"])

        revised = await self.store.write(work)
        await self._notify(tenant_id, [revised], revised=True)
        return revised

    # -- forget ---------------------------------------------------------------------

    async def forget(self, tenant_id: str, criteria: ForgetIn) -> ForgetOut:
        """Hard-delete everything matching all criteria, in batches; leave tombstones."""
        return await forget_matching(self.store, self.settings, tenant_id, criteria)
