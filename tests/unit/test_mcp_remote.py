"""The API route's tools without a server: which REST request each tool sends, with which
body and key, and how the API's refusal comes back (httpx's MockTransport answers)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from hebbs_graph.client import HebbsClient
from hebbs_graph.mcp import TOOLS
from hebbs_graph.mcp.remote import ApiServices
from hebbs_graph.mcp.server import API_TENANT

MID = "a" * 32
PID = "b" * 32

# tool -> (arguments, method, path, JSON body sent; None: no body): exactly the fields given.
CALLS: dict[str, tuple[dict[str, Any], str, str, Any]] = {
    # recall and prime always send the view: the tools' default (compact) is not the API's.
    "prime": (
        {"entity_id": "acme"},
        "POST",
        "/v1/prime",
        {"entity_id": "acme", "view": "compact"},
    ),
    "remember": (
        {"content": "Acme wants SSO", "entity_id": "acme", "importance": 0.7},
        "POST",
        "/v1/memories",
        {"content": "Acme wants SSO", "entity_id": "acme", "importance": 0.7},
    ),
    "remember_conversation": (
        {"entity_id": "acme", "messages": [{"role": "user", "content": "We want SSO"}]},
        "POST",
        "/v1/conversations",
        {"entity_id": "acme", "messages": [{"role": "user", "content": "We want SSO"}]},
    ),
    "recall": (
        {"cue": "SSO", "top_k": 3},
        "POST",
        "/v1/recall",
        {"cue": "SSO", "top_k": 3, "view": "compact"},
    ),
    "revise": (
        {"memory_id": MID, "content": "Acme wants SSO via Okta"},
        "PUT",
        f"/v1/revise/{MID}",
        {"content": "Acme wants SSO via Okta"},
    ),
    "forget": ({"entity_id": "acme"}, "POST", "/v1/forget", {"entity_id": "acme"}),
    "get_memory": ({"memory_id": MID}, "GET", f"/v1/memories/{MID}", None),
    "lineage": ({"memory_id": MID}, "GET", f"/v1/memories/{MID}/lineage", None),
    "contradiction_prepare": (
        {"entity_id": "acme", "limit": 5},
        "POST",
        "/v1/contradictions/prepare",
        {"entity_id": "acme", "limit": 5},
    ),
    "contradiction_commit": (
        {"verdicts": [{"pending_id": PID, "verdict": "dismiss"}]},
        "POST",
        "/v1/contradictions/commit",
        {"verdicts": [{"pending_id": PID, "verdict": "dismiss"}]},
    ),
    "reflect_prepare": (
        {"entity_id": "acme"},
        "POST",
        "/v1/reflect/prepare",
        {"entity_id": "acme"},
    ),
    "reflect_commit": (
        {"session_id": "s1", "insights": []},
        "POST",
        "/v1/reflect/commit",
        {"session_id": "s1", "insights": []},
    ),
    "insights": ({"entity_id": "acme"}, "GET", "/v1/insights", None),
}


def test_every_tool_has_a_route() -> None:
    assert sorted(CALLS) == sorted(TOOLS.names())


def refusing_api(seen: list[httpx.Request]) -> ApiServices:
    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        error = {"code": "not_found", "message": "no memory here", "details": None}
        return httpx.Response(404, json={"error": error})

    client = HebbsClient("http://api.test", api_key="k1", transport=httpx.MockTransport(answer))
    return ApiServices(client)


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_each_tool_is_one_request_with_the_key_and_the_fields_given(
    name: str,
) -> None:
    arguments, method, path, body = CALLS[name]
    seen: list[httpx.Request] = []
    services = refusing_api(seen)
    result = await TOOLS.call(services, API_TENANT, name, arguments)
    await services.close()

    assert len(seen) == 1
    sent = seen[0]
    assert (sent.method, sent.url.path) == (method, path)
    assert sent.headers["authorization"] == "Bearer k1"
    assert (json.loads(sent.content) if sent.content else None) == body
    assert result.is_error
    assert result.content[0].text == "not_found: no memory here"  # type: ignore[union-attr]


async def test_query_parameters_of_insights() -> None:
    seen: list[httpx.Request] = []
    services = refusing_api(seen)
    arguments = {"entity_id": "acme", "min_confidence": 0.5, "stale": True, "limit": 7}
    await TOOLS.call(services, API_TENANT, "insights", arguments)
    await services.close()
    assert dict(seen[0].url.params) == {
        "entity_id": "acme",
        "min_confidence": "0.5",
        "stale": "true",
        "limit": "7",
    }


async def test_a_bad_argument_never_reaches_the_api() -> None:
    seen: list[httpx.Request] = []
    services = refusing_api(seen)
    result = await TOOLS.call(services, API_TENANT, "remember", {"content": ""})
    await services.close()
    assert seen == []
    assert result.is_error
    assert result.content[0].text.startswith("invalid input: content")  # type: ignore[union-attr]
