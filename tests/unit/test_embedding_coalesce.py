"""Concurrent embedding calls run together (embedding/coalesce.py), over a scripted
embedder: who goes with whom, who gets which rows, what a failure reaches."""

from __future__ import annotations

import asyncio

import pytest

from hebbs_graph.embedding.coalesce import CoalescedEmbedder


class Scripted:
    """Vectors [len(text), index in its call]; each call waits until ``gate`` is set."""

    dimension = 2
    model_name = "scripted"

    def __init__(self, fail_on: str | None = None) -> None:
        self.calls: list[list[str]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail_on = fail_on

    async def embed(self, texts: list[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        await self.gate.wait()
        if self.fail_on in texts:
            raise RuntimeError("the model failed")
        return [[float(len(t)), float(i)] for i, t in enumerate(texts)]


async def test_a_lone_call_runs_at_once_and_gets_its_rows() -> None:
    inner = Scripted()
    coalesced = CoalescedEmbedder(inner)
    assert await coalesced.embed(["ab", "abc"]) == [[2.0, 0.0], [3.0, 1.0]]
    assert await coalesced.embed([]) == []
    assert inner.calls == [["ab", "abc"]]
    assert (coalesced.dimension, coalesced.model_name) == (2, "scripted")


async def test_calls_that_arrive_during_a_run_go_into_the_next_together() -> None:
    inner = Scripted()
    inner.gate.clear()
    coalesced = CoalescedEmbedder(inner)
    first = asyncio.ensure_future(coalesced.embed(["a"]))
    await asyncio.sleep(0)
    later = [asyncio.ensure_future(coalesced.embed([t])) for t in ("bb", "ccc", "dddd")]
    await asyncio.sleep(0)
    inner.gate.set()
    assert await first == [[1.0, 0.0]]
    rows = await asyncio.gather(*later)
    assert inner.calls == [["a"], ["bb", "ccc", "dddd"]]
    assert rows == [[[2.0, 0.0]], [[3.0, 1.0]], [[4.0, 2.0]]]


async def test_a_run_holds_at_most_batch_texts_but_always_one_call() -> None:
    inner = Scripted()
    inner.gate.clear()
    coalesced = CoalescedEmbedder(inner, batch_texts=3)
    first = asyncio.ensure_future(coalesced.embed(["x"]))
    await asyncio.sleep(0)
    calls = [["a", "b"], ["c"], ["d", "e", "f", "g"], ["h"]]
    later = [asyncio.ensure_future(coalesced.embed(texts)) for texts in calls]
    await asyncio.sleep(0)
    inner.gate.set()
    await asyncio.gather(first, *later)
    assert inner.calls == [["x"], ["a", "b", "c"], ["d", "e", "f", "g"], ["h"]]


async def test_a_failed_run_fails_its_callers_only() -> None:
    inner = Scripted(fail_on="bad")
    inner.gate.clear()
    coalesced = CoalescedEmbedder(inner, batch_texts=2)
    first = asyncio.ensure_future(coalesced.embed(["x"]))
    await asyncio.sleep(0)
    same_run = [asyncio.ensure_future(coalesced.embed([t])) for t in ("ok", "bad")]
    next_run = asyncio.ensure_future(coalesced.embed(["fine"]))
    await asyncio.sleep(0)
    inner.gate.set()
    assert await first == [[1.0, 0.0]]
    for call in same_run:
        with pytest.raises(RuntimeError, match="the model failed"):
            await call
    assert await next_run == [[4.0, 0.0]]


async def test_a_caller_that_goes_away_leaves_the_run_to_the_others() -> None:
    inner = Scripted()
    inner.gate.clear()
    coalesced = CoalescedEmbedder(inner)
    first = asyncio.ensure_future(coalesced.embed(["x"]))
    await asyncio.sleep(0)
    gone, stays = (asyncio.ensure_future(coalesced.embed([t])) for t in ("gone", "stays"))
    await asyncio.sleep(0)
    gone.cancel()
    inner.gate.set()
    await first
    assert await stays == [[5.0, 1.0]]
    assert inner.calls[1] == ["gone", "stays"]
