"""Every bad request gets the one error shape, the right status, and changes nothing."""

from __future__ import annotations

import base64
import json

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")


def b64(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


MISSING = "0" * 32
BAD = (400, 422)
W0 = {"relevance": 0, "recency": 0, "importance": 0, "reinforcement": 0}

# (case id, method, path, body: JSON-able or raw bytes, allowed statuses, text the message names)
# "{a}" and "{b}" stand for two stored memories' ids.
CASES = [
    ("malformed_json", "POST", "/v1/memories", b'{"content": "x",', (400,), None),
    ("body_not_object", "POST", "/v1/memories", [1, 2], BAD, None),
    ("unknown_field", "POST", "/v1/memories", {"content": "x", "colour": "red"}, BAD, "colour"),
    ("empty_content", "POST", "/v1/memories", {"content": ""}, BAD, "content"),
    ("blank_content", "POST", "/v1/memories", {"content": " \n "}, BAD, "content"),
    ("missing_content", "POST", "/v1/memories", {"importance": 0.5}, BAD, "content"),
    ("importance_2", "POST", "/v1/memories", {"content": "x", "importance": 2}, BAD, "importance"),
    (
        "content_over_64k",
        "POST",
        "/v1/memories",
        {"content": "a" * (64 * 1024 + 1)},
        (413,),
        "content",
    ),
    (
        "content_over_64k_bytes",
        "POST",
        "/v1/memories",
        {"content": "é" * (32 * 1024 + 1)},
        (413,),
        "content",
    ),
    (
        "context_over_16k",
        "POST",
        "/v1/memories",
        {"content": "x", "context": {"k": "v" * 16384}},
        (413,),
        "context",
    ),
    (
        "context_not_object",
        "POST",
        "/v1/memories",
        {"content": "x", "context": [1]},
        BAD,
        "context",
    ),
    (
        "bad_occurred_at",
        "POST",
        "/v1/memories",
        {"content": "x", "occurred_at": "yesterday"},
        BAD,
        "occurred_at",
    ),
    (
        "edge_unknown_target",
        "POST",
        "/v1/memories",
        {"content": "x", "edges": [{"target_id": MISSING, "edge_type": "CAUSED_BY"}]},
        (404,),
        "target_id",
    ),
    (
        "batch_over_1000",
        "POST",
        "/v1/memories/batch",
        {"memories": [{"content": "x"}] * 1001},
        (413,),
        "memories",
    ),
    ("batch_empty", "POST", "/v1/memories/batch", {"memories": []}, BAD, "memories"),
    (
        "batch_one_bad_item",
        "POST",
        "/v1/memories/batch",
        {"memories": [{"content": "ok"}, {"content": ""}]},
        BAD,
        "content",
    ),
    (
        "batch_one_item_too_large",
        "POST",
        "/v1/memories/batch",
        {"memories": [{"content": "ok"}, {"content": "a" * 70_000}]},
        (413,),
        "memories[1]",
    ),
    ("bad_id", "GET", "/v1/memories/not-a-ulid", None, (400,), "id"),
    (
        "bad_id_26_out_of_range",
        "GET",
        "/v1/memories/ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
        None,
        (400,),
        "id",
    ),
    ("unknown_id", "GET", f"/v1/memories/{MISSING}", None, (404,), MISSING),
    ("unknown_id_edges", "GET", f"/v1/memories/{MISSING}/edges", None, (404,), None),
    ("bad_cursor", "GET", "/v1/memories?cursor=bm90LWEtY3Vyc29y", None, (400,), "cursor"),
    ("bad_limit", "GET", "/v1/memories?limit=0", None, BAD, "limit"),
    ("bad_kind", "GET", "/v1/memories?kind=dream", None, BAD, "kind"),
    ("bad_since", "GET", "/v1/memories?since=soon", None, BAD, "since"),
    (
        "link_unknown_target",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": MISSING, "edge_type": "RELATED_TO"},
        (404,),
        "target_id",
    ),
    (
        "link_unknown_source",
        "POST",
        f"/v1/memories/{MISSING}/edges",
        {"target_id": "{a}", "edge_type": "RELATED_TO"},
        (404,),
        None,
    ),
    (
        "link_bad_edge_type",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{b}", "edge_type": "LIKES"},
        BAD,
        "edge_type",
    ),
    (
        "link_system_edge_type",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{b}", "edge_type": "FOLLOWED_BY"},
        BAD,
        "edge_type",
    ),
    (
        "link_to_self",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{a}", "edge_type": "RELATED_TO"},
        BAD,
        "target_id",
    ),
    (
        "link_confidence_2",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{b}", "edge_type": "RELATED_TO", "confidence": 2},
        BAD,
        "confidence",
    ),
    (
        "recall_negative_weight",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": {**W0, "relevance": -1, "recency": 1}},
        BAD,
        "weights",
    ),
    ("recall_zero_weights", "POST", "/v1/recall", {"cue": "x", "weights": W0}, BAD, "weights"),
    (
        "recall_partial_weights",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": {"relevance": 1}},
        BAD,
        "weights",
    ),
    (
        "recall_weights_and_preset",
        "POST",
        "/v1/recall",
        {"cue": "x", "preset": "semantic", "weights": {**W0, "relevance": 1}},
        BAD,
        "preset",
    ),
    ("recall_unknown_preset", "POST", "/v1/recall", {"cue": "x", "preset": "loud"}, BAD, "preset"),
    (
        "recall_similarity_without_cue",
        "POST",
        "/v1/recall",
        {"strategies": [{"strategy": "similarity"}]},
        BAD,
        "cue",
    ),
    ("recall_default_without_cue", "POST", "/v1/recall", {}, BAD, "cue"),
    ("recall_blank_cue", "POST", "/v1/recall", {"cue": "   "}, BAD, "cue"),
    ("recall_top_k_0", "POST", "/v1/recall", {"cue": "x", "top_k": 0}, BAD, "top_k"),
    ("recall_top_k_1001", "POST", "/v1/recall", {"cue": "x", "top_k": 1001}, BAD, "top_k"),
    (
        "recall_unknown_strategy",
        "POST",
        "/v1/recall",
        {"cue": "x", "strategies": [{"strategy": "telepathy"}]},
        BAD,
        "strategy",
    ),
    (
        "recall_reversed_range",
        "POST",
        "/v1/recall",
        {
            "strategies": [
                {
                    "strategy": "temporal",
                    "time_range": {"start": "2024-02-01T00:00:00Z", "end": "2024-01-01T00:00:00Z"},
                }
            ]
        },
        BAD,
        "time_range",
    ),
    ("revise_nothing", "PUT", "/v1/revise/{a}", {}, BAD, None),
    ("revise_bad_id", "PUT", "/v1/revise/xyz", {"importance": 0.1}, (400,), "id"),
    ("revise_unknown_id", "PUT", f"/v1/revise/{MISSING}", {"importance": 0.1}, (404,), None),
    ("revise_importance_5", "PUT", "/v1/revise/{a}", {"importance": 5}, BAD, "importance"),
    (
        "revise_bad_mode",
        "PUT",
        "/v1/revise/{a}",
        {"context": {}, "context_mode": "append"},
        BAD,
        "context_mode",
    ),
    (
        "revise_content_over_64k",
        "PUT",
        "/v1/revise/{a}",
        {"content": "a" * 70_000},
        (413,),
        "content",
    ),
    (
        "revise_unknown_field",
        "PUT",
        "/v1/revise/{a}",
        {"importance": 0.2, "tags": ["x"]},
        BAD,
        "tags",
    ),
    ("forget_no_criteria", "POST", "/v1/forget", {}, (400,), None),
    ("forget_bad_id", "POST", "/v1/forget", {"memory_ids": ["nope"]}, (400,), "memory_ids"),
    (
        "forget_negative_count",
        "POST",
        "/v1/forget",
        {"access_count_below": -1},
        BAD,
        "access_count_below",
    ),
    ("forget_snapshot_kind", "POST", "/v1/forget", {"kind": "snapshot"}, BAD, "kind"),
    # Times with no UTC form, wherever a time is accepted.
    *[
        (f"time_overflow_{name}_{i}", method, path, body_of(t), BAD, name)
        for i, t in enumerate(("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"))
        for name, method, path, body_of in (
            ("occurred_at", "POST", "/v1/memories", lambda t: {"content": "x", "occurred_at": t}),
            ("older_than", "POST", "/v1/forget", lambda t: {"older_than": t}),
            ("since", "POST", "/v1/contradictions/scan", lambda t: {"since": t}),
            ("since", "POST", "/v1/reflect/prepare", lambda t: {"since": t}),
            (
                "time_range",
                "POST",
                "/v1/recall",
                lambda t: {"strategies": [{"strategy": "temporal", "time_range": {"end": t}}]},
            ),
        )
    ],
    *[
        (f"time_overflow_query_{name}", "GET", f"/v1/memories?{name}={t}", None, (400,), name)
        for name, t in (
            ("since", "0001-01-01T00:00:00%2B05:00"),
            ("until", "9999-12-31T23:59:59-05:00"),
        )
    ],
    # Forged or malformed cursors, on list and on scan.
    *[
        (f"forged_cursor_{i}_{where}", method, path(cursor), body(cursor), (400,), "cursor")
        for i, cursor in enumerate(
            b64(raw)
            for raw in (
                '["2020-01-01T00:00:00+00:00", 5]',
                '["2020-01-01T00:00:00+00:00", null]',
                "[" * 5000,
                '{"a": 1}',
                '["0001-01-01T00:00:00+05:00", "' + "0" * 32 + '"]',
            )
        )
        for where, method, path, body in (
            ("list", "GET", lambda c: f"/v1/memories?cursor={c}", lambda c: None),
            (
                "scan",
                "POST",
                lambda c: "/v1/contradictions/scan",
                lambda c: {"cursor": c, "limit": 1},
            ),
        )
    ],
    ("cursor_too_long", "GET", "/v1/memories?cursor=" + "A" * 4000, None, (400,), "cursor"),
    # Windows and weights.
    (
        "prime_huge_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": "P999999999D"},
        BAD,
        "recency_window",
    ),
    (
        "prime_negative_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": -5},
        BAD,
        "recency_window",
    ),
    (
        "prime_zero_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": 0},
        BAD,
        "recency_window",
    ),
    (
        "recall_overflowing_weights",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": dict.fromkeys(W0, 1e308)},
        BAD,
        "weights",
    ),
    # Booleans are not numbers.
    (
        "importance_true",
        "POST",
        "/v1/memories",
        {"content": "x", "importance": True},
        BAD,
        "importance",
    ),
    ("top_k_true", "POST", "/v1/recall", {"cue": "x", "top_k": True}, BAD, "top_k"),
    (
        "confidence_false",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{b}", "edge_type": "RELATED_TO", "confidence": False},
        BAD,
        "confidence",
    ),
    # Control characters where they can only be mistakes.
    ("nul_in_content", "POST", "/v1/memories", {"content": "a\u0000b"}, BAD, "content"),
    ("bell_in_content", "POST", "/v1/memories", {"content": "a\u0007b"}, BAD, "content"),
    (
        "nul_in_entity",
        "POST",
        "/v1/memories",
        {"content": "ab", "entity_id": "a\u0000b"},
        BAD,
        "entity_id",
    ),
    ("newline_in_tag", "POST", "/v1/memories", {"content": "ab", "tags": ["a\nb"]}, BAD, "tags"),
    ("nul_in_revision", "PUT", "/v1/revise/{a}", {"content": "a\u0000b"}, BAD, "content"),
    # Context bounded in depth as well as size.
    (
        "context_33_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 33 + b"1" + b"}" * 34,
        BAD,
        "context",
    ),
    (
        "context_300_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 300 + b"1" + b"}" * 301,
        BAD,
        "context",
    ),
    (
        "body_1200_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 1200 + b"1" + b"}" * 1201,
        (400,),
        "body",
    ),
    (
        "revise_context_40_deep",
        "PUT",
        "/v1/revise/{a}",
        b'{"context": ' + b'{"a": ' * 40 + b"1" + b"}" * 41,
        BAD,
        "context",
    ),
    # One meaning per query parameter.
    (
        "repeated_until",
        "GET",
        "/v1/memories?until=2020-01-01T00:00:00Z&until=2030-01-01T00:00:00Z",
        None,
        (400,),
        "until",
    ),
    ("repeated_limit", "GET", "/v1/insights?limit=1&limit=2", None, (400,), "limit"),
]


