"""Where the contradiction checks run (decision 0034): in each API process, or in a
process of their own that `serve` starts and the API processes hand their writes to."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest

from hebbs_graph.cli.checker import wants_checker_process
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.services.container import checker_settings
from hebbs_graph.services.contradict.check_claims import HANDOFF
from hebbs_graph.services.contradict.check_queue import CheckQueue
from hebbs_graph.settings import Settings


async def _never(*_: Any) -> DetectionOut:
    raise AssertionError("no check runs here")


def queue(**settings: Any) -> CheckQueue:
    section = Settings(**settings).contradiction
    return CheckQueue(cast(GraphStore, object()), section, _never)


@pytest.mark.parametrize(
    ("checker", "detection", "mode", "apart"),
    [
        ("auto", True, "async", True),
        ("process", True, "async", True),
        ("inline", True, "async", False),
        ("auto", False, "async", False),  # nothing to check
        ("auto", True, "sync", False),  # the check runs inside the request
    ],
)
def test_serve_runs_a_checker_process_unless_told_or_there_is_nothing_to_run(
    checker: str, detection: bool, mode: str, apart: bool
) -> None:
    settings = Settings(
        contradiction_checker=checker,
        contradiction_detection=detection,
        contradiction_detection_mode=mode,
    )
    assert wants_checker_process(settings) is apart


async def test_an_api_process_that_hands_off_marks_for_the_checker_and_runs_none() -> None:
    now = datetime(2026, 12, 5, tzinfo=UTC)
    handing = queue(
        contradiction_checker="process",
        contradiction_check_claim_s=15,
        contradiction_check_max_wait_s=30,
    )
    assert handing.hands_off
    marked = handing.mark(now)
    assert marked["check_claimed_by"] == HANDOFF
    # Live as long as the checker may give way to batches, and a claim besides: a review
    # waits for it all that time (nothing renews a hand-off).
    assert marked["check_claimed_until"] == now + timedelta(seconds=45)
    handing.start()
    assert not handing.running


@pytest.mark.parametrize("checker", ["auto", "inline"])
async def test_elsewhere_a_process_checks_its_own_writes(checker: str) -> None:
    """ "auto" outside `serve` (an app built in process, the tests) is inline."""
    own = queue(contradiction_checker=checker)
    assert not own.hands_off
    assert own.mark(datetime(2026, 12, 5, tzinfo=UTC))["check_claimed_by"] == own.holder


def test_in_sync_mode_nothing_is_handed_off() -> None:
    assert not queue(contradiction_checker="process", contradiction_detection_mode="sync").hands_off


def test_the_checker_process_checks_and_sweeps_at_its_poll() -> None:
    settings = checker_settings(
        Settings(contradiction_checker="process", contradiction_checker_poll_s=0.25)
    )
    assert settings.contradiction.contradiction_checker == "inline"
    assert settings.contradiction.contradiction_check_sweep_s == 0.25
