"""Two leading candidates that are each other's closest answer a cue about now alike
(services/recall/closest_pair.py; pure: no database)."""

from __future__ import annotations

from hebbs_graph.models.recall import RecallResult
from hebbs_graph.services.recall import closest_pair, supersession
from tests.unit.test_supersession import result

CUE = "Am I married?"


def scope(contents: list[str], entity: str | None = "e") -> list[RecallResult]:
    """Candidates in rank order, the first the oldest (day 1, 2, …)."""
    return [result(f"m{i}", 1 + i, c, entity) for i, c in enumerate(contents)]


def closest(
    ranked: list[RecallResult], cue: str, similarity: dict[tuple[str, str], float], skip: set[str]
) -> dict[str, set[str]]:
    """``from_closest`` over every scope's pool, as if each had been read."""
    return supersession.from_closest(ranked, cue, closest_pair.pools(ranked), similarity, skip)


def sims(
    pairs: dict[tuple[int, int], float], n: int, rest: float = 0.2
) -> dict[tuple[str, str], float]:
    out = {(f"m{a}", f"m{b}"): rest for a in range(n) for b in range(a + 1, n)}
    out.update({(f"m{a}", f"m{b}"): v for (a, b), v in pairs.items()})
    return out


def test_two_leaders_closest_to_each_other_put_the_newer_first() -> None:
    """The first (older) and the second (newer) lead and are each other's nearest, in
    words that share nothing: the newer answers the cue about now first."""
    ranked = scope(
        ["i am married to a doctor .", "hey , i m a single woman", "i like hiking", "i have a cat"]
    )
    ranked[0], ranked[1] = (
        result("m0", 1, ranked[0].memory.content),
        result("m1", 9, ranked[1].memory.content),
    )
    similarity = sims({(0, 1): 0.6}, 4)
    assert closest(ranked, CUE, similarity, set()) == {"m0": {"m1"}}
    # Not about now: nothing; a judged pair (skip): nothing; no similarities read: nothing.
    assert closest(ranked, "Was I married in 2019?", similarity, set()) == {}
    key = supersession.pair_key("m0", "m1")
    assert closest(ranked, CUE, similarity, {key}) == {}
    assert closest(ranked, CUE, {}, set()) == {}


def test_a_pair_that_is_not_mutual_or_not_leading_sets_nothing_apart() -> None:
    contents = ["a one", "b two", "c three", "d four", "e five"]
    ranked = scope(contents)
    pool = [r.memory.id for r in ranked]
    # m0's nearest is m1, but m1's is m4 (not a leader): not mutual.
    assert closest_pair.closest_pairs(pool, sims({(0, 1): 0.6, (1, 4): 0.7}, 5)) == []
    # m0 and m3 closest to each other, m3 outside the first three: not leading.
    assert closest_pair.closest_pairs(pool, sims({(0, 3): 0.8}, 5)) == []
    assert closest_pair.closest_pairs(pool, sims({(0, 2): 0.8}, 5)) == [("m0", "m2")]


def test_pools_are_per_scope_and_bounded() -> None:
    ranked = [result(f"a{i}", 1 + i, f"a {i}", "a") for i in range(12)]
    ranked += [result(f"b{i}", 1 + i, f"b {i}", "b") for i in range(2)]  # fewer than LEAD
    ranked += [result(f"c{i}", 1 + i, f"c {i}", "c") for i in range(5)]
    pools = closest_pair.pools(ranked)
    assert [len(p) for p in pools] == [closest_pair.POOL, 5]
    assert pools[0] == [f"a{i}" for i in range(closest_pair.POOL)]
    assert closest_pair.pools(ranked, tenant_wide=True) == [[r.memory.id for r in ranked[:10]]]
    many = [result(f"s{e}-{i}", 1 + i, f"s {i}", f"s{e}") for e in range(5) for i in range(10)]
    assert sum(len(p) for p in closest_pair.pools(many)) <= closest_pair.MOST


def test_one_session_or_a_quantity_against_no_number_is_not_one_answer() -> None:
    ranked = scope(["Ann: the budget is $5,000", "Ann: the CFO signed off", "Ann: lunch"])
    similarity = sims({(0, 1): 0.7}, 3)
    assert closest(ranked, "What is the budget?", similarity, set()) == {}
    ranked = scope(["Caroline: i went to the group", "Caroline: it was brave", "Caroline: hi"])
    for r in ranked[:2]:
        r.memory.context = {"session_id": "s1"}
    assert closest(ranked, "What is Caroline doing now?", similarity, set()) == {}
    ranked[1].memory.context = {"session_id": "s2"}
    assert closest(ranked, "What is Caroline doing now?", similarity, set()) == {"m0": {"m1"}}


def test_similarities_are_read_only_where_a_pair_could_move() -> None:
    """Leaders already newer first, one moment, or a cue not about now: nothing to read."""
    older_first = scope(["i am married .", "i am single .", "i like hiking"])
    assert supersession.closest_pools(older_first, CUE) == [["m0", "m1", "m2"]]
    assert supersession.closest_pools(older_first, "Was I married in 2019?") == []
    newer_first = list(reversed(older_first))
    assert supersession.closest_pools(newer_first, CUE) == []
    for r in older_first:
        r.memory.context = {"session_id": "s1"}
    assert supersession.closest_pools(older_first, CUE) == []
