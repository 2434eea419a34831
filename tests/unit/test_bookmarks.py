"""The Hebbs-Bookmarks header without a server (decision 0030): its wire form, the rule a
client keeps bookmarks by, and that the Python clients (async and sync) and the MCP
remote mode send what they hold on every request (httpx's MockTransport answers)."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from hebbs_graph.client import HebbsClient, HebbsSyncClient
from hebbs_graph.errors import InvalidInput
from hebbs_graph.graph import bookmarks as graph_bookmarks
from hebbs_graph.graph.bookmarks import RequestBookmarks, collecting, current
from hebbs_graph.mcp import TOOLS
from hebbs_graph.mcp.remote import ApiServices
from hebbs_graph.mcp.server import API_TENANT
from hebbs_graph.models.bookmarks import HEADER, MAX_BOOKMARKS, decode, encode, merge, tokens

A, B, C = "FB:kcwQzQzGtj3oSK+arbKKo8mGrMoABPAqkA==", "FB:b/b", "FB:c=="
MEMORY = {
    "id": "a" * 32,
    "content": "Acme wants SSO",
    "entity_id": "acme",
    "kind": "episode",
    "importance": 0.5,
    "occurred_at": "2026-01-01T00:00:00Z",
    "created_at": "2026-01-01T00:00:00Z",
    "updated_at": "2026-01-01T00:00:00Z",
    "last_accessed_at": "2026-01-01T00:00:00Z",
    "content_sha256": "0" * 64,
}


def test_the_names_agree() -> None:
    assert graph_bookmarks.HEADER == HEADER


def test_a_value_round_trips_and_is_header_safe() -> None:
    value = encode([B, A])
    assert value == encode([A, B])  # the same set, the same value
    assert value.isascii()
    assert not {"=", "+", "/", ";", '"'} & set(value)
    assert sorted(decode(value)) == sorted([A, B])
    assert decode(None) == decode("") == decode("  ") == []
    assert decode(f"{value},, ") == decode(value)


@pytest.mark.parametrize(
    "value",
    [
        "a b",
        "QQ==",
        "a;b",
        "_-_-",  # decodes to bytes that are not ASCII
        "A" * 513,
        ", ".join(f"QU{i:03d}" for i in range(MAX_BOOKMARKS + 1)),
        "QUJD, " * 2000,
    ],
)
def test_a_value_this_api_never_sent_is_refused_naming_the_header(value: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        decode(value)
    assert HEADER in refused.value.message
    assert refused.value.details == {"field": HEADER}


def test_a_client_replaces_what_it_sent_and_keeps_what_answers_in_flight_added() -> None:
    held = tokens(encode([A]))
    sent = encode([A])
    # Two requests sent with A; their answers come back in either order.
    after_one = merge(held, sent, encode([B]))
    after_both = merge(after_one, sent, encode([C]))
    assert sorted(decode(", ".join(after_both))) == sorted([B, C])
    # The next request sends both; its answer follows both and replaces them.
    assert decode(", ".join(merge(after_both, ", ".join(after_both), encode([A])))) == [A]
    # An answer naming nothing changes nothing.
    assert merge(after_both, sent, None) == after_both
    # At most MAX_BOOKMARKS are kept, the newest.
    many = [f"T{i}" for i in range(MAX_BOOKMARKS)]
    assert merge(many, None, "NEW") == [*many[1:], "NEW"]


async def test_a_request_s_manager_replaces_what_a_transaction_followed() -> None:
    with collecting([A]) as held:
        assert current() is held
        assert held.waits
        assert await held.get_bookmarks() == {A}
        await held.update_bookmarks({A}, {B})
        assert held.values() == {B}
        assert held.changed
        group = RequestBookmarks({B})
        await group.update_bookmarks({B}, {C})
        held.absorb(group)
        assert held.values() == {C}
    assert current() is None
    # Closed with its request: a task that outlived it neither waits nor records.
    assert not held.waits
    assert await held.get_bookmarks() == set()
    await held.update_bookmarks({C}, {A})
    assert held.values() == {C}


async def test_a_task_started_in_a_request_sees_its_bookmarks_until_it_ends() -> None:
    seen: list[RequestBookmarks | None] = []
    release = asyncio.Event()

    async def later() -> None:
        seen.append(current())
        await release.wait()
        seen.append(current())

    with collecting([A]) as held:
        task = asyncio.create_task(later())
        await asyncio.sleep(0)
    release.set()
    await task
    assert seen == [held, None]


def answering(seen: list[httpx.Request], *bookmarks: str) -> httpx.MockTransport:
    """An API that answers every request with MEMORY and the next of ``bookmarks``."""
    left = list(bookmarks)

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        headers = {HEADER: encode([left.pop(0)])} if left else {}
        return httpx.Response(200, json=MEMORY, headers=headers)

    return httpx.MockTransport(answer)


def sent(request: httpx.Request) -> list[str]:
    return decode(request.headers.get(HEADER))


async def test_the_async_client_sends_what_it_received_and_can_hand_it_on() -> None:
    seen: list[httpx.Request] = []
    async with HebbsClient("http://api.test", transport=answering(seen, A, B)) as client:
        assert client.bookmarks is None
        await client.get("a" * 32)
        assert client.bookmarks == encode([A])
        await client.get("a" * 32)
        await client.get("a" * 32)  # this answer names none: B is kept
        held = client.bookmarks
    assert [sent(r) for r in seen] == [[], [A], [B]]
    assert held == encode([B])

    seen.clear()
    async with HebbsClient("http://api.test", bookmarks=held, transport=answering(seen)) as other:
        await other.get("a" * 32)
        other.bookmarks = None
        await other.get("a" * 32)
    assert [sent(r) for r in seen] == [[B], []]


def test_the_sync_client_carries_them_the_same_way() -> None:
    seen: list[httpx.Request] = []
    with HebbsSyncClient("http://api.test", transport=answering(seen, A), bookmarks=None) as client:
        client.get("a" * 32)
        assert client.bookmarks == encode([A])
        client.get("a" * 32)
        client.bookmarks = encode([C])
        client.get("a" * 32)
    assert [sent(r) for r in seen] == [[], [A], [C]]


async def test_the_mcp_remote_mode_carries_them_between_tool_calls() -> None:
    """``hebbs-graph mcp --url`` serves its tools with one HebbsClient for its session:
    a recall after a remember reads after it."""
    seen: list[httpx.Request] = []
    client = HebbsClient("http://api.test", api_key="k", transport=answering(seen, A))
    services = ApiServices(client)
    remembered = await TOOLS.call(services, API_TENANT, "remember", {"content": "Acme wants SSO"})
    got = await TOOLS.call(services, API_TENANT, "get_memory", {"memory_id": "a" * 32})
    await services.close()
    assert not remembered.is_error
    assert not got.is_error
    assert [r.url.path for r in seen] == ["/v1/memories", f"/v1/memories/{'a' * 32}"]
    assert [sent(r) for r in seen] == [[], [A]]
    assert json.loads(seen[0].content)["content"] == "Acme wants SSO"
