"""The records through which `serve`'s workers tell its checker process of their writes
and waiting reviews (services/beacon.py, decision 0034)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from hebbs_graph.services.beacon import RECORD, SUFFIX, Beacon, Beacons
from hebbs_graph.services.contradict.check_wait import Hurry
from hebbs_graph.services.foreground import Foreground


def test_a_batch_and_a_review_are_told_and_ended(tmp_path: Path) -> None:
    beacon = Beacon(tmp_path)
    foreground, hurry, seen = Foreground(beacon), Hurry(beacon), Beacons(tmp_path)
    assert seen.read()[::2] == (0, 0)
    with foreground.writing():  # a single remember: the checker need not give way
        assert seen.read()[0] == 0
    with foreground.writing(bulk=True):
        assert seen.read()[0] == 1
    running, ended, _ = seen.read()
    assert running == 0
    assert time.time() - ended < 5
    with hurry.waiting():
        assert seen.read()[2] == 1
    assert seen.read()[2] == 0
    beacon.close()
    assert not list(tmp_path.iterdir())


def test_a_dead_process_record_is_left_out(tmp_path: Path) -> None:
    (tmp_path / f"999999999{SUFFIX}").write_bytes(RECORD.pack(3, time.time(), 2))
    (tmp_path / f"junk{SUFFIX}").write_bytes(b"short")
    assert Beacons(tmp_path).read() == (0, 0.0, 0)


async def test_the_checker_waits_for_a_pause_in_the_writes(tmp_path: Path) -> None:
    beacon, seen = Beacon(tmp_path), Beacons(tmp_path)
    beacon.writes(1)
    waited = await seen.pause(quiet_s=0.02, at_most_s=0.15)  # a write runs throughout
    assert waited >= 0.15
    beacon.writes(0)
    assert await seen.pause(quiet_s=0.05, at_most_s=5) < 1  # quiet soon after it ended
    beacon.close()


async def test_a_waiting_review_ends_the_checkers_pause(tmp_path: Path) -> None:
    beacon, seen = Beacon(tmp_path), Beacons(tmp_path)
    beacon.writes(1)
    pause = asyncio.ensure_future(seen.pause(quiet_s=0.02, at_most_s=30))
    await asyncio.sleep(0.05)
    assert not pause.done()
    beacon.reviews(1)
    assert await asyncio.wait_for(pause, 2) < 2
    beacon.close()
