"""The reflect commands end to end: `hebbs-graph serve` in its own process (real Neo4j,
real model), the CLI talking to it over HTTP with an API key for the test's tenant."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from hebbs_graph.cli import reflect as _registers_reflect_commands  # noqa: F401
from hebbs_graph.cli.main import app
from tests.support.served import served
from tests.support.themes import THEMES

ENTITY = "acme_corp"


@pytest.fixture
def server(tenant: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(url, api key) of a freshly started API whose key maps to the test's tenant."""
    with served(tenant, tmp_path / "serve.log") as (url, key, _):
        yield url, key


def cli(url: str, key: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--url", url, "--api-key", key])
    return result.exit_code, result.output


def test_prepare_commit_and_list_from_the_command_line(
    server: tuple[str, str], tmp_path: Path
) -> None:
    url, key = server
    memories = [{"content": t, "entity_id": ENTITY} for texts in THEMES.values() for t in texts]
    stored = httpx.post(
        f"{url}/v1/memories/batch",
        json={"memories": memories},
        headers={"Authorization": f"Bearer {key}"},
        timeout=120,
    )
    assert stored.status_code == 201, stored.text

    code, out = cli(url, key, "reflect-prepare", "--entity-id", ENTITY, "--format", "json")
    assert code == 0, out
    prepared = json.loads(out)
    assert prepared["memories_processed"] == 30
    assert len(prepared["clusters"]) == 3

    insights = [
        {
            "content": f"Acme cares about theme {c['cluster_id']}.",
            "confidence": 0.8,
            "source_memory_ids": c["memory_ids"],
            "cluster_id": c["cluster_id"],
        }
        for c in prepared["clusters"]
    ]
    path = tmp_path / "insights.json"
    path.write_text(json.dumps(insights), encoding="utf-8")
    session = prepared["session_id"]
    code, out = cli(
        url, key, "reflect-commit", "--session-id", session, "--insights", f"@{path}", "-f", "json"
    )
    assert code == 0, out
    assert json.loads(out)["insights_created"] == 3

    code, out = cli(url, key, "insights", "--entity-id", ENTITY, "--format", "json")
    assert code == 0, out
    listed = json.loads(out)["insights"]  # an object, like every other -f json answer
    assert len(listed) == 3
    assert all(len(i["source_memory_ids"]) == 10 for i in listed)

    code, out = cli(url, key, "reflect-commit", "--session-id", session, "--insights", f"@{path}")
    assert code == 1, out
    assert "already committed" in out

    code, out = cli(url, key, "reflect", "--entity-id", ENTITY)
    assert code == 1, out
    assert "reflect-prepare" in out

    code, out = cli(url, key, "reflect-status", "--entity-id", ENTITY, "-f", "json")
    assert code == 0, out
    assert json.loads(out)["due"] is False
