"""Candidates of several strategies merged, and each scored: S = w_r·R + w_t·T + w_i·I + w_c·C."""

from __future__ import annotations

from datetime import datetime

from hebbs_graph import scoring
from hebbs_graph.models.recall import RecallResult, ScoreBreakdown, Weights
from hebbs_graph.services.recall.scope import Candidate


def merge(found: list[list[Candidate]]) -> list[Candidate]:
    """Merge by id (highest relevance wins, every strategy is recorded), then by content."""
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
        if twin is None or c.relevance > twin.relevance:
            if twin is not None:
                c.strategies |= twin.strategies
            by_content[c.memory.content_sha256] = c
        else:
            twin.strategies |= c.strategies
    return list(by_content.values())


def scored(c: Candidate, weights: Weights, now: datetime, horizon_days: float) -> RecallResult:
    """The candidate as a result, with its score and the score's parts."""
    m = c.memory
    t = scoring.recency(m.occurred_at, now, horizon_days)
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
            contributors=list(c.contributors),
        ),
        superseded=m.superseded_by is not None,
        stale=bool(m.stale),
    )
