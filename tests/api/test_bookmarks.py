"""Read-your-writes across workers (decision 0030): the Hebbs-Bookmarks header.

A write answers the Neo4j bookmarks it produced; a request sending them back runs its
sessions with them, so Neo4j serves it only once it has applied those transactions.
Across two app instances, each with its own routing driver (``neo4j://``, as a cluster
or Aura is reached; here the router is the single local server) nothing is shared but
the header. A bookmark of a transaction Neo4j has not reached yet makes a read wait:
until the transaction is committed, or until ``neo4j_bookmark_wait_s`` (then 503).
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import time
import uuid
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, cast

import httpx
import pytest
from litestar import Litestar
from neo4j.exceptions import ClientError

from hebbs_graph.api.app import create_app
from hebbs_graph.client import HebbsClient, NotFound
from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import BookmarkNotReached, InvalidInput
from hebbs_graph.graph.bookmarks import RequestBookmarks, collecting
from hebbs_graph.models.bookmarks import HEADER, MAX_BOOKMARKS
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.settings import Settings
from tests.api.conftest import Api, error_of
from tests.support.asgi import BASE_URL, app_client
from tests.support.bookmarks import ahead, header, received, tx_id

WAIT_S = 3.0  # the routed apps' neo4j_bookmark_wait_s


def token(text: bytes) -> str:
    return base64.urlsafe_b64encode(text).decode().rstrip("=")


async def remember(api: Api, content: str) -> httpx.Response:
    r = await api.call("POST", "/v1/memories", json={"content": content, "entity_id": "e"})
    assert r.status_code == 201, r.text
    return r


# -- one app: the header out and back ---------------------------------------------------


async def test_a_write_answers_its_bookmarks_and_a_request_sending_them_runs_with_them(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = await remember(api, "The kiln cracked a glaze at 1,240 degrees")
    value = written.headers[HEADER]
    bookmarks = received(value)
    assert bookmarks
    assert all(b.startswith("FB:") for b in bookmarks), bookmarks
    assert value.isascii()
    assert not {"=", "+", "/"} & set(value)

    given: list[set[str]] = []  # what each session asked its bookmark manager for
    get_bookmarks = RequestBookmarks.get_bookmarks

    async def spy(self: RequestBookmarks) -> Collection[str]:
        found = await get_bookmarks(self)
        given.append(set(found))
        return found

    monkeypatch.setattr(RequestBookmarks, "get_bookmarks", spy)
    memory_id = written.json()["id"]
    read = await api.call("GET", f"/v1/memories/{memory_id}", headers={HEADER: value})
    assert read.status_code == 200, read.text
    assert given
    assert all(set(bookmarks) <= g for g in given), given
    # A read's answer names the state it saw: never older than what it was sent.
    assert tx_id(received(read.headers[HEADER])[0]) >= max(map(tx_id, bookmarks))

    given.clear()
    plain = await api.call("GET", f"/v1/memories/{memory_id}")
    assert plain.status_code == 200
    assert given
    assert all(g == set() for g in given), given


async def test_an_answer_that_ran_no_transaction_names_no_bookmark(api: Api) -> None:
    r = await api.call("GET", "/v1/health/live")
    assert HEADER not in r.headers
    refused = await api.call("POST", "/v1/memories", json={"content": ""})
    assert refused.status_code == 422
    assert HEADER not in refused.headers


MALFORMED = {
    "not a token": "not base64!",
    "padded": "RkI6YWJj==",
    "not ascii": token(b"\xff\xfe\x00"),
    "not printable": token(b"FB:\x01\x02"),
    "too many": ", ".join(token(f"FB:{i}".encode()) for i in range(MAX_BOOKMARKS + 1)),
    "too long": token(b"FB:" + b"a" * 4000) + ", " + token(b"FB:" + b"b" * 2000),
    "a token too long": "A" * 600,
    # Well-formed, but not a bookmark Neo4j can read: refused by Neo4j, answered 400 too.
    "not neo4j's": token(b"hello"),
    "neo4j's prefix, junk after": token(b"FB:abc"),
    # One character: Neo4j fails on these with a DatabaseError of no name (found by
    # schemathesis); a bare transaction with them fails too, so the header is at fault.
    "one character": "d-",
    "another": "Xl",
}


@pytest.mark.parametrize("why", sorted(MALFORMED))
async def test_a_malformed_header_is_a_400_naming_it_and_changes_nothing(
    api: Api, why: str
) -> None:
    before = await api.stored()
    bad = {HEADER: MALFORMED[why]}
    body = {"content": "Acme renews in March", "entity_id": "acme"}
    calls: list[tuple[str, str, object]] = [
        ("POST", "/v1/memories", body),
        ("POST", "/v1/memories/batch", {"memories": [body]}),
        ("POST", "/v1/recall", {"cue": "renewal"}),
        ("GET", "/v1/memories", None),
    ]
    for method, path, json in calls:
        r = await api.call(method, path, headers=bad, json=json)
        assert r.status_code == 400, (why, path, r.status_code, r.text)
        error = error_of(r)
        assert error["code"] == "invalid_input"
        assert HEADER in error["message"], error
        assert error["details"] == {"field": HEADER}
        assert HEADER not in r.headers
    assert await api.stored() == before


async def test_repeated_header_lines_are_one_list(api: Api) -> None:
    first = received((await remember(api, "Globex wants a demo")).headers[HEADER])
    second = received((await remember(api, "Globex signed in May")).headers[HEADER])
    lines = [(HEADER, h[HEADER]) for h in (header(*first), header(*second))]
    r = await api.client.request("GET", "/v1/memories", headers=[*api.auth().items(), *lines])
    assert r.status_code == 200, r.text


# -- two apps, each with its own routing driver -----------------------------------------


@dataclass
class Door:
    app: Litestar
    api: Api
    services: Services

    def client(self, bookmarks: str | None = None) -> HebbsClient:
        """The Python client on this app (its lifespan is already running)."""
        asgi = cast(Any, self.app)  # Litestar's typed ASGI signature is narrower than httpx's
        transport = httpx.ASGITransport(app=asgi, client=("127.0.0.1", 50001))
        return HebbsClient(BASE_URL, api_key=self.api.key, transport=transport, bookmarks=bookmarks)


@asynccontextmanager
async def door(settings: Settings, embedder: Embedder, tenant: str) -> AsyncIterator[Door]:
    """An app over services of its own: its own driver, nothing shared with another."""
    services = await open_services(settings, embedder=embedder)
    key = f"key-{uuid.uuid4().hex}"
    keyed = services.settings.model_copy(update={"api_keys": {key: tenant}})
    app = create_app(services=dataclasses.replace(services, settings=keyed))
    try:
        async with app_client(app) as client:
            yield Door(app, Api(client, services, tenant, "test-none", key, key), services)
    finally:
        await services.recall.drain()
        await services.close()


@pytest.fixture
async def doors(
    settings: Settings, embedder: Embedder, tenant: str
) -> AsyncIterator[tuple[Door, Door]]:
    host = settings.effective_neo4j_uri.split("://", 1)[1]
    routed = settings.model_copy(
        update={
            "neo4j_uri": f"neo4j://{host}",
            "neo4j_bookmark_wait_s": WAIT_S,
            "contradiction_check_sweep_s": 86_400.0,
        }
    )
    async with door(routed, embedder, tenant) as one, door(routed, embedder, tenant) as two:
        assert one.services.store is not two.services.store
        yield one, two


async def latest_bookmark(services: Services) -> str:
    """A header naming the newest transaction Neo4j has applied (a read's bookmark)."""
    async with services.store._driver.session(database=services.store.database) as session:
        await (await session.run("RETURN 1")).consume()
        (bookmark,) = (await session.last_bookmarks()).raw_values
    return header(bookmark)[HEADER]


async def latest_tx(services: Services) -> int:
    return tx_id(received(await latest_bookmark(services))[0])


async def commit_until(services: Services, tx: int) -> None:
    """Commit small transactions (each its own) until Neo4j has applied transaction ``tx``."""
    store, probe = services.store, uuid.uuid4().hex
    async with store._driver.session(database=store.database) as session:
        try:
            while True:
                result = await session.run(
                    "MERGE (p:BookmarkProbe {id: $id}) SET p.n = coalesce(p.n, 0) + 1", id=probe
                )
                await result.consume()
                if tx_id(next(iter((await session.last_bookmarks()).raw_values))) >= tx:
                    return
        finally:
            await (
                await session.run("MATCH (p:BookmarkProbe {id: $id}) DELETE p", id=probe)
            ).consume()


async def test_a_write_through_one_app_is_read_through_another_with_its_bookmarks(
    doors: tuple[Door, Door],
) -> None:
    one, two = doors
    written = await remember(one.api, "The kiln cracked a glaze at 1,240 degrees")
    sent = {HEADER: written.headers[HEADER]}
    memory_id = written.json()["id"]

    got = await two.api.call("GET", f"/v1/memories/{memory_id}", headers=sent)
    assert got.status_code == 200, got.text
    assert got.json()["content"] == "The kiln cracked a glaze at 1,240 degrees"
    found = await two.api.call(
        "POST", "/v1/recall", json={"cue": "kiln glaze", "reinforce": False}, headers=sent
    )
    assert [r["memory"]["id"] for r in found.json()["results"]] == [memory_id]
    # A revise through the second app answers its own bookmark, newer than the first's.
    revised = await two.api.call(
        "PUT",
        f"/v1/revise/{memory_id}",
        json={"content": "The kiln cracked at 1,250"},
        headers=sent,
    )
    assert revised.status_code == 200, revised.text
    newer = received(revised.headers[HEADER])
    assert min(map(tx_id, newer)) > max(map(tx_id, received(sent[HEADER])))
    again = await one.api.call(
        "GET", f"/v1/memories/{memory_id}", headers={HEADER: revised.headers[HEADER]}
    )
    assert again.json()["content"] == "The kiln cracked at 1,250"


async def test_a_read_waits_until_neo4j_has_applied_the_transaction_its_bookmark_names(
    doors: tuple[Door, Door],
) -> None:
    one, two = doors
    written = await remember(one.api, "Acme's budget is $5,000")
    memory_id = written.json()["id"]
    gap = 40
    target = ahead(received(written.headers[HEADER])[0], gap)
    started = time.monotonic()
    reading = asyncio.create_task(
        two.api.call("GET", f"/v1/memories/{memory_id}", headers=header(target))
    )
    await asyncio.sleep(0.5)
    if await latest_tx(two.services) < tx_id(target):  # others' writes may have got there
        assert not reading.done(), "the read did not wait for its bookmark"
    await commit_until(one.services, tx_id(target))
    read = await asyncio.wait_for(reading, WAIT_S * 2)
    assert read.status_code == 200, read.text
    assert time.monotonic() - started < WAIT_S + 1
    assert tx_id(received(read.headers[HEADER])[0]) >= tx_id(target)


async def test_a_bookmark_neo4j_does_not_reach_answers_503_after_the_wait_and_writes_nothing(
    doors: tuple[Door, Door],
) -> None:
    one, two = doors
    written = await remember(one.api, "Acme prefers email over calls")
    future = header(ahead(received(written.headers[HEADER])[0], 10**9))
    await one.api.checks_run()  # the first memory's check writes it: done before `before`
    before = await two.api.stored()
    for method, path, body in [
        ("GET", f"/v1/memories/{written.json()['id']}", None),
        ("POST", "/v1/memories", {"content": "Acme moved to Lisbon", "entity_id": "e"}),
    ]:
        started = time.monotonic()
        r = await two.api.call(method, path, json=body, headers=future)
        took = time.monotonic() - started
        assert r.status_code == 503, r.text
        error = error_of(r)
        assert (error["code"], error["details"]) == ("bookmark_not_reached", {"field": HEADER})
        assert HEADER in error["message"]
        assert r.headers["Retry-After"]
        assert WAIT_S - 0.1 <= took < WAIT_S + 5, took
    assert await two.api.stored() == before


async def test_the_python_client_carries_bookmarks_from_one_app_to_the_other(
    doors: tuple[Door, Door],
) -> None:
    one, two = doors
    async with one.client() as writer:
        assert writer.bookmarks is None
        memory = await writer.remember("Globex wants a demo in June", entity_id="globex")
        held = writer.bookmarks
        assert held is not None
        assert received(held)
        # Every later request sends what the client holds (a read's answer replaces it).
        await writer.get(memory.id)
        assert writer.bookmarks is not None
        assert tx_id(received(writer.bookmarks)[0]) >= tx_id(received(held)[0])

    async with two.client(bookmarks=held) as reader:
        assert (await reader.get(memory.id)).content == "Globex wants a demo in June"
        reader.bookmarks = header(ahead(received(held)[0], 10**9))[HEADER]
        with pytest.raises(BookmarkNotReached):
            await reader.get(memory.id)
        reader.bookmarks = None
        with pytest.raises(NotFound):
            await reader.get("0" * 32)
        assert reader.bookmarks is not None  # the 404's read named the state it saw


async def test_remembers_written_together_each_answer_the_group_s_bookmark(
    doors: tuple[Door, Door],
) -> None:
    """Single remembers arriving at once are written in groups (services/memory/groups.py),
    in a task of their own: each caller's answer still names the write that stored it."""
    one, two = doors
    answers = await asyncio.gather(
        *(remember(one.api, f"Order {n} shipped from the Porto warehouse") for n in range(8))
    )
    for answer in answers:
        got = await two.api.call(
            "GET", f"/v1/memories/{answer.json()['id']}", headers={HEADER: answer.headers[HEADER]}
        )
        assert got.status_code == 200, got.text
    bookmarks = {b for a in answers for b in received(a.headers[HEADER])}
    assert len(bookmarks) < 8, "some were written together (else this tests nothing)"


async def test_a_query_s_own_failure_is_not_put_on_the_header(services: Services) -> None:
    """A failure before the transaction began is the header's only if a bare transaction
    with the same bookmarks fails too."""
    with collecting(received(await latest_bookmark(services))):
        with pytest.raises(ClientError) as failed:
            await services.store.run_raw("THIS IS NOT CYPHER")
        assert "Syntax" in (failed.value.code or "")
    with collecting(["w"]):
        with pytest.raises(InvalidInput) as refused:
            await services.store.run_raw("RETURN 1 AS one")
        assert refused.value.details == {"field": HEADER}
