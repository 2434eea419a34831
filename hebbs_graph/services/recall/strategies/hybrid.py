"""hybrid: vector and text evidence fused, spread along the timeline (recall/hybrid.py)."""

from __future__ import annotations

from typing import Final, Literal

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools, needs_cue

STRATEGY: Final = "hybrid"


class HybridSpec(SpecBase):
    """Meaning and words together: the vector and fulltext evidence for the cue, fused
    and spread along the timeline (the default). Needs a cue."""

    strategy: Literal["hybrid"]

    def cue_problem(self, has_cue: bool) -> str | None:
        return needs_cue(STRATEGY, has_cue)


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    if ask.vector is None or ask.cue is None:
        raise InvalidInput("strategy hybrid needs a cue", details={"field": "cue"})
    found = await tools.hybrid.search(ask.scope, ask.cue, ask.vector, ask.k)
    return [Candidate(m, relevance, {STRATEGY}, contributors=why) for m, relevance, why in found]
