"""Reading Neo4j's transaction log settings, and how much writing forces a prune."""

from __future__ import annotations

import pytest

from hebbs_graph.errors import CannotForce
from hebbs_graph.graph.txlog import (
    MAX_TRAILING_TXS,
    TxLogPolicy,
    filler_needed,
    parse_duration,
    parse_size,
)

MIB = 1024 * 1024


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("256.00MiB", 256 * MIB),
        ("1.00MiB", MIB),
        ("1M", MIB),
        ("128K", 128 * 1024),
        ("128.00KiB", 128 * 1024),
        ("524288", 524288),
        ("2G", 2 * 1024 * MIB),
    ],
)
def test_sizes(text: str, size: int) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("15m", 900.0),
        ("1m", 60.0),
        ("10s", 10.0),
        ("900000ms", 900.0),
        ("1h", 3600.0),
        ("500", 0.5),
    ],
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


def policy(retention: str, rotation: int = MIB) -> TxLogPolicy:
    return TxLogPolicy(
        rotation_size=rotation,
        retention_policy=retention,
        checkpoint_policy="PERIODIC",
        checkpoint_interval="1m",
        checkpoint_interval_tx=100_000,
        logs_root=None,
    )


@pytest.mark.parametrize(
    ("retention", "needed"),
    [
        ("keep_none", (MIB, 1)),
        ("false", (MIB, 1)),
        ("3 files", (3 * MIB, 1)),
        ("300M size", (300 * MIB + MIB, 1)),
        ("100 txs", (MIB, 101)),
        ("100 entries", (MIB, 101)),
    ],
)
def test_filler_rotates_past_what_the_policy_keeps(retention: str, needed: tuple[int, int]) -> None:
    assert filler_needed(policy(retention)) == needed


@pytest.mark.parametrize(
    ("retention", "says"),
    [
        ("2 days 2G", "keeps logs by age"),
        ("10 hours", "keeps logs by age"),
        ("keep_all", "for ever"),
        ("true", "for ever"),
        (f"{MAX_TRAILING_TXS + 1} txs", "as many writes"),
        ("whenever", "cannot read"),
    ],
)
def test_policies_that_writing_cannot_force(retention: str, says: str) -> None:
    with pytest.raises(CannotForce, match=says):
        filler_needed(policy(retention))
