"""Two leading candidates that are each other's closest: they answer a question about now
alike, in whatever words (issue 29, conversation).

"Am I married?" over "i married a super model from italy." and "… which is why i am
single and alone": the old and the new value share no word with the cue or with each
other, and the relevances of a scope do not set the two apart from the rest
(``supersession.leaders`` wants a drop after them larger than their own spread). What
does: among the first ``POOL`` candidates of the scope by relevance to the cue, the two
are each other's nearest by their stored vectors, and both are among its first ``LEAD``.
Two statements of one slot are closer to each other than either is to the scope's other
memories even when the model does not know that "single" answers "married?" (the data's
own statistics, no word list, no threshold: a mutual nearest pair, whatever the scope's
typical similarity).

Like ``from_cue``'s pairs, an order, not a sign: the newer ranks first and nothing is
marked (two memories closest to each other and to the cue may both be true: "Ann likes
jazz" / "Ann likes blues").
"""

from __future__ import annotations

import itertools

from hebbs_graph.models.recall import RecallResult

# A scope's candidates compared (its first by relevance), and those a pair must lead.
POOL = 10
LEAD = 3
# The ids read for one recall, at most (a tenant-wide recall over many entities).
MOST = 30


def pools(ranked: list[RecallResult], *, tenant_wide: bool = False) -> list[list[str]]:
    """Each scope's first ``POOL`` candidate ids by relevance to the cue (what answers
    it, not what else the score weighs: importance, recency), for the scopes with
    ``LEAD`` candidates or more (a scope is an entity, or the tenant with
    ``tenant_wide``); at most ``MOST`` ids in all, the scopes of the best first."""
    scopes: dict[str | None, list[str]] = {}
    for r in sorted(ranked, key=lambda r: r.breakdown.relevance, reverse=True):
        members = scopes.setdefault(None if tenant_wide else r.memory.entity_id, [])
        if len(members) < POOL:
            members.append(r.memory.id)
    out: list[list[str]] = []
    left = MOST
    for members in scopes.values():
        if len(members) >= LEAD and len(members) <= left:
            out.append(members)
            left -= len(members)
    return out


def closest_pairs(
    pool: list[str], similarity: dict[tuple[str, str], float]
) -> list[tuple[str, str]]:
    """The pairs among the first ``LEAD`` of ``pool`` that are each other's nearest in it
    (``similarity`` by (a, b) in either order; a pair not given is not close)."""

    def sim(a: str, b: str) -> float:
        return similarity.get((a, b), similarity.get((b, a), -2.0))

    nearest: dict[str, str] = {}
    for a in pool[:LEAD]:
        others = [b for b in pool if b != a]
        best = max(others, key=lambda b: sim(a, b))
        if sim(a, best) > -2.0:
            nearest[a] = best
    return [
        (a, b)
        for a, b in itertools.combinations(pool[:LEAD], 2)
        if nearest.get(a) == b and nearest.get(b) == a
    ]
