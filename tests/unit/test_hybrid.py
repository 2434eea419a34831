"""The pure parts of hybrid recall: scope idf, fusion, timeline spread, cue dates, cue terms."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from hebbs_graph.services.recall import cuetime
from hebbs_graph.services.recall.hybrid import (
    Node,
    Why,
    fuse,
    inherit,
    normaliser,
    scope_bm25,
    spread,
)
from hebbs_graph.services.recall.lucene import (
    CUE_STOP_WORDS,
    LUCENE_ENGLISH_STOP_WORDS,
    content_terms,
    term_query,
)
from hebbs_graph.services.records import entity_key, tenant_key
from hebbs_graph.settings import Settings


def test_scope_idf_replaces_index_idf() -> None:
    # "anna" is in every memory of the scope: whatever Lucene scored it, it weighs little.
    hits = {
        "anna": [("a", 9.0), ("b", 9.0), ("c", 9.0), ("d", 9.0)],
        "pottery": [("c", 1.5)],
    }
    scores = scope_bm25(hits, scope_size=4)
    assert scores["c"] > scores["a"] == scores["b"] == scores["d"]
    assert scores["a"] == pytest.approx(math.log(1 + 0.5 / 4.5))
    assert scores["c"] == pytest.approx(math.log(1 + 0.5 / 4.5) + math.log(1 + 3.5 / 1.5))


def test_scope_idf_keeps_the_term_weighting_inside_a_term() -> None:
    scores = scope_bm25({"kiln": [("x", 4.0), ("y", 2.0)]}, scope_size=100)
    assert scores["x"] == pytest.approx(2 * scores["y"])
    assert scope_bm25({"kiln": [("x", 0.0)]}, scope_size=10) == {}


def test_normaliser_is_min_max_and_clips() -> None:
    scale = normaliser([0.2, 0.6])
    assert scale(0.2) == 0.0
    assert scale(0.6) == 1.0
    assert scale(0.4) == pytest.approx(0.5)
    assert scale(0.9) == 1.0
    assert scale(None) == 0.0
    assert normaliser([0.3])(0.3) == 1.0


def test_score_fusion_weighs_normalised_evidence() -> None:
    nodes = {
        "v": Node(similarity=0.9, text=0.0),
        "t": Node(similarity=0.1, text=5.0),
        "both": Node(similarity=0.5, text=2.5),
    }
    base = fuse(nodes, ["v", "t", "both"], ["v", "both", "t"], ["t", "both"], Settings().recall)
    assert base == pytest.approx({"v": 0.5, "t": 0.5, "both": 0.5})
    text_heavy = Settings(hybrid_text_weight=3.0).recall
    base = fuse(nodes, ["v", "t", "both"], ["v", "both", "t"], ["t", "both"], text_heavy)
    assert base["t"] > base["both"] > base["v"]


def test_rrf_fusion_is_still_there() -> None:
    nodes = {"a": Node(), "b": Node()}
    base = fuse(nodes, ["a", "b"], ["a", "b"], ["a"], Settings(hybrid_fusion="rrf").recall)
    assert base["a"] == pytest.approx(1.0)
    assert 0 < base["b"] < base["a"]


def test_neighbours_inherit_a_share_of_the_best_candidate_neighbour() -> None:
    nodes = {
        "q": Node(neighbours=["answer"]),
        "answer": Node(neighbours=["q", "later"]),
        "later": Node(neighbours=["answer"]),
    }
    base = {"q": 0.8, "answer": 0.1, "later": 0.0}
    final = spread(base, nodes, candidates={"q", "answer"}, share=0.5)
    assert final["answer"] == pytest.approx(0.1 + 0.4)
    assert final["q"] == pytest.approx(0.8 + 0.05)
    assert final["later"] == pytest.approx(0.05)
    assert spread(base, nodes, {"q"}, share=0.0) == base


@pytest.mark.parametrize(
    ("cue", "inside", "outside"),
    [
        ("What did she do on 3 May, 2023?", "2023-05-03T18:00", "2023-05-04T00:00"),
        ("Who came on October 13th, 2023?", "2023-10-13T09:00", "2023-10-12T23:59"),
        ("plans for 2024-02-29", "2024-02-29T12:00", "2024-03-01T00:00"),
        ("What happened in December 2023?", "2023-12-31T23:00", "2024-01-01T00:00"),
        ("Where did they go camping in June?", "2021-06-15T00:00", "2021-07-01T00:00"),
    ],
)
def test_named_periods(cue: str, inside: str, outside: str) -> None:
    spans = cuetime.periods(cue)
    assert spans
    assert cuetime.within(datetime.fromisoformat(inside).replace(tzinfo=UTC), spans)
    assert not cuetime.within(datetime.fromisoformat(outside).replace(tzinfo=UTC), spans)


@pytest.mark.parametrize(
    "cue", ["May I ask what she likes?", "in 2023", "the march on 31 February, 2023", ""]
)
def test_no_period_where_none_is_named(cue: str) -> None:
    assert cuetime.periods(cue) == []


def test_a_day_is_not_read_again_as_its_month() -> None:
    spans = cuetime.periods("on 3 May, 2023")
    assert len(spans) == 1


def test_cue_stop_words_cover_lucene_and_question_words() -> None:
    assert LUCENE_ENGLISH_STOP_WORDS <= CUE_STOP_WORDS
    assert content_terms("What did Caroline research in the spring?") == [
        "caroline",
        "research",
        "spring",
    ]
    # Without the list, only Lucene's own stop words go (they would match everything).
    assert content_terms("What is the plan?", drop_stop_words=False) == ["what", "plan"]


def test_term_query_scores_the_content_term_only() -> None:
    q = term_query("kiln", "t1", "e1")
    assert (
        q
        == f"+tenant_key:{tenant_key('t1')}^0 +entity_key:{entity_key('t1', 'e1')}^0 +content:kiln"
    )
    assert term_query("kiln", "t1", None) == f"+tenant_key:{tenant_key('t1')}^0 +content:kiln"


def test_an_insight_scores_as_its_best_source_at_least() -> None:
    nodes = {
        "e1": Node(neighbours=["e2"]),
        "e2": Node(neighbours=["e1"]),
        "i": Node(sources=["e1", "e2"]),
        "lone": Node(),
    }
    final = {"e1": 1.4, "e2": 0.9, "i": 0.6, "lone": 0.3}
    assert inherit(final, nodes, 1.0) == {"e1": 1.4, "e2": 0.9, "i": 1.4, "lone": 0.3}
    assert inherit(final, nodes, 0.5)["i"] == pytest.approx(0.7)
    assert inherit({**final, "i": 2.0}, nodes, 1.0)["i"] == 2.0  # never lowered
    assert inherit(final, nodes, 0.0) == final


def test_spread_and_inherit_say_who_lent_what() -> None:
    nodes = {
        "q": Node(neighbours=["answer"]),
        "answer": Node(neighbours=["q", "later"]),
        "later": Node(neighbours=["answer"]),
        "i": Node(sources=["q", "answer"]),
    }
    base = {"q": 0.8, "answer": 0.1, "later": 0.0, "i": 0.2}
    why: Why = {}
    final = spread(base, nodes, candidates={"q", "answer"}, share=0.5, why=why)
    assert [(c.kind, c.memory_id) for c in why["answer"]] == [("neighbour", "q")]
    assert why["answer"][0].amount == pytest.approx(0.4)
    assert [c.memory_id for c in why["later"]] == ["answer"]
    assert "i" not in why  # no neighbour, nothing lent
    lifted = inherit(final, nodes, 1.0, why)
    assert [(c.kind, c.memory_id) for c in why["i"]] == [("insight_source", "q")]
    assert why["i"][0].amount == pytest.approx(lifted["i"] - 0.2)
    kept: Why = {}
    inherit({**final, "i": 2.0}, nodes, 1.0, kept)
    assert kept == {}  # its own score was higher: no source contributed


def test_a_period_names_itself() -> None:
    assert [p.describe() for p in cuetime.periods("on 3 May, 2023")] == ["2023-05-03"]
    assert [p.describe() for p in cuetime.periods("in December 2023")] == ["2023-12-01..2024-01-01"]
    assert [p.describe() for p in cuetime.periods("camping in June")] == ["month 6"]
