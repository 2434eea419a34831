"""forget: hard deletes in batches, tombstones, and the insights left stale."""

from __future__ import annotations

from datetime import datetime

from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.models.memory import ForgetIn, ForgetOut, Tombstone
from hebbs_graph.settings import MemorySettings
from hebbs_graph.timeutil import utcnow

MAX_TOMBSTONES_RETURNED = 1000


async def forget_matching(
    store: GraphStore, settings: MemorySettings, tenant_id: str, criteria: ForgetIn
) -> ForgetOut:
    """Delete every memory matching all criteria, one transaction per batch.

    Batches (forget_batch_size) keep forgetting a large entity from holding one huge
    transaction; each batch selects afresh, so the loop ends when nothing matches.
    """
    if criteria.is_empty():
        raise InvalidInput(
            "forget needs at least one criterion: memory_ids, entity_id, older_than, "
            "access_count_below, kind or decay_below",
            details={"field": "body"},
        )
    query = "forget/select_by_ids" if criteria.memory_ids is not None else "forget/select"
    criteria_json = criteria.model_dump_json(exclude_none=True)
    forgotten = 0
    stale = 0
    tombstones: list[Tombstone] = []
    while True:
        now = utcnow()
        rows = await store.read_rows(
            query,
            tenant_id=tenant_id,
            ids=criteria.memory_ids,
            entity_id=criteria.entity_id,
            older_than=criteria.older_than,
            access_count_below=criteria.access_count_below,
            kind=criteria.kind,
            decay_below=criteria.decay_below,
            now=now,
            limit=settings.forget_batch_size,
        )
        ids = [r["id"] for r in rows]
        if not ids:
            break

        async def work(
            tx: Tx, ids: list[str] = ids, now: datetime = now
        ) -> tuple[list[Tombstone], int]:
            return await _forget_batch(tx, tenant_id, ids, criteria_json, now)

        made, marked = await store.write(work)
        forgotten += len(made)
        stale += marked
        tombstones += made[: MAX_TOMBSTONES_RETURNED - len(tombstones)]
    return ForgetOut(forgotten=forgotten, tombstones=tombstones, stale_insights=stale)


async def _forget_batch(
    tx: Tx, tenant_id: str, ids: list[str], criteria_json: str, now: datetime
) -> tuple[list[Tombstone], int]:
    rows = await tx.rows(
        "forget/tombstones", tenant_id=tenant_id, ids=ids, criteria_json=criteria_json, now=now
    )
    marked = await tx.one(
        "memory/mark_insights_stale",
        tenant_id=tenant_id,
        ids=ids,
        reason="source forgotten",
        now=now,
    )
    await delete_memories(tx, tenant_id, ids, now)
    return [Tombstone.model_validate(r) for r in rows], int(marked["marked"] if marked else 0)


async def delete_memories(tx: Tx, tenant_id: str, ids: list[str], now: datetime) -> list[str]:
    """Take memories out of their timelines, then delete them and all that hangs on them.

    An entity left without memories goes too, in the same transaction (with its reflect
    cursor and finished sessions); returns the ids of the entities removed.
    """
    await tx.rows("memory/timeline_remove", tenant_id=tenant_id, ids=ids, now=now)
    row = await tx.one("forget/delete", tenant_id=tenant_id, ids=ids)
    return await drop_empty_entities(tx, tenant_id, list(row["entity_ids"]) if row else [], now)


async def drop_empty_entities(
    tx: Tx, tenant_id: str, entity_ids: list[str], now: datetime
) -> list[str]:
    """Remove those of ``entity_ids`` that hold no memory any more (tombstones stay)."""
    if not entity_ids:
        return []
    rows = await tx.rows(
        "forget/empty_entities", tenant_id=tenant_id, entity_ids=entity_ids, now=now
    )
    return [str(r["entity_id"]) for r in rows]
