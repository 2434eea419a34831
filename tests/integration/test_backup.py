"""Backup and restore against the real Neo4j: export -> restore elsewhere -> export gives
the same file; bad files, taken ids and non-empty targets are refused and store nothing."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hebbs_graph.errors import Conflict, InvalidInput
from hebbs_graph.models.memory import ForgetIn, MemoryIn
from hebbs_graph.services.container import Services
from tests.support.backup_scene import ENTITY, build_scene, comparable
from tests.support.tenants import purge_tenant


async def export_lines(
    services: Services, tenant: str, entity_id: str | None = ENTITY, **kw: Any
) -> list[str]:
    return [
        json.dumps(r, ensure_ascii=False)
        async for r in services.backup.export(tenant, entity_id, **kw)
    ]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def reader(path: Path) -> Any:
    def lines() -> Iterator[str]:
        with path.open(encoding="utf-8") as handle:
            yield from handle

    return lines


async def stored_count(services: Services, tenant: str) -> int:
    rows = await services.store.run_raw(
        "CALL () { MATCH (m:Memory) WHERE m.tenant_id = $t RETURN count(m) AS n UNION ALL "
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t RETURN count(p) AS n UNION ALL "
        "MATCH (x:Tombstone) WHERE x.tenant_id = $t RETURN count(x) AS n } "
        "RETURN sum(n) AS n",
        t=tenant,
    )
    return int(rows[0]["n"])


async def test_entity_round_trip_is_exact(
    services: Services, tenant: str, other_tenant: str, tmp_path: Path
) -> None:
    scene = await build_scene(services, tenant)
    first = await export_lines(services, tenant)
    records = [json.loads(line) for line in first]
    kinds = Counter(r["properties"]["kind"] for r in records if r["type"] == "memory")
    assert set(kinds) == {"episode", "insight", "snapshot"}
    edge_types = {r["edge_type"] for r in records if r["type"] == "edge"}
    assert edge_types == {
        "CAUSED_BY",
        "FOLLOWED_BY",
        "RELATED_TO",
        "REVISED_FROM",
        "CONTRADICTS",
        "INSIGHT_FROM",
    }
    types = Counter(r["type"] for r in records)
    assert types["pending_contradiction"] >= 1
    assert types["tombstone"] == 1
    assert types["entity"] == 1
    assert records[-1]["type"] == "end"
    props = {r["properties"]["id"]: r["properties"] for r in records if r["type"] == "memory"}
    assert scene["other_id"] not in props  # another entity's memory stays out
    assert props[scene["insight_id"]]["stale"] is True
    assert any("superseded_by" in p for p in props.values())
    assert any(p.get("dismissed_pairs") for p in props.values())
    assert any(p["access_count"] > 0 for p in props.values())

    path = write(tmp_path / "acme.jsonl", first)
    await purge_tenant(services, tenant)  # restores beside it too (ids are per tenant)
    out = await services.restore.restore(other_tenant, reader(path))
    assert out.restored == records[-1]["counts"]
    assert out.re_embedded == 0
    again = await export_lines(services, other_tenant)
    assert comparable(again) == comparable(first)


async def test_restore_without_embeddings_embeds_again(
    services: Services, tenant: str, other_tenant: str, tmp_path: Path
) -> None:
    await build_scene(services, tenant)
    with_vectors = await export_lines(services, tenant)
    bare = await export_lines(services, tenant, embeddings=False)
    assert not any('"embedding"' in line for line in bare)
    await purge_tenant(services, tenant)
    out = await services.restore.restore(other_tenant, reader(write(tmp_path / "b.jsonl", bare)))
    assert out.re_embedded > 0
    again = await export_lines(services, other_tenant)
    # The same model embeds the same text the same way, near enough.
    vectors = {
        json.loads(line)["properties"]["id"]: json.loads(line)["embedding"]
        for line in again
        if '"embedding"' in line
    }
    for line in with_vectors:
        record = json.loads(line)
        if "embedding" in record:
            redone = vectors[record["properties"]["id"]]
            dot = sum(a * b for a, b in zip(record["embedding"], redone, strict=True))
            assert dot > 0.999


async def test_ids_taken_in_the_tenant_and_non_empty_targets_are_refused(
    services: Services, tenant: str, other_tenant: str, tmp_path: Path
) -> None:
    await build_scene(services, tenant)
    lines = await export_lines(services, tenant, None)
    path = write(tmp_path / "acme.jsonl", lines)
    with pytest.raises(Conflict, match=r"already holds \d+ memories"):
        await services.restore.restore(tenant, reader(path))
    with pytest.raises(Conflict, match=r"line 2: [0-9a-f]{32} is already stored in this tenant"):
        await services.restore.restore(tenant, reader(path), allow_non_empty=True)
    assert comparable(await export_lines(services, tenant, None)) == comparable(lines)
    # Ids are unique within a tenant (schema 016): the same file restores into another
    # tenant beside its living source, and neither learns anything of the other.
    out = await services.restore.restore(other_tenant, reader(path))
    assert out.restored == json.loads(lines[-1])["counts"]
    assert comparable(await export_lines(services, other_tenant, None)) == comparable(lines)
    assert comparable(await export_lines(services, tenant, None)) == comparable(lines)


async def test_export_forget_restore_gives_the_entity_back_exactly(
    services: Services, tenant: str, tmp_path: Path
) -> None:
    """Issue 31: restoring an entity after forgetting it was refused ("already holds
    memories") when only the forget's tombstones were left, and with allow_non_empty the
    tombstones stayed beside the restored memories. Tombstones are no longer in the way,
    and those of the memories a restore brings back go."""
    await build_scene(services, tenant)
    first = await export_lines(services, tenant)
    records = [json.loads(line) for line in first]
    memories = {r["properties"]["id"] for r in records if r["type"] == "memory"}
    gone = await services.memory.forget(tenant, ForgetIn(entity_id=ENTITY))
    assert gone.forgotten >= len(memories) - 1  # snapshots go with their memory
    await services.restore.restore(tenant, reader(write(tmp_path / "acme.jsonl", first)))
    again = await export_lines(services, tenant)
    assert comparable(again) == comparable(first)
    rows = await services.store.run_raw(
        "MATCH (t:Tombstone) WHERE t.tenant_id = $t AND t.memory_id IN $ids RETURN count(t) AS n",
        t=tenant,
        ids=sorted(memories),
    )
    assert rows[0]["n"] == 0
    # What is really in the way is named: the memories the entity holds.
    with pytest.raises(
        Conflict, match=rf"entity '{ENTITY}' of tenant '{tenant}' already holds \d+ memor"
    ):
        await services.restore.restore(tenant, reader(tmp_path / "acme.jsonl"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["properties"].update(importance=3), r"line \d+: properties.importance"),
        (lambda r: r["properties"].pop("content"), r"line \d+: properties.content: Field required"),
        (lambda r: r.update(type="memo"), r"line \d+: type"),
        (lambda r: r["properties"].update(content="changed"), "content_sha256"),
        (lambda r: r.update(embedding=[0.1, 0.2]), r"line \d+: embedding: 2 numbers"),
    ],
)
async def test_a_bad_line_is_named_and_nothing_is_stored(
    services: Services, tenant: str, other_tenant: str, tmp_path: Path, change: Any, message: str
) -> None:
    await services.memory.remember(tenant, MemoryIn(content="one"))
    lines = await export_lines(services, tenant, None)
    await purge_tenant(services, tenant)
    record = json.loads(lines[1])
    change(record)
    lines[1] = json.dumps(record)
    with pytest.raises(InvalidInput, match=message):
        await services.restore.restore(other_tenant, reader(write(tmp_path / "bad.jsonl", lines)))
    assert await stored_count(services, other_tenant) == 0


async def test_a_cut_off_file_or_a_missing_edge_end_is_refused(
    services: Services, tenant: str, other_tenant: str, tmp_path: Path
) -> None:
    await build_scene(services, tenant)
    lines = await export_lines(services, tenant)
    await purge_tenant(services, tenant)
    with pytest.raises(InvalidInput, match="no end record"):
        await services.restore.restore(
            other_tenant, reader(write(tmp_path / "cut.jsonl", lines[:-1]))
        )
    memory_line = next(i for i, line in enumerate(lines) if '"type": "memory"' in line)
    without = lines[:memory_line] + lines[memory_line + 1 :]
    with pytest.raises(InvalidInput, match=r"is not in this file|counts"):
        await services.restore.restore(
            other_tenant, reader(write(tmp_path / "hole.jsonl", without))
        )
    header = json.loads(lines[0])
    header["embedding_model"] = "another-model"
    with pytest.raises(Conflict, match="re_embed"):
        await services.restore.restore(
            other_tenant, reader(write(tmp_path / "model.jsonl", [json.dumps(header), *lines[1:]]))
        )
    assert await stored_count(services, other_tenant) == 0


async def test_a_failure_while_writing_takes_everything_back(
    services: Services,
    tenant: str,
    other_tenant: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await build_scene(services, tenant)
    path = write(tmp_path / "acme.jsonl", await export_lines(services, tenant))
    await purge_tenant(services, tenant)

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("Neo4j went away")

    monkeypatch.setattr(services.restore, "_write_edges", broken)
    with pytest.raises(RuntimeError):
        await services.restore.restore(other_tenant, reader(path))
    assert await stored_count(services, other_tenant) == 0
