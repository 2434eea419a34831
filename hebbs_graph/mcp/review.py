"""The housekeeping tools: reviewing contradictions (and, where present, reflection).

An agent works these quietly between turns; the descriptions say when, and that the user
hears about a conflict only when it touches the work at hand.
"""

from __future__ import annotations

from pydantic import Field

from hebbs_graph.mcp.ports import ToolServices
from hebbs_graph.mcp.tools import TOOLS
from hebbs_graph.models.contradict import CommitIn, CommitOut, PrepareIn, PrepareOut
from hebbs_graph.models.memory import EntityId, Input
from hebbs_graph.models.reflect import (
    InsightsOut,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectPrepareOut,
    ReflectScopeIn,
)


@TOOLS.tool(
    PrepareIn,
    description="""
    Review contradictions, silently: right after prime reports pending_contradictions,
    and after you have stored several memories in a row. It lists pairs of memories that
    seem to disagree (a is the older) with snippets, a classifier score and a suggested
    verdict, after waiting briefly (wait_for_checks_s, default 2 s) for the checks of
    memories just stored, so their pairs are in the list. Judge each pair, then send all
    verdicts in one contradiction_commit call. checks_wait_timed_out: true means checks
    were still running when the wait ended: more pairs may appear; look again later. Do
    not mention it to the user; tell them only when a real conflict touches the current
    work and you cannot tell which side is right.
    """,
    read_only=True,
)
async def contradiction_prepare(
    services: ToolServices, tenant_id: str, request: PrepareIn
) -> PrepareOut:
    return await services.contradict.prepare(tenant_id, request)


@TOOLS.tool(
    CommitIn,
    description="""
    Record your verdicts on the pairs contradiction_prepare listed, all in one call:
    verdicts [{pending_id, verdict, confidence, reasoning}]. "contradiction": both cannot
    be true (recall then flags each with conflicts_with); "revision": the newer supersedes
    the older (set newer_memory_id if the later date is not the newer fact); "dismiss":
    no real conflict. All verdicts apply together or not at all.
    """,
)
async def contradiction_commit(
    services: ToolServices, tenant_id: str, request: CommitIn
) -> CommitOut:
    return await services.contradict.commit(tenant_id, request)


class InsightsQuery(Input):
    entity_id: EntityId | None = None
    min_confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    stale: bool | None = None
    limit: int = Field(default=20, ge=1, le=1000)


@TOOLS.tool(
    ReflectScopeIn,
    description="""
    Start a reflection when prime says reflection.due is true (or stale_insights is not
    empty), quietly, between turns. It clusters the entity's new episodes and returns, per
    cluster, a proposal_system_prompt and proposal_user_prompt listing the memories: act
    as that LLM yourself and write one or two insights per cluster (a durable conclusion,
    with confidence 0..1 and the source_memory_ids it rests on, taken only from that
    cluster). It also returns stale_insights whose sources changed: decide keep, rewrite
    or retire for each. Then call reflect_commit with the session_id within 10 minutes.
    """,
)
async def reflect_prepare(
    services: ToolServices, tenant_id: str, request: ReflectScopeIn
) -> ReflectPrepareOut:
    return await services.reflect.prepare(tenant_id, request)


@TOOLS.tool(
    ReflectCommitIn,
    description="""
    Store the insights you drew from a reflect_prepare session: session_id, insights
    [{content, confidence, source_memory_ids, tags?, cluster_id?}] and stale_verdicts
    [{memory_id, verdict: keep|rewrite|retire, content? (for rewrite)}], one per stale
    insight the session listed (memory_id is the insight's id). Every source id
    must come from that session's clusters, or nothing is stored. Insights appear in
    recall and prime at once, ranked higher the more sources back them.
    """,
)
async def reflect_commit(
    services: ToolServices, tenant_id: str, request: ReflectCommitIn
) -> ReflectCommitOut:
    return await services.reflect.commit(tenant_id, request)


@TOOLS.tool(
    InsightsQuery,
    description="""
    List the conclusions drawn so far (best first), optionally for one entity, above a
    confidence, or only stale ones. Use it when you want the big picture about an entity
    rather than individual memories; each insight lists its source_memory_ids.
    """,
    read_only=True,
)
async def insights(services: ToolServices, tenant_id: str, request: InsightsQuery) -> InsightsOut:
    found = await services.reflect.insights(
        tenant_id,
        entity_id=request.entity_id,
        min_confidence=request.min_confidence,
        stale=request.stale,
        limit=request.limit,
    )
    return InsightsOut(insights=found)