def fill(value, ids):
    text = value if isinstance(value, str) else json.dumps(value)
    for name, mid in ids.items():
        text = text.replace("{" + name + "}", mid)
    return text


@pytest.fixture(scope="module")
async def seeded(module_api):
    r = await module_api.call(
        "POST",
        "/v1/memories/batch",
        json={
            "memories": [
                {"content": "stored a", "entity_id": "x", "context": {"k": 1}},
                {"content": "stored b", "entity_id": "x"},
            ]
        },
    )
    a, b = r.json()["memory_ids"]
    await module_api.checks_run()
    return {"a": a, "b": b}


@pytest.mark.parametrize(
    ("method", "path", "body", "statuses", "names"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
async def test_bad_request_is_refused_with_the_error_shape_and_changes_nothing(
    module_api, seeded, method, path, body, statuses, names
):
    api = module_api
    before = await api.stored()
    assert len(before) == 2
    kwargs = {}
    if body is not None:
        raw = body if isinstance(body, bytes) else fill(body, seeded).encode()
        kwargs = {"content": raw, "headers": {"content-type": "application/json"}}
    r = await api.call(method, fill(path, seeded), **kwargs)
    assert r.status_code in statuses, r.text[:500]
    error = api.error(r)
    if names is not None:
        assert names in error["message"] + json.dumps(error["details"]), error
    assert await api.stored() == before


async def test_unknown_route_and_method_use_the_error_shape(module_api):
    api = module_api
    r = await api.call("GET", "/v1/nothing-here")
    assert (r.status_code, api.error(r)["code"]) == (404, "not_found")
    r = await api.call("DELETE", "/v1/memories")
    assert r.status_code == 405
    api.error(r)


async def test_a_body_that_does_not_say_json_is_refused_with_415(module_api):
    api = module_api
    before = await api.stored()
    for ctype in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"content-type": ctype} if ctype else {}
        r = await api.call("POST", "/v1/forget", content=b'{"kind": "episode"}', headers=headers)
        assert r.status_code == 415, r.text
        assert api.error(r)["code"] == "unsupported_media_type"
    r = await api.call(
        "POST",
        "/v1/recall",
        content=b'{"cue": "stored"}',
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert r.status_code == 200, r.text
    assert await api.stored() == before


async def test_a_context_stored_too_deep_before_the_bound_cannot_break_the_tenant(api):
    """Memories written before contexts were bounded in depth still list and recall."""
    kept = await api.remember(content="the deep one about invoices", entity_id="deep")
    await api.remember(content="a plain memory about invoices", entity_id="deep")
    deep = '{"a":' * 300 + "1" + "}" * 300
    await api.services.store.run_raw(
        "MATCH (m:Memory {id: $id}) SET m.context_json = $c", id=kept["id"], c=deep
    )
    r = await api.call("GET", "/v1/memories")
    assert r.status_code == 200, r.text
    by_id = {m["id"]: m for m in r.json()["items"]}
    assert by_id[kept["id"]]["context"] == {"_context_json": deep}
    r = await api.call("POST", "/v1/recall", json={"cue": "invoices", "reinforce": False})
    assert r.status_code == 200, r.text
    assert kept["id"] in {x["memory"]["id"] for x in r.json()["results"]}
    r = await api.call("GET", f"/v1/memories/{kept['id']}")
    assert r.status_code == 200, r.text
