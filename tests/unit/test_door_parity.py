"""Every REST operation has a client method and a CLI command: a new route without them fails
here, not in a user's hands."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hebbs_graph.api.app import create_app
from hebbs_graph.cli.main import app as cli_app
from hebbs_graph.client import HebbsClient
from hebbs_graph.settings import Settings
from tests.cli_support import load_all_commands

# (method, path) -> (client method, CLI command)
DOORS: dict[tuple[str, str], tuple[str, str]] = {
    ("POST", "/v1/memories"): ("remember", "remember"),
    ("POST", "/v1/memories/batch"): ("remember_batch", "import"),
    ("POST", "/v1/conversations"): ("conversation", "conversation"),
    ("GET", "/v1/memories/{memory_id:str}"): ("get", "get"),
    ("GET", "/v1/memories"): ("list_memories", "list"),
    ("GET", "/v1/memories/{memory_id:str}/edges"): ("edges", "edges"),
    ("POST", "/v1/memories/{memory_id:str}/edges"): ("link", "link"),
    ("GET", "/v1/memories/{memory_id:str}/lineage"): ("lineage", "lineage"),
    ("PUT", "/v1/revise/{memory_id:str}"): ("revise", "revise"),
    ("POST", "/v1/forget"): ("forget", "forget"),
    ("POST", "/v1/recall"): ("recall", "recall"),
    ("POST", "/v1/prime"): ("prime", "prime"),
    ("GET", "/v1/graph"): ("graph", "graph"),
    ("GET", "/v1/map"): ("semantic_map", "map"),
    ("GET", "/v1/entities"): ("entities", "entities"),
    ("POST", "/v1/reflect"): ("reflect", "reflect"),
    ("POST", "/v1/reflect/prepare"): ("reflect_prepare", "reflect-prepare"),
    ("POST", "/v1/reflect/commit"): ("reflect_commit", "reflect-commit"),
    ("GET", "/v1/reflect/status"): ("reflect_status", "reflect-status"),
    ("GET", "/v1/insights"): ("insights", "insights"),
    ("POST", "/v1/contradictions/prepare"): ("contradiction_prepare", "contradiction-prepare"),
    ("POST", "/v1/contradictions/commit"): ("contradiction_commit", "contradiction-commit"),
    ("POST", "/v1/contradictions/scan"): ("contradiction_scan", "contradiction-scan"),
    ("GET", "/v1/health/live"): ("live", "status"),
    ("GET", "/v1/health/ready"): ("ready", "status"),
    ("GET", "/v1/metrics"): ("metrics", "metrics"),
    ("GET", "/v1/export"): ("export_backup", "export"),
    ("POST", "/v1/import"): ("import_backup", "import"),
}


def rest_operations() -> set[tuple[str, str]]:
    app = create_app(Settings())
    found = set()
    for route in app.routes:
        if not route.path.startswith("/v1/"):
            continue  # /schema, /palace and /mcp are doors of their own
        for method in getattr(route, "methods", ()):
            if method not in {"HEAD", "OPTIONS"}:
                found.add((method, route.path))
    return found


def test_the_table_covers_every_rest_operation() -> None:
    assert rest_operations() == set(DOORS)


@pytest.mark.parametrize(("operation", "doors"), sorted(DOORS.items()))
def test_each_operation_has_a_client_method_and_a_command(
    operation: tuple[str, str], doors: tuple[str, str]
) -> None:
    method, command = doors
    assert callable(getattr(HebbsClient, method, None)), f"HebbsClient.{method} for {operation}"
    load_all_commands()
    result = CliRunner().invoke(cli_app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, (operation, result.output)
    assert "Example" in result.output, command
