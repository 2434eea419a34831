"""The contradiction endpoints through the Litestar app and HebbsClient (real Neo4j)."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import pytest

from hebbs_graph.api.app import create_app
from hebbs_graph.client import HebbsClient
from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.models.contradict import CommitOut, PrepareOut, ScanOut
from hebbs_graph.services.container import Services
from tests.support.checks import checks_run

# Shared app code still uses Litestar 2 styles that 2.25 deprecates (inferred deps, params).
pytestmark = pytest.mark.filterwarnings(
    "ignore::litestar.exceptions.base_exceptions.LitestarDeprecationWarning"
)

JAN = datetime(2025, 1, 15, tzinfo=UTC)
MAR = datetime(2025, 3, 15, tzinfo=UTC)


@pytest.fixture
async def http(services: Services, tenant: str) -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to the app, authenticated as the test's tenant."""
    key = f"key-{tenant}"
    settings = services.settings.model_copy(update={"api_keys": {key: tenant}})
    scoped = dataclasses.replace(services, settings=settings)
    app = create_app(services=scoped)
    app.state.services = scoped  # what the lifespan would set; the transport runs none
    # Litestar is an ASGI app; its own typing of the ASGI callables differs from httpx's.
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(
        transport=transport, base_url="http://hebbs", headers=headers
    ) as client:
        yield client


@pytest.fixture
async def client(http: httpx.AsyncClient) -> AsyncIterator[HebbsClient]:
    headers = dict(http.headers)
    key = headers["authorization"].split()[1]
    async with HebbsClient("http://hebbs", api_key=key, transport=http._transport) as c:
        yield c


async def budget(client: HebbsClient) -> tuple[str, str, PrepareOut]:
    old = await client.remember("Budget is $5,000 per tenant", occurred_at=JAN)
    new = await client.remember("Budget is $2,000 per tenant", occurred_at=MAR)
    assert new.contradiction_check_pending is True  # the answer came before the check
    prepared = await checks_run(client.contradiction_prepare)
    assert prepared.total == 1
    return old.id, new.id, prepared


async def test_prepare_commit_revision_over_http(client: HebbsClient) -> None:
    old, new, prepared = await budget(client)
    p = prepared.pending[0]
    assert isinstance(prepared, PrepareOut)
    assert (p.memory_id_a, p.memory_id_b, p.classifier_method) == (old, new, "heuristic")
    assert "revision" in prepared.instructions
    out = await client.contradiction_commit(
        [{"pending_id": p.pending_id, "verdict": "revision", "reasoning": "March update"}]
    )
    assert out == CommitOut(contradictions_confirmed=0, revisions_created=1, dismissed=0)
    found = await client.recall("budget per tenant", reinforce=False)
    assert [r.memory.id for r in found.results] == [new]
    assert (await client.contradiction_prepare()).total == 0


async def test_contradiction_verdict_over_http(client: HebbsClient) -> None:
    old, new, prepared = await budget(client)
    verdict = {"pending_id": prepared.pending[0].pending_id, "verdict": "contradiction"}
    out = await client.contradiction_commit([verdict])
    assert out.contradictions_confirmed == 1
    found = await client.recall("budget per tenant", reinforce=False)
    assert {r.memory.id: r.conflicts_with for r in found.results} == {old: [new], new: [old]}


@pytest.mark.parametrize(
    ("verdict", "status", "field"),
    [
        ({"verdict": "maybe"}, 400, "verdict"),
        ({"verdict": "contradiction", "confidence": 1.5}, 400, "confidence"),
        ({"verdict": "dismiss", "pending_id": "not-an-id"}, 400, "pending_id"),
        ({"verdict": "dismiss", "pending_id": "0" * 32}, 404, "pending_id"),
    ],
)
async def test_bad_verdicts_are_refused_whole(
    http: httpx.AsyncClient,
    client: HebbsClient,
    verdict: dict[str, object],
    status: int,
    field: str,
) -> None:
    _, _, prepared = await budget(client)
    good: dict[str, object] = {
        "pending_id": prepared.pending[0].pending_id,
        "verdict": "contradiction",
    }
    bad = {"pending_id": prepared.pending[0].pending_id, **verdict}
    if bad["pending_id"] == good["pending_id"]:
        body = {"verdicts": [bad]}
    else:
        body = {"verdicts": [good, bad]}
    response = await http.post("/v1/contradictions/commit", json=body)
    assert response.status_code in ({status, 422} if status == 400 else {status})
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    assert field in error["message"]
    after = await client.contradiction_prepare()
    assert [p.pending_id for p in after.pending] == [good["pending_id"]]
    assert (await client.edges(prepared.pending[0].memory_id_a)) == []


async def test_client_raises_the_error_tree(client: HebbsClient) -> None:
    _, _, prepared = await budget(client)
    with pytest.raises(NotFound, match="unknown pending_id"):
        await client.contradiction_commit([{"pending_id": "0" * 32, "verdict": "dismiss"}])
    wrong = {
        "pending_id": prepared.pending[0].pending_id,
        "verdict": "revision",
        "newer_memory_id": "1" * 32,
    }
    with pytest.raises(InvalidInput, match="newer_memory_id"):
        await client.contradiction_commit([wrong])


async def test_scan_over_http_pages_with_a_cursor(client: HebbsClient) -> None:
    await budget(client)
    first = await client.contradiction_scan(limit=1)
    assert isinstance(first, ScanOut)
    assert (first.total, first.checked) == (2, 1)
    assert first.next_cursor is not None
    rest = await client.contradiction_scan(cursor=first.next_cursor, limit=10)
    assert rest.checked == 1
    assert rest.next_cursor is None
    assert first.pending_created + rest.pending_created == 0  # already pending


async def test_bad_scan_cursor_is_a_400(http: httpx.AsyncClient) -> None:
    response = await http.post("/v1/contradictions/scan", json={"cursor": "garbage"})
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"field": "cursor"}
