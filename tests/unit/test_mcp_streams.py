"""StreamBounds (api/mcp_streams.py) around a scripted event stream: pings do not keep a
stream open, events do, and an idle one ends with the response's last chunk."""

from __future__ import annotations

import time
from typing import Any

import anyio

from hebbs_graph.api.mcp_streams import StreamBounds, only_comments

PING = b": ping - 2026-01-01 00:00:00+00:00\r\n\r\n"
EVENT = b"event: message\r\ndata: {}\r\n\r\n"


def scripted(chunks: list[tuple[float, bytes]]) -> Any:
    """An SSE app that sends each chunk after its delay, then waits for good."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        for delay, body in chunks:
            await anyio.sleep(delay)
            await send({"type": "http.response.body", "body": body, "more_body": True})
        await anyio.sleep_forever()

    return app


async def served(bounds: StreamBounds, app: Any) -> tuple[float, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        await anyio.sleep_forever()

    started = time.monotonic()
    with anyio.fail_after(10):
        await bounds.serve("t", app, {"type": "http", "method": "GET"}, receive, send)  # type: ignore[arg-type]
    return time.monotonic() - started, sent


def test_comment_lines_are_pings() -> None:
    assert only_comments(PING)
    assert only_comments(b"")
    assert not only_comments(EVENT)
    assert not only_comments(PING + EVENT)


async def test_pings_do_not_keep_a_stream_open() -> None:
    bounds = StreamBounds(idle_s=0.5, per_tenant=1)
    lasted, sent = await served(bounds, scripted([(0.1, PING)] * 20))
    assert 0.45 <= lasted < 1.0
    assert sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}
    assert bounds.open_streams("t") == 0


async def test_an_event_starts_the_idle_bound_again() -> None:
    bounds = StreamBounds(idle_s=0.5, per_tenant=1)
    lasted, sent = await served(bounds, scripted([(0.3, EVENT), (0.1, PING)]))
    assert 0.75 <= lasted < 1.3  # 0.3 s to the event, then 0.5 s idle
    assert sent[-1]["more_body"] is False


async def test_one_over_the_cap_is_a_429_while_the_others_run() -> None:
    bounds = StreamBounds(idle_s=0.6, per_tenant=1)
    results: list[tuple[float, list[dict[str, Any]]]] = []

    async def first() -> None:
        results.append(await served(bounds, scripted([])))

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(first)
        await anyio.sleep(0.1)
        assert bounds.open_streams("t") == 1
        _, refused = await served(bounds, scripted([]))
    start = refused[0]
    assert start["status"] == 429
    assert (b"retry-after", b"1") in start["headers"]
    assert b'"too_many_streams"' in refused[1]["body"]
    assert results[0][1][-1]["more_body"] is False
