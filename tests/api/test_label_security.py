"""Edge types and labels never come from user text (cf. graphiti's test_node_label_security).

Edge types are parsed into the EdgeType enum or refused; everything else a caller sends
(content, entity ids, tags, context keys, cues) is stored or searched as data and never
becomes a label, a relationship type or Cypher.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.models.memory import EdgeIn
from tests.api.conftest import Api

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

INJECTIONS = [
    "CAUSED_BY]->(x) DETACH DELETE x //",
    "CAUSED_BY`]->(x) DETACH DELETE x //",
    "RELATED_TO]-() WITH 1 AS x MATCH (n) DETACH DELETE n //",
    "`CAUSED_BY`",
    "caused_by",
    "CAUSED_BY ",
    "CAUSED_BY|RELATED_TO",
    "Memory",
    "",
    "ＣＡＵＳＥＤ_ＢＹ",
    "CAUSED_BY\u0000",
]
SIX = {t.value for t in EdgeType}


Tokens = tuple[set[str], set[str]]  # (relationship types, labels)


def assert_no_new_tokens_from(before: Tokens, after: Tokens, payload: str = "") -> None:
    """Labels/types that appeared meanwhile are code-made names (other processes may share
    the database), never anything built from what a caller sent."""
    new_types, new_labels = after[0] - before[0], after[1] - before[1]
    assert new_types <= SIX
    for name in new_labels:
        assert re.fullmatch(r"[A-Z][A-Za-z]+", name), name
        assert not re.search(r"Admin|Owned|OWNS|Label", name), name
    if payload and payload not in SIX | {"Memory"}:
        assert payload not in after[0] | after[1]


async def schema_tokens(api: Api) -> Tokens:
    run = api.services.store.run_raw
    types = {
        r["t"]
        for r in await run("CALL db.relationshipTypes() YIELD relationshipType AS t RETURN t")
    }
    labels = {r["l"] for r in await run("CALL db.labels() YIELD label AS l RETURN l")}
    return types, labels


async def tenant_shape(api: Api) -> Tokens:
    rows = await api.services.store.run_raw(
        "MATCH (n) WHERE n.tenant_id = $t OPTIONAL MATCH (n)-[r]->() "
        "RETURN collect(DISTINCT labels(n)) AS labels, collect(DISTINCT type(r)) AS types",
        t=api.tenant,
    )
    return {label for ls in rows[0]["labels"] for label in ls}, set(rows[0]["types"])


@pytest.fixture(scope="module")
async def pair(module_api: Api) -> list[str]:
    r = await module_api.call(
        "POST",
        "/v1/memories/batch",
        json={
            "memories": [
                {"content": "cause", "entity_id": "sec"},
                {"content": "effect", "entity_id": "sec"},
            ]
        },
    )
    await module_api.checks_run()
    ids: list[str] = r.json()["memory_ids"]
    return ids


@pytest.mark.parametrize("payload", INJECTIONS)
async def test_injected_edge_type_is_refused_everywhere_and_changes_nothing(
    module_api: Api, pair: list[str], payload: str
) -> None:
    api = module_api
    a, b = pair
    stored, tokens = await api.stored(), await schema_tokens(api)
    edge = {"target_id": a, "edge_type": payload}
    attempts = [
        ("POST", f"/v1/memories/{b}/edges", edge),
        ("POST", "/v1/memories", {"content": "x", "edges": [edge]}),
        ("POST", "/v1/memories/batch", {"memories": [{"content": "x", "edges": [edge]}]}),
        (
            "POST",
            "/v1/recall",
            {
                "cue": "cause",
                "strategies": [
                    {"strategy": "causal", "seed_memory_id": a, "edge_types": [payload]}
                ],
            },
        ),
    ]
    for method, path, body in attempts:
        r = await api.call(method, path, json=body)
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text[:300])
        assert api.error(r)["code"]
    assert await api.stored() == stored
    assert_no_new_tokens_from(tokens, await schema_tokens(api), payload)
    with pytest.raises(ValidationError):
        EdgeIn(target_id=a, edge_type=payload)


CYPHERISH = "x`) DETACH DELETE n WITH 1 AS y MATCH (m:`Admin`) SET m:Owned //"


async def test_cypher_in_text_fields_is_stored_as_data(api: Api) -> None:
    body: dict[str, Any] = {
        "content": "MATCH (n) DETACH DELETE n RETURN n; CALL db.labels() content:* OR tenant_key:*",
        "entity_id": CYPHERISH,
        "tags": [CYPHERISH, ":Admin"],
        "context": {CYPHERISH: {"`:Label`": "})-[:OWNS]->("}},
    }
    before = await schema_tokens(api)
    created = await api.remember(**body)
    second = await api.remember(content="a later note", entity_id=CYPHERISH)
    got = (await api.call("GET", f"/v1/memories/{created['id']}")).json()
    for field in ("content", "entity_id", "tags", "context"):
        assert got[field] == body[field]
    listed = (await api.call("GET", "/v1/memories", params={"entity_id": CYPHERISH})).json()
    assert [m["id"] for m in listed["items"]] == [second["id"], created["id"]]
    for strategies in ([{"strategy": "hybrid"}], [{"strategy": "temporal"}]):
        r = await api.call(
            "POST",
            "/v1/recall",
            json={"cue": body["content"], "entity_id": CYPHERISH, "strategies": strategies},
        )
        assert r.status_code == 200
        assert {x["memory"]["id"] for x in r.json()["results"]} == {created["id"], second["id"]}

    labels, types = await tenant_shape(api)
    assert labels <= {"Memory", "Episode", "Entity", "PendingContradiction"}
    assert "FOLLOWED_BY" in types
    assert types <= SIX
    assert_no_new_tokens_from(before, await schema_tokens(api))

    r = await api.call("POST", "/v1/forget", json={"entity_id": CYPHERISH})
    assert r.json()["forgotten"] == 2
    assert (await api.call("GET", "/v1/memories")).json()["items"] == []


def test_only_the_link_query_builds_a_relationship_type_and_only_from_a_parameter() -> None:
    """Dynamic relationship types appear only where the code feeds them from the EdgeType enum:
    caller links (validated into EdgeType first), contradiction verdicts and a restore
    (edges parsed into EdgeType, labels from a fixed table keyed by the memory kind)."""
    registry = QueryRegistry()
    dynamic = {
        name for name in registry.names() if re.search(r"[:|]\s*\$(any|all)?\(", registry[name])
    }
    assert dynamic == {
        "memory/link",
        "contradict/confirm",
        "contradict/supersede",
        "backup/edges_create",
        "backup/memories_create",
    }
    restore = (
        Path(__file__).resolve().parents[2] / "hebbs_graph/services/memory/restore.py"
    ).read_text()
    assert re.findall(r'"edge_type": ([^,\n]+)', restore) == ["record.edge_type.value"]
    assert re.findall(r'"label": ([^,\n]+)', restore) == ["_LABELS[r.properties.kind]"]
    assert re.search(r"\[r:\$\(e\.edge_type\)\]", registry["memory/link"])
    verdicts = (
        Path(__file__).resolve().parents[2] / "hebbs_graph/services/contradict/verdict_edges.py"
    )
    fed = re.findall(r"edge_type=([^,\n]+)", verdicts.read_text())
    assert fed
    assert all(value.startswith("EdgeType.") for value in fed), fed
    for name in registry.names():
        assert "{edge_type}" not in registry[name], name
        assert "%s" not in registry[name], name
