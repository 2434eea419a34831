"""The CLI against the live API: every REST operation in both formats, and the exit codes
(0 done, 1 refused, 2 wrong command line, 3 unreachable)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from hebbs_graph.cli.main import app
from hebbs_graph.graph.schema import NO_LENGTH_ANALYZER
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings
from tests.cli_support import load_all_commands
from tests.live import LiveApi, free_port
from tests.support.checks import checks_run_json, held_elsewhere
from tests.support.themes import THEMES


@pytest.fixture
def cli(live_api: LiveApi, api_key: str) -> Cli:
    load_all_commands()
    return Cli({"HEBBS_API_URL": live_api.url, "HEBBS_API_KEY": api_key})


class Cli:
    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.runner = CliRunner()

    def run(self, *args: str, code: int = 0, env: dict[str, str] | None = None) -> Result:
        result = self.runner.invoke(app, list(args), env={**self.env, **(env or {})})
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "-f", "json").stdout)


def test_every_operation_in_json_and_table(cli: Cli, tmp_path: Path) -> None:
    first = cli.json("remember", "Acme's budget is $5,000", "-e", "acme", "--importance", "0.9")
    second = cli.json(
        "remember", "Acme's CFO approved the budget", "-e", "acme", "--caused-by", first["id"]
    )
    assert cli.json("get", first["id"])["content"] == "Acme's budget is $5,000"
    assert "Acme's budget" in cli.run("get", first["id"]).stdout

    lines = tmp_path / "more.jsonl"
    lines.write_text(
        '{"content": "Globex wants a demo", "entity_id": "globex"}\n'
        '{"content": "Globex uses Postgres", "entity_id": "globex"}\n'
    )
    imported = cli.json("import", str(lines))
    assert imported["imported"] == 2

    listed = cli.json("list", "-e", "globex")
    assert {m["content"] for m in listed["items"]} == {
        "Globex wants a demo",
        "Globex uses Postgres",
    }
    assert "Globex" in cli.run("list", "-e", "globex").stdout

    edge = cli.json("link", second["id"], imported["memory_ids"][0], "--type", "RELATED_TO")
    assert edge["edge_type"] == "RELATED_TO"
    edge_types = {e["edge_type"] for e in cli.json("edges", second["id"])["edges"]}
    assert {"CAUSED_BY", "RELATED_TO", "FOLLOWED_BY"} <= edge_types
    assert "CAUSED_BY" in cli.run("edges", second["id"]).stdout
    # Tables print ids whole: they are what get, revise and --seed take.
    assert imported["memory_ids"][0] in cli.run("edges", second["id"]).stdout
    assert first["id"] in cli.run("list", "-e", "acme").stdout

    recalled = cli.json("recall", "what is Acme's budget?", "-e", "acme", "-k", "1")
    assert recalled["results"][0]["memory"]["id"] == first["id"]
    causes = cli.json(
        "recall",
        "-s",
        "causal",
        "--seed",
        second["id"],
        "--direction",
        "backward",
        "--edge-types",
        "CAUSED_BY",
    )
    assert [r["memory"]["id"] for r in causes["results"]] == [first["id"]]
    assert "score" in cli.run("recall", "budget", "-e", "acme").stdout

    primed = cli.json("prime", "-e", "acme", "--cue", "budget")
    assert primed["entity_id"] == "acme"
    assert "reflection due" in cli.run("prime", "-e", "acme").stdout

    revised = cli.json("revise", first["id"], "--content", "Acme's budget is $2,000")
    assert revised["version"] == 2
    history = cli.json("lineage", first["id"])
    assert history["revisions"][0]["memory"]["content"] == "Acme's budget is $5,000"
    assert "revisions" in cli.run("lineage", first["id"]).stdout

    view = cli.json("graph", "-e", "acme")
    assert {first["id"], second["id"]} <= {n["id"] for n in view["nodes"]}
    assert "nodes" in cli.run("graph", "-e", "acme", "-f", "table").stdout
    placed = cli.json("map", "-e", "acme")
    assert {p["id"] for p in placed["points"]} == {first["id"], second["id"]}
    assert "projection" in cli.run("map", "-e", "acme", "-f", "table").stdout
    unchanged = cli.json("map", "-e", "acme", "--since", placed["stamp"])
    assert (unchanged["complete"], unchanged["points"]) == (False, [])
    counts = {e["entity_id"]: e["memory_count"] for e in cli.json("entities")["entities"]}
    assert counts == {"acme": 2, "globex": 2}
    assert "globex" in cli.run("entities").stdout

    exported = [json.loads(line) for line in cli.run("export", "-e", "globex").stdout.splitlines()]
    assert exported[0]["type"] == "header"
    assert exported[-1]["counts"]["memory"] == 2

    assert cli.json("status")["api"]["ready"] is True
    samples = cli.json("metrics")["samples"]
    assert any(s["labels"].get("app_name") == "hebbs_graph" for s in samples)

    forgotten = cli.json("forget", "-e", "globex")
    assert forgotten["forgotten"] == 2
    assert "forgotten" in cli.run("forget", "--id", second["id"]).stdout


def test_contradiction_review(cli: Cli) -> None:
    high = cli.json("remember", "Acme's budget is $5,000", "-e", "acme")
    low = cli.json("remember", "Acme's budget is $2,000", "-e", "acme")
    assert low["contradiction_check_pending"] is True  # the answer came before the check
    pending = checks_run_json(lambda: cli.json("contradiction-prepare", "-e", "acme"))["pending"]
    assert [{p["memory_id_a"], p["memory_id_b"]} for p in pending] == [{high["id"], low["id"]}]
    assert "pending contradictions" in cli.run("contradiction-prepare", "-e", "acme").stdout
    verdicts = json.dumps([{"pending_id": pending[0]["pending_id"], "verdict": "contradiction"}])
    done = cli.json("contradiction-commit", "--verdicts", verdicts)
    assert done["contradictions_confirmed"] == 1
    recalled = cli.json("recall", "Acme budget", "-e", "acme")
    assert all(r["conflicts_with"] for r in recalled["results"])
    cli.run("contradiction-commit", "--verdicts", "[not json", code=2)
    unknown = json.dumps([{"pending_id": "0" * 32, "verdict": "dismiss"}])
    cli.run("contradiction-commit", "--verdicts", unknown, code=1)


def test_review_waits_for_the_checks_of_memories_just_stored(cli: Cli) -> None:
    """contradiction-prepare and prime --wait SECONDS: the pairs of the writes just made
    are listed at once; a wrong --wait is a wrong command line."""
    high = cli.json("remember", "Acme's budget is $5,000", "-e", "acme")
    low = cli.json("remember", "Acme's budget is $2,000", "-e", "acme")
    prepared = cli.json("contradiction-prepare", "-e", "acme", "--wait", "30")
    assert [{p["memory_id_a"], p["memory_id_b"]} for p in prepared["pending"]] == [
        {high["id"], low["id"]}
    ]
    assert (prepared["checks_pending"], prepared["checks_wait_timed_out"]) == (0, False)
    assert cli.json("prime", "-e", "acme", "--wait", "30")["pending_total"] == 1
    assert "still running" not in cli.run("contradiction-prepare", "--wait", "0").stdout
    for bad in ("-1", "31", "soon"):
        assert "--wait" in cli.run("contradiction-prepare", "--wait", bad, code=2).stderr
        assert "--wait" in cli.run("prime", "-e", "acme", "--wait", bad, code=2).stderr


async def test_the_cli_says_when_the_wait_hit_its_bound(
    cli: Cli, services: Services, tenant: str
) -> None:
    item = MemoryIn(content="Acme's budget is $5,000", entity_id="acme")
    async with held_elsewhere(services, tenant, item):  # a check that never ends here
        prepared = await asyncio.to_thread(cli.run, "contradiction-prepare", "--wait", "0.2")
        primed = await asyncio.to_thread(cli.run, "prime", "-e", "acme", "--wait", "0.2")
        compact = await asyncio.to_thread(
            cli.run, "prime", "-e", "acme", "--view", "compact", "--wait", "0.2"
        )
        waited = await asyncio.to_thread(cli.json, "contradiction-prepare", "--wait", "0.2")
    assert "still running after 0.2 s" in " ".join(prepared.stdout.split())
    assert "still running" in primed.stdout
    assert "still running" in compact.stdout
    assert (waited["checks_pending"], waited["checks_wait_timed_out"]) == (1, True)


def test_reflection_round_trip(cli: Cli, tmp_path: Path) -> None:
    episodes = tmp_path / "acme.jsonl"
    episodes.write_text(
        "".join(
            json.dumps({"content": text, "entity_id": "acme_corp"}) + "\n"
            for texts in THEMES.values()
            for text in texts
        )
    )
    assert cli.json("import", str(episodes))["imported"] == 30
    assert cli.json("reflect-status", "-e", "acme_corp")["new_episodes"] == 30
    prepared = cli.json("reflect-prepare", "-e", "acme_corp")
    assert len(prepared["clusters"]) == 3
    insights = [
        {
            "content": f"Acme theme {c['cluster_id']}",
            "confidence": 0.7,
            "source_memory_ids": c["memory_ids"],
        }
        for c in prepared["clusters"]
    ]
    foreign = json.dumps([{**insights[0], "source_memory_ids": ["0" * 32]}])
    cli.run("reflect-commit", "--session-id", prepared["session_id"], "--insights", foreign, code=1)
    cli.run("reflect-commit", "--session-id", prepared["session_id"], "--insights", "[oops", code=2)
    done = cli.json(
        "reflect-commit", "--session-id", prepared["session_id"], "--insights", json.dumps(insights)
    )
    assert done["insights_created"] == 3
    listed = cli.json("insights", "-e", "acme_corp")["insights"]
    assert {i["id"] for i in listed} == set(done["insight_ids"])
    assert "Acme theme" in cli.run("insights", "-e", "acme_corp").stdout


def test_tables_read_at_80_columns(cli: Cli) -> None:
    """revise takes its text as remember does; tables of memories, insights and
    entities keep their content readable at 80 columns; an entity that holds nothing
    says so on recall and prime (exit 0: an empty answer is an answer)."""
    text = "Acme's procurement team asked for the security questionnaire before renewal"
    first = cli.json("remember", text, "-e", "acme")
    assert cli.json("revise", first["id"], text + " in March")["version"] == 2
    assert cli.run("revise", first["id"], "one", "--content", "two", code=2)
    listed = cli.run("list", "-e", "acme").stdout
    assert "procurement team asked for the" in listed  # not one word a line
    assert first["id"] in listed  # whole: what get and revise take
    assert max(len(line) for line in listed.splitlines()) <= 80
    lineage = cli.run("lineage", first["id"]).stdout
    assert "procurement team asked for the" in lineage
    entities = cli.run("entities").stdout
    assert "entity_id" in entities
    assert "0.entity_id" not in entities
    for command in (["recall", "budget", "-e", "acmee"], ["prime", "-e", "acmee"]):
        assert "entity 'acmee' holds no memories" in cli.run(*command).stderr
    assert "holds no memories" not in cli.run("recall", "zebra", "-e", "acme").stderr


def test_exit_codes(cli: Cli, live_api: LiveApi) -> None:
    # 1: the API refused the request.
    missing = cli.run("get", "0" * 32, code=1)
    assert "no memory" in missing.stderr
    assert "must be a ULID" in cli.run("get", "not-an-id", code=1).stderr
    cli.run("forget", code=1)  # no criteria: refusing to forget everything
    cli.run("recall", code=1)  # hybrid needs a cue: the model says so
    cli.run("get", "0" * 32, code=1, env={"HEBBS_API_KEY": "wrong"})
    # 2: the command line itself is wrong.
    cli.run("remember", "x", "--importance", "2", code=2)
    cli.run("recall", "x", "--weights", "1:2", code=2)
    cli.run("remember", "x", "--context", "{not json", code=2)
    cli.run("no-such-command", code=2)
    cli.run("get", code=2)
    # 3: nothing answers there.
    nowhere = {"HEBBS_API_URL": f"http://127.0.0.1:{free_port()}"}
    assert "no hebbs-graph API" in cli.run("entities", code=3, env=nowhere).stderr
    cli.run("status", code=3, env=nowhere)


def test_errors_follow_the_format(cli: Cli, live_api: LiveApi) -> None:
    """With -f json a refusal is JSON on stderr too: the API's error shape and the exit code."""
    missing = cli.run("get", "0" * 32, "-f", "json", code=1)
    error = json.loads(missing.stderr)["error"]
    assert error["code"] == "not_found"
    assert error["exit_code"] == 1
    assert "no memory" in error["message"]
    assert missing.stdout == ""
    nowhere = {"HEBBS_API_URL": f"http://127.0.0.1:{free_port()}"}
    down = json.loads(cli.run("entities", "-f", "json", code=3, env=nowhere).stderr)["error"]
    assert down["exit_code"] == 3
    # In table mode the message is text, shown as written.
    assert "error:" in cli.run("get", "0" * 32, code=1).stderr


