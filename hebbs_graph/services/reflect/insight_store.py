"""Writing a reflection: new insights with lineage, verdicts on stale insights, the cursor.

Both routes end here, in one transaction: everything a reflection stores lands
together or not at all.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict, UnknownSession
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.reflect import Insight
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services.listeners import WriteListener, write_mark
from hebbs_graph.services.records import entity_key, sha256, tenant_key, to_memory
from hebbs_graph.settings import ReflectSettings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

RETIRE_CRITERIA = json.dumps({"reflect": "retired"})


@dataclass(frozen=True)
class ReflectScope:
    """What a reflection covers: one entity of a tenant, or the whole tenant."""

    tenant_id: str
    entity_id: str | None = None

    @property
    def key(self) -> str:
        return f"entity:{self.entity_id}" if self.entity_id is not None else "tenant"


@dataclass
class NewInsight:
    content: str
    confidence: float
    source_ids: list[str]
    tags: list[str] = field(default_factory=list)


@dataclass
class Verdict:
    memory_id: str
    verdict: Literal["keep", "rewrite", "retire"]
    content: str | None = None
    confidence: float | None = None


@dataclass
class Stored:
    insights: list[Insight]
    kept: int = 0
    rewritten: int = 0
    retired: int = 0


def to_insight(props: dict[str, Any], source_ids: list[str]) -> Insight:
    memory = to_memory(props)
    return Insight.model_validate({**memory.model_dump(), "source_memory_ids": source_ids})


class InsightWriter:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        settings: ReflectSettings,
        listeners: list[WriteListener] | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.listeners = listeners if listeners is not None else []

    async def write(
        self,
        scope: ReflectScope,
        insights: list[NewInsight],
        verdicts: list[Verdict],
        cursor: tuple[datetime, str] | None,
        *,
        session_id: str | None = None,
    ) -> Stored:
        """Store it all in one transaction; with ``session_id``, consume that session too."""
        rewrites = [v for v in verdicts if v.verdict == "rewrite"]
        texts = [i.content for i in insights] + [v.content or "" for v in rewrites]
        vectors = await self.embedder.embed(texts) if texts else []
        keys = [f"new:{n}" for n in range(len(insights))] + [
            f"rewrite:{v.memory_id}" for v in rewrites
        ]
        embeddings = dict(zip(keys, vectors, strict=True))
        now = utcnow()

        async def work(tx: Tx) -> Stored:
            if session_id is not None:
                row = await tx.one(
                    "reflect/session_consume",
                    tenant_id=scope.tenant_id,
                    session_id=session_id,
                    now=now,
                )
                if not row or not row["consumed"]:
                    raise UnknownSession(
                        f"reflect session {session_id} was committed or expired meanwhile",
                        details={"session_id": session_id},
                    )
            ids = await self._create(tx, scope, insights, embeddings, now)
            stored = await self._verdicts(tx, scope, verdicts, embeddings, now)
            await self._advance(tx, scope, cursor, now)
            created = await tx.rows("reflect/insight_sources", tenant_id=scope.tenant_id, ids=ids)
            by_id = {
                r["insight"]["id"]: to_insight(r["insight"], sorted(s["id"] for s in r["sources"]))
                for r in created
            }
            stored.insights = [by_id[i] for i in ids]
            return stored

        stored = await self.store.write(work)
        await self._notify(scope.tenant_id, stored.insights, revised=False)
        return stored

    async def _create(
        self,
        tx: Tx,
        scope: ReflectScope,
        insights: list[NewInsight],
        embeddings: dict[str, list[float]],
        now: datetime,
    ) -> list[str]:
        if not insights:
            return []
        wanted = sorted({sid for i in insights for sid in i.source_ids})
        found = await tx.collected("memory/get_many", tenant_id=scope.tenant_id, ids=wanted)
        sources = {r["id"]: to_memory(r) for r in found}
        gone = [sid for sid in wanted if sid not in sources]
        if gone:
            raise Conflict(
                f"source memory {gone[0]} was forgotten since the reflection began; prepare again",
                details={"source_memory_ids": gone},
            )
        rows = [
            self._row(scope, i, [sources[s] for s in i.source_ids], embeddings[f"new:{n}"])
            for n, i in enumerate(insights)
        ]
        await tx.rows(
            "reflect/insight_create",
            tenant_id=scope.tenant_id,
            tenant_key=tenant_key(scope.tenant_id),
            rows=rows,
            now=now,
            mark=write_mark(self.listeners, now),
        )
        return [r["id"] for r in rows]

    def _row(
        self,
        scope: ReflectScope,
        insight: NewInsight,
        sources: list[Memory],
        embedding: list[float],
    ) -> dict[str, Any]:
        entity = scope.entity_id
        if entity is None:  # tenant-wide: the insight belongs to an entity if all sources do
            entities = {s.entity_id for s in sources}
            entity = entities.pop() if len(entities) == 1 else None
        return {
            "id": new_id(),
            "entity_id": entity,
            "entity_key": entity_key(scope.tenant_id, entity),
            "content": insight.content,
            "content_sha256": sha256(insight.content),
            "importance": insight_importance([s.importance for s in sources], insight.confidence),
            "confidence": insight.confidence,
            "context_json": "{}",
            "tags": insight.tags,
            "source_ids": insight.source_ids,
            "embedding": embedding,
        }

    async def _verdicts(
        self,
        tx: Tx,
        scope: ReflectScope,
        verdicts: list[Verdict],
        embeddings: dict[str, list[float]],
        now: datetime,
    ) -> Stored:
        stored = Stored(insights=[])
        if not verdicts:
            return stored
        ids = [v.memory_id for v in verdicts]
        rows = await tx.rows("reflect/insight_sources", tenant_id=scope.tenant_id, ids=ids)
        current = {r["insight"]["id"]: r for r in rows}
        gone = [mid for mid in ids if mid not in current]
        if gone:
            raise Conflict(
                f"insight {gone[0]} is gone (retired or forgotten since the reflection began)",
                details={"memory_ids": gone},
            )
        refresh: list[dict[str, Any]] = []
        retire: list[str] = []
        for v in verdicts:
            insight, sources = current[v.memory_id]["insight"], current[v.memory_id]["sources"]
            if v.verdict == "retire":
                retire.append(v.memory_id)
                continue
            confidence = v.confidence if v.confidence is not None else insight.get("confidence")
            confidence = 0.5 if confidence is None else float(confidence)
            importance = insight_importance([float(s["importance"]) for s in sources], confidence)
            if v.verdict == "rewrite":
                await self._rewrite(
                    tx, scope, insight, v, importance, embeddings[f"rewrite:{v.memory_id}"], now
                )
                stored.rewritten += 1
            else:
                stored.kept += 1
            refresh.append(
                {
                    "id": v.memory_id,
                    "confidence": confidence,
                    "importance": importance,
                    "source_count": len(sources),
                }
            )
        if refresh:
            await tx.rows(
                "reflect/insight_refresh", tenant_id=scope.tenant_id, rows=refresh, now=now
            )
        if retire:
            await tx.rows(
                "forget/tombstones",
                tenant_id=scope.tenant_id,
                ids=retire,
                criteria_json=RETIRE_CRITERIA,
                now=now,
            )
            await tx.rows("forget/delete", tenant_id=scope.tenant_id, ids=retire)
            stored.retired = len(retire)
        return stored

    async def _rewrite(
        self,
        tx: Tx,
        scope: ReflectScope,
        insight: dict[str, Any],
        verdict: Verdict,
        importance: float,
        embedding: list[float],
        now: datetime,
    ) -> None:
        """New wording in place; the old one is kept as a revision snapshot."""
        content = verdict.content or ""
        await tx.one(
            "memory/revise",
            tenant_id=scope.tenant_id,
            id=insight["id"],
            snapshot_id=new_id(),
            content=content,
            content_sha256=sha256(content),
            content_key=None,  # an insight is never a duplicate remember reinforces
            importance=importance,
            context_json=insight.get("context_json") or "{}",
            entity_id=insight.get("entity_id"),
            entity_key=entity_key(scope.tenant_id, insight.get("entity_id")),
            embedding=embedding,
            now=now,
            mark={},  # a rewritten insight is not checked for contradictions again (yet)
        )
        await tx.rows(
            "memory/prune_snapshots",
            tenant_id=scope.tenant_id,
            id=insight["id"],
            keep=self.settings.max_snapshots,
        )

    async def _advance(
        self, tx: Tx, scope: ReflectScope, cursor: tuple[datetime, str] | None, now: datetime
    ) -> None:
        params = {
            "tenant_id": scope.tenant_id,
            "scope": scope.key,
            "entity_id": scope.entity_id,
            "now": now,
        }
        if cursor is None:
            await tx.rows("reflect/cursor_touch", **params)
        else:
            await tx.rows(
                "reflect/cursor_advance", after_at=cursor[0], after_id=cursor[1], **params
            )

    async def _notify(self, tenant_id: str, insights: list[Insight], *, revised: bool) -> None:
        """Tell write listeners (e.g. contradiction detection); the reflection is stored."""
        if not insights:
            return
        memories = [Memory.model_validate(i.model_dump()) for i in insights]
        for listener in self.listeners:
            try:
                await listener.memories_written(tenant_id, memories, revised=revised)
            except Exception:
                log.exception("a write listener failed on %d new insights", len(memories))
        for memory, insight in zip(memories, insights, strict=True):  # checked in sync mode
            insight.contradiction_check_pending = memory.contradiction_check_pending
