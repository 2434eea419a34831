"""The compact view of recall and prime, against the real Neo4j and model: what it keeps,
that nothing in it is null, that it ranks as the full view does, that prime counts its
pending contradictions under the per-section cap, and that MCP answers compact by default
(in process and through the REST API)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hebbs_graph.client import HebbsClient
from hebbs_graph.mcp import TOOLS
from hebbs_graph.mcp.remote import ApiServices
from hebbs_graph.mcp.server import API_TENANT
from hebbs_graph.services.container import Services
from tests.api.conftest import Api, error_of
from tests.live import LiveApi

RESULT_FIELDS = {"id", "content", "score", "kind", "occurred_at"}
OPTIONAL_FIELDS = {"entity_id", "conflicts_with", "may_be_superseded_by", "superseded", "stale"}
FACTS = [
    "Acme's renewal call is on Thursday with their CFO",
    "Acme prefers email over phone calls",
    "Acme runs their billing on Stripe",
    "Acme's team is based in Lisbon",
    "Acme asked for SSO through Okta",
    "Acme's main contact is Dana Reyes",
    "Acme uses Postgres 16 in production",
]
BUDGET_OLD = "Budget is $5,000 per tenant"
BUDGET_NEW = "Budget is $2,000 per tenant"


def nulls(value: Any, where: str = "") -> list[str]:
    """Every path in ``value`` that holds a null."""
    if value is None:
        return [where]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in nulls(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in nulls(v, f"{where}[{i}]")]
    return []


async def store_acme(api: Api) -> None:
    memories: list[dict[str, Any]] = [{"content": c, "entity_id": "acme"} for c in FACTS]
    memories += [
        {"content": BUDGET_OLD, "entity_id": "acme", "occurred_at": "2026-01-10T00:00:00Z"},
        {"content": BUDGET_NEW, "entity_id": "acme", "occurred_at": "2026-03-10T00:00:00Z"},
        {"content": "Globex pays $3,000 per tenant", "entity_id": "globex"},
    ]
    r = await api.call("POST", "/v1/memories/batch", json={"memories": memories})
    assert r.status_code == 201, r.text
    await api.checks_run()


async def recall(api: Api, view: str, **body: Any) -> dict[str, Any]:
    r = await api.call("POST", "/v1/recall", json={**body, "view": view, "reinforce": False})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


async def test_compact_recall_keeps_the_ranking_and_leaves_out_nulls_and_hashes(
    api: Api,
) -> None:
    await store_acme(api)
    cue = {"cue": "what budget per tenant does Acme have?", "top_k": 7}
    full = await recall(api, "full", **cue, entity_id="acme")
    compact = await recall(api, "compact", **cue, entity_id="acme")

    assert set(compact) == {"results"}
    assert len(compact["results"]) == 7
    assert [r["id"] for r in compact["results"]] == [r["memory"]["id"] for r in full["results"]]
    assert nulls(compact) == []
    for item, whole in zip(compact["results"], full["results"], strict=True):
        assert RESULT_FIELDS <= set(item) <= RESULT_FIELDS | OPTIONAL_FIELDS
        assert item["content"] == whole["memory"]["content"]
        assert item["score"] == pytest.approx(whole["score"], abs=1e-4)
        assert "entity_id" not in item  # the request's own entity
        assert item.get("may_be_superseded_by", []) == whole["may_be_superseded_by"]
    older = next(r for r in compact["results"] if r["content"] == BUDGET_OLD)
    newer = next(r for r in compact["results"] if r["content"] == BUDGET_NEW)
    assert older["may_be_superseded_by"] == [newer["id"]]
    assert "content_sha256" not in json.dumps(compact)
    assert len(json.dumps(compact)) < len(json.dumps(full)) / 3

    # Without an entity in the request, each result names its own.
    anywhere = await recall(api, "compact", cue="price per tenant", top_k=10)
    assert {r.get("entity_id") for r in anywhere["results"]} == {"acme", "globex"}


async def test_compact_prime_counts_pending_contradictions_under_the_cap(api: Api) -> None:
    await store_acme(api)
    body = {"entity_id": "acme", "similarity_cue": "budget", "per_section": 2}
    r = await api.call("POST", "/v1/prime", json={**body, "view": "compact"})
    assert r.status_code == 200, r.text
    compact = r.json()
    r = await api.call("POST", "/v1/prime", json=body)
    assert r.status_code == 200, r.text
    full = r.json()

    assert nulls(compact) == []
    assert len(compact["recent"]) <= 2
    assert len(compact["relevant"]) <= 2
    assert len(full["recent"]) <= 2
    assert len(full["relevant"]) <= 2
    pending = compact["pending_contradictions"]
    assert pending["count"] == full["pending_total"] == len(full["pending_contradictions"]) == 1
    assert pending["first"] == [full["pending_contradictions"][0]["pending_id"]]
    assert "contradiction_prepare" in pending["next"]
    assert "content_a_snippet" not in json.dumps(compact)
    assert len(r.content) > len(json.dumps(compact))


@pytest.mark.parametrize("path", ["/v1/recall", "/v1/prime"])
async def test_a_bad_view_is_refused_naming_the_field(api: Api, path: str) -> None:
    body = {"cue": "x", "view": "tiny"} if path == "/v1/recall" else {"entity_id": "acme"}
    body["view"] = "tiny"
    r = await api.call("POST", path, json=body)
    assert 400 <= r.status_code < 500
    error = error_of(r)
    assert "view" in error["message"] + json.dumps(error["details"]), error


async def test_mcp_answers_compact_by_default_in_process(services: Services, tenant: str) -> None:
    for fact in FACTS[:3]:
        called = await TOOLS.call(services, tenant, "remember", {"content": fact})
        assert not called.is_error, called.content
    args = {"cue": "Acme billing", "reinforce": False}
    compact = await TOOLS.call(services, tenant, "recall", args)
    full = await TOOLS.call(services, tenant, "recall", {**args, "view": "full"})
    primed = await TOOLS.call(services, tenant, "prime", {"entity_id": "acme"})

    assert compact.structured_content is not None
    assert full.structured_content is not None
    assert primed.structured_content is not None
    assert set(compact.structured_content["results"][0]) >= RESULT_FIELDS
    assert nulls(compact.structured_content) == []
    assert "breakdown" in full.structured_content["results"][0]
    assert "took_ms" not in compact.structured_content
    assert "pending_total" not in primed.structured_content


async def test_mcp_through_the_api_answers_compact_by_default(
    live_api: LiveApi, api_key: str
) -> None:
    services = ApiServices(HebbsClient(live_api.url, api_key=api_key))
    try:
        stored = await TOOLS.call(services, API_TENANT, "remember", {"content": FACTS[2]})
        assert not stored.is_error, stored.content
        args = {"cue": "Acme billing", "reinforce": False}
        compact = await TOOLS.call(services, API_TENANT, "recall", args)
        full = await TOOLS.call(services, API_TENANT, "recall", {**args, "view": "full"})
    finally:
        await services.close()
    assert compact.structured_content is not None
    assert full.structured_content is not None
    assert set(compact.structured_content) == {"results"}
    assert compact.structured_content["results"][0]["content"] == FACTS[2]
    assert nulls(compact.structured_content) == []
    assert full.structured_content["results"][0]["memory"]["content"] == FACTS[2]
