"""The MCP tool registry without a database: schemas, descriptions, refusals as tool errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from hebbs_graph.cli.main import app as cli_app
from hebbs_graph.mcp import INSTRUCTIONS, TOOLS
from hebbs_graph.services.container import Services
from tests.cli_support import load_all_commands

SKILL = Path(__file__).resolve().parents[2] / "docs" / "agent-skill.md"
NO_SERVICES = cast(Services, None)  # refused calls never reach the services


def test_every_tool_is_documented_for_agents() -> None:
    guide = SKILL.read_text()
    named = set(re.findall(r"`([a-z_]+)`", guide))
    for name in TOOLS.names():
        assert name in named, f"{name} is not in docs/agent-skill.md"
    for name in ("prime", "recall", "remember", "contradiction_prepare"):
        assert name in INSTRUCTIONS.lower()


def test_schemas_come_from_the_rest_models() -> None:
    for tool in TOOLS.list_tools():
        assert tool.input_schema["type"] == "object"
        assert tool.input_schema.get("additionalProperties") is False, tool.name
        assert tool.output_schema is not None
        assert tool.output_schema["type"] == "object"
        assert 80 < len(tool.description or "") < 2000, tool.name


@pytest.mark.parametrize(
    ("name", "arguments", "fragment"),
    [
        ("remember", {"content": ""}, "content:"),
        ("remember", {"content": "x", "importance": 7}, "importance:"),
        (
            "remember",
            {"content": "x", "edges": [{"target_id": "1", "edge_type": "X"}]},
            "target_id",
        ),
        ("recall", {}, "cue is required"),
        ("recall", {"cue": "x", "preset": "loud"}, "preset:"),
        ("prime", {}, "entity_id:"),
        ("revise", {"memory_id": "nope"}, "memory_id"),
        ("forget", {"kind": "snapshot"}, "kind:"),
        ("get_memory", {"memory_id": "0" * 31}, "memory_id"),
        ("contradiction_commit", {"verdicts": "all"}, "verdicts:"),
        (
            "contradiction_commit",
            {"verdicts": [{"pending_id": "0" * 32, "verdict": "maybe"}]},
            "verdict",
        ),
        ("nonexistent", {}, "unknown tool"),
    ],
)
async def test_refusals_are_tool_errors_naming_the_field(
    name: str, arguments: dict[str, Any], fragment: str
) -> None:
    result = await TOOLS.call(NO_SERVICES, "t", name, arguments)
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert fragment in text, text


async def test_a_crash_is_a_tool_error_too() -> None:
    result = await TOOLS.call(NO_SERVICES, "t", "get_memory", {"memory_id": "0" * 32})
    assert result.is_error
    assert result.content[0].text.startswith("internal_error")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--url", "http://127.0.0.1:8000", "--tenant", "alice"], "--tenant is for local mode"),
        (["--api-key", "k", "--tenant", "alice"], "--tenant is for local mode"),
        (["--url", "127.0.0.1:8000"], "must be an http:// or https:// URL"),
    ],
)
def test_mcp_through_the_api_refuses_a_wrong_command_line(args: list[str], fragment: str) -> None:
    load_all_commands()
    result = CliRunner().invoke(cli_app, ["mcp", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert fragment in result.output
