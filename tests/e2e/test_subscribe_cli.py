"""`hebbs-graph subscribe` against the live API: lines on stdin, memories as they arrive."""

from __future__ import annotations

import json

import pytest

from hebbs_graph.cli.main import app
from tests.cli_support import load_all_commands
from tests.e2e.test_cli import Cli
from tests.live import LiveApi

SECURITY = "Acme's security review blocked the SSO rollout until audit logs ship"
CALL = [
    "Ana: good morning, how was your weekend?",
    "Bob: fine thanks, the weather was lovely and we went hiking.",
    "Ana: did the security review sign off on the single sign-on rollout?",
]


@pytest.fixture
def cli(live_api: LiveApi, api_key: str) -> Cli:
    load_all_commands()
    return Cli({"HEBBS_API_URL": live_api.url, "HEBBS_API_KEY": api_key})


def test_subscribe_prints_what_the_lines_bring_up(cli: Cli) -> None:
    cli.json("remember", SECURITY, "-e", "acme")
    cli.json("remember", "Acme prefers invoices in euros", "-e", "acme")
    stdin = "\n".join(CALL) + "\n"
    args = ["subscribe", "-e", "acme", "--threshold", "0.25", "--max-recalls-per-s", "2"]
    result = cli.runner.invoke(app, [*args, "-f", "json"], input=stdin, env=cli.env)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    pushes = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(p["type"], p["memory"]["content"]) for p in pushes] == [("memory", SECURITY)]
    assert pushes[0]["score"] >= 0.25

    table = cli.runner.invoke(app, args, input=stdin, env=cli.env)
    assert table.exit_code == 0, (table.stdout, table.stderr)
    assert "Acme's security review" in table.stdout


def test_subscribe_refuses_a_bad_key(live_api: LiveApi) -> None:
    load_all_commands()
    cli = Cli({"HEBBS_API_URL": live_api.url, "HEBBS_API_KEY": "not-a-key"})
    result = cli.runner.invoke(app, ["subscribe", "-f", "json"], input="hello\n", env=cli.env)
    assert result.exit_code == 1
    assert json.loads(result.stderr)["error"]["code"] == "unauthorized"
