"""/v1/subscribe over a real WebSocket (live uvicorn, real Neo4j and model): a memory is
pushed after the line it relates to and never twice; bad frames get error frames and the
subscription goes on; keys are required; closing is clean and frees the slot."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hebbs_graph.client import HebbsClient
from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict, InvalidInput, TooLarge, Unauthorized
from hebbs_graph.models.subscribe import ErrorFrame, MemoryPush, Recalled
from hebbs_graph.settings import Settings
from hebbs_graph.subscription import Subscription
from tests.live import LiveApi

SECURITY = "Acme's security review blocked the SSO rollout until audit logs ship"
OTHERS = ["Acme prefers invoices in euros", "Acme's office moved to Lisbon in May"]
CONVERSATION = [
    "Ana: good morning, how was your weekend?",
    "Bob: fine thanks, the weather was lovely and we went hiking.",
    "Ana: did the security review sign off on the single sign-on rollout?",
    "Bob: not yet, the reviewers still want the SSO audit trail first.",
]
# Cosine of the security memory and the three-line window: ~0.05 after lines 0 and 1,
# ~0.37 after line 2, ~0.34 after line 3; the other memories stay under 0.1.
THRESHOLD = 0.25


@pytest.fixture
async def client(live_api: LiveApi, api_key: str) -> AsyncIterator[HebbsClient]:
    async with HebbsClient(live_api.url, api_key=api_key) as opened:
        await opened.remember(SECURITY, entity_id="acme", importance=0.8)
        for content in OTHERS:
            await opened.remember(content, entity_id="acme")
        yield opened


def ws_url(live: LiveApi) -> str:
    return live.url.replace("http", "ws", 1) + "/v1/subscribe"


async def until_recalled(
    sub: Subscription, after_text: int, wait_s: float = 10.0
) -> tuple[list[MemoryPush], list[ErrorFrame]]:
    """What arrives until the recall on the window ending at line ``after_text``."""
    pushes: list[MemoryPush] = []
    errors: list[ErrorFrame] = []
    async with asyncio.timeout(wait_s):
        async for push in sub:
            if isinstance(push, MemoryPush):
                pushes.append(push)
            elif isinstance(push, ErrorFrame):
                errors.append(push)
            elif push.after_text >= after_text:
                return pushes, errors
    raise AssertionError("the subscription closed before the recall")


async def test_a_memory_arrives_after_its_line_and_only_once(client: HebbsClient) -> None:
    async with client.subscribe(entity_id="acme", threshold=THRESHOLD, top_k=3) as sub:
        assert sub.subscribed.threshold == THRESHOLD
        seen: list[MemoryPush] = []
        for line in CONVERSATION:
            index = await sub.send(line)
            pushes, errors = await until_recalled(sub, index)
            assert errors == []
            seen += pushes
            if index < 2:
                assert pushes == [], f"pushed before the related line: {pushes}"
        # The related line again: nothing new crosses, and the memory is not sent twice.
        await sub.send(CONVERSATION[2])
        pushes, _ = await until_recalled(sub, len(CONVERSATION))
        seen += pushes
    assert [p.memory.content for p in seen] == [SECURITY]
    push = seen[0]
    assert push.after_text == 2
    assert push.score >= THRESHOLD
    assert push.breakdown.relevance == pytest.approx(push.score)  # semantic preset: S = R
    assert push.breakdown.strategies == ["similarity"]
    # Not reinforced: these recalls are not the agent's own asks.
    assert (await client.get(push.memory.id)).access_count == 0


async def test_a_line_the_server_would_refuse_is_refused_here_and_not_counted(
    client: HebbsClient,
) -> None:
    async with client.subscribe(entity_id="acme", threshold=THRESHOLD) as sub:
        limit = sub.subscribed.max_frame_bytes
        with pytest.raises(TooLarge, match=f"at most {limit} bytes"):
            await sub.send("x" * limit)
        with pytest.raises(InvalidInput, match="text"):
            await sub.send("")
        assert sub.lines_sent == 0
        # The next line is the server's line 0, as the index says.
        index = await sub.send(CONVERSATION[2])
        pushes, errors = await until_recalled(sub, index)
    assert index == 0
    assert errors == []
    assert all(p.after_text == 0 for p in pushes)


async def test_lines_in_a_burst_are_recalled_together(client: HebbsClient) -> None:
    async with client.subscribe(entity_id="acme", threshold=THRESHOLD) as sub:
        for line in CONVERSATION:
            await sub.send(line)  # well inside the 250 ms debounce
        recalls: list[Recalled] = []
        pushes: list[MemoryPush] = []
        async with asyncio.timeout(10):
            async for push in sub:
                if isinstance(push, Recalled):
                    recalls.append(push)
                    if push.after_text == len(CONVERSATION) - 1:
                        break
                elif isinstance(push, MemoryPush):
                    pushes.append(push)
    assert [r.after_text for r in recalls] == [3]
    assert [(p.memory.content, p.after_text) for p in pushes] == [(SECURITY, 3)]


async def expect_error(socket: ClientConnection, code: str, naming: str) -> None:
    frame = json.loads(await asyncio.wait_for(socket.recv(), 10))
    assert frame["type"] == "error", frame
    assert frame["error"]["code"] == code, frame
    assert naming in frame["error"]["message"], frame


async def test_bad_frames_get_error_frames_and_the_subscription_goes_on(
    live_api: LiveApi, api_key: str, client: HebbsClient
) -> None:
    headers = {"Authorization": f"Bearer {api_key}"}
    async with connect(ws_url(live_api), additional_headers=headers) as socket:
        await socket.send(json.dumps({"entity_id": "acme", "threshold": -1}))
        await expect_error(socket, "invalid_input", "threshold")
        await socket.send(json.dumps({"entity_id": "acme", "preset": "semantic", "weights": {}}))
        await expect_error(socket, "invalid_input", "weights")
        await socket.send(json.dumps({"entity_id": "acme", "threshold": THRESHOLD}))
        assert json.loads(await socket.recv())["type"] == "subscribed"

        await socket.send("not json")
        await expect_error(socket, "invalid_input", "JSON")
        await socket.send("[1, 2]")
        await expect_error(socket, "invalid_input", "JSON object")
        await socket.send(json.dumps({"txt": "hello"}))
        await expect_error(socket, "invalid_input", "text")
        await socket.send(json.dumps({"text": ""}))
        await expect_error(socket, "invalid_input", "text")
        await socket.send(b"\x00\x01")
        await expect_error(socket, "invalid_input", "binary")
        await socket.send(json.dumps({"text": "x" * 20_000}))
        await expect_error(socket, "too_large", "16384")

        await socket.send(json.dumps({"text": CONVERSATION[2]}))
        frames = [json.loads(await asyncio.wait_for(socket.recv(), 10)) for _ in range(2)]
    assert [f["type"] for f in frames] == ["memory", "recalled"]
    assert (frames[0]["memory"]["content"], frames[0]["after_text"]) == (SECURITY, 0)
    assert set(frames[0]) == {"type", "memory", "score", "breakdown", "after_text"}


async def test_keys_are_required(live_api: LiveApi, api_key: str, client: HebbsClient) -> None:
    # A wrong header: the handshake is refused with the API's 401.
    wrong = {"Authorization": "Bearer not-a-key"}
    with pytest.raises(InvalidStatus) as refused:
        await connect(ws_url(live_api), additional_headers=wrong)
    assert refused.value.response.status_code == 401
    assert json.loads(refused.value.response.body or b"")["error"]["code"] == "unauthorized"
    async with HebbsClient(live_api.url, api_key="not-a-key") as stranger:
        with pytest.raises(Unauthorized):
            async with stranger.subscribe(entity_id="acme"):
                pass

    # No header (a browser): the scope frame must carry the key.
    async with connect(ws_url(live_api)) as socket:
        await socket.send(json.dumps({"entity_id": "acme"}))
        await expect_error(socket, "unauthorized", "Bearer")
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(socket.recv(), 10)
    assert socket.close_code == 1008
    async with connect(ws_url(live_api)) as socket:
        await socket.send(json.dumps({"entity_id": "acme", "api_key": api_key, "threshold": 0.2}))
        assert json.loads(await socket.recv())["type"] == "subscribed"
        await socket.send(json.dumps({"text": CONVERSATION[2]}))
        frame = json.loads(await asyncio.wait_for(socket.recv(), 10))
    assert frame["memory"]["content"] == SECURITY


@pytest.fixture(scope="module")
def small_api(settings: Settings, embedder: Embedder) -> Iterator[LiveApi]:
    """A live API that takes two subscriptions at most."""
    limited = settings.model_copy(update={"subscribe_max_subscriptions": 2})
    api = LiveApi(limited, embedder).start()
    yield api
    api.stop()


async def test_closing_is_clean_and_frees_the_slot(small_api: LiveApi, tenant: str) -> None:
    key = small_api.key_for(tenant)
    async with HebbsClient(small_api.url, api_key=key) as client:
        first = client.subscribe(threshold=0.9)
        sub = await first.__aenter__()
        async with client.subscribe(threshold=0.9):
            with pytest.raises(Conflict, match="2 subscriptions"):
                async with client.subscribe(threshold=0.9):
                    pass
            await sub.send("a line the server is still recalling on")
            await first.__aexit__(None, None, None)
            # Both sides closed with 1000 (the client's close frame, the server's answer).
            assert sub.socket.close_code == 1000
            received = sub.socket.protocol.close_rcvd
            assert received is not None
            assert received.code == 1000
            again = await reopened(client)
        assert again


async def reopened(client: HebbsClient, tries: int = 50) -> bool:
    """Whether a third subscription opens once the first has closed (the server gives the
    slot back when its tasks are cancelled, just after the close)."""
    for _ in range(tries):
        try:
            async with client.subscribe(threshold=0.9) as sub:
                return sub.subscribed.top_k == 5
        except Conflict:
            await asyncio.sleep(0.05)
    return False
