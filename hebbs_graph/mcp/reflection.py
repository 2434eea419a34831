"""The reflection tools: the agent route (the calling agent is the LLM) and the insights.

The agent answers the prompts reflect_prepare hands out and commits its conclusions; no
server-side LLM is involved. Like contradiction review, this is quiet housekeeping.
"""

from __future__ import annotations

from hebbs_graph.mcp.tools import TOOLS
from hebbs_graph.models.reflect import (
    InsightsIn,
    InsightsOut,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectPrepareIn,
    ReflectPrepareOut,
)
from hebbs_graph.services.container import Services


@TOOLS.tool(
    ReflectPrepareIn,
    description="""
    Turn piled-up episodes into insights. Call it when prime says reflection.due is true
    (or lists stale_insights), with the entity_id. You get a session_id (valid 10 minutes)
    and clusters of related memories, each with proposal_system_prompt and
    proposal_user_prompt: follow them yourself and write the general conclusions the
    memories support (a preference, priority, recurring problem), each citing the
    memory_ids it rests on. stale_insights are conclusions whose sources changed: judge
    each with its review prompts (keep, rewrite with new content, or retire). Then send
    everything in one reflect_commit call. Quiet housekeeping: do not narrate it.
    """,
)
async def reflect_prepare(
    services: Services, tenant_id: str, request: ReflectPrepareIn
) -> ReflectPrepareOut:
    return await services.reflect.prepare(tenant_id, request)


@TOOLS.tool(
    ReflectCommitIn,
    description="""
    Store what you concluded from a reflect_prepare session, in one call: session_id;
    insights [{content, confidence 0..1, source_memory_ids, tags, cluster_id}] where every
    source id comes from that session's clusters; stale_verdicts [{memory_id, verdict:
    keep | rewrite | retire, content (rewrite only)}] for its stale_insights. Everything is
    stored together or, if any id was not handed out by the session or the session
    expired, nothing is: then call reflect_prepare again. Insights appear in recall and
    prime at once; one drawn from many memories ranks above one drawn from two.
    """,
)
async def reflect_commit(
    services: Services, tenant_id: str, request: ReflectCommitIn
) -> ReflectCommitOut:
    return await services.reflect.commit(tenant_id, request)


@TOOLS.tool(
    InsightsIn,
    description="""
    List the conclusions already drawn (insights), best first, each with the ids of the
    memories it rests on (source_memory_ids; lineage shows them). Filter by entity_id,
    min_confidence, and stale (true: only those whose sources changed and need a
    verdict; false: only sound ones). Use it for an overview of what is known about an
    entity; for answering a question, recall finds insights and episodes together.
    """,
    read_only=True,
)
async def insights(services: Services, tenant_id: str, request: InsightsIn) -> InsightsOut:
    found = await services.reflect.insights(
        tenant_id,
        entity_id=request.entity_id,
        min_confidence=request.min_confidence,
        stale=request.stale,
        limit=request.limit,
    )
    return InsightsOut(insights=found)
