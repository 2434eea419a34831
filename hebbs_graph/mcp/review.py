"""The housekeeping tools: reviewing contradictions (and, where present, reflection).

An agent works these quietly between turns; the descriptions say when, and that the user
hears about a conflict only when it touches the work at hand.
"""

from __future__ import annotations

from hebbs_graph.mcp.tools import TOOLS
from hebbs_graph.models.contradict import CommitIn, CommitOut, PrepareIn, PrepareOut
from hebbs_graph.services.container import Services


@TOOLS.tool(
    PrepareIn,
    description="""
    Review contradictions, silently. Call it right after prime when prime lists
    pending_contradictions, and after you have stored several memories in a row. It lists
    pairs of stored memories that seem to disagree (memory a is the older), with snippets,
    a classifier score, the signals it saw and a suggested verdict. Judge each pair
    yourself, then send every verdict in one contradiction_commit call. This is
    housekeeping: do not mention it to the user. Tell the user only when a real conflict
    touches the current work and you cannot tell which side is right.
    """,
    read_only=True,
)
async def contradiction_prepare(
    services: Services, tenant_id: str, request: PrepareIn
) -> PrepareOut:
    return await services.contradict.prepare(tenant_id, request)


@TOOLS.tool(
    CommitIn,
    description="""
    Record your verdicts on the pairs contradiction_prepare listed, all in one call:
    verdicts [{pending_id, verdict, confidence, reasoning}]. verdict "contradiction" when
    both cannot be true at once (they are linked, and recall flags each with
    conflicts_with); "revision" when one updates the other (the newer supersedes the older,
    which drops out of recall; set newer_memory_id if the later date is not the newer
    fact); "dismiss" when they do not really conflict. Give confidence 0..1 and one line
    of reasoning. The verdicts apply all together or not at all.
    """,
)
async def contradiction_commit(services: Services, tenant_id: str, request: CommitIn) -> CommitOut:
    return await services.contradict.commit(tenant_id, request)
