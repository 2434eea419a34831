"""REST handlers for reflection and insights: thin — parse, call the service, answer."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.params import Parameter

from hebbs_graph.api.params import entity_param
from hebbs_graph.models.reflect import (
    InsightsOut,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectIn,
    ReflectOut,
    ReflectPrepareIn,
    ReflectPrepareOut,
    ReflectStatus,
)
from hebbs_graph.services.reflect.service import ReflectService


class ReflectController(Controller):
    path = "/v1"
    tags = ["reflect"]

    @post("/reflect/prepare", status_code=200)
    async def prepare(
        self, data: ReflectPrepareIn, reflect: ReflectService, tenant_id: str
    ) -> ReflectPrepareOut:
        """Agent route, step 1: cluster new episodes and return one proposal prompt per
        cluster (and the stale insights to judge). No LLM is called; the session expires
        after 10 minutes."""
        return await reflect.prepare(tenant_id, data)

    @post("/reflect/commit", status_code=200)
    async def commit(
        self, data: ReflectCommitIn, reflect: ReflectService, tenant_id: str
    ) -> ReflectCommitOut:
        """Agent route, step 2: store the insights drawn from a session's clusters and the
        verdicts on its stale insights. Any id the session did not hand out refuses the
        whole commit (409)."""
        return await reflect.commit(tenant_id, data)

    @post("/reflect", status_code=200)
    async def reflect(
        self, reflect: ReflectService, tenant_id: str, data: ReflectIn | None = None
    ) -> ReflectOut:
        """LLM route: the configured provider proposes and validates insights (409 when
        no provider is configured: use the agent route)."""
        return await reflect.reflect(tenant_id, data or ReflectIn())

    @get("/reflect/status")
    async def status(
        self, reflect: ReflectService, tenant_id: str, entity_id: str | None = entity_param()
    ) -> ReflectStatus:
        """Is reflection due for the entity (or the tenant), and why?"""
        return await reflect.reflect_status(tenant_id, entity_id)

    @get("/insights")
    async def insights(
        self,
        reflect: ReflectService,
        tenant_id: str,
        entity_id: str | None = entity_param(),
        min_confidence: float | None = Parameter(default=None, ge=0.0, le=1.0),
        stale: bool | None = None,
        limit: int = Parameter(default=50, ge=1, le=1000),
    ) -> InsightsOut:
        """Insights, best first, each with the ids of the memories it was drawn from."""
        found = await reflect.insights(
            tenant_id, entity_id=entity_id, min_confidence=min_confidence, stale=stale, limit=limit
        )
        return InsightsOut(insights=found)
