"""reflect: episodes become insights (docs/semantics.md §6).

Gathering (episodes after the scope's cursor, clustered off the event loop), the agent
route (prepare builds prompts and a session in Neo4j; commit checks every id against
that session and stores it all in one transaction), the insight list and whether
reflection is due. The LLM route lives in ``reflect_llm``; storage in ``insight_store``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from datetime import timedelta
from typing import Any

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import NotInSession, SessionExpired, UnknownSession
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.reflect import (
    ReflectCluster,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectIn,
    ReflectOut,
    ReflectPrepareOut,
    ReflectScopeIn,
    StaleInsight,
)
from hebbs_graph.services.leases import new_holder
from hebbs_graph.services.listeners import WriteListener
from hebbs_graph.services.metrics import REFLECTIONS
from hebbs_graph.services.records import check_content, to_memory
from hebbs_graph.services.reflect import prompts
from hebbs_graph.services.reflect.clustering import cluster_embeddings
from hebbs_graph.services.reflect.gathered import (
    Episode,
    Gathered,
    StaleRecord,
    reflect_memory,
)
from hebbs_graph.services.reflect.insight_store import (
    InsightWriter,
    NewInsight,
    ReflectScope,
    Verdict,
)
from hebbs_graph.services.reflect.llm import LLMReflector
from hebbs_graph.services.reflect.reads import ReflectReads, Running
from hebbs_graph.settings import ReflectSettings
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# Expired sessions stay this long so a late commit hears "expired", not "unknown".
EXPIRED_SESSION_GRACE = timedelta(hours=1)


class ReflectService(ReflectReads):
    """Reflection's entry point: prepare, commit, the LLM route, and (from ReflectReads)
    the insight list and whether reflection is due."""

    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        settings: ReflectSettings,
        *,
        llm: LLMClient | None = None,
        listeners: list[WriteListener] | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.llm = llm
        self.writer = InsightWriter(store, embedder, settings, listeners)
        self.holder = new_holder()  # this process's name on reflection leases
        self.auto: Running | None = None  # the background worker, when the API runs one
        self._summary: tuple[float, dict[str, Any]] | None = None

    # -- gathering ------------------------------------------------------------------

    async def gather(self, tenant_id: str, request: ReflectScopeIn) -> Gathered:
        scope = ReflectScope(tenant_id, request.entity_id)
        kind = "entity" if scope.entity_id is not None else "tenant"
        rows = await self.store.read_rows(
            f"reflect/episodes_{kind}",
            tenant_id=tenant_id,
            entity_id=scope.entity_id,
            scope=scope.key,
            since=request.since,
            limit=request.limit,
        )
        episodes = [Episode.from_row(r["episode"]) for r in rows]
        stale = await self.stale_insights(scope)
        if len(episodes) < self.settings.reflect_min_episodes:
            return Gathered(scope, episodes, [], stale, clustered=False)
        found = await asyncio.to_thread(
            cluster_embeddings,
            [r["embedding"] for r in rows],
            times=[e.occurred_at for e in episodes],
            time_weight=self.settings.reflect_time_weight,
            time_scale_s=self.settings.reflect_time_scale_s,
            seed=self.settings.reflect_seed,
            max_k=self.settings.reflect_max_k,
            min_size=self.settings.reflect_min_cluster,
        )
        clusters = [[episodes[i] for i in members] for members in found.clusters]
        return Gathered(scope, episodes, clusters, stale, clustered=True)

    async def stale_insights(self, scope: ReflectScope) -> list[StaleRecord]:
        rows = await self.store.read_rows(
            "reflect/stale_insights",
            tenant_id=scope.tenant_id,
            entity_id=scope.entity_id,
            limit=self.settings.reflect_max_stale,
        )
        return [
            StaleRecord(to_memory(r["insight"]), [to_memory(s) for s in r["sources"]]) for r in rows
        ]

    def proposal_prompt(self, gathered: Gathered, cluster_id: int, members: list[Episode]) -> str:
        return prompts.proposal_user_prompt(
            gathered.scope.entity_id, cluster_id, members, self.settings.reflect_prompt_chars
        )

    def stale_prompt(self, record: StaleRecord) -> str:
        return prompts.stale_user_prompt(
            record.insight.content,
            record.insight.stale_reason,
            record.sources,
            self.settings.reflect_prompt_chars,
        )

    # -- agent route ----------------------------------------------------------------

    async def prepare(self, tenant_id: str, request: ReflectScopeIn) -> ReflectPrepareOut:
        """Cluster new episodes and build the prompts; no LLM is called."""
        gathered = await self.gather(tenant_id, request)
        now = utcnow()
        await self.store.write_rows(
            "reflect/session_purge", tenant_id=tenant_id, before=now - EXPIRED_SESSION_GRACE
        )
        clusters = [
            ReflectCluster(
                cluster_id=n,
                member_count=len(members),
                proposal_system_prompt=prompts.PROPOSAL_SYSTEM_PROMPT,
                proposal_user_prompt=self.proposal_prompt(gathered, n, members),
                memory_ids=[m.id for m in members],
                memories=[reflect_memory(m) for m in members],
            )
            for n, members in enumerate(gathered.clusters, start=1)
        ]
        stale = [self._stale_out(record) for record in gathered.stale]
        session_id = uuid.uuid4().hex
        expires_at = now + timedelta(seconds=self.settings.reflect_session_ttl_s)
        cursor = gathered.cursor
        await self.store.write_rows(
            "reflect/session_create",
            session_id=session_id,
            tenant_id=tenant_id,
            scope=gathered.scope.key,
            entity_id=gathered.scope.entity_id,
            now=now,
            expires_at=expires_at,
            memory_ids=[mid for c in clusters for mid in c.memory_ids],
            clusters_json=json.dumps({str(c.cluster_id): c.memory_ids for c in clusters}),
            stale_ids=[s.memory_id for s in stale],
            cursor_at=cursor[0] if cursor else None,
            cursor_id=cursor[1] if cursor else None,
            memories_processed=gathered.processed,
        )
        REFLECTIONS.labels(route="prepare").inc()
        return ReflectPrepareOut(
            session_id=session_id,
            memories_processed=gathered.processed,
            clusters=clusters,
            stale_insights=stale,
            entity_id=gathered.scope.entity_id,
            expires_at=expires_at,
            message=self._message(gathered),
        )

    def _message(self, gathered: Gathered) -> str | None:
        n, least = len(gathered.episodes), self.settings.reflect_min_episodes
        if not gathered.clustered:
            return (
                f"{n} new episode{'s' if n != 1 else ''} since the last reflection; "
                f"reflection needs at least {least}"
            )
        if not gathered.clusters:
            return f"{n} episodes held no cluster of {self.settings.reflect_min_cluster} or more"
        return None

    def _stale_out(self, record: StaleRecord) -> StaleInsight:
        i = record.insight
        return StaleInsight(
            memory_id=i.id,
            entity_id=i.entity_id,
            content=i.content,
            confidence=i.confidence,
            stale_reason=i.stale_reason,
            stale_since=i.stale_since,
            source_memory_ids=[s.id for s in record.sources],
            sources=[reflect_memory(s) for s in record.sources],
            review_system_prompt=prompts.STALE_SYSTEM_PROMPT,
            review_user_prompt=self.stale_prompt(record),
        )

    async def commit(self, tenant_id: str, body: ReflectCommitIn) -> ReflectCommitOut:
        """Store the agent's insights and verdicts; any id not from the session refuses all."""
        session = await self._session(tenant_id, body.session_id)
        self._check_against_session(session, body)
        for n, insight in enumerate(body.insights):
            check_content(insight.content, self.settings, field=f"insights[{n}].content")
        for n, verdict in enumerate(body.stale_verdicts):
            if verdict.content is not None:
                check_content(verdict.content, self.settings, field=f"stale_verdicts[{n}].content")
        cursor = None
        if session.get("cursor_at") is not None:
            cursor = (session["cursor_at"], session["cursor_id"])
        stored = await self.writer.write(
            ReflectScope(tenant_id, session.get("entity_id")),
            [
                NewInsight(i.content.strip(), i.confidence, i.source_memory_ids, i.tags)
                for i in body.insights
            ],
            [
                Verdict(
                    v.memory_id, v.verdict, v.content.strip() if v.content else None, v.confidence
                )
                for v in body.stale_verdicts
            ],
            cursor,
            session_id=body.session_id,
        )
        REFLECTIONS.labels(route="commit").inc()
        return ReflectCommitOut(
            session_id=body.session_id,
            insights_created=len(stored.insights),
            insight_ids=[i.id for i in stored.insights],
            memories_processed=int(session.get("memories_processed") or 0),
            stale_kept=stored.kept,
            stale_rewritten=stored.rewritten,
            stale_retired=stored.retired,
        )

    async def _session(self, tenant_id: str, session_id: str) -> dict[str, Any]:
        rows = await self.store.read_rows(
            "reflect/session_get", tenant_id=tenant_id, session_id=session_id
        )
        if not rows:
            raise UnknownSession(
                f"no reflect session {session_id}: unknown, already committed, or long "
                "expired; run reflect-prepare again",
                details={"session_id": session_id},
            )
        session: dict[str, Any] = rows[0]["session"]
        if session.get("committed_at") is not None:
            raise UnknownSession(
                f"reflect session {session_id} was already committed; run reflect-prepare "
                "again for a new one",
                details={"session_id": session_id},
            )
        if session["expires_at"] <= utcnow():
            raise SessionExpired(
                f"reflect session {session_id} expired at {session['expires_at'].isoformat()}; "
                "run reflect-prepare again",
                details={"session_id": session_id, "expired_at": session["expires_at"].isoformat()},
            )
        return session

    @staticmethod
    def _check_against_session(session: dict[str, Any], body: ReflectCommitIn) -> None:
        allowed = set(session.get("memory_ids") or [])
        clusters = {int(k) for k in json.loads(session.get("clusters_json") or "{}")}
        sid = body.session_id
        for n, insight in enumerate(body.insights):
            if insight.cluster_id is not None and insight.cluster_id not in clusters:
                raise NotInSession(
                    f"insights[{n}].cluster_id {insight.cluster_id} is not a cluster of "
                    f"session {sid}",
                    details={"field": f"insights[{n}].cluster_id"},
                )
            for j, mid in enumerate(insight.source_memory_ids):
                if mid not in allowed:
                    raise NotInSession(
                        f"insights[{n}].source_memory_ids[{j}]: {mid} was not in the output "
                        f"of session {sid}; nothing was stored",
                        details={"field": f"insights[{n}].source_memory_ids[{j}]", "id": mid},
                    )
        stale = set(session.get("stale_ids") or [])
        for n, verdict in enumerate(body.stale_verdicts):
            if verdict.memory_id not in stale:
                raise NotInSession(
                    f"stale_verdicts[{n}].memory_id: {verdict.memory_id} was not among the "
                    f"stale insights of session {sid}; nothing was stored",
                    details={"field": f"stale_verdicts[{n}].memory_id", "id": verdict.memory_id},
                )

    # -- LLM route ------------------------------------------------------------------

    async def reflect(self, tenant_id: str, request: ReflectIn) -> ReflectOut:
        """Propose, validate and store insights with the configured LLM."""
        out = await LLMReflector(self).run(tenant_id, request)
        REFLECTIONS.labels(route="llm").inc()
        return out
