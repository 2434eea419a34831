"""Candidates of several strategies merged, and each scored: S = w_r·R + w_t·T + w_i·I + w_c·C."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from hebbs_graph import scoring
from hebbs_graph.models.recall import Contributor, RecallResult, ScoreBreakdown, Weights
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.supersession import stated_at


def merge(found: list[list[Candidate]]) -> list[Candidate]:
    """Merge by id (highest relevance wins, every strategy is recorded), then by content
    (the better match, or the later of two as good)."""
    by_id: dict[str, Candidate] = {}
    for candidates in found:
        for c in candidates:
            seen = by_id.get(c.memory.id)
            if seen is None:
                by_id[c.memory.id] = Candidate(
                    c.memory, c.relevance, set(c.strategies), c.path, c.depth, list(c.contributors)
                )
                continue
            seen.strategies |= c.strategies
            if c.relevance > seen.relevance:
                seen.relevance, seen.path, seen.depth = c.relevance, c.path, c.depth
                seen.contributors = list(c.contributors)
    by_content: dict[str, Candidate] = {}
    for c in by_id.values():
        twin = by_content.get(c.memory.content_sha256)
        # Of two copies of one text the better match stays, and of two as good the one
        # said last: it says what is true now (a value that came back, stored again).
        if twin is None or _later_or_better(c, twin):
            if twin is not None:
                c.strategies |= twin.strategies
            by_content[c.memory.content_sha256] = c
        else:
            twin.strategies |= c.strategies
    return list(by_content.values())


def _later_or_better(c: Candidate, twin: Candidate) -> bool:
    return (c.relevance, stated_at(c.memory)) > (twin.relevance, stated_at(twin.memory))


@dataclass(frozen=True)
class Span:
    """The candidates' own time span, for a cue that asks for the current state: there,
    recency is at least ``share`` × where a memory stands in it (the newest 1, the
    oldest 0), so time matters even when every candidate is months old."""

    oldest: datetime
    newest: datetime
    share: float

    def recency(self, at: datetime) -> float:
        width = (self.newest - self.oldest).total_seconds()
        return self.share * (at - self.oldest).total_seconds() / width if width > 0 else 0.0


def scored(
    c: Candidate, weights: Weights, now: datetime, horizon_days: float, span: Span | None = None
) -> RecallResult:
    """The candidate as a result, with its score and the score's parts."""
    m = c.memory
    t = scoring.recency(m.occurred_at, now, horizon_days)
    contributors = list(c.contributors)
    if span is not None and span.recency(stated_at(m)) > t:
        t = span.recency(stated_at(m))
        contributors.append(
            Contributor(
                kind="current_state",
                detail="the cue asks what is true now: recency by its place among the "
                "candidates' times (the newest 1, the oldest 0)",
            )
        )
    reinforce = scoring.reinforcement(m.access_count)
    relevance = min(1.0, max(0.0, c.relevance))
    return RecallResult(
        memory=m,
        score=round(scoring.score(relevance, t, m.importance, reinforce, weights), 6),
        breakdown=ScoreBreakdown(
            relevance=relevance,
            recency=t,
            importance=m.importance,
            reinforcement=reinforce,
            weights=weights,
            strategies=sorted(c.strategies),
            path=c.path,
            depth=c.depth,
            contributors=contributors,
        ),
        superseded=m.superseded_by is not None,
        stale=bool(m.stale),
    )
