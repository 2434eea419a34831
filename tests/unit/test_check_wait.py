"""A review's bounded wait for the running contradiction checks, without a database:
the checker stops giving way to writes while a review waits, and the wait reports how
it ended."""

from __future__ import annotations

import asyncio
import time

from hebbs_graph.services.contradict.check_wait import ChecksWait, Hurry
from hebbs_graph.services.foreground import Foreground


async def test_a_waiting_review_ends_the_checkers_pause_for_writes() -> None:
    foreground, hurry = Foreground(), Hurry()
    with foreground.writing():  # a write that never ends: the pause would last 30 s
        giving_way = asyncio.ensure_future(hurry.unless_wanted(foreground.pause(0.02, 30.0)))
        await asyncio.sleep(0.05)
        assert not giving_way.done()
        started = time.monotonic()
        with hurry.waiting():
            await asyncio.wait_for(giving_way, 10)
        assert time.monotonic() - started < 10
    assert not hurry.wanted


async def test_while_a_review_waits_the_checker_does_not_give_way_at_all() -> None:
    foreground, hurry = Foreground(), Hurry()
    with foreground.writing(), hurry.waiting(), hurry.waiting():
        await asyncio.wait_for(hurry.unless_wanted(foreground.pause(0.02, 30.0)), 10)
        assert hurry.wanted
    assert not hurry.wanted


async def test_without_a_review_the_pause_is_the_writes_own() -> None:
    foreground, hurry = Foreground(), Hurry()
    with foreground.writing():
        started = time.monotonic()
        await hurry.unless_wanted(foreground.pause(0.02, 0.2))
    assert time.monotonic() - started >= 0.2


async def test_nothing_running_is_no_wait() -> None:
    with ChecksWait(2.0, Hurry()) as wait:
        assert not wait.more(0)
    assert (wait.waited_ms, wait.timed_out) == (0.0, False)


async def test_checks_that_end_end_the_wait() -> None:
    hurry = Hurry()
    counts = iter([3, 1, 0])
    with ChecksWait(30.0, hurry) as wait:
        while wait.more(next(counts)):
            await wait.pause()
            assert hurry.wanted  # the checker is told while the review waits
    assert not hurry.wanted
    assert 0 < wait.waited_ms < 30_000
    assert wait.timed_out is False


async def test_the_bound_ends_the_wait_and_says_so() -> None:
    with ChecksWait(0.1, Hurry()) as wait:
        polls = 0
        while wait.more(1):
            await wait.pause()
            polls += 1
    assert wait.timed_out is True
    assert wait.waited_ms >= 100
    assert polls < 20


async def test_a_bound_of_zero_never_waits_nor_times_out() -> None:
    with ChecksWait(0.0, Hurry()) as wait:
        assert not wait.more(5)
    assert (wait.waited_ms, wait.timed_out) == (0.0, False)