def test_strategy_options_and_settings_are_checked(cli: Cli, live_api: LiveApi) -> None:
    """Each option goes where a strategy's model takes it; what none takes, a malformed
    --with, and a setting naming no strategy are refused before anything runs."""
    assert "session:" in cli.run("strategies").stdout
    taken = cli.run("recall", "-s", "similarity", "--max-depth", "2", "x", code=2).stderr
    assert "causal" in taken  # says which strategy takes it
    cli.run("recall", "x", "--with", "no-equals-sign", code=2)
    assert "session_id" in cli.run("recall", "-s", "session", code=1).stderr  # server: needed
    bad = cli.run("serve", code=2, env={"HEBBS_RECALL_EXTRA_STRATEGIES": "telepathy"}).stderr
    assert "no strategy telepathy" in bad


def test_migrate_reports_the_schema_and_the_fulltext_analyzer(settings: Settings) -> None:
    """`hebbs-graph migrate` on a migrated database applies nothing and names the analyzer
    memory_content was built with (the suite's local Neo4j has english-no-length)."""
    load_all_commands()
    env = {
        "HEBBS_NEO4J_URI": settings.effective_neo4j_uri,
        "HEBBS_NEO4J_PASSWORD": settings.neo4j_password,
    }
    out = json.loads(Cli(env).run("migrate", "-f", "json").stdout)
    assert out["applied"] == []
    assert out["indexes_online"] is True
    assert out["fulltext_analyzer"] == NO_LENGTH_ANALYZER
