"""Foreground: the writes running in this process, and the pause the checker waits for."""

from __future__ import annotations

import asyncio
import time

import pytest

from hebbs_graph.services.foreground import Foreground


async def test_a_process_with_no_writes_is_quiet_at_once() -> None:
    assert await Foreground().pause(0.05, 5.0) < 0.05


async def test_the_pause_starts_when_the_last_write_ends() -> None:
    foreground = Foreground()

    async def write(seconds: float) -> None:
        with foreground.writing():
            await asyncio.sleep(seconds)

    started = time.monotonic()
    writes = asyncio.gather(write(0.2), write(0.3))
    await asyncio.sleep(0.01)
    assert foreground.active == 2
    assert foreground.quiet_for() == 0.0
    waited = await foreground.pause(0.1, 5.0)
    await writes
    # The last write ends at 0.3 s; the pause is 0.1 s after that.
    assert time.monotonic() - started >= 0.39
    assert waited < 1.0


async def test_writes_that_never_pause_wait_at_most_the_bound() -> None:
    foreground = Foreground()
    with foreground.writing():
        waited = await foreground.pause(0.05, 0.2)
    assert 0.2 <= waited < 0.5


async def test_a_failed_write_ends_too() -> None:
    foreground = Foreground()
    with pytest.raises(RuntimeError), foreground.writing():
        raise RuntimeError("refused")
    assert foreground.active == 0
    await asyncio.sleep(0.06)
    assert foreground.quiet_for() >= 0.05
