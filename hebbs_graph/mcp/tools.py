"""The MCP tools. Each is one function over the services (``ToolServices``: the local
ones, or the REST API's through ``ApiServices``); its description tells an agent when to
call it. Inputs are the REST request models (plus ``memory_id`` where REST takes
it from the path), so the same rules hold at every door."""

from __future__ import annotations

from pydantic import Field

from hebbs_graph.mcp.ports import ToolServices
from hebbs_graph.mcp.registry import ToolRegistry
from hebbs_graph.models.compact import CompactPrimeOut, CompactRecallOut
from hebbs_graph.models.conversation import ConversationIn, ConversationOut
from hebbs_graph.models.fields import MemoryId
from hebbs_graph.models.graph import LineageOut, PrimeIn, PrimeOut
from hebbs_graph.models.memory import (
    ForgetIn,
    ForgetOut,
    Input,
    Memory,
    MemoryIn,
    ReviseIn,
)
from hebbs_graph.models.recall import RecallIn, RecallOut, View

TOOLS = ToolRegistry()


class MemoryRef(Input):
    memory_id: MemoryId


class ReviseToolIn(ReviseIn):
    memory_id: MemoryId


COMPACT = "compact (default): id, content, score, kind, one time per memory. full: every field."


class PrimeToolIn(PrimeIn):
    view: View = Field(default="compact", description=COMPACT)


class RecallToolIn(RecallIn):
    view: View = Field(default="compact", description=COMPACT)


@TOOLS.tool(
    PrimeToolIn,
    description="""
    Call this FIRST, at the start of every conversation or task about a person, customer,
    project or other entity, before you answer. Give entity_id and similarity_cue (what
    the talk is about, in a few words). You get recent memories, the most relevant ones,
    the best insights, and what waits: pending_contradictions (review them silently with
    contradiction_prepare), stale_insights, and reflection when due (reflect_prepare).
    Use it as background; do not read it out to the user.
    """,
)
async def prime(
    services: ToolServices, tenant_id: str, request: PrimeToolIn
) -> CompactPrimeOut | PrimeOut:
    return await services.prime.answer(tenant_id, request)


@TOOLS.tool(
    MemoryIn,
    description="""
    Store one thing worth knowing later: a fact, decision, preference, commitment, outcome
    or correction. One self-contained statement per call that makes sense without the
    conversation ("Acme's renewal budget is $5,000 for 2025", not "it's 5k"), with
    entity_id set to who or what it is about. importance: 0.9-1.0 commitments, deadlines,
    money, hard constraints, anything the user asked you to remember; 0.6-0.8
    preferences, decisions, outcomes; 0.3-0.5 ordinary context. Set occurred_at when it
    happened earlier; link causes with edges [{target_id, edge_type: CAUSED_BY}]. Do not
    store small talk, secrets, or what is already stored; if a stored fact changed, revise
    it instead. The same words again for the same entity reinforce the stored memory
    (the answer says reinforced: true) instead of storing a copy.
    """,
)
async def remember(services: ToolServices, tenant_id: str, request: MemoryIn) -> Memory:
    return await services.memory.remember(tenant_id, request)


@TOOLS.tool(
    ConversationIn,
    description="""
    Store a conversation turn by turn when the exchange itself is worth keeping: at the end
    of a session (or every so often in a long one), or to import a chat log. Give
    entity_id and messages [{speaker or role, content, occurred_at?}] in order; each turn
    becomes a memory, chained in time. Pass the answer's session_id again to add later
    turns; turns already stored are skipped. For a single distilled fact, use remember.
    """,
)
async def remember_conversation(
    services: ToolServices, tenant_id: str, request: ConversationIn
) -> ConversationOut:
    return await services.conversation.remember_conversation(tenant_id, request)


@TOOLS.tool(
    RecallToolIn,
    description="""
    Search long-term memory. Call it before answering anything that depends on the past:
    what the user said, decided or prefers, what happened, and why. Give cue (a question
    or keywords) and entity_id when you know who it is about. The default strategy,
    hybrid, suits most questions; use strategies [{strategy: temporal}] for "what happened
    lately" (time_range narrows it), [{strategy: causal, seed_memory_id, direction:
    backward}] for "why", [{strategy: analogical, cross_entity: true}] for "a similar case
    elsewhere"; a strategy's own fields go beside its name, and the memory service checks
    them. When a result has conflicts_with or may_be_superseded_by, prefer the newer
    or better-supported memory; mention the conflict only if it matters. view: full adds
    each score's breakdown. reinforce: false looks without counting it as use.
    """,
)
async def recall(
    services: ToolServices, tenant_id: str, request: RecallToolIn
) -> CompactRecallOut | RecallOut:
    return await services.recall.answer(tenant_id, request)


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
