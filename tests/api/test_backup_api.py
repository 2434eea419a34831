"""GET /v1/export and POST /v1/import over HTTP: the round trip, every refusal a 4xx in
the API's error shape with nothing stored, and an import that can neither reach nor
learn about another tenant (issue 34)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hebbs_graph.errors import Conflict
from hebbs_graph.ids import new_id
from tests.api.conftest import Api
from tests.support import backup_file as bf
from tests.support.tenants import purge_tenant

NDJSON = {"Content-Type": "application/x-ndjson"}


async def test_export_then_import_elsewhere_and_the_refusals(api: Api) -> None:
    await api.remember(content="Acme signed", entity_id="acme")
    await api.remember(content="Acme paid", entity_id="acme")
    exported = await api.call("GET", "/v1/export", params={"entity_id": "acme"})
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("application/x-ndjson")
    lines = exported.text.splitlines()
    assert json.loads(lines[-1])["counts"] == {"edge": 1, "entity": 1, "memory": 2}

    same = await api.call("POST", "/v1/import", content=exported.text, headers=NDJSON)
    assert same.status_code == 409
    assert "already holds 2 memories" in api.error(same)["message"]
    taken = await api.call(
        "POST", "/v1/import", content=exported.text, params={"allow_non_empty": True}
    )
    assert taken.status_code == 409
    assert api.error(taken)["details"]["line"] == 2
    assert "already stored in this tenant" in api.error(taken)["message"]

    for body, status in [("", 400), ("not json\n", 400), (b"\xff\xfe\n", 400)]:
        refused = await api.call("POST", "/v1/import", content=body, other=True)
        assert refused.status_code == status, refused.text
        assert api.error(refused)["message"].startswith("line 1")
    cut = "\n".join(lines[:-1]) + "\n"
    refused = await api.call("POST", "/v1/import", content=cut, other=True)
    assert refused.status_code == 400
    assert "no end record" in api.error(refused)["message"]
    listed = await api.call("GET", "/v1/memories", other=True)
    assert listed.json()["items"] == []

    # The same ids in another tenant, beside their living source: a copy.
    copied = await api.call("POST", "/v1/import", content=exported.text, other=True)
    assert copied.status_code == 201, copied.text
    again = await api.call("GET", "/v1/export", params={"entity_id": "acme"}, other=True)
    assert again.text.splitlines()[1:] == lines[1:]


def _scene(api: Api, entity_id: str = bf.ENTITY) -> list[Any]:
    embedder = api.services.embedder
    head = bf.header(embedder.model_name, embedder.dimension, entity_id=entity_id)
    records = bf.scene(embedder.dimension, entity_id)
    return [head, *records, bf.end(records)]


async def _empty(api: Api, other: bool = False) -> bool:
    return await api.stored(api.other_tenant if other else api.tenant) == []


def _pending_line(lines: list[Any]) -> int:
    return next(i for i, r in enumerate(lines) if r["type"] == "pending_contradiction")


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda n: "[" * 100_000 + "]" * 100_000, "line"),
        (lambda n: '{"type": "memory", "properties": ' + "[" * 50_000 + "]" * 50_000 + "}", "line"),
        (lambda n: '{"type": "entity", "properties": {"entity_id": "\\ud800"}}', "line"),
    ],
)
async def test_a_line_nested_too_deep_is_refused_naming_it(api: Api, make: Any, field: str) -> None:
    lines = _scene(api)
    lines[3] = make(3)
    refused = await api.call("POST", "/v1/import", content=bf.ndjson(lines))
    assert refused.status_code == 400, refused.text
    error = api.error(refused)
    assert error["details"] == {"line": 4, "field": field}
    assert error["message"].startswith("line 4: ")
    assert await _empty(api)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        # the reproducer: only the ids and a time
        (
            lambda p: {
                k: p[k]
                for k in ("pending_id", "pair_key", "memory_id_a", "memory_id_b", "created_at")
            },
            "properties.content_a_snippet",
        ),
        (lambda p: {**p, "suggested_verdict": "dismiss"}, "properties.suggested_verdict"),
        (lambda p: {**p, "classifier_method": "guess"}, "properties.classifier_method"),
        (lambda p: {**p, "pair_key": f"{new_id()}:{new_id()}"}, "properties.pair_key"),
        (lambda p: {**p, "memory_id_b": p["memory_id_a"]}, "properties.memory_id_b"),
        (lambda p: {**p, "memory_id_b": new_id(), "pair_key": None}, "properties.memory_id_b"),
        (lambda p: {**p, "signals": [["deep"]]}, "properties.signals.0"),
        (lambda p: {**p, "extra": 1}, "properties.extra"),
    ],
)
async def test_a_pending_pair_the_review_could_not_read_is_refused(
    api: Api, change: Any, field: str
) -> None:
    lines = _scene(api)
    n = _pending_line(lines)
    lines[n]["properties"] = {
        k: v for k, v in change(lines[n]["properties"]).items() if v is not None
    }
    refused = await api.call("POST", "/v1/import", content=bf.ndjson(lines))
    assert refused.status_code == 400, refused.text
    assert api.error(refused)["details"] == {"line": n + 1, "field": field}
    assert await _empty(api)


async def test_a_restored_scene_serves_every_review(api: Api) -> None:
    lines = _scene(api)
    restored = await api.call("POST", "/v1/import", content=bf.ndjson(lines))
    assert restored.status_code == 201, restored.text
    prepared = await api.call("POST", "/v1/contradictions/prepare", json={"entity_id": bf.ENTITY})
    assert prepared.status_code == 200, prepared.text
    (pair,) = prepared.json()["pending"]
    assert pair["suggested_verdict"] == "contradiction"
    primed = await api.call("POST", "/v1/prime", json={"entity_id": bf.ENTITY})
    assert primed.status_code == 200, primed.text
    exported = await api.call("GET", "/v1/export", params={"entity_id": bf.ENTITY})
    assert len(exported.text.splitlines()) == len(lines)


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59.999999+00:00"])
async def test_times_at_the_edges_restore_and_serve(api: Api, when: str) -> None:
    """Every time of a scene at the first or last instant the API accepts."""
    lines = _scene(api)
    for record in lines[1:-1]:
        props = record["properties"]
        for key in props:
            if key.endswith(("_at", "_since")):
                props[key] = when
    restored = await api.call("POST", "/v1/import", content=bf.ndjson(lines))
    assert restored.status_code == 201, restored.text
    await bf.served(api)


async def test_an_import_can_neither_block_nor_learn_about_another_tenant(api: Api) -> None:
    """Tenant A imports records keyed by tenant B's ids: a pending pair of B's two memory
    ids (which once stopped B's detection of that pair for good), then B's live pending
    pair's id and key. Each answers exactly as the same file with fresh ids does, B's data
    stays as it was, and B's pair is raised once B's content makes it one."""
    victim_a = (await api.remember(content="The build is fast", entity_id="acme", other=True))["id"]
    victim_b = (await api.remember(content="Lunch was good", entity_id="acme", other=True))["id"]
    victim = await api.stored(api.other_tenant)
    dimension = api.services.embedder.dimension
    head = bf.header(api.services.embedder.model_name, dimension)

    def backup(ids: tuple[str, str], **pending: Any) -> str:
        a = bf.memory(ids[0], "The build is fast", dimension)
        b = bf.memory(ids[1], "The build is slow", dimension, hours=1)
        records = [a, b, bf.pending(a, b, **pending)]
        return bf.ndjson([head, *records, bf.end(records)])

    async def restore(body: str) -> dict[str, Any]:
        await purge_tenant(api.services, api.tenant)  # A's own, emptied each time
        answer = await api.call("POST", "/v1/import", content=body)
        assert answer.status_code == 201, answer.text
        out: dict[str, Any] = answer.json()
        return out

    # B's memory ids, and the pair key they make, before B's pair exists.
    assert await restore(backup((victim_a, victim_b))) == await restore(
        backup((new_id(), new_id()))
    )
    assert await api.stored(api.other_tenant) == victim
    await restore(backup((victim_a, victim_b)))

    # B's pair becomes a contradiction: B's detection raises it, A's record of the same
    # key notwithstanding.
    revised = await api.call(
        "PUT", f"/v1/revise/{victim_b}", json={"content": "The build is slow"}, other=True
    )
    assert revised.status_code == 200, revised.text
    review = await api.checks_run(other=True)
    assert [{p.memory_id_a, p.memory_id_b} for p in review.pending] == [{victim_a, victim_b}]
    victim_pending = review.pending[0].pending_id
    victim = await api.stored(api.other_tenant)

    # B's live pending id and pair key: the same answer as fresh ones, B untouched.
    assert await restore(backup((victim_a, victim_b), pending_id=victim_pending)) == await restore(
        backup((new_id(), new_id()))
    )
    await restore(backup((victim_a, victim_b), pending_id=victim_pending))
    assert await api.stored(api.other_tenant) == victim
    theirs = await api.call("POST", "/v1/contradictions/prepare", json={}, other=True)
    assert [p["pending_id"] for p in theirs.json()["pending"]] == [victim_pending]
    mine = await api.call("POST", "/v1/contradictions/prepare", json={})
    assert [p["pending_id"] for p in mine.json()["pending"]] == [victim_pending]
    assert mine.json()["pending"][0]["content_b_snippet"] == "The build is slow"


async def test_neo4j_never_speaks_to_a_caller(api: Api) -> None:
    """A write that breaks a uniqueness constraint answers a generic conflict: no
    constraint name, no value, no internal node id."""
    store = api.services.store
    row: dict[str, Any] = {
        "properties": {"pending_id": new_id(), "memory_id_a": new_id(), "memory_id_b": new_id()},
        "pair_key": "a:b",
    }
    await store.write_rows("backup/pending_create", tenant_id=api.tenant, rows=[row])
    twice = {**row, "properties": {**row["properties"], "pending_id": new_id()}}
    with pytest.raises(Conflict) as caught:
        await store.write_rows("backup/pending_create", tenant_id=api.tenant, rows=[twice])
    message = caught.value.message
    assert "Node(" not in message, message
    assert "constraint" not in message.lower(), message
    assert "a:b" not in message
