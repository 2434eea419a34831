"""The reflection MCP tools: listed with the REST models' schemas, refusals as tool errors."""

from __future__ import annotations

from typing import Any, cast

import pytest

from hebbs_graph.mcp import TOOLS
from hebbs_graph.services.container import Services

NO_SERVICES = cast(Services, None)  # refused calls never reach the services


def test_the_reflection_tools_are_offered() -> None:
    names = set(TOOLS.names())
    assert {"reflect_prepare", "reflect_commit", "insights"} <= names
    schemas = {t.name: t.input_schema for t in TOOLS.list_tools()}
    assert "entity_id" in schemas["reflect_prepare"]["properties"]
    assert set(schemas["reflect_commit"]["required"]) == {"session_id"}


@pytest.mark.parametrize(
    ("name", "arguments", "fragment"),
    [
        ("reflect_prepare", {"limit": 5}, "limit"),
        ("reflect_commit", {}, "session_id"),
        (
            "reflect_commit",
            {
                "session_id": "s",
                "stale_verdicts": [{"memory_id": "0" * 32, "verdict": "maybe"}],
            },
            "verdict",
        ),
        (
            "reflect_commit",
            {"session_id": "s", "insights": [{"content": "x", "confidence": 0.5}]},
            "source_memory_ids",
        ),
        ("insights", {"min_confidence": 3}, "min_confidence"),
    ],
)
async def test_refusals_are_tool_errors_naming_the_field(
    name: str, arguments: dict[str, Any], fragment: str
) -> None:
    result = await TOOLS.call(NO_SERVICES, "t", name, arguments)
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert fragment in text, text
