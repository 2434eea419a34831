"""Export: everything a tenant or entity stores, as the backup records of models/backup.py.

The export pages through the store (memories by the list cursor's (occurred_at, id) key,
the rest by their own keys), so a large tenant streams and is never held in memory. Each
page is its own read: a tenant written to while it is exported gives a file as of no
single moment (the restore then refuses an edge whose other end is missing).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from hebbs_graph.embedding import Embedder
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.backup import FORMAT, FORMAT_VERSION
from hebbs_graph.timeutil import LATEST, utcnow

PAGE = 500
# The smaller records: (record type, query, the key the page advances on, result column).
_KEYED = (
    ("pending_contradiction", "backup/pending_page", "pending_id", "pending"),
    ("tombstone", "backup/tombstones_page", "memory_id", "tombstone"),
    ("entity", "backup/entities_page", "entity_id", "entity"),
    ("reflect_cursor", "backup/cursors_page", "scope", "cursor"),
)


# A time Neo4j holds with a named zone prints as "...Z[UTC]"; the offset before the
# bracket already says the instant, and is what a restore stores.
_ZONE_NAME = re.compile(r"^(\d{4}-\d\d-\d\dT[^\[]+)\[[^\]]+\]$")


def _plain_time(value: Any) -> Any:
    if isinstance(value, str) and value.endswith("]"):
        found = _ZONE_NAME.match(value)
        if found:
            return found.group(1)
    return value


def _present(props: dict[str, Any]) -> dict[str, Any]:
    return {k: _plain_time(v) for k, v in props.items() if v is not None}


class BackupService:
    def __init__(self, store: GraphStore, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder

    def header(self, tenant_id: str, entity_id: str | None, *, embeddings: bool) -> dict[str, Any]:
        return {
            "type": "header",
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "tenant_id": tenant_id,
            "entity_id": entity_id,
            "embedding_model": self.embedder.model_name,
            "embedding_dimension": self.embedder.dimension,
            "embeddings": embeddings,
            "exported_at": utcnow().isoformat(),
        }

    async def export(
        self, tenant_id: str, entity_id: str | None = None, *, embeddings: bool = True
    ) -> AsyncIterator[dict[str, Any]]:
        """The header, every record of the scope, then the end record with the counts."""
        yield self.header(tenant_id, entity_id, embeddings=embeddings)
        counts: Counter[str] = Counter()
        async for record in self._memories_and_edges(tenant_id, entity_id, embeddings):
            counts[record["type"]] += 1
            yield record
        for kind, query, key, column in _KEYED:
            async for props in self._keyed(query, key, column, tenant_id, entity_id):
                counts[kind] += 1
                yield {"type": kind, "properties": props}
        yield {"type": "end", "counts": dict(sorted(counts.items()))}

    async def _memories_and_edges(
        self, tenant_id: str, entity_id: str | None, embeddings: bool
    ) -> AsyncIterator[dict[str, Any]]:
        cursor_at: datetime | None = None
        cursor_id: str | None = None
        while True:
            rows = await self.store.read_rows(
                "backup/memories_page",
                tenant_id=tenant_id,
                entity_id=entity_id,
                upper=cursor_at or LATEST,
                cursor_at=cursor_at,
                cursor_id=cursor_id,
                limit=PAGE,
                with_embeddings=embeddings,
            )
            for row in rows:
                record: dict[str, Any] = {"type": "memory", "properties": _present(row["memory"])}
                if row["embedding"] is not None:
                    record["embedding"] = row["embedding"]
                yield record
            edges = await self.store.read_rows(
                "backup/edges_out",
                tenant_id=tenant_id,
                entity_id=entity_id,
                ids=[r["memory"]["id"] for r in rows],
            )
            for edge in edges:
                yield {
                    "type": "edge",
                    "edge_type": edge["edge_type"],
                    "source_id": edge["source_id"],
                    "target_id": edge["target_id"],
                    "properties": _present(edge["properties"]),
                }
            if len(rows) < PAGE:
                return
            last = rows[-1]["memory"]
            cursor_at, cursor_id = datetime.fromisoformat(last["occurred_at"]), last["id"]

    async def _keyed(
        self, query: str, key: str, column: str, tenant_id: str, entity_id: str | None
    ) -> AsyncIterator[dict[str, Any]]:
        after = ""
        while True:
            rows = await self.store.read_rows(
                query, tenant_id=tenant_id, entity_id=entity_id, after=after, limit=PAGE
            )
            for row in rows:
                yield _present(row[column])
            if len(rows) < PAGE:
                return
            after = rows[-1][column][key]
