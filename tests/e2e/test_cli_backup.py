"""Backup and restore through the CLI and the live API: export a tenant, restore it into
another, export again: the same file; refusals exit 1 and name the problem."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from hebbs_graph.services.container import Services
from tests.cli_support import load_all_commands
from tests.e2e.test_cli import Cli
from tests.live import LiveApi
from tests.support.backup_scene import build_scene, comparable
from tests.support.tenants import purge_tenant


def cli_for(live_api: LiveApi, tenant: str) -> Cli:
    load_all_commands()
    return Cli({"HEBBS_API_URL": live_api.url, "HEBBS_API_KEY": live_api.key_for(tenant)})


async def test_export_import_export_gives_the_same_file(
    services: Services, live_api: LiveApi, tenant: str, other_tenant: str, tmp_path: Path
) -> None:
    await build_scene(services, tenant)
    source, target = cli_for(live_api, tenant), cli_for(live_api, other_tenant)
    backup = tmp_path / "tenant.jsonl"
    said = await asyncio.to_thread(source.json, "export", "-o", str(backup))
    assert said["exported"]["memory"] > 30
    assert said["exported"]["tombstone"] == 1
    first = backup.read_text(encoding="utf-8").splitlines()
    assert json.loads(first[0])["tenant_id"] == tenant
    # stdout holds the same file
    assert comparable(
        (await asyncio.to_thread(source.run, "export")).stdout.splitlines()
    ) == comparable(first)

    refused = await asyncio.to_thread(
        source.run, "import", str(backup), code=1
    )  # the tenant is not empty
    assert "already holds" in refused.stderr

    await purge_tenant(services, tenant)
    restored = (await asyncio.to_thread(target.json, "import", str(backup)))["restored"]
    assert restored["memory"] == said["exported"]["memory"]
    assert restored["re_embedded"] == 0
    again = tmp_path / "again.jsonl"
    await asyncio.to_thread(target.run, "export", "-o", str(again))
    assert comparable(again.read_text(encoding="utf-8").splitlines()) == comparable(first)

    # the same ids again, into the tenant that holds them now: refused whole (ids are
    # unique within a tenant; another tenant's are no concern of an import)
    taken = await asyncio.to_thread(target.run, "import", str(backup), "--allow-non-empty", code=1)
    assert "is already stored in this" in taken.stderr
    assert "line 2" in taken.stderr


def test_a_bad_backup_line_is_named_and_plain_memories_still_import(
    live_api: LiveApi, tenant: str, tmp_path: Path
) -> None:
    cli = cli_for(live_api, tenant)
    plain = tmp_path / "plain.jsonl"
    plain.write_text('{"content": "Globex wants a demo", "entity_id": "globex"}\n')
    assert cli.json("import", str(plain))["imported"] == 1
    lines = cli.run("export", "--no-embeddings").stdout.splitlines()
    assert '"embedding"' not in "".join(lines)
    record = json.loads(lines[1])
    record["properties"]["importance"] = "high"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(record), *lines[2:]]) + "\n")
    result = cli.run("import", str(bad), "--allow-non-empty", "-f", "json", code=1)
    error = json.loads(result.stderr.strip().splitlines()[-1])["error"]
    assert error["message"].startswith("line 2: properties.importance")
    assert len(cli.json("list")["items"]) == 1
