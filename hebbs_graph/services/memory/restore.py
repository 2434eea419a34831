"""Restore a backup file (models/backup.py) into a tenant, all or nothing.

Three passes over the file, never holding more than a chunk of it: the first checks
every line (a bad one is refused naming its line and field, before anything is
written: restore_check.py), then the target is checked (empty, none of the ids or pair
keys taken in this tenant; another tenant's are none of its business); the second writes
memories, pending pairs and tombstones in chunks; the third the relationships, whose
ends are all stored by then. Entity nodes and reflect cursors go in last. A failure
while writing takes back everything this restore wrote, so stored data stays as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.models.backup import (
    CursorRecord,
    EdgeRecord,
    EntityRecord,
    MemoryRecord,
    PendingRecord,
    RestoreOut,
    TombstoneRecord,
)
from hebbs_graph.models.memory import MemoryKind
from hebbs_graph.services.memory.restore_check import Limits, Lines, Plan, check_file, reading
from hebbs_graph.services.records import content_key, entity_key, pair_key, tenant_key
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

CHUNK = 500
_LABELS = {
    MemoryKind.EPISODE: "Episode",
    MemoryKind.INSIGHT: "Insight",
    MemoryKind.SNAPSHOT: "Snapshot",
}


class RestoreService:
    def __init__(self, store: GraphStore, embedder: Embedder, limits: Limits) -> None:
        self.store = store
        self.embedder = embedder
        self.limits = limits

    async def restore(
        self,
        tenant_id: str,
        lines: Lines,
        *,
        allow_non_empty: bool = False,
        re_embed: bool = False,
    ) -> RestoreOut:
        with reading(lines) as records:
            plan = check_file(records, re_embed, self.embedder, self.limits)
        await self._check_target(tenant_id, plan, allow_non_empty)
        written = _Written()
        try:
            with reading(lines) as records:
                await self._write_nodes(tenant_id, records, plan, written)
            with reading(lines) as records:
                await self._write_edges(tenant_id, records)
            with reading(lines) as records:
                await self._write_last(tenant_id, records, list(plan.memory_lines))
        except BaseException:
            await self._undo(tenant_id, written)
            raise
        restored = dict(sorted(plan.counts.items()))
        return RestoreOut(restored=restored, re_embedded=written.re_embedded)

    # -- the target -----------------------------------------------------------------

    async def _check_target(self, tenant_id: str, plan: Plan, allow_non_empty: bool) -> None:
        scope = plan.header.entity_id
        if not allow_non_empty:
            rows = await self.store.read_rows(
                "backup/scope_used", tenant_id=tenant_id, entity_id=scope
            )
            memories, pending = int(rows[0]["memories"]), int(rows[0]["pending"])
            if memories or pending:
                what = (
                    f"entity {scope!r} of tenant {tenant_id!r}"
                    if scope
                    else f"tenant {tenant_id!r}"
                )
                held = f"{memories} memories" + (
                    f" and {pending} pending contradiction pairs" if pending else ""
                )
                raise Conflict(
                    f"{what} already holds {held}; restore into an empty one, or allow a "
                    "non-empty target",
                    details={"field": "allow_non_empty"},
                )
        # Ids and pair keys are unique within a tenant (schema 016), so only this
        # tenant's are asked about: whatever another tenant stores cannot refuse a
        # restore, nor be learnt from one.
        memory_ids, pending_ids = list(plan.memory_lines), list(plan.pending_lines)
        pair_keys = list(plan.pair_lines)
        for start in range(0, max(len(memory_ids), len(pending_ids)), 5000):
            rows = await self.store.read_rows(
                "backup/ids_taken",
                tenant_id=tenant_id,
                memory_ids=memory_ids[start : start + 5000],
                pending_ids=pending_ids[start : start + 5000],
                pair_keys=pair_keys[start : start + 5000],
            )
            if rows:
                taken = rows[0]["id"]
                n, where = _line_of(plan, taken)
                raise Conflict(
                    f"line {n}: {taken} is already stored in this tenant; nothing was restored",
                    details={"line": n, "field": where},
                )

    # -- writing --------------------------------------------------------------------

    async def _write_nodes(
        self, tenant_id: str, records: Iterator[tuple[int, Any]], plan: Plan, written: _Written
    ) -> None:
        memories: list[MemoryRecord] = []
        others: dict[str, list[dict[str, Any]]] = {"pending": [], "tombstone": []}
        for _, record in records:
            if isinstance(record, MemoryRecord):
                memories.append(record)
                if len(memories) == CHUNK:
                    await self._write_memories(tenant_id, memories, plan, written)
                    memories = []
            elif isinstance(record, PendingRecord | TombstoneRecord):
                key = "pending" if isinstance(record, PendingRecord) else "tombstone"
                row: dict[str, Any] = {"properties": record.properties.stored()}
                if isinstance(record, PendingRecord):
                    p = record.properties
                    row["pair_key"] = pair_key(p.memory_id_a, p.memory_id_b)
                others[key].append(row)
                if len(others[key]) == CHUNK:
                    await self._write_others(tenant_id, key, others[key], written)
                    others[key] = []
        if memories:
            await self._write_memories(tenant_id, memories, plan, written)
        for key, rows in others.items():
            if rows:
                await self._write_others(tenant_id, key, rows, written)

    async def _write_memories(
        self, tenant_id: str, records: list[MemoryRecord], plan: Plan, written: _Written
    ) -> None:
        vectors: dict[int, list[float]] = {}
        if plan.re_embed:
            todo = [i for i, r in enumerate(records) if r.properties.kind != MemoryKind.SNAPSHOT]
            embedded = await self.embedder.embed([records[i].properties.content for i in todo])
            vectors = dict(zip(todo, embedded, strict=True))
            written.re_embedded += len(todo)
        rows = [
            {
                "properties": r.properties.stored(),
                "label": _LABELS[r.properties.kind],
                "keyed": r.properties.kind != MemoryKind.SNAPSHOT,
                "entity_key": entity_key(tenant_id, r.properties.entity_id),
                "content_key": content_key(r.properties.content)
                if r.properties.kind == MemoryKind.EPISODE
                else None,
                "embedding": vectors.get(i) if plan.re_embed else r.embedding,
            }
            for i, r in enumerate(records)
        ]
        written.memory_ids += [r.properties.id for r in records]
        await self.store.write_rows(
            "backup/memories_create",
            tenant_id=tenant_id,
            tenant_key=tenant_key(tenant_id),
            rows=rows,
        )

    async def _write_others(
        self, tenant_id: str, key: str, rows: list[dict[str, Any]], written: _Written
    ) -> None:
        if key == "pending":
            written.pending_ids += [r["properties"]["pending_id"] for r in rows]
            await self.store.write_rows("backup/pending_create", tenant_id=tenant_id, rows=rows)
        else:
            made = await self.store.write_rows(
                "backup/tombstones_create",
                tenant_id=tenant_id,
                rows=[{**r, "i": i} for i, r in enumerate(rows)],
            )
            written.tombstones += [
                {
                    "memory_id": rows[m["i"]]["properties"]["memory_id"],
                    "forgotten_at": rows[m["i"]]["properties"]["forgotten_at"],
                }
                for m in made
            ]

    async def _write_edges(self, tenant_id: str, records: Iterator[tuple[int, Any]]) -> None:
        rows: list[dict[str, Any]] = []
        for _, record in records:
            if isinstance(record, EdgeRecord):
                rows.append(
                    {
                        "edge_type": record.edge_type.value,
                        "source_id": record.source_id,
                        "target_id": record.target_id,
                        "properties": record.properties.stored(),
                    }
                )
                if len(rows) == CHUNK:
                    await self.store.write_rows(
                        "backup/edges_create", tenant_id=tenant_id, rows=rows
                    )
                    rows = []
        if rows:
            await self.store.write_rows("backup/edges_create", tenant_id=tenant_id, rows=rows)

    async def _write_last(
        self, tenant_id: str, records: Iterator[tuple[int, Any]], memory_ids: list[str]
    ) -> None:
        """Entity nodes and reflect cursors, few, in one transaction of their own, which
        also removes the tombstones of the memories restored (they exist again): if it
        fails, they stay, as everything else this restore wrote is taken back."""
        entities: list[dict[str, Any]] = []
        cursors: list[dict[str, Any]] = []
        for _, record in records:
            if isinstance(record, EntityRecord):
                entities.append({"properties": record.properties.stored()})
            elif isinstance(record, CursorRecord):
                cursors.append({"properties": record.properties.stored()})

        async def work(tx: Tx) -> None:
            now = utcnow()
            for start in range(0, len(entities), CHUNK):
                chunk = entities[start : start + CHUNK]
                await tx.rows("backup/entities_merge", tenant_id=tenant_id, rows=chunk, now=now)
            for start in range(0, len(cursors), CHUNK):
                chunk = cursors[start : start + CHUNK]
                await tx.rows("backup/cursors_merge", tenant_id=tenant_id, rows=chunk)
            for start in range(0, len(memory_ids), CHUNK * 10):
                chunk_ids = memory_ids[start : start + CHUNK * 10]
                await tx.rows("backup/tombstones_cleared", tenant_id=tenant_id, ids=chunk_ids)

        await self.store.write(work)

    async def _undo(self, tenant_id: str, written: _Written) -> None:
        try:
            for start in range(
                0,
                max(len(written.memory_ids), len(written.pending_ids), len(written.tombstones), 1),
                CHUNK,
            ):
                await self.store.write_rows(
                    "backup/undo",
                    tenant_id=tenant_id,
                    memory_ids=written.memory_ids[start : start + CHUNK],
                    pending_ids=written.pending_ids[start : start + CHUNK],
                    tombstones=written.tombstones[start : start + CHUNK],
                )
        except Exception:  # the original error matters more than this one
            log.exception("could not take back a failed restore into tenant %s", tenant_id)


def _line_of(plan: Plan, taken: str) -> tuple[int, str]:
    """The line and field of an id or pair key the file stores."""
    if taken in plan.memory_lines:
        return plan.memory_lines[taken], "properties.id"
    if taken in plan.pending_lines:
        return plan.pending_lines[taken], "properties.pending_id"
    return plan.pair_lines[taken], "properties.pair_key"


@dataclass
class _Written:
    """What a restore has written so far, so a failure can take it back."""

    memory_ids: list[str] = field(default_factory=list)
    pending_ids: list[str] = field(default_factory=list)
    tombstones: list[dict[str, Any]] = field(default_factory=list)
    re_embedded: int = 0
