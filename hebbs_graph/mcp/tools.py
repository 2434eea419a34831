"""The MCP tools. Each is one function over the services (``ToolServices``: the local
ones, or the REST API's through ``ApiServices``); its description tells an agent when to
call it. Inputs are the REST request models (plus ``memory_id`` where REST takes
it from the path), so the same rules hold at every door."""

from __future__ import annotations

from pydantic import field_validator

from hebbs_graph.ids import normalize_id
from hebbs_graph.mcp.ports import ToolServices
from hebbs_graph.mcp.registry import ToolRegistry
from hebbs_graph.models.graph import LineageOut, PrimeIn, PrimeOut
from hebbs_graph.models.memory import (
    ForgetIn,
    ForgetOut,
    Input,
    Memory,
    MemoryIn,
    ReviseIn,
)
from hebbs_graph.models.recall import RecallIn, RecallOut

TOOLS = ToolRegistry()


class MemoryRef(Input):
    memory_id: str

    @field_validator("memory_id")
    @classmethod
    def _id(cls, value: str) -> str:
        return normalize_id(value, field="memory_id")


class ReviseToolIn(ReviseIn):
    memory_id: str

    @field_validator("memory_id")
    @classmethod
    def _id(cls, value: str) -> str:
        return normalize_id(value, field="memory_id")


@TOOLS.tool(
    PrimeIn,
    description="""
    Call this FIRST, at the start of every conversation (or task) about a person, customer,
    project or other entity, before you answer. Give entity_id (who or what it is about)
    and similarity_cue (what the conversation is about, in a few words). You get the
    entity's recent memories, the memories most relevant to the cue, its best insights,
    and what waits for you: pending_contradictions (review them silently with
    contradiction_prepare and contradiction_commit), stale_insights and reflection.due
    (when true, reflect with reflect_prepare and reflect_commit).
    Use the result as background; do not read it out to the user.
    """,
)
async def prime(services: ToolServices, tenant_id: str, request: PrimeIn) -> PrimeOut:
    return await services.prime.prime(tenant_id, request)


@TOOLS.tool(
    MemoryIn,
    description="""
    Store one thing worth knowing later: a fact, decision, preference, commitment, outcome
    or correction that the user or the work revealed. One self-contained statement per
    call, in plain words that make sense without the conversation ("Acme's renewal budget
    is $5,000 for 2025", not "it's 5k"), with entity_id set to who or what it is about.
    importance: 0.9-1.0 commitments, deadlines, money, hard constraints, anything the user
    asked you to remember; 0.6-0.8 preferences, decisions, outcomes; 0.3-0.5 ordinary
    context; below 0.3 is rarely worth storing. Set occurred_at when it happened earlier
    than now; put structured facts in context (a JSON object); link causes with edges
    [{target_id, edge_type: CAUSED_BY}] (this memory is the effect). Do not store small
    talk, secrets (passwords, keys, card numbers), or what is already stored; if a stored
    fact changed, call revise on it instead of storing a second version.
    """,
)
async def remember(services: ToolServices, tenant_id: str, request: MemoryIn) -> Memory:
    return await services.memory.remember(tenant_id, request)


@TOOLS.tool(
    RecallIn,
    description="""
    Search long-term memory. Call it before answering anything that depends on the past:
    what the user said, decided or prefers, what happened, and why. Give cue (a question
    or keywords) and entity_id when you know who it is about. The default strategy,
    hybrid (meaning plus keywords), suits most questions; use strategies
    [{strategy: temporal}] for "what happened lately / in order" (time_range narrows it),
    [{strategy: causal, seed_memory_id, direction: backward, edge_types: [CAUSED_BY]}]
    for "why did this happen", [{strategy: analogical, cross_entity: true}] for "a similar
    case elsewhere". Results are ranked by score = w_r*relevance + w_t*recency +
    w_i*importance + w_c*reinforcement; each carries that breakdown, the strategies that
    found it and, for graph walks, its path. When a result has conflicts_with, the
    memories disagree: prefer the newer or better-supported one and mention the conflict
    only if it matters to the answer. Recall counts as use and strengthens what it
    returns; pass reinforce: false to look without that.
    """,
)
async def recall(services: ToolServices, tenant_id: str, request: RecallIn) -> RecallOut:
    return await services.recall.recall(tenant_id, request)


@TOOLS.tool(
    ReviseToolIn,
    description="""
    Update a stored memory in place when the fact changed or was wrong (a new budget, a
    corrected name, a changed preference): better than storing a second, conflicting
    memory. Give memory_id (from recall or prime) and what changes: content, importance,
    context (context_mode merge, the default, or replace), entity_id. The id stays; the
    old state is kept as a snapshot (see lineage), and insights drawn from the memory are
    marked stale so they get re-checked.
    """,
    idempotent=True,
)
async def revise(services: ToolServices, tenant_id: str, request: ReviseToolIn) -> Memory:
    changes = ReviseIn.model_validate(request.model_dump(exclude={"memory_id"}, exclude_unset=True))
    return await services.memory.revise(tenant_id, request.memory_id, changes)


@TOOLS.tool(
    ForgetIn,
    description="""
    Permanently delete every memory matching ALL the criteria given: memory_ids,
    entity_id, older_than, access_count_below, kind, decay_below. Use it when the user asks
    you to forget something, or for data that must not be kept. It cannot be undone: only
    a tombstone (id, time and content hash) remains, and insights drawn from the deleted
    memories become stale. Confirm with the user before a broad forget, such as a whole
    entity_id.
    """,
    destructive=True,
    idempotent=True,
)
async def forget(services: ToolServices, tenant_id: str, request: ForgetIn) -> ForgetOut:
    return await services.memory.forget(tenant_id, request)


@TOOLS.tool(
    MemoryRef,
    description="""
    Fetch one memory by memory_id (an id from recall, prime, lineage or a contradiction)
    with all its fields: content, importance, context, tags, times, access count, and for
    insights their confidence and staleness.
    """,
    read_only=True,
    idempotent=True,
)
async def get_memory(services: ToolServices, tenant_id: str, request: MemoryRef) -> Memory:
    return await services.memory.get(tenant_id, request.memory_id)


@TOOLS.tool(
    MemoryRef,
    description="""
    Explain where a memory came from. For an insight: the memories it was drawn from
    (INSIGHT_FROM, recursively, with depth). For any memory: its earlier versions
    (REVISED_FROM snapshots, newest first). Use it when asked "why do you think that?",
    or to check an insight before relying on it.
    """,
    read_only=True,
    idempotent=True,
)
async def lineage(services: ToolServices, tenant_id: str, request: MemoryRef) -> LineageOut:
    return await services.lineage.lineage(tenant_id, request.memory_id)
