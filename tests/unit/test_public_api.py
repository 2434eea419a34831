"""The public surface is what __all__ lists (httpx's habit), and the CLI documents itself."""

from __future__ import annotations

from typer.testing import CliRunner

import hebbs_graph
from hebbs_graph.cli.main import app, main  # noqa: F401
from tests.cli_support import load_all_commands


def test_all_names_exist() -> None:
    for name in hebbs_graph.__all__:
        assert hasattr(hebbs_graph, name), name


def test_every_command_has_help_with_text() -> None:
    load_all_commands()

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
        "prime",
        "lineage",
        "graph",
        "entities",
        "metrics",
        "mcp",
    ]
    for command in commands:
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, (command, result.output)
        assert "Usage" in result.output


# Every REST operation has a command that prints data as json or table, with an example.
DATA_COMMANDS = [
    ["remember"],
    ["get"],
    ["list"],
    ["edges"],
    ["link"],
    ["recall"],
    ["revise"],
    ["forget"],
    ["prime"],
    ["lineage"],
    ["graph"],
    ["entities"],
    ["import"],
    ["export"],
    ["status"],
    ["metrics"],
    ["contradiction-prepare"],
    ["contradiction-commit"],
    ["contradiction-scan"],
    ["reflect"],
    ["reflect-prepare"],
    ["reflect-commit"],
    ["reflect-status"],
    ["insights"],
    ["neo4j", "start"],
    ["neo4j", "status"],
]


def test_data_commands_take_format_and_show_an_example() -> None:
    load_all_commands()

    runner = CliRunner()
    for command in DATA_COMMANDS:
        result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, (command, result.output)
        assert "--format" in result.output, command
        assert "Example" in result.output, command
