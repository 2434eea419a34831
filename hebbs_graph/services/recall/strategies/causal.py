"""causal: a walk of the graph from the seed (or from the best similarity hit for the
cue), nearest first; R = 1 − depth/(max_depth + 1), with the path it took."""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.fields import MemoryId
from hebbs_graph.models.recall import PathStep, SpecBase
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools, seed_memory
from hebbs_graph.services.records import to_memory

STRATEGY: Final = "causal"


class CausalSpec(SpecBase):
    """A walk of the graph from seed_memory_id (or from the best match for the cue),
    nearest first, with the path it took: direction backward walks toward causes and
    earlier memories, forward away from them; edge_types limits the walk."""

    strategy: Literal["causal"]
    seed_memory_id: MemoryId | None = None
    edge_types: list[EdgeType] | None = None
    direction: Literal["forward", "backward", "both"] = "both"
    max_depth: int = Field(default=5, ge=1, le=10)

    def cue_problem(self, has_cue: bool) -> str | None:
        if has_cue or self.seed_memory_id:
            return None
        return f"the {STRATEGY} strategy needs a cue or seed_memory_id"


# Which way each edge type points "backward" (toward causes, sources, the past).
_BACKWARD_ALONG = {EdgeType.CAUSED_BY, EdgeType.REVISED_FROM, EdgeType.INSIGHT_FROM}
_BACKWARD_AGAINST = {EdgeType.FOLLOWED_BY}
_SYMMETRIC = {EdgeType.RELATED_TO, EdgeType.CONTRADICTS}


def walk_directions(
    edge_types: list[EdgeType] | None, direction: str
) -> tuple[list[str], list[str]]:
    """Edge types to follow along / against their stored direction.

    "backward" walks toward causes and earlier memories (effect → cause on CAUSED_BY,
    later → earlier on FOLLOWED_BY); "forward" the other way; "both" every way.
    RELATED_TO and CONTRADICTS have no direction of meaning and are followed both ways.
    """
    chosen = set(edge_types or list(EdgeType))
    if direction == "both":
        both = sorted(t.value for t in chosen)
        return both, both
    along = _BACKWARD_ALONG if direction == "backward" else _BACKWARD_AGAINST
    against = _BACKWARD_AGAINST if direction == "backward" else _BACKWARD_ALONG
    sym = chosen & _SYMMETRIC
    return (
        sorted(t.value for t in (chosen & along) | sym),
        sorted(t.value for t in (chosen & against) | sym),
    )


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    scope, spec = ask.scope, ask.spec_as(CausalSpec)
    if spec.seed_memory_id is not None:
        seed = await seed_memory(
            tools.store, scope.tenant_id, spec.seed_memory_id, "seed_memory_id"
        )
        seed_id = seed.id
    else:
        if ask.vector is None:
            raise InvalidInput(
                "causal recall needs seed_memory_id or a cue", details={"field": "strategies"}
            )
        best = await tools.nearest.search(scope, ask.vector, 1)
        if not best:
            return []
        seed_id = best[0][0].id
    along, against = walk_directions(spec.edge_types, spec.direction)
    rows = await tools.store.read_rows(
        "recall/causal",
        seed_id=seed_id,
        along=along,
        against=against,
        max_depth=spec.max_depth,
        limit=ask.k,
        **scope.params(),
    )
    out = []
    for row in rows:
        depth = int(row["depth"])
        steps = [PathStep(memory_id=row["path_ids"][0])] + [
            PathStep(memory_id=mid, edge_type=EdgeType(t))
            for mid, t in zip(row["path_ids"][1:], row["path_types"], strict=True)
        ]
        relevance = 1.0 - depth / (spec.max_depth + 1)
        out.append(Candidate(to_memory(row["memory"]), relevance, {STRATEGY}, steps, depth))
    return out
