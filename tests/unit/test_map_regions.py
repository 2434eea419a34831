"""The map's regions (services/map/regions.py): k from the data, k-means that finds
separated groups and gives the same answer every time, names made of the words that set
a region apart, and the insight a region carries. No Neo4j."""

from __future__ import annotations

import time

import numpy as np
import pytest

from hebbs_graph.services.map.regions import (
    assign,
    carried_insights,
    extents,
    fit_regions,
    kmeans,
    merge_namesakes,
    name_regions,
    region_count,
    words,
)

TOPICS = [
    "the quarterly order of office chairs",
    "a late delivery to the Leeds warehouse",
    "the invoice format their accounts team wants",
    "a damaged pallet reported by the night shift",
]


def blobs(per: int, spread: float = 30.0, seed: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Four groups of ``per`` points around the corners of a square."""
    rng = np.random.default_rng(seed)
    corners = np.array([[-600, -600], [600, -600], [-600, 600], [600, 600]], dtype=float)
    truth = np.repeat(np.arange(4), per)
    return corners[truth] + rng.normal(scale=spread, size=(4 * per, 2)), truth


def test_how_many_regions() -> None:
    assert region_count(5) == 0  # a handful of memories has none
    assert region_count(12) == 2
    assert region_count(200) == 7  # about sqrt(n / 4)
    assert region_count(400) == 10
    assert region_count(2000) == region_count(10000) == 16


def test_kmeans_finds_separated_groups_and_is_deterministic() -> None:
    xy, truth = blobs(50)
    centres, labels = kmeans(xy, 4)
    assert centres.shape == (4, 2)
    # Each found cluster is exactly one true group.
    assert {(int(a), int(b)) for a, b in zip(truth, labels, strict=True)} == {
        (t, int(labels[truth == t][0])) for t in range(4)
    }
    again_centres, again = kmeans(xy, 4)
    assert np.array_equal(labels, again)
    assert np.array_equal(centres, again_centres)
    assert np.array_equal(assign(xy, centres), labels)  # converged: nearest centre


def test_kmeans_with_more_clusters_than_distinct_points() -> None:
    xy = np.array([[0.0, 0.0]] * 10 + [[5.0, 5.0]] * 10)
    centres, labels = kmeans(xy, 6)
    assert len(centres) == len(set(labels.tolist())) <= 6  # empty clusters dropped
    assert labels.max() == len(centres) - 1


def test_kmeans_at_10000_points() -> None:
    """Its time is printed (the map's figures quote it), not asserted."""
    rng = np.random.default_rng(1)
    xy = rng.normal(scale=300, size=(10000, 2))
    started = time.perf_counter()
    centres, labels = kmeans(xy, 16)
    print(f"k-means of 10,000 places, k 16: {(time.perf_counter() - started) * 1000:.0f} ms")
    assert len(centres) <= 16
    assert labels.shape == (10000,)
    assert set(labels.tolist()) == set(range(len(centres)))


def test_words_drop_stop_words_numbers_and_possessives() -> None:
    text = "Northwind's call 1234: we talked about the Leeds warehouse, and it's late"
    assert words(text) == ["northwind", "call", "talked", "leeds", "warehouse", "late"]


def test_words_drop_interjections_and_contracted_function_words() -> None:
    # Chat: on LoCoMo the regions were named "i'm · …", "thanks · support · won't",
    # "hey · family · lot"; a possessive is no contraction.
    text = "Hey Mel! I'm so glad you're here, that's great. Let's go, I won't stop. Wow, Caroline's pottery"
    assert words(text) == ["mel", "glad", "great", "stop", "caroline", "pottery"]


def test_a_region_is_named_by_the_words_that_set_it_apart() -> None:
    texts = [f"Northwind call {n}: talked about {TOPICS[n % 4]}" for n in range(200)]
    labels = np.array([n % 4 for n in range(200)])
    names = name_regions(texts, labels, 4)
    # The words every memory says (northwind, call, talked) name no region; the topic's
    # words do (ties alphabetically), in the order the texts say them.
    assert names == [
        "order · office · chairs",
        "late · delivery · leeds",
        "invoice · format · accounts",
        "damaged · pallet · night",
    ]
    for name, topic in zip(names, TOPICS, strict=True):
        chosen = name.split(" · ")
        assert 2 <= len(chosen) <= 3
        assert not {"northwind", "call", "talked"} & set(chosen)
        assert set(chosen) <= set(words(topic))
        said = words(topic)
        assert chosen == sorted(chosen, key=said.index)


def test_a_word_shared_with_another_region_ranks_below_one_of_its_own() -> None:
    texts = ["office chairs order"] * 10 + ["office move manchester"] * 10
    labels = np.array([0] * 10 + [1] * 10)
    first, second = name_regions(texts, labels, 2, most=2)
    assert "office" not in first.split(" · ")
    assert set(first.split(" · ")) == {"chairs", "order"}
    assert set(second.split(" · ")) == {"move", "manchester"}


def test_a_word_said_all_over_the_entity_names_no_region() -> None:
    """A conversation's speakers ("caroline: …" in half its turns) are more frequent in
    the regions of their own turns than elsewhere, and name nothing all the same."""
    texts = (
        ["caroline: pottery"] * 6
        + ["melanie: pottery"] * 4
        + ["caroline: counseling"] * 5
        + ["melanie: counseling"] * 5
        + ["caroline: chess"] * 6
        + ["melanie: chess"] * 4
        + ["melanie: hiking"] * 10
    )
    labels = np.repeat(np.arange(4), 10)
    assert name_regions(texts, labels, 4, most=2) == ["pottery", "counseling", "chess", "hiking"]


def test_a_region_of_nothing_distinctive_has_an_empty_name() -> None:
    texts = ["the same words here"] * 6
    labels = np.array([0, 0, 0, 1, 1, 1])
    assert name_regions(texts, labels, 2) == ["", ""]


def test_a_region_carries_the_insight_whose_sources_lie_mostly_in_it() -> None:
    region_of = {f"e{i}": i // 10 for i in range(30)}  # e0-e9: 0, e10-e19: 1, e20-e29: 2
    sources = {
        "i-mostly": ["e0", "e1", "e2", "e3", "e11"],  # 4 of 5 in region 0
        "i-split": ["e12", "e13", "e21", "e22"],  # half and half: carried by none
        "i-few": ["e24", "e25"],  # too few sources
        "i-more": ["e4", "e5", "e6", "e7", "e8", "e9"],  # more sources in region 0
    }
    carried = carried_insights(region_of, sources, {})
    assert carried == {0: "i-more"}
    tie = carried_insights(region_of, {"b": ["e0", "e1", "e2"], "a": ["e3", "e4", "e5"]}, {})
    assert tie == {0: "a"}  # equal: the smaller id
    ranked = carried_insights(
        region_of, {"b": ["e0", "e1", "e2"], "a": ["e3", "e4", "e5"]}, {"b": 0.9, "a": 0.2}
    )
    assert ranked == {0: "b"}  # equal counts: the more important


def test_fit_regions_end_to_end() -> None:
    xy, truth = blobs(60)
    texts = [f"Northwind call {n}: talked about {TOPICS[t]}" for n, t in enumerate(truth)]
    ids = [f"m{n}" for n in range(len(truth))]
    near = np.argsort(((xy - xy[0]) ** 2).sum(axis=1))[1:6].tolist()
    sources = {"m0": [ids[i] for i in near]}  # m0's five nearest neighbours
    regions = fit_regions(xy, texts, ids, sources, {})
    assert len(regions.centres) == region_count(240) == 8
    # Four groups: the clusters that cut one in two are named alike and merged.
    assert len(regions.names) == 4
    assert all(regions.names)
    labels = regions.locate(xy)
    # Every region holds one whole group, and is named by that group's words.
    assert len({(int(a), int(b)) for a, b in zip(truth, labels, strict=True)}) == 4
    for region, name in enumerate(regions.names):
        groups = set(truth[labels == region].tolist())
        assert len(groups) == 1
        assert set(name.split(" · ")) <= set(words(TOPICS[groups.pop()]))
    assert regions.insights == {int(labels[near[0]]): "m0"}
    drawn = extents(xy, labels, regions)
    assert sum(e.count for e in drawn) == 240
    assert all(0 < e.radius < 200 for e in drawn)


def test_clusters_named_alike_are_one_region() -> None:
    owner, names = merge_namesakes(["a · b", "c · d", "a · b", "", "", "c · d", "e · f"])
    assert owner.tolist() == [0, 1, 0, 2, 3, 1, 4]
    assert names == ["a · b", "c · d", "", "", "e · f"]  # unnamed ones stay apart


@pytest.mark.parametrize("n", [0, 3, 11])
def test_too_few_points_make_no_regions(n: int) -> None:
    xy = np.zeros((n, 2))
    regions = fit_regions(xy, ["a b c"] * n, [str(i) for i in range(n)], {}, {})
    assert regions.names == []
    assert len(regions.centres) == 0
