"""remember, get, list, link, revise, forget: the write side of the memory graph."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import InvalidInput, NotFound, TooLarge
from hebbs_graph.graph.edges import CALLER_EDGE_TYPES
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id, normalize_id
from hebbs_graph.models.memory import (
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
from hebbs_graph.services.forget import delete_memories, drop_empty_entities, forget_matching
from hebbs_graph.services.records import (
    check_content,
    dump_context,
    entity_key,
    sha256,
    tenant_key,
    to_memory,
)
from hebbs_graph.settings import Settings
from hebbs_graph.timeutil import EARLIEST, LATEST, utc_param, utcnow

log = logging.getLogger(__name__)

# Rows written per transaction in a batch; the next chunk embeds while this one writes.
WRITE_CHUNK = 250


class WriteListener(Protocol):
    """Told after memories were stored or revised (committed), e.g. contradiction detection.

    ``mark(now)``: properties the write sets on each memory it stores or revises, in its
    own transaction (work the listener still owes it, so a crash cannot lose it), or {}.
    ``vectors``: the new memories' embeddings by id, when the writer has them at hand."""

    def mark(self, now: datetime) -> dict[str, Any]: ...

    async def memories_written(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None: ...


def write_mark(listeners: list[WriteListener], now: datetime) -> dict[str, Any]:
    """What every listener wants set on the memories a write stores or revises."""
    mark: dict[str, Any] = {}
    for listener in listeners:
        mark.update(listener.mark(now))
    return mark


class MemoryService:
    def __init__(self, store: GraphStore, embedder: Embedder, settings: Settings) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.listeners: list[WriteListener] = []

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
        memories = await self._remember(tenant_id, [item], prefix="")
        return memories[0]

    async def remember_batch(self, tenant_id: str, items: list[MemoryIn]) -> list[str]:
        """Store many memories; ids come back in input order. All or nothing."""
        limit = self.settings.max_batch_items
        if len(items) > limit:
            raise TooLarge(
                f"memories holds {len(items)} items; the limit is {limit} per batch",
                details={"field": "memories", "limit": limit},
            )
        memories = await self._remember(tenant_id, items, prefix="memories")
        return [m.id for m in memories]

    async def _remember(self, tenant_id: str, items: list[MemoryIn], prefix: str) -> list[Memory]:
        now = utcnow()
        rows = [self._row(tenant_id, item, i, prefix, now) for i, item in enumerate(items)]
        edges = [
            {
                "source_id": row["id"],
                "target_id": edge.target_id,
                "edge_type": edge.edge_type.value,
                "confidence": edge.confidence,
            }
            for row, item in zip(rows, items, strict=True)
            for edge in item.edges
        ]
        await self._check_edge_targets(tenant_id, items, prefix)
        chunks = [rows[i : i + WRITE_CHUNK] for i in range(0, len(rows), WRITE_CHUNK)]
        stored: list[Memory] = []
        written: list[str] = []
        next_vectors = asyncio.ensure_future(self._embed_rows(chunks[0]))
        try:
            for n, chunk in enumerate(chunks):
                vectors = await next_vectors
                if n + 1 < len(chunks):
                    next_vectors = asyncio.ensure_future(self._embed_rows(chunks[n + 1]))
                for row, vector in zip(chunk, vectors, strict=True):
                    row["embedding"] = vector
                chunk_ids = {r["id"] for r in chunk}
                chunk_edges = [e for e in edges if e["source_id"] in chunk_ids]
                stored += await self._write_chunk_tx(tenant_id, chunk, chunk_edges, now)
                written += [r["id"] for r in chunk]
        except BaseException:
            if not next_vectors.done():
                next_vectors.cancel()
            if written:
                await self._undo(tenant_id, written)
            raise
        embedded = {r["id"]: r["embedding"] for r in rows}
        await self._notify(tenant_id, stored, revised=False, vectors=embedded)
        return stored

    def _row(
        self, tenant_id: str, item: MemoryIn, index: int, prefix: str, now: datetime
    ) -> dict[str, Any]:
        where = f"{prefix}[{index}]." if prefix else ""
        check_content(item.content, self.settings, field=f"{where}content")
        for j, edge in enumerate(item.edges):
            if edge.edge_type not in CALLER_EDGE_TYPES:
                allowed = ", ".join(sorted(t.value for t in CALLER_EDGE_TYPES))
                raise InvalidInput(
                    f"{where}edges[{j}].edge_type {edge.edge_type.value} is made by hebbs-graph "
                    f"itself; a caller may create {allowed}",
                    details={"field": f"{where}edges[{j}].edge_type"},
                )
        return {
            "id": new_id(),
            "entity_id": item.entity_id,
            "entity_key": entity_key(tenant_id, item.entity_id),
            "content": item.content,
            "content_sha256": sha256(item.content),
            "importance": item.importance,
            "context_json": dump_context(item.context, self.settings, field=f"{where}context"),
            "tags": item.tags,
            "occurred_at": item.occurred_at or now,
        }

    async def _embed_rows(self, rows: list[dict[str, Any]]) -> list[list[float]]:
        return await self.embedder.embed([r["content"] for r in rows])

    async def _check_edge_targets(self, tenant_id: str, items: list[MemoryIn], prefix: str) -> None:
        targets = sorted({e.target_id for item in items for e in item.edges})
        if not targets:
            return
        found = await self._existing(tenant_id, targets)
        for i, item in enumerate(items):
            for j, edge in enumerate(item.edges):
                if edge.target_id not in found:
                    where = f"{prefix}[{i}]." if prefix else ""
                    raise NotFound(
                        f"{where}edges[{j}].target_id: no memory {edge.target_id}",
                        details={"field": f"{where}edges[{j}].target_id"},
                    )

    async def _existing(self, tenant_id: str, ids: list[str]) -> set[str]:
        rows = await self.store.read_rows("memory/existing_ids", tenant_id=tenant_id, ids=ids)
        return {r["id"] for r in rows}

    async def _write_chunk_tx(
        self, tenant_id: str, rows: list[dict[str, Any]], edges: list[dict[str, Any]], now: datetime
    ) -> list[Memory]:
        async def work(tx: Tx) -> list[Memory]:
            return await self._write_chunk(tx, tenant_id, rows, edges, now)

        return await self.store.write(work)

    async def _write_chunk(
        self,
        tx: Tx,
        tenant_id: str,
        rows: list[dict[str, Any]],
        edges: list[dict[str, Any]],
        now: datetime,
    ) -> list[Memory]:
        await tx.rows(
            "memory/create",
            tenant_id=tenant_id,
            tenant_key=tenant_key(tenant_id),
            rows=rows,
            now=now,
            mark=write_mark(self.listeners, now),
        )
        ids = [r["id"] for r in rows]
        if any(r["entity_id"] for r in rows):
            await tx.rows("memory/timeline_insert", tenant_id=tenant_id, ids=ids, now=now)
        if edges:
            await tx.rows("memory/link", tenant_id=tenant_id, edges=edges, now=now)
        found = await tx.rows("memory/get_many", tenant_id=tenant_id, ids=ids)
        by_id = {r["memory"]["id"]: to_memory(r["memory"]) for r in found}
        return [by_id[i] for i in ids]

    async def _undo(self, tenant_id: str, ids: list[str]) -> None:
        """Take back the chunks of a batch that failed half-way."""
        try:

            async def work(tx: Tx) -> None:
                await delete_memories(tx, tenant_id, ids, utcnow())

            await self.store.write(work)
        except Exception:  # the original error matters more than this one
            log.exception("could not undo %d memories of a failed batch", len(ids))

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
