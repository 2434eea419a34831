"""Swagger UI's "Try it out" sends what the served OpenAPI document holds as examples
(api/examples.py, api/params.py): each one, sent unchanged to a fresh tenant, answers 2xx.
The few that must name an id only a call before them hands out say which in their
description; sent unchanged they are refused for that id alone (not as invalid), and
with the ids pasted as the description says they answer 2xx."""

from __future__ import annotations

from typing import Any

import pytest
from httpx import Response

from hebbs_graph.api.examples import BODIES, CAUSE_ID, EFFECT_ID, TEXT_BODIES, BodyExample
from tests.api.conftest import Api

ALL: dict[tuple[str, str], tuple[BodyExample, ...]] = {**BODIES, **TEXT_BODIES}
AS_SENT = [(m, p, e.name) for (m, p), found in ALL.items() for e in found if not e.paste]
TO_PASTE = [(m, p, e.name) for (m, p), found in ALL.items() for e in found if e.paste]


async def served(api: Api) -> dict[str, Any]:
    response = await api.call("GET", "/schema/openapi.json")
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


async def example(api: Api, method: str, path: str, name: str) -> tuple[str, Any, str]:
    """The served example: its media type, value and description."""
    body = (await served(api))["paths"][path][method]["requestBody"]
    media, spec = next(iter(body["content"].items()))
    found = spec["examples"][name]
    return media, found["value"], found.get("description", "")


async def send(api: Api, method: str, path: str, media: str, value: Any) -> Response:
    if media == "application/json":
        return await api.call(method.upper(), path, json=value)
    headers = {"Content-Type": media}
    return await api.call(method.upper(), path, content=value.encode(), headers=headers)


async def send_example(api: Api, method: str, path: str, name: str, **ids: str) -> Response:
    media, value, _ = await example(api, method, path, name)
    return await send(api, method, path.format(**ids), media, value)


async def test_every_request_body_has_the_examples_of_api_examples(api: Api) -> None:
    document = await served(api)
    served_names = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body is None:
                continue
            for media, spec in body["content"].items():
                assert spec.get("examples"), f"{method} {path} ({media}) has no example"
                served_names |= {(method, path, name) for name in spec["examples"]}
    assert served_names == set(AS_SENT + TO_PASTE)


@pytest.mark.parametrize(("method", "path", "name"), AS_SENT)
async def test_an_example_answers_2xx_as_sent(api: Api, method: str, path: str, name: str) -> None:
    response = await send_example(api, method, path, name)
    if path == "/v1/reflect" and api.services.settings.llm_provider is None:
        # As its description says: the LLM route needs an LLM on the server.
        assert response.status_code == 409, response.text
        assert api.error(response)["code"] == "llm_not_configured"
        return
    assert 200 <= response.status_code < 300, response.text


@pytest.mark.parametrize(("method", "path", "name"), TO_PASTE)
async def test_an_example_needing_ids_says_which_and_is_refused_only_for_them(
    api: Api, method: str, path: str, name: str
) -> None:
    _, _, description = await example(api, method, path, name)
    for field in next(e.paste for e in ALL[(method, path)] if e.name == name):
        assert field in description, f"the description does not name {field}"
    response = await send_example(api, method, path, name, memory_id=EFFECT_ID)
    assert response.status_code in (404, 409), response.text
    assert api.error(response)["code"] in {"not_found", "unknown_session"}, response.text


async def remember_example(api: Api) -> str:
    _, value, _ = await example(api, "post", "/v1/memories", "episode")
    memory_id: str = (await api.remember(**value))["id"]
    return memory_id


async def test_the_link_example_with_two_ids_pasted_links_them(api: Api) -> None:
    effect = await remember_example(api)
    cause = await api.remember(content="Acme's CFO froze all new spending", entity_id="acme")
    media, value, _ = await example(api, "post", "/v1/memories/{memory_id}/edges", "cause")
    assert value["target_id"] == CAUSE_ID
    pasted = {**value, "target_id": cause["id"]}
    response = await send(api, "post", f"/v1/memories/{effect}/edges", media, pasted)
    assert response.status_code == 201, response.text


async def test_the_revise_example_revises_the_memory_pasted(api: Api) -> None:
    memory_id = await remember_example(api)
    response = await send_example(
        api, "put", "/v1/revise/{memory_id}", "new_figure", memory_id=memory_id
    )
    assert response.status_code == 200, response.text
    assert response.json()["content"] == "Acme's budget for the pilot is $7,500"


async def test_the_verdict_example_with_a_pending_id_pasted_commits(api: Api) -> None:
    await remember_example(api)
    await api.remember(content="Acme's budget for the pilot is $7,500", entity_id="acme")
    pending = (await api.checks_run()).pending
    assert len(pending) == 1
    media, value, _ = await example(api, "post", "/v1/contradictions/commit", "verdict")
    pasted = {"verdicts": [{**value["verdicts"][0], "pending_id": pending[0].pending_id}]}
    response = await send(api, "post", "/v1/contradictions/commit", media, pasted)
    assert response.status_code == 200, response.text
    assert response.json()["revisions_created"] == 1


async def test_the_reflect_commit_example_with_a_session_pasted_stores_the_insight(
    api: Api,
) -> None:
    for name, path in (("episodes", "/v1/memories/batch"), ("episode", "/v1/memories")):
        assert (await send_example(api, "post", path, name)).status_code == 201
    await api.checks_run()
    prepared = await send_example(api, "post", "/v1/reflect/prepare", "entity")
    assert prepared.status_code == 200, prepared.text
    session = prepared.json()
    assert session["clusters"], session
    cluster = session["clusters"][0]
    media, value, _ = await example(api, "post", "/v1/reflect/commit", "insight")
    insight = {
        **value["insights"][0],
        "source_memory_ids": cluster["memory_ids"],
        "cluster_id": cluster["cluster_id"],
    }
    pasted = {**value, "session_id": session["session_id"], "insights": [insight]}
    response = await send(api, "post", "/v1/reflect/commit", media, pasted)
    assert response.status_code == 200, response.text
    assert response.json()["insights_created"] == 1


async def test_query_parameter_examples_answer_2xx_as_sent(api: Api) -> None:
    document = await served(api)
    sent = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            params = operation.get("parameters", []) if isinstance(operation, dict) else []
            chosen = {
                p["name"]: next(iter(p["examples"].values()))["value"]
                for p in params
                if p.get("in") == "query" and p.get("examples")
            }
            if not chosen:
                continue
            assert method == "get", path
            assert "{" not in path, path
            response = await api.call("GET", path, params=chosen)
            assert 200 <= response.status_code < 300, f"{path}?{chosen}: {response.text}"
            sent.append(path)
    assert {"/v1/memories", "/v1/graph", "/v1/insights", "/v1/export"} <= set(sent)
