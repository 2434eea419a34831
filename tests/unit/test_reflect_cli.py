"""The reflect commands document themselves and read --insights in both forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from hebbs_graph.cli import reflect as reflect_cli
from hebbs_graph.cli.main import app, parse_json

COMMANDS = ["reflect-prepare", "reflect-commit", "reflect", "reflect-status", "insights"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_reflect_command_has_help(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example: hebbs-graph" in result.output


def test_insights_as_a_list_or_an_object(tmp_path: Path) -> None:
    insight = {"content": "c", "confidence": 0.5, "source_memory_ids": ["a"]}
    verdict = {"memory_id": "b", "verdict": "keep"}
    assert reflect_cli._commit_body([insight], None) == ([insight], [])
    both = {"insights": [insight], "stale_verdicts": [verdict]}
    assert reflect_cli._commit_body(both, None) == ([insight], [verdict])
    assert reflect_cli._commit_body(None, [verdict]) == ([], [verdict])
    path = tmp_path / "insights.json"
    path.write_text(json.dumps(both), encoding="utf-8")
    assert parse_json(f"@{path}", "--insights") == both


def test_unknown_keys_in_insights_are_a_usage_error() -> None:
    with pytest.raises(typer.Exit) as info:
        reflect_cli._commit_body({"insight": []}, None)
    assert info.value.exit_code == 2


def test_commit_without_a_session_id_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["reflect-commit", "--insights", "[]"])
    assert result.exit_code == 2


def test_version() -> None:
    from hebbs_graph import __version__

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"hebbs-graph {__version__}"
