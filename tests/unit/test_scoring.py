"""The recall score and its parts (docs/semantics.md §2, §5), without a database."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from hebbs_graph import scoring
from hebbs_graph.models.recall import PRESETS, Weights

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
DEFAULT = PRESETS["default"]
DAY = 86_400


def score_at(
    age_days: float,
    *,
    relevance: float = 1.0,
    importance: float = 0.5,
    access_count: int = 0,
    weights: Weights = DEFAULT,
) -> float:
    t = scoring.recency(NOW - timedelta(days=age_days), NOW, 30)
    c = scoring.reinforcement(access_count)
    return scoring.score(relevance, t, importance, c, weights)


# -- the worked check of §2 ------------------------------------------------------------


def test_fresh_memory_scores_080() -> None:
    assert score_at(0) == pytest.approx(0.80)


def test_a_month_later_without_recall_scores_060() -> None:
    assert score_at(30) == pytest.approx(0.60)
    assert score_at(45) == pytest.approx(0.60)  # recency floors at zero


def test_regular_recall_pulls_it_back_up() -> None:
    scores = [score_at(30, access_count=n) for n in (0, 1, 5, 20, 100)]
    assert scores == sorted(scores)
    assert scores[0] == pytest.approx(0.60)
    assert scores[-1] == pytest.approx(0.70)  # C saturates at 1 -> +0.1


def test_presets_are_the_documented_weights() -> None:
    as_tuple = {
        name: (w.relevance, w.recency, w.importance, w.reinforcement) for name, w in PRESETS.items()
    }
    assert as_tuple == {
        "default": (0.5, 0.2, 0.2, 0.1),
        "semantic": (1, 0, 0, 0),
        "recent": (0.2, 0.8, 0, 0),
        "important": (0.3, 0.1, 0.5, 0.1),
    }


def test_score_is_the_weighted_sum() -> None:
    w = Weights(relevance=0.1, recency=0.2, importance=0.3, reinforcement=0.4)
    assert scoring.score(0.9, 0.8, 0.7, 0.6, w) == pytest.approx(
        0.1 * 0.9 + 0.2 * 0.8 + 0.3 * 0.7 + 0.4 * 0.6
    )


def test_weights_must_not_all_be_zero_or_negative() -> None:
    with pytest.raises(ValueError, match="zero"):
        Weights(relevance=0, recency=0, importance=0, reinforcement=0)
    with pytest.raises(ValueError, match="greater than or equal"):
        Weights(relevance=-1, recency=1, importance=0, reinforcement=0)


# -- recency --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("age_days", "expected"),
    [(0, 1.0), (7.5, 0.75), (15, 0.5), (29, 1 / 30), (30, 0.0), (400, 0.0)],
)
def test_recency_is_linear_over_the_horizon(age_days: float, expected: float) -> None:
    got = scoring.recency(NOW - timedelta(days=age_days), NOW, 30)
    assert got == pytest.approx(expected)


def test_future_memory_counts_as_fresh() -> None:
    assert scoring.recency(NOW + timedelta(days=3), NOW, 30) == 1.0


# -- reinforcement ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2, 9, 50, 99])
def test_reinforcement_formula(n: int) -> None:
    assert scoring.reinforcement(n) == pytest.approx(math.log2(1 + n) / math.log2(101))


@pytest.mark.parametrize("n", [100, 101, 1000, 10**9])
def test_reinforcement_saturates_at_one(n: int) -> None:
    assert scoring.reinforcement(n) == 1.0


def test_reinforcement_is_monotonic_and_starts_at_zero() -> None:
    values = [scoring.reinforcement(n) for n in range(150)]
    assert values[0] == 0.0
    assert values == sorted(values)
    assert scoring.reinforcement(-5) == 0.0


# -- decay (§5) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("importance", "days", "count"),
    [(0.5, 0, 0), (0.8, 30, 0), (0.8, 60, 0), (1.0, 10, 7), (0.3, 90, 100), (0.3, 90, 5000)],
)
def test_decay_formula(importance: float, days: float, count: int) -> None:
    expected = (
        importance * 2 ** (-days / 30) * (1 + math.log2(1 + min(count, 100)) / math.log2(101))
    )
    assert scoring.decay(importance, days * DAY, count) == pytest.approx(expected)


def test_decay_halves_every_30_days_and_recall_boosts_it() -> None:
    assert scoring.decay(0.8, 30 * DAY, 0) == pytest.approx(0.4)
    assert scoring.decay(0.8, 60 * DAY, 0) == pytest.approx(0.2)
    assert scoring.decay(0.8, 0, 100) == pytest.approx(1.6)  # boost caps at x2
    assert scoring.decay(0.8, -DAY, 0) == pytest.approx(0.8)  # clock skew never inflates it


# -- reciprocal rank fusion -----------------------------------------------------------------


def test_rrf_first_in_every_list_is_one() -> None:
    fused = scoring.rrf([(["a", "b"], 1.0), (["a", "c"], 1.0)], 60)
    assert fused["a"] == pytest.approx(1.0)
    assert fused["b"] == pytest.approx((1 / 62) / (2 / 61))
    assert fused["c"] == pytest.approx(fused["b"])


def test_rrf_scales_to_unit_range_with_weights() -> None:
    fused = scoring.rrf([(["a", "b", "c"], 2.0), (["c", "b"], 1.0)], 60)
    best = 3.0 / 61
    assert fused["a"] == pytest.approx((2 / 61) / best)
    assert fused["b"] == pytest.approx((2 / 62 + 1 / 62) / best)
    assert fused["c"] == pytest.approx((2 / 63 + 1 / 61) / best)
    assert all(0 < v <= 1 for v in fused.values())


def test_rrf_only_in_one_list_is_at_most_its_share() -> None:
    fused = scoring.rrf([(["a"], 1.0), ([], 1.0)], 60)
    assert fused == {"a": pytest.approx(0.5)}


def test_rrf_with_no_weight_is_empty() -> None:
    assert scoring.rrf([(["a"], 0.0)], 60) == {}
    assert scoring.rrf([], 60) == {}
