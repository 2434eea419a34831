"""The public surface is what __all__ lists (httpx's habit), and the CLI documents itself."""

from __future__ import annotations

from typer.testing import CliRunner

import hebbs_graph
from hebbs_graph.cli.main import app, main  # noqa: F401


def test_all_names_exist() -> None:
    for name in hebbs_graph.__all__:
        assert hasattr(hebbs_graph, name), name


def test_every_command_has_help_with_text() -> None:
    from hebbs_graph.cli import imports, service  # noqa: F401

    runner = CliRunner()
    commands = [
        "serve",
        "remember",
        "get",
        "list",
        "edges",
        "link",
        "recall",
        "revise",
        "forget",
        "import",
        "export",
        "status",
        "neo4j",
    ]
    for command in commands:
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, (command, result.output)
        assert "Usage" in result.output
