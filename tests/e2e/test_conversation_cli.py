"""`hebbs-graph conversation` against the live API: messages from a file or stdin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hebbs_graph.cli.main import app
from tests.cli_support import load_all_commands
from tests.e2e.test_cli import Cli
from tests.live import LiveApi


@pytest.fixture
def cli(live_api: LiveApi, api_key: str) -> Cli:
    load_all_commands()
    return Cli({"HEBBS_API_URL": live_api.url, "HEBBS_API_KEY": api_key})


def test_conversation_from_a_file_then_stdin(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "call.json"
    messages = [
        {"speaker": "Dana", "content": "Our budget is $5,000"},
        {"role": "assistant", "content": "Noted"},
    ]
    path.write_text(json.dumps({"messages": messages}))
    history = tmp_path / "history.json"
    first = cli.json("conversation", str(path), "-e", "acme", "--session-id", "call-7")
    assert (first["session_id"], first["stored"], first["turns"]) == ("call-7", 2, 2)

    more = [*messages, {"speaker": "Dana", "content": "And we renew in March"}]
    result = cli.runner.invoke(
        app,
        ["conversation", "-e", "acme", "--session-id", "call-7", "-f", "json"],
        input=json.dumps(more),
        env=cli.env,
    )
    assert result.exit_code == 0, (result.stdout, result.stderr)
    history.write_text(json.dumps(more))  # the whole history again, in table format
    second = json.loads(result.stdout)
    assert (second["stored"], second["skipped"], second["first_turn"]) == (1, 2, 2)
    assert (
        "call-7"
        in cli.run("conversation", str(history), "-e", "acme", "--session-id", "call-7").stdout
    )

    listed = cli.json("list", "-e", "acme")["items"]
    assert sorted(m["content"] for m in listed) == [
        "Dana: And we renew in March",
        "Dana: Our budget is $5,000",
        "assistant: Noted",
    ]

    refused = cli.runner.invoke(
        app, ["conversation", "-e", "acme"], input='[{"content": "x"}]', env=cli.env
    )
    assert refused.exit_code == 1
    assert "speaker or role" in refused.stderr
    assert (
        cli.runner.invoke(app, ["conversation", "-e", "acme"], input="{", env=cli.env).exit_code
        == 2
    )
