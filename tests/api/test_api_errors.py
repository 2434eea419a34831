"""Every bad request gets the one error shape, the right status, and changes nothing."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

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
