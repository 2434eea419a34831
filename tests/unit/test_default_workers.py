"""`serve`'s default worker count: one per core but one, 1 to 4."""

from __future__ import annotations

import pytest

from hebbs_graph.settings import Settings


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 1), (3, 2), (5, 4), (64, 4)])
def test_one_per_core_but_one(monkeypatch: pytest.MonkeyPatch, cores: int, workers: int) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert Settings(workers=None).effective_workers == workers


def test_a_chosen_count_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert Settings(workers=3).effective_workers == 3
