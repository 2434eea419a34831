"""Reading reflection state: the insight list, whether reflection is due (for prime,
the status endpoint and the health view), and which entities the worker should look at.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any, Protocol

from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.graph import ReflectionDue
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.reflect import Insight, ReflectStatus
from hebbs_graph.services.reflect.insight_store import ReflectScope, to_insight
from hebbs_graph.settings import ReflectSettings
from hebbs_graph.timeutil import utcnow


class Running(Protocol):
    """A background worker, as health reads it (the API's auto-reflector)."""

    @property
    def running(self) -> bool: ...


class ReflectReads:
    store: GraphStore
    settings: ReflectSettings
    llm: LLMClient | None
    auto: Running | None
    _summary: tuple[float, dict[str, Any]] | None

    async def insights(
        self,
        tenant_id: str,
        *,
        entity_id: str | None = None,
        min_confidence: float | None = None,
        stale: bool | None = None,
        limit: int = 50,
    ) -> list[Insight]:
        """Insights best first (importance, then newest), each with its source ids."""
        if not 1 <= limit <= 1000:
            raise InvalidInput("limit must be between 1 and 1000", details={"field": "limit"})
        rows = await self.store.read_rows(
            "reflect/insights_list",
            tenant_id=tenant_id,
            entity_id=entity_id,
            min_confidence=min_confidence,
            stale=stale,
            limit=limit,
        )
        found = [to_insight(r["insight"], r["source_ids"]) for r in rows]
        found.sort(key=lambda i: (-i.importance, -i.created_at.timestamp(), i.id))
        return found

    async def reflect_status(self, tenant_id: str, entity_id: str | None = None) -> ReflectStatus:
        """Is reflection due for this entity (or the tenant), and why?"""
        scope = ReflectScope(tenant_id, entity_id)
        kind = "entity" if entity_id is not None else "tenant"
        rows = await self.store.read_rows(
            f"reflect/status_{kind}", tenant_id=tenant_id, entity_id=entity_id, scope=scope.key
        )
        row = rows[0]
        s = self.settings
        new, weight = int(row["new_episodes"]), float(row["new_importance"])
        last = row["reflected_at"]
        reasons = []
        if new >= s.reflect_auto_episodes:
            reasons.append("new_episodes")
        enough = new >= s.reflect_min_episodes
        if enough and weight >= s.reflect_auto_importance:
            reasons.append("importance")
        waiting_since = last or row["oldest_new"]
        interval = timedelta(seconds=s.reflect_auto_interval_s)
        if enough and waiting_since is not None and utcnow() - waiting_since >= interval:
            reasons.append("interval")
        if row["stale_insights"]:
            reasons.append("stale_insights")
        return ReflectStatus(
            entity_id=entity_id,
            due=bool(reasons),
            reason=reasons[0] if reasons else None,
            reasons=reasons,
            new_episodes=new,
            new_importance=round(weight, 6),
            last_reflected_at=last,
            stale_insights=int(row["stale_insights"]),
            llm_configured=self.llm is not None,
        )

    async def stale_for_prime(self, tenant_id: str, entity_id: str) -> list[Memory]:
        """The entity's stale insights, for prime to show the agent."""
        return list(await self.insights(tenant_id, entity_id=entity_id, stale=True, limit=20))

    async def due_for_prime(self, tenant_id: str, entity_id: str) -> ReflectionDue:
        """Whether reflection is due for the entity, in prime's words."""
        status = await self.reflect_status(tenant_id, entity_id)
        return ReflectionDue(
            due=status.due, reason=status.reason, details=status.model_dump(mode="json")
        )

    async def auto_candidates(self, tenant_id: str, limit: int = 100) -> list[str]:
        """Entities that may be due: written since last reflected, or with stale insights."""
        rows = await self.store.read_rows(
            "reflect/auto_candidates", tenant_id=tenant_id, limit=limit
        )
        return [r["entity_id"] for r in rows]

    async def due_entities(self, tenant_id: str, limit: int = 100) -> list[ReflectStatus]:
        statuses = [
            await self.reflect_status(tenant_id, entity)
            for entity in await self.auto_candidates(tenant_id, limit)
        ]
        return [s for s in statuses if s.due]

    async def health_summary(self, tenants: list[str], ttl_s: float = 30.0) -> dict[str, Any]:
        """For /v1/health/ready: LLM and worker state and how many entities are due.

        Cached for ``ttl_s`` so a readiness probe stays cheap.
        """
        loop_now = asyncio.get_running_loop().time()
        if self._summary is not None and loop_now - self._summary[0] < ttl_s:
            return self._summary[1]
        due = 0
        for tenant in tenants:
            due += len(await self.due_entities(tenant))
        summary = {
            "llm_configured": self.llm is not None,
            "auto_reflect": self.auto is not None and self.auto.running,
            "due_entities": due,
        }
        self._summary = (loop_now, summary)
        return summary
