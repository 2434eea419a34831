"""The numpy path's vector sets and cache: pure, no database."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from hebbs_graph.services.contradict.nearest import as_matrix, nearest_pairs
from hebbs_graph.services.contradict.vectors import (
    Changes,
    Kept,
    Stamp,
    TenantVectors,
    VectorCache,
    assemble,
    missing,
    reconcile,
)

V1: Stamp = (1, "a")
V2: Stamp = (2, "b")


def vectors(*rows: tuple[str, Stamp, list[float]]) -> TenantVectors:
    return TenantVectors.of([(mid, stamp, f"text of {mid}", vec) for mid, stamp, vec in rows])


def test_missing_are_the_listed_memories_held_at_no_listed_stamp() -> None:
    held = vectors(("a", V1, [1, 0]), ("b", V1, [0, 1]))
    fresh = vectors(("c", V1, [1, 1]))
    listing = [("a", V1), ("b", V2), ("c", V1), ("d", V1)]
    assert missing(listing, [held, fresh]) == ["b", "d"]
    assert missing(listing, []) == ["a", "b", "c", "d"]


def test_assemble_follows_the_listing_and_its_stamps() -> None:
    old = vectors(("a", V1, [1, 0]), ("b", V1, [0, 1]), ("gone", V1, [1, 1]))
    read = vectors(("b", V2, [0, 3]))  # b was revised: its new vector
    fresh = vectors(("c", V1, [3, 4]))
    listing = [("a", V1), ("b", V2), ("c", V1), ("lost", V1)]
    got = assemble(listing, [read, fresh, old])
    assert got.ids == ["a", "b", "c"]  # "gone" is no longer listed, "lost" was not read
    assert got.stamps == [V1, V2, V1]
    assert got.content == ["text of a", "text of b", "text of c"]
    np.testing.assert_allclose(got.matrix, [[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]], atol=1e-6)


def test_assembled_vectors_give_the_same_neighbours_as_a_fresh_read() -> None:
    rng = np.random.default_rng(7)
    rows = [(f"m{i:03}", (1, f"h{i}"), rng.normal(size=16).tolist()) for i in range(60)]
    whole = vectors(*rows)
    cached, fresh = vectors(*rows[:45]), vectors(*rows[45:])
    listing = list(zip(whole.ids, whole.stamps, strict=True))
    built = assemble(listing, [fresh, cached])
    assert built.ids == whole.ids
    np.testing.assert_array_equal(built.matrix, whole.matrix)
    queries = whole.ids[45:]
    assert nearest_pairs(built.ids, built.matrix, queries, k=5, min_similarity=-1) == (
        nearest_pairs(whole.ids, whole.matrix, queries, k=5, min_similarity=-1)
    )


def test_assemble_of_nothing_is_empty() -> None:
    assert len(assemble([("a", V1)], [])) == 0
    assert len(assemble([], [vectors(("a", V1, [1.0]))])) == 0


def test_assemble_refuses_mixed_dimensions() -> None:
    with pytest.raises(ValueError, match="dimensions"):
        assemble(
            [("a", V1), ("b", V1)], [vectors(("a", V1, [1, 0])), vectors(("b", V1, [1, 0, 0]))]
        )


def keep(v: TenantVectors, total: int = 0, recent: frozenset[str] = frozenset()) -> Kept:
    return Kept(v, total, recent, datetime(2025, 1, 1, tzinfo=UTC), 0.0, 0.0)


def test_cache_keeps_recent_tenants_within_its_rows() -> None:
    cache = VectorCache(max_rows=3)
    two = keep(vectors(("a", V1, [1.0]), ("b", V1, [1.0])))
    one = keep(vectors(("c", V1, [1.0])))
    cache.put("t1", two)
    cache.put("t2", one)
    assert cache.rows == 3
    cache.get("t1")  # t1 is now the most recently used
    cache.put("t3", one)
    assert cache.get("t2") is None
    assert cache.get("t1") is two
    assert (cache.rows, cache.held("t1"), cache.held("t2")) == (3, 2, 0)
    cache.put("t4", keep(vectors(*[(str(i), V1, [1.0]) for i in range(4)])))  # too big
    assert cache.get("t4") is None
    assert cache.rows == 3
    cache.drop("t1")
    assert cache.rows == 1


def test_cache_of_zero_rows_keeps_nothing() -> None:
    cache = VectorCache(max_rows=0)
    cache.put("t", keep(vectors(("a", V1, [1.0]))))
    assert cache.get("t") is None


def test_replaced_drops_restamps_and_keeps_id_order() -> None:
    old = vectors(("a", V1, [1, 0]), ("b", V1, [0, 1]), ("c", V1, [1, 1]))
    add = vectors(("e", V1, [3, 4]), ("b", V2, [0, 2]), ("d", V1, [4, 3]))
    got = old.replaced({"c"}, add)
    assert got.ids == ["a", "b", "d", "e"]
    assert got.stamps == [V1, V2, V1, V1]
    assert got.content == ["text of a", "text of b", "text of d", "text of e"]
    np.testing.assert_allclose(
        got.matrix, [[1.0, 0.0], [0.0, 1.0], [0.8, 0.6], [0.6, 0.8]], atol=1e-6
    )
    assert got.position == {"a": 0, "b": 1, "d": 2, "e": 3}
    assert old.ids == ["a", "b", "c"]  # the kept set itself is never changed
    assert old.replaced([], TenantVectors.empty()) is old
    assert len(old.replaced(["a", "b", "c"], TenantVectors.empty())) == 0
    assert TenantVectors.empty().replaced([], add).ids == ["b", "d", "e"]


def test_reconcile_restamps_what_changed_and_drops_what_left() -> None:
    held = keep(vectors(("a", V1, [1, 0]), ("b", V1, [0, 1])), total=3, recent=frozenset({"b"}))
    changes = Changes(
        total=5,  # b was counted already; c and a's snapshot s are new
        created=["b", "c", "s"],
        stamps=[("b", V1, False), ("c", V1, True), ("a", V2, True)],
    )
    assert reconcile(held, changes) == ({"b"}, [("c", V1), ("a", V2)])
    unchanged = Changes(total=3, created=["b"], stamps=[("b", V1, True)])
    assert reconcile(held, unchanged) == (set(), [])


def test_reconcile_asks_for_a_listing_when_the_count_is_off() -> None:
    held = keep(vectors(("a", V1, [1, 0])), total=3, recent=frozenset({"a"}))
    assert reconcile(held, Changes(total=2, created=[])) is None  # one was deleted
    assert reconcile(held, Changes(total=4, created=["a"])) is None  # one came unseen
    assert reconcile(held, Changes(total=4, created=["x"], stamps=[("x", V1, True)])) == (
        set(),
        [("x", V1)],
    )


@pytest.mark.parametrize("k", [1, 3, 10])
@pytest.mark.parametrize("floor", [-1.0, 0.0, 0.3])
def test_nearest_pairs_are_the_k_best_above_the_floor(k: int, floor: float) -> None:
    rng = np.random.default_rng(k)
    base = rng.normal(size=(80, 8))
    matrix = as_matrix((base + 0.5).tolist())
    ids = [f"m{i:02}" for i in range(80)]
    queries = ids[::7]
    got = nearest_pairs(ids, matrix, queries, k=k, min_similarity=floor)
    expected = []
    for q in queries:
        i = ids.index(q)
        sims = sorted(
            ((float(matrix[i] @ matrix[j]), ids[j]) for j in range(80) if j != i), reverse=True
        )
        expected += [(q, other, s) for s, other in sims[:k] if s >= floor]
    assert sorted((a, b) for a, b, _ in got) == sorted((a, b) for a, b, _ in expected)
    sim_of = {(a, b): s for a, b, s in expected}
    for a, b, s in got:
        assert s == pytest.approx(sim_of[(a, b)], abs=1e-5)


def test_nearest_pairs_break_ties_towards_the_earlier_memory() -> None:
    twin = [1.0, 0.0]
    matrix = as_matrix([[1.0, 0.1], twin, twin, twin, [0.0, 1.0]])
    ids = ["q", "a", "b", "c", "far"]
    for _ in range(3):
        assert [b for _, b, _ in nearest_pairs(ids, matrix, ["q"], k=2, min_similarity=0.5)] == [
            "a",
            "b",
        ]


def test_entities_travel_with_their_rows() -> None:
    rows = [("a", V1, "a", [1.0, 0.0]), ("c", V1, "c", [0.0, 1.0])]
    old = TenantVectors.of(rows, ["acme", None])
    add = TenantVectors.of([("b", V1, "b", [1.0, 1.0])], ["globex"])
    joined = old.replaced(["c"], add)
    assert joined.ids == ["a", "b"]
    assert joined.entities == ["acme", "globex"]
    got = assemble([("c", V1), ("b", V1)], [add, old])
    assert got.entities == [None, "globex"]
    assert TenantVectors.of(rows).entities == [None, None]


def test_nearest_pairs_within_a_scope() -> None:
    # a and b are each other's nearest, but of different entities; c is tenant-wide
    ids = ["a", "b", "c", "d", "e"]
    rows: list[tuple[str, Stamp, str, list[float]]] = [
        (m, V1, m, v)
        for m, v in zip(ids, [[1.0, 0.0], [1, 0.05], [1, 0.1], [1, 0.3], [1, 0.4]], strict=True)
    ]
    tv = TenantVectors.of(rows, ["acme", "globex", None, "acme", None])
    codes = tv.scope_codes
    assert codes[0] == codes[3]
    assert codes[2] == codes[4]
    assert len(set(codes.tolist())) == 3
    got = nearest_pairs(tv.ids, tv.matrix, ["a", "c"], k=5, min_similarity=0.5, scopes=codes)
    assert [(x, y) for x, y, _ in got] == [("a", "d"), ("c", "e")]
    wide = nearest_pairs(tv.ids, tv.matrix, ["a"], k=5, min_similarity=0.5)
    assert {y for _, y, _ in wide} == {"b", "c", "d", "e"}


@pytest.mark.parametrize("seed", range(5))
def test_nearest_pairs_by_scope_are_the_whole_tenant_masked(seed: int) -> None:
    """Comparing each query with its scope's rows alone finds what comparing with the
    whole tenant and masking the other scopes found: the same pairs in query order,
    ties broken towards the earlier memory."""
    rng = np.random.default_rng(seed)
    n = 400
    base = rng.normal(size=(40, 16))
    vectors = base[rng.integers(0, 40, n)] + 0.3 * rng.normal(size=(n, 16))
    vectors[7] = vectors[3]  # an exact tie
    ids = [f"m{i:04d}" for i in range(n)]
    entities = [None if e == 0 else f"e{e}" for e in rng.integers(0, 12, n)]
    tv = TenantVectors.of(
        [(m, V1, m, v.tolist()) for m, v in zip(ids, vectors, strict=True)], entities
    )
    queries = [ids[i] for i in rng.choice(n, 60, replace=False)] + ["m0003"]
    got = nearest_pairs(
        tv.ids, tv.matrix, queries, k=4, min_similarity=0.3, scopes=tv.scope_codes,
        groups=tv.scope_groups,
    )  # fmt: skip
    sims = tv.matrix @ tv.matrix.T
    expected = []
    for q in queries:
        r = tv.position[q]
        near = [
            j
            for j in range(n)
            if j != r and tv.scope_codes[j] == tv.scope_codes[r] and sims[r, j] >= 0.3
        ]
        if len(near) > 4:  # the k best, most similar first; else in row order
            near = sorted(near, key=lambda j: -sims[r, j])[:4]  # sorted() is stable
        expected += [(q, ids[j]) for j in near]
    assert [(a, b) for a, b, _ in got] == expected
    assert got == nearest_pairs(
        tv.ids, tv.matrix, queries, k=4, min_similarity=0.3, scopes=tv.scope_codes
    )
