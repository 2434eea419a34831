"""Forcing forgotten content out of the transaction logs, against the real Neo4j.

Only the cheap parts run here: the shared test server keeps its own log settings, and
rotating its log (256 MiB by default) is not a test's business. The full round trip,
marker counts in the files included, is measured on a throw-away Neo4j (docs/forget.md).
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hebbs_graph.cli.main import app
from hebbs_graph.errors import CannotForce
from hebbs_graph.graph.txlog import FILLER_ROUNDS, prune_logs, read_policy, write_filler
from hebbs_graph.services.container import Services
from tests.cli_support import load_all_commands

FILLERS = "MATCH (f:TxLogFiller) RETURN count(f) AS n"


async def test_the_server_says_how_it_keeps_its_logs(services: Services) -> None:
    policy = await read_policy(services.store)
    assert policy.rotation_size >= 128 * 1024  # Neo4j's minimum
    assert policy.retention_policy
    assert policy.checkpoint_interval_s > 0


async def test_filler_is_written_and_gone(services: Services) -> None:
    written, txs = await write_filler(services.store, 3 * 64 * 1024, trailing_txs=2)
    assert written == 3 * 64 * 1024
    # FILLER_ROUNDS chunks (create, delete each), two trailing, the last delete
    assert txs == 2 * FILLER_ROUNDS + 2 + 1
    assert (await services.store.run_raw(FILLERS))[0]["n"] == 0


async def test_prune_refuses_more_filler_than_allowed_and_writes_none(services: Services) -> None:
    with pytest.raises(CannotForce):
        await prune_logs(services.store, max_bytes=1)
    assert (await services.store.run_raw(FILLERS))[0]["n"] == 0


def test_the_cli_says_why_it_cannot_force(services: Services) -> None:
    load_all_commands()
    env = {"HEBBS_NEO4J_URI": services.settings.effective_neo4j_uri}
    result = CliRunner().invoke(app, ["neo4j", "prune-logs", "--max-bytes", "1"], env=env)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "db.tx_log" in result.stderr
