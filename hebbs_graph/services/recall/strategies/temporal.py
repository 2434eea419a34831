"""temporal: an entity's (or the tenant's) memories in time order; R = 1 − rank/n."""

from __future__ import annotations

from typing import ClassVar, Final, Literal

from hebbs_graph.models.recall import SpecBase, TimeRange
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools
from hebbs_graph.services.records import to_memory
from hebbs_graph.timeutil import EARLIEST, LATEST

STRATEGY: Final = "temporal"


class TemporalSpec(SpecBase):
    """The memories in time order, newest first (or oldest), optionally inside
    time_range. Needs no cue."""

    strategy: Literal["temporal"]
    searches_by_meaning: ClassVar[bool] = False
    time_range: TimeRange | None = None
    order: Literal["newest", "oldest"] = "newest"


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    scope, spec = ask.scope, ask.spec_as(TemporalSpec)
    span = spec.time_range
    rows = await tools.store.read_rows(
        f"recall/temporal_{scope.kind}_{spec.order}",
        start=(span.start if span and span.start else EARLIEST),
        end=(span.end if span and span.end else LATEST),
        k=ask.k,
        **scope.params(),
    )
    n = len(rows)
    return [
        Candidate(to_memory(r["memory"]), 1.0 - rank / n, {STRATEGY}) for rank, r in enumerate(rows)
    ]
