"""Every bad request gets the one error shape, the right status, and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.api.conftest import Api
from tests.support import bad_requests_reads, bad_requests_writes

pytestmark = pytest.mark.filterwarnings("ignore::litestar.exceptions.LitestarDeprecationWarning")

# (case id, method, path, body, allowed statuses, text the message names)
CASES = bad_requests_writes.CASES + bad_requests_reads.CASES


def fill(value: Any, ids: dict[str, str]) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    for name, mid in ids.items():
        text = text.replace("{" + name + "}", mid)
    return text


@pytest.fixture(scope="module")
async def seeded(module_api: Api) -> dict[str, str]:
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
    module_api: Api,
    seeded: dict[str, str],
    method: str,
    path: str,
    body: Any,
    statuses: tuple[int, ...],
    names: str | None,
) -> None:
    api = module_api
    before = await api.stored()
    assert len(before) == 2
    kwargs: dict[str, Any] = {}
    if body is not None:
        raw = body if isinstance(body, bytes) else fill(body, seeded).encode()
        kwargs = {"content": raw, "headers": {"content-type": "application/json"}}
    r = await api.call(method, fill(path, seeded), **kwargs)
    assert r.status_code in statuses, r.text[:500]
    error = api.error(r)
    if names is not None:
        assert names in error["message"] + json.dumps(error["details"]), error
    assert await api.stored() == before


async def test_unknown_route_and_method_use_the_error_shape(module_api: Api) -> None:
    api = module_api
    r = await api.call("GET", "/v1/nothing-here")
    assert (r.status_code, api.error(r)["code"]) == (404, "not_found")
    r = await api.call("DELETE", "/v1/memories")
    assert r.status_code == 405
    api.error(r)


async def test_a_body_that_does_not_say_json_is_refused_with_415(module_api: Api) -> None:
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
        content=b'{"cue": "stored", "reinforce": false}',
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert r.status_code == 200, r.text
    assert await api.stored() == before


async def test_a_context_stored_too_deep_before_the_bound_cannot_break_the_tenant(api: Api) -> None:
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
