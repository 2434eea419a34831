"""A start waits for indexes being built, says how far they have come, and names one that
failed or took too long (graph/schema.py ``await_indexes``)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from hebbs_graph.errors import SchemaMismatch
from hebbs_graph.graph import schema
from hebbs_graph.graph.schema import await_indexes


class _Store:
    """Answers ``admin/index_progress`` with one row list a call, the last one repeated."""

    queries = {"admin/index_progress": "SHOW INDEXES"}

    def __init__(self, *answers: list[dict[str, Any]]) -> None:
        self.answers = list(answers)
        self.calls = 0

    async def run_raw(self, query: str, **_: Any) -> list[dict[str, Any]]:
        self.calls += 1
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


def _row(state: str, percent: float = 100.0, name: str = "memory_embedding") -> dict[str, Any]:
    return {"name": name, "state": state, "populationPercent": percent}


async def test_it_waits_until_every_index_is_online(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "REPORT_S", 0.0)
    store = _Store([_row("POPULATING", 40.0)], [_row("POPULATING", 80.0)], [_row("ONLINE")])
    with caplog.at_level(logging.INFO, logger="hebbs_graph.graph.schema"):
        await await_indexes(store, poll_s=0.0)  # type: ignore[arg-type]
    assert store.calls == 3
    assert "building index memory_embedding: 40 %" in caplog.text


async def test_a_failed_index_is_named() -> None:
    store = _Store([_row("ONLINE", name="memory_content"), _row("FAILED")])
    with pytest.raises(SchemaMismatch, match="memory_embedding failed to build"):
        await await_indexes(store, poll_s=0.0)  # type: ignore[arg-type]


async def test_an_index_still_building_at_the_bound_is_named() -> None:
    store = _Store([_row("POPULATING", 10.0)])
    with pytest.raises(SchemaMismatch, match="memory_embedding still building after 0 s"):
        await await_indexes(store, timeout_s=0.0, poll_s=0.0)  # type: ignore[arg-type]


def test_migrate_says_how_far_on_stderr_and_leaves_logging_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from hebbs_graph.cli.migrate import _progress_on_stderr

    schema_log = logging.getLogger("hebbs_graph.graph.schema")
    before = (list(schema_log.handlers), schema_log.level)
    with _progress_on_stderr():
        schema_log.info("building index %s: %.0f %%", "memory_embedding", 42.0)
    captured = capsys.readouterr()
    assert "building index memory_embedding: 42 %" in captured.err
    assert captured.out == ""
    assert (list(schema_log.handlers), schema_log.level) == before
