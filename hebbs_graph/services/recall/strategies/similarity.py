"""similarity: the nearest memories to the cue by meaning (cosine)."""

from __future__ import annotations

from typing import Final, Literal

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools, needs_cue

STRATEGY: Final = "similarity"


class SimilaritySpec(SpecBase):
    """The nearest memories to the cue by meaning (cosine). Needs a cue."""

    strategy: Literal["similarity"]

    def cue_problem(self, has_cue: bool) -> str | None:
        return needs_cue(STRATEGY, has_cue)


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    if ask.vector is None:
        raise InvalidInput("strategy similarity needs a cue", details={"field": "cue"})
    hits = await tools.nearest.search(ask.scope, ask.vector, ask.k)
    return [Candidate(m, max(0.0, s), {STRATEGY}) for m, s in hits]
