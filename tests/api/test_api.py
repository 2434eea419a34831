"""The REST API over the real services: every route, auth, and the one error shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ulid import ULID

from tests.api.conftest import Api

# Litestar 2.23+ deprecates the handlers' inferred dependencies and parameter styles
# (reported to the lead); only that category is let through here.
pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

CONTEXT = {"zeta": 1, "alpha": [1, 2.5, {"ü": None}], "pi": 3.141592653589793, "s": "🧠 記憶"}
MISSING = "0" * 32


def texts(page: dict[str, Any]) -> list[str]:
    return [m["content"] for m in page["items"]]


# -- happy paths ---------------------------------------------------------------------------


async def test_remember_get_by_both_id_forms(api: Api) -> None:
    body: dict[str, Any] = {
        "content": "Ünïcode 🧠 refund asked",
        "importance": 0.7,
        "context": CONTEXT,
        "entity_id": "alice",
        "tags": ["billing"],
        "occurred_at": "2024-03-01T12:00:00Z",
    }
    created = await api.remember(**body)
    for field in ("content", "importance", "entity_id", "tags"):
        assert created[field] == body[field]
    assert json.dumps(created["context"]) == json.dumps(CONTEXT)
    assert created["occurred_at"].startswith("2024-03-01T12:00:00")
    assert (created["kind"], created["version"], created["access_count"]) == ("episode", 1, 0)
    assert "embedding" not in created
    assert created["contradiction_check_pending"] is True  # answered before the check
    crockford = str(ULID.from_hex(created["id"]))
    for form in (created["id"], crockford, crockford.lower(), created["id"].upper()):
        r = await api.call("GET", f"/v1/memories/{form}")
        assert r.status_code == 200, form
        assert r.json() == {**created, "contradiction_check_pending": False}


async def test_batch_list_pagination_and_filters(api: Api) -> None:
    items = [
        {
            "content": f"note {i}",
            "entity_id": "bob" if i % 2 else "eve",
            "occurred_at": f"2024-03-0{i + 1}T00:00:00Z",
        }
        for i in range(5)
    ]
    r = await api.call("POST", "/v1/memories/batch", json={"memories": items})
    assert r.status_code == 201
    ids = r.json()["memory_ids"]
    for i, mid in enumerate(ids):
        assert (await api.call("GET", f"/v1/memories/{mid}")).json()["content"] == f"note {i}"
    seen, cursor = [], None
    while True:
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = (await api.call("GET", "/v1/memories", params=params)).json()
        seen += texts(page)
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == [f"note {i}" for i in range(4, -1, -1)]
    bob = (await api.call("GET", "/v1/memories", params={"entity_id": "bob"})).json()
    assert texts(bob) == ["note 3", "note 1"]
    window = {"since": "2024-03-02T00:00:00Z", "until": "2024-03-04T00:00:00Z", "kind": "episode"}
    assert texts((await api.call("GET", "/v1/memories", params=window)).json()) == [
        "note 2",
        "note 1",
    ]
    edges = (await api.call("GET", f"/v1/memories/{ids[1]}/edges")).json()["edges"]
    assert [(e["source_id"], e["target_id"], e["edge_type"]) for e in edges] == [
        (ids[1], ids[3], "FOLLOWED_BY")
    ]


async def test_link_and_edges(api: Api) -> None:
    a = await api.remember(content="the deploy failed")
    b = await api.remember(content="the release slipped")
    r = await api.call(
        "POST",
        f"/v1/memories/{b['id']}/edges",
        json={"target_id": a["id"], "edge_type": "CAUSED_BY", "confidence": 0.5},
    )
    assert r.status_code == 201
    assert (r.json()["source_id"], r.json()["confidence"]) == (b["id"], 0.5)
    for mid in (a["id"], b["id"]):
        edges = (await api.call("GET", f"/v1/memories/{mid}/edges")).json()["edges"]
        assert [(e["source_id"], e["target_id"], e["edge_type"]) for e in edges] == [
            (b["id"], a["id"], "CAUSED_BY")
        ]


async def test_recall_three_strategies(api: Api) -> None:
    wanted = await api.remember(
        content="alice moved to the berlin office",
        entity_id="alice",
        occurred_at="2024-03-02T00:00:00Z",
    )
    await api.remember(
        content="the invoice was paid late", entity_id="alice", occurred_at="2024-03-01T00:00:00Z"
    )
    for strategies in ([{"strategy": "similarity"}], [{"strategy": "hybrid"}], None):
        body = {"cue": "who relocated to berlin", "reinforce": False}
        if strategies:
            body["strategies"] = strategies
        r = await api.call("POST", "/v1/recall", json=body)
        assert r.status_code == 200, r.text
        top = r.json()["results"][0]
        assert top["memory"]["id"] == wanted["id"]
        assert set(top["breakdown"]) >= {
            "relevance",
            "recency",
            "importance",
            "reinforcement",
            "weights",
            "strategies",
        }
    body = {
        "entity_id": "alice",
        "reinforce": False,
        "strategies": [
            {
                "strategy": "temporal",
                "order": "oldest",
                "time_range": {"start": "2024-03-01T00:00:00Z", "end": "2024-03-03T00:00:00Z"},
            }
        ],
    }
    out = (await api.call("POST", "/v1/recall", json=body)).json()
    assert out["results"][0]["memory"]["content"] == "the invoice was paid late"
    assert out["results"][0]["breakdown"]["strategies"] == ["temporal"]
    assert isinstance(out["took_ms"], float)


async def test_revise_then_forget(api: Api) -> None:
    m = await api.remember(content="the budget is 10k", context={"a": 1, "b": 2})
    r = await api.call(
        "PUT", f"/v1/revise/{m['id']}", json={"content": "the budget is 12k", "context": {"b": 3}}
    )
    assert r.status_code == 200
    revised = r.json()
    assert (revised["id"], revised["version"], revised["context"]) == (m["id"], 2, {"a": 1, "b": 3})
    edges = (await api.call("GET", f"/v1/memories/{m['id']}/edges")).json()["edges"]
    assert [e["edge_type"] for e in edges] == ["REVISED_FROM"]

    r = await api.call("POST", "/v1/forget", json={"memory_ids": [m["id"]]})
    assert r.status_code == 200
    out = r.json()
    assert out["forgotten"] == 1
    assert [t["memory_id"] for t in out["tombstones"]] == [m["id"]]
    assert "content" not in out["tombstones"][0]
    r = await api.call("GET", f"/v1/memories/{m['id']}")
    assert (r.status_code, api.error(r)["code"]) == (404, "not_found")
    for strategy in ("similarity", "hybrid", "temporal"):
        r = await api.call(
            "POST",
            "/v1/recall",
            json={"cue": "the budget is 12k", "strategies": [{"strategy": strategy}]},
        )
        assert r.json()["results"] == []
    assert (await api.call("GET", "/v1/memories")).json()["items"] == []


# -- auth ------------------------------------------------------------------------------------

PROTECTED = [
    ("GET", "/v1/memories", None),
    ("POST", "/v1/memories", {"content": "x"}),
    ("POST", "/v1/memories/batch", {"memories": [{"content": "x"}]}),
    ("GET", f"/v1/memories/{MISSING}", None),
    ("GET", f"/v1/memories/{MISSING}/edges", None),
    ("POST", f"/v1/memories/{MISSING}/edges", {"target_id": MISSING, "edge_type": "RELATED_TO"}),
    ("POST", "/v1/recall", {"cue": "x"}),
    ("PUT", f"/v1/revise/{MISSING}", {"importance": 0.1}),
    ("POST", "/v1/forget", {"entity_id": "x"}),
]


@pytest.mark.parametrize(("method", "path", "body"), PROTECTED)
async def test_every_route_needs_a_valid_key(
    api: Api, method: str, path: str, body: dict[str, Any] | None
) -> None:
    await api.remember(content="untouched")
    before = await api.stored()
    for header in (None, "Bearer wrong-key", "Basic abc", "Bearer ", f"Bearer {api.key}x"):
        headers = {"Authorization": header} if header else {}
        r = await api.client.request(method, path, json=body, headers=headers)
        assert r.status_code == 401, header
        assert api.error(r)["code"] == "unauthorized"
    assert await api.stored() == before


async def test_each_key_maps_to_its_own_tenant(api: Api) -> None:
    mine = await api.remember(content="the vault code is 1234", entity_id="shared")
    theirs = await api.remember(content="the vault code is 1234", entity_id="shared", other=True)
    assert mine["id"] != theirs["id"]
    r = await api.call("GET", f"/v1/memories/{mine['id']}", other=True)
    assert r.status_code == 404
    listed = (await api.call("GET", "/v1/memories", other=True)).json()["items"]
    assert [m["id"] for m in listed] == [theirs["id"]]
    found = (
        await api.call(
            "POST", "/v1/recall", other=True, json={"cue": "vault code", "entity_id": "shared"}
        )
    ).json()["results"]
    assert [r["memory"]["id"] for r in found] == [theirs["id"]]
    r = await api.call("POST", "/v1/forget", other=True, json={"memory_ids": [mine["id"]]})
    assert r.json()["forgotten"] == 0
    assert len(await api.stored(api.tenant)) == 1


# -- health, metrics, schema (no key) -------------------------------------------------------------


async def test_health_metrics_and_schema_need_no_key(api: Api) -> None:
    assert (await api.client.get("/v1/health/live")).json() == {"status": "ok"}
    ready = await api.client.get("/v1/health/ready")
    assert ready.status_code == 200
    assert ready.json()["ready"] is True
    await api.call("GET", "/v1/memories")
    metrics = await api.client.get("/v1/metrics")
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    assert "# TYPE" in metrics.text
    assert "hebbs_graph" in metrics.text
    schema = await api.client.get("/schema/openapi.json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in (
        "/v1/memories",
        "/v1/memories/batch",
        "/v1/memories/{memory_id}",
        "/v1/memories/{memory_id}/edges",
        "/v1/recall",
        "/v1/revise/{memory_id}",
        "/v1/forget",
        "/v1/health/live",
        "/v1/health/ready",
    ):
        assert path in paths, path
