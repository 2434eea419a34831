"""What keeps a serving process's recalls quick under load: recalls take turns
(recall_concurrency, 8 by default, going round the tenants that wait) and the garbage
collector is tuned (gctuning.py)."""

from __future__ import annotations

import asyncio
import gc
from typing import Any, cast

import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.gctuning import tune_for_serving
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.services.recall.turns import Turns
from hebbs_graph.settings import Settings


class Cues:
    """Embeds every cue alike and counts them (the turns come after the embedding)."""

    def __init__(self) -> None:
        self.embedded = 0

    async def embed(self, texts: list[str]) -> list[list[float]]:
        self.embedded += len(texts)
        return [[1.0, 0.0] for _ in texts]


def service(concurrency: int) -> tuple[RecallService, dict[str, int]]:
    """A recall service whose searches are a pause that counts how many run at once."""
    settings = Settings(recall_concurrency=concurrency)
    cues = Cues()
    out = RecallService(
        cast(GraphStore, object()),
        cast(Embedder, cues),
        settings.recall,
        settings.contradiction,
    )
    seen = {"now": 0, "most": 0, "done": 0}

    async def pause(tenant_id: str, request: RecallIn, *args: Any) -> RecallOut:
        assert cues.embedded >= seen["done"] + 1  # embedded before its turn
        seen["now"] += 1
        seen["most"] = max(seen["most"], seen["now"])
        await asyncio.sleep(0.01)
        seen["now"] -= 1
        seen["done"] += 1
        return RecallOut(results=[], took_ms=0.0)

    out._recall = pause  # type: ignore[method-assign,assignment]
    return out, seen


@pytest.mark.parametrize(("concurrency", "most"), [(2, 2), (3, 3), (0, 10)])
async def test_recalls_take_turns(concurrency: int, most: int) -> None:
    recall, seen = service(concurrency)
    await asyncio.gather(*(recall.recall("t", RecallIn(cue="x")) for _ in range(10)))
    assert seen["done"] == 10
    assert seen["most"] == most


async def test_eight_recalls_at_once_by_default() -> None:
    recall, seen = service(Settings().recall_concurrency)
    await asyncio.gather(*(recall.recall("t", RecallIn(cue="x")) for _ in range(20)))
    assert (seen["done"], seen["most"]) == (20, 8)


def test_turns_are_made_again_in_another_event_loop() -> None:
    """A service outlives an event loop in tests and scripts: its turns are the loop's."""
    recall, seen = service(2)
    for _ in range(2):
        asyncio.run(recall.recall("t", RecallIn(cue="x")))
    assert seen["done"] == 2


@pytest.fixture
def collector() -> Any:
    before = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.set_threshold(*before)
    gc.unfreeze()


@pytest.mark.usefixtures("collector")
def test_tuning_sets_the_young_threshold_and_freezes() -> None:
    _, middle, old = gc.get_threshold()
    tune_for_serving(10_000, freeze=True)
    assert gc.get_threshold() == (10_000, middle, old)
    assert gc.get_freeze_count() > 0


@pytest.mark.usefixtures("collector")
def test_zero_leaves_the_collector_as_python_has_it() -> None:
    before = gc.get_threshold()
    tune_for_serving(0, freeze=False)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


async def test_a_tenant_that_waits_alone_is_served_before_a_long_line() -> None:
    """Turns go round the tenants that wait: one tenant's 20 queued recalls do not put
    another tenant's one recall behind all of them."""
    turns = Turns(2)
    order: list[str] = []

    async def recall(tenant: str, n: int) -> None:
        async with turns.turn(tenant):
            order.append(f"{tenant}{n}")
            await asyncio.sleep(0.005)

    flood = [asyncio.create_task(recall("a", n)) for n in range(20)]
    await asyncio.sleep(0)  # a's recalls hold both turns and 18 wait
    lone = asyncio.create_task(recall("b", 0))
    await asyncio.gather(*flood, lone)
    assert order.index("b0") <= 3
    assert [o for o in order if o.startswith("a")] == [f"a{n}" for n in range(20)]


async def test_a_waiter_cancelled_gives_no_turn_away() -> None:
    turns = Turns(1)
    release = asyncio.Event()

    async def hold() -> None:
        async with turns.turn("a"):
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.sleep(0)
    release.set()
    await holder
    assert (turns.busy, turns.waiting) == (0, 0)
    async with turns.turn("b"):  # the turn is free again, not lost
        assert turns.busy == 1


async def test_a_waiter_cancelled_once_handed_the_turn_passes_it_on() -> None:
    turns = Turns(1)
    await turns._take("a")  # the one turn is held
    waiter = asyncio.create_task(turns._take("b"))
    late = asyncio.create_task(turns._take("c"))
    await asyncio.sleep(0)  # both wait
    turns._give_back()  # handed to b ...
    waiter.cancel()  # ... cancelled before it ran again
    done = await asyncio.gather(waiter, late, return_exceptions=True)
    assert isinstance(done[0], asyncio.CancelledError)
    assert done[1] is None  # c got the turn b could not take
    assert (turns.busy, turns.waiting) == (1, 0)
    turns._give_back()
    assert turns.busy == 0
