"""remember and remember_batch: store episodes, or reinforce the ones already stored.

An item whose content (trimmed, whitespace collapsed: records.content_key) a current
episode of the same entity already holds reinforces that memory, as a recall does, and
gets its id, unless it says ``on_duplicate: store``; so does an item repeating an earlier
item of the same call (one is stored). Nothing is stored or queued for a contradiction
check for a duplicate. The lookup is one read by (tenant_id, content_key) (schema 015):
a batch makes it before embedding anything, single remembers while their texts embed
(a duplicate's vector is dropped). Single remembers of a tenant that arrive together are
one call here, and each group looks up after the one before it has written (groups.py),
so two identical ones are one memory; two in different processes may both store it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict, InvalidInput, NotFound
from hebbs_graph.graph.edges import CALLER_EDGE_TYPES
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id
from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.services.listeners import WriteListener, write_mark
from hebbs_graph.services.memory.forget import delete_memories
from hebbs_graph.services.memory.repeats import Scope, plan
from hebbs_graph.services.records import (
    check_content,
    content_key,
    dump_context,
    entity_key,
    sha256,
    tenant_key,
    to_memory,
)
from hebbs_graph.settings import MemorySettings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# Rows written per transaction in a batch; the next chunk embeds while this one writes.
WRITE_CHUNK = 250


class Remember:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        settings: MemorySettings,
        listeners: list[WriteListener],
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.listeners = listeners

    async def __call__(
        self,
        tenant_id: str,
        items: list[MemoryIn],
        prefix: str,
        *,
        early: bool = False,
        embedded: Callable[[], None] | None = None,
        after: Awaitable[object] | None = None,
    ) -> list[Memory]:
        """One answer per item, in input order. All or nothing.

        ``early`` (single remembers, alone or grouped: groups.py; any call of one item):
        every text embeds while the edge targets and duplicates are looked up, and a
        duplicate's vector is dropped. Otherwise (a batch) the texts embed chunk by chunk
        in _write, after the lookup, so duplicates cost no embedding there. In a pipeline
        of calls (groups.py), ``after`` (the write of the call before) is awaited before
        the lookups, and ``embedded`` is called once the vectors are ready (at once when
        they are not computed early)."""
        for i, item in enumerate(items):
            self._check(item, i, prefix)
        early = (early or len(items) == 1) and len(items) <= WRITE_CHUNK
        vectors = self._embed_early(items) if early else None
        if embedded is not None:  # told as soon as the vectors are, not after the lookups
            if vectors is not None:
                vectors.add_done_callback(lambda _: embedded())
            else:  # chunk by chunk in _write: nothing to wait for here
                embedded()
        try:
            if after is not None:
                await after
            await self._check_edge_targets(tenant_id, items, prefix)
            keys = [content_key(item.content) for item in items]
            sorted_out = plan(items, keys, await self._duplicates(tenant_id, items, keys))
        except BaseException:
            if vectors is not None:
                vectors.cancel()
            raise
        fresh_vectors = (
            _picked(vectors, sorted_out.fresh, len(items)) if vectors is not None else None
        )
        now = utcnow()
        # Ids ascend in input order, so memories of one entity at the same occurred_at
        # take their timeline places (ordered by time, then id) in the order given.
        fresh_ids = dict(
            zip(sorted_out.fresh, sorted(new_id() for _ in sorted_out.fresh), strict=True)
        )
        ids = [
            fresh_ids[i]
            if i in fresh_ids
            else sorted_out.stored.get(i) or fresh_ids[sorted_out.earlier[i]]
            for i in range(len(items))
        ]
        restated = sorted_out.restated(items, now)
        rows = [
            self._row(tenant_id, items[i], fresh_ids[i], keys[i], now, restated.get(i))
            for i in sorted_out.fresh
        ]
        edges = [
            {
                "source_id": ids[i],
                "target_id": edge.target_id,
                "edge_type": edge.edge_type.value,
                "confidence": edge.confidence,
            }
            for i, item in enumerate(items)
            for edge in item.edges
            if edge.target_id != ids[i]
        ]
        reinforce = [{"id": mid, "at": restated[mid].isoformat()} for mid in sorted_out.reinforce()]
        found = await self._write(tenant_id, rows, edges, reinforce, now, fresh_vectors)
        new = {r["id"] for r in rows}
        stored = [found[r["id"]] for r in rows]
        await self._notify(tenant_id, stored, {r["id"]: r["embedding"] for r in rows})
        return [
            found[mid] if mid in new else found[mid].model_copy(update={"reinforced": True})
            for mid in ids
        ]

    def check_one(self, item: MemoryIn) -> None:
        """Refuse a single remember's input as such (fields named without an index)."""
        self._check(item, 0, "")

    def _check(self, item: MemoryIn, index: int, prefix: str) -> None:
        where = f"{prefix}[{index}]." if prefix else ""
        check_content(item.content, self.settings, field=f"{where}content")
        dump_context(item.context, self.settings, field=f"{where}context")
        for j, edge in enumerate(item.edges):
            if edge.edge_type not in CALLER_EDGE_TYPES:
                allowed = ", ".join(sorted(t.value for t in CALLER_EDGE_TYPES))
                raise InvalidInput(
                    f"{where}edges[{j}].edge_type {edge.edge_type.value} is made by hebbs-graph "
                    f"itself; a caller may create {allowed}",
                    details={"field": f"{where}edges[{j}].edge_type"},
                )

    def _row(
        self,
        tenant_id: str,
        item: MemoryIn,
        mid: str,
        key: str,
        now: datetime,
        restated: datetime | None = None,
    ) -> dict[str, Any]:
        """``restated``: when a later item of the call said it again."""
        at = item.occurred_at or now
        return {
            "id": mid,
            "entity_id": item.entity_id,
            "entity_key": entity_key(tenant_id, item.entity_id),
            "content": item.content,
            "content_sha256": sha256(item.content),
            "content_key": key,
            "importance": item.importance,
            "context_json": dump_context(item.context, self.settings),
            "tags": item.tags,
            # ISO 8601, read with datetime() (cypher/fragments/episode): the driver's
            # conversion of a datetime costs ~40 µs, 20 ms a batch of 500.
            "occurred_at": at.isoformat(),
            "restated_at": restated.isoformat() if restated and restated > at else None,
        }

    async def _duplicates(
        self, tenant_id: str, items: list[MemoryIn], keys: list[str]
    ) -> dict[Scope, str]:
        asked = {
            (item.entity_id, key)
            for item, key in zip(items, keys, strict=True)
            if item.on_duplicate == "reinforce"
        }
        if not asked:
            return {}
        rows = await self.store.read_rows(
            "memory/duplicates",
            tenant_id=tenant_id,
            keys=[{"entity_id": e, "content_key": k} for e, k in asked],
        )
        return {(r["entity_id"], r["content_key"]): r["id"] for r in rows if r["id"]}

    async def _check_edge_targets(self, tenant_id: str, items: list[MemoryIn], prefix: str) -> None:
        targets = sorted({e.target_id for item in items for e in item.edges})
        if not targets:
            return
        rows = await self.store.read_rows("memory/existing_ids", tenant_id=tenant_id, ids=targets)
        found = {r["id"] for r in rows}
        for i, item in enumerate(items):
            for j, edge in enumerate(item.edges):
                if edge.target_id not in found:
                    where = f"{prefix}[{i}]." if prefix else ""
                    raise NotFound(
                        f"{where}edges[{j}].target_id: no memory {edge.target_id}",
                        details={"field": f"{where}edges[{j}].target_id"},
                    )

    async def _write(
        self,
        tenant_id: str,
        rows: list[dict[str, Any]],
        edges: list[dict[str, Any]],
        reinforce: list[dict[str, str]],
        now: datetime,
        early: asyncio.Future[list[list[float]]] | None = None,
    ) -> dict[str, Memory]:
        """Write the rows chunk by chunk (the next embedding while this one writes); the
        reinforcement, and the edges of the memories reinforced, go with the last chunk.
        ``early``: the rows' vectors, already being computed (single remembers)."""
        chunks = [rows[i : i + WRITE_CHUNK] for i in range(0, len(rows), WRITE_CHUNK)] or [[]]
        found: dict[str, Memory] = {}
        written: list[str] = []
        next_vectors = early if early is not None else asyncio.ensure_future(self._embed(chunks[0]))
        try:
            for n, chunk in enumerate(chunks):
                vectors = await next_vectors
                last = n + 1 == len(chunks)
                if not last:
                    next_vectors = asyncio.ensure_future(self._embed(chunks[n + 1]))
                for row, vector in zip(chunk, vectors, strict=True):
                    row["embedding"] = vector
                again = {r["id"] for r in reinforce} if last else set()
                sources = {r["id"] for r in chunk} | again
                chunk_edges = [e for e in edges if e["source_id"] in sources]
                found |= await self._write_chunk_tx(
                    tenant_id, chunk, chunk_edges, reinforce if last else [], now
                )
                written += [r["id"] for r in chunk]
        except BaseException:
            if not next_vectors.done():
                next_vectors.cancel()
            if written:
                await self._undo(tenant_id, written)
            raise
        return found

    async def _embed(self, rows: list[dict[str, Any]]) -> list[list[float]]:
        return await self.embedder.embed([r["content"] for r in rows]) if rows else []

    def _embed_early(self, items: list[MemoryIn]) -> asyncio.Future[list[list[float]]]:
        early = asyncio.ensure_future(self.embedder.embed([item.content for item in items]))
        # Dropped (duplicates, a refused edge): its outcome must not be reported unread.
        early.add_done_callback(lambda f: f.cancelled() or f.exception())
        return early

    async def _write_chunk_tx(
        self,
        tenant_id: str,
        rows: list[dict[str, Any]],
        edges: list[dict[str, Any]],
        reinforce: list[dict[str, str]],
        now: datetime,
    ) -> dict[str, Memory]:
        """Store ``rows`` and reinforce the stored memories repeated (``reinforce``, each
        {id, at}: said again at ``at``) in one statement, memory/store; a chunk with edges
        links them in the same transaction."""
        params = {
            "tenant_id": tenant_id,
            "tenant_key": tenant_key(tenant_id),
            "rows": rows,
            "reinforce": reinforce,
            "now": now,
            "mark": write_mark(self.listeners, now),
        }
        if not edges:
            # One statement: Neo4j commits it as its last row leaves, so the entity's
            # timeline is not held locked until this process gets round to COMMIT.
            return _stored(await self.store.write_rows("memory/store", **params))

        async def work(tx: Tx) -> dict[str, Memory]:
            found = _stored(await tx.rows("memory/store", **params))
            await tx.rows("memory/link", tenant_id=tenant_id, edges=edges, now=now)
            return found

        return await self.store.write(work)

    async def _undo(self, tenant_id: str, ids: list[str]) -> None:
        """Take back the chunks of a batch that failed half-way."""
        try:

            async def work(tx: Tx) -> None:
                await delete_memories(tx, tenant_id, ids, utcnow())

            await self.store.write(work)
        except Exception:  # the original error matters more than this one
            log.exception("could not undo %d memories of a failed batch", len(ids))

    async def _notify(
        self, tenant_id: str, memories: list[Memory], vectors: Mapping[str, list[float]]
    ) -> None:
        if not memories:
            return
        for listener in self.listeners:
            await listener.memories_written(tenant_id, memories, revised=False, vectors=vectors)


def _picked(
    vectors: asyncio.Future[list[list[float]]], fresh: list[int], count: int
) -> asyncio.Future[list[list[float]]]:
    """The vectors of the items to store (by input index), from all ``count`` items'
    vectors being computed; none to store: the computation is dropped, not waited for."""
    if not fresh:
        vectors.cancel()
        done: asyncio.Future[list[list[float]]] = asyncio.get_running_loop().create_future()
        done.set_result([])
        return done
    if len(fresh) == count:  # every item is stored (the usual case): nothing to pick
        return vectors

    async def pick() -> list[list[float]]:
        every = await vectors
        return [every[i] for i in fresh]

    return asyncio.ensure_future(pick())


def _stored(answer: list[dict[str, Any]]) -> dict[str, Memory]:
    """memory/store's one row: the memories stored and reinforced, by id; a Conflict
    (nothing was written) when a memory to reinforce was revised or forgotten meanwhile."""
    (done,) = answer
    if done["missing"]:
        raise Conflict(
            "a memory this repeats was revised or forgotten while it was remembered; try again",
            details={"ids": sorted(set(done["missing"]))},
        )
    return {r["id"]: to_memory(r) for r in done["rows"] + done["again"]}
