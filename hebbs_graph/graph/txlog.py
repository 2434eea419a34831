"""Forgotten content in Neo4j's transaction logs, and making it leave them now.

Neo4j writes every committed transaction to ``neostore.transaction.db.N`` under
``server.directories.transaction.logs.root``/<database>, and a delete carries the
deleted records' prior state: a forgotten memory's text is in the log twice, once from
its write and once from its forget. A log file is pruned only when all of these hold:

- it has been rotated (the file being written is never pruned; it rotates once it
  passes ``db.tx_log.rotation.size``, and only when a transaction is written),
- a checkpoint has happened since (pruning runs right after each checkpoint, and only
  then; the periodic checkpoint comes ``db.checkpoint.interval.time`` after the last),
- ``db.tx_log.rotation.retention_policy`` does not keep it.

Community has no ``CALL db.checkpoint()``, no ``dbms.setConfigValue`` and no way to
rotate the log by command. What it does allow: writing. ``prune_logs`` writes and deletes
throw-away ``:TxLogFiller`` nodes until the file that held the forget has rotated out
past the retention policy, then (where this machine can see the log directory) waits
for the next periodic checkpoint to prune it.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from hebbs_graph.errors import CannotForce
from hebbs_graph.graph.store import GraphStore

LOG_PREFIX = "neostore.transaction.db."
# One filler transaction carries at most this much; a delete carries as much again.
MAX_CHUNK = 1024 * 1024
# The filler goes in at least this many transactions, this far apart (see write_filler).
FILLER_ROUNDS = 4
FILLER_PAUSE_S = 1.0
# A retention policy by transactions is forced with one small transaction each; past this
# many, forcing is refused (set a smaller policy instead).
MAX_TRAILING_TXS = 10_000
_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}
_DURATION_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
SETTINGS = [
    "db.tx_log.rotation.size",
    "db.tx_log.rotation.retention_policy",
    "db.checkpoint",
    "db.checkpoint.interval.time",
    "db.checkpoint.interval.tx",
    "server.directories.transaction.logs.root",
]


@dataclass(frozen=True)
class TxLogPolicy:
    """What the server says about its transaction logs (SHOW SETTINGS)."""

    rotation_size: int
    retention_policy: str
    checkpoint_policy: str
    checkpoint_interval: str
    checkpoint_interval_tx: int
    logs_root: str | None

    @property
    def checkpoint_interval_s(self) -> float:
        return parse_duration(self.checkpoint_interval)


@dataclass
class PruneReport:
    retention_policy: str
    rotation_size: int
    checkpoint_interval: str
    filler_bytes: int = 0
    filler_transactions: int = 0
    log_dir: str | None = None
    files_before: list[str] = field(default_factory=list)
    files_after: list[str] = field(default_factory=list)
    # True: every log file that existed before is gone. False: still there at the
    # timeout. None: the log directory is not visible from here (a remote server).
    pruned: bool | None = None
    waited_s: float = 0.0
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def parse_size(text: str) -> int:
    """Neo4j's byte sizes: '256.00MiB', '1M', '128K', '524288', '2G'."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", text.lower())
    if not found:
        raise ValueError(f"not a size: {text!r}")
    return int(float(found.group(1)) * _UNITS[found.group(2)])


def parse_duration(text: str) -> float:
    """Neo4j's durations: '15m', '10s', '900000ms', '1h'; a bare number is milliseconds."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*", text.lower())
    if not found:
        raise ValueError(f"not a duration: {text!r}")
    return float(found.group(1)) * _DURATION_UNITS[found.group(2) or "ms"]


def filler_needed(policy: TxLogPolicy) -> tuple[int, int]:
    """(bytes, trailing transactions) to write so that a log file holding a transaction
    committed before now is rotated out past the retention policy. CannotForce when the
    policy keeps logs by age or for ever: no amount of writing prunes those sooner."""
    size = policy.rotation_size
    raw = policy.retention_policy.strip().lower()
    if raw in ("false", "keep_none"):
        return size, 1
    if raw in ("true", "keep_all"):
        raise CannotForce(
            "db.tx_log.rotation.retention_policy keeps every transaction log for ever "
            f"({policy.retention_policy!r}); set it to keep_none (as the local Neo4j does)"
        )
    found = re.fullmatch(
        r"(\d+(?:\.\d+)?)\s*([kmg]?)\s*(files|size|txs|entries|hours|days)(?:\s+\S+)?", raw
    )
    if not found:
        raise CannotForce(f"cannot read the retention policy {policy.retention_policy!r}")
    amount = float(found.group(1)) * _UNITS[found.group(2)]
    kind = found.group(3)
    if kind in ("hours", "days"):
        raise CannotForce(
            f"the retention policy {policy.retention_policy!r} keeps logs by age: a forget "
            f"stays in them at least {found.group(1)} {kind}; set "
            "db.tx_log.rotation.retention_policy=keep_none to prune at the next checkpoint"
        )
    if kind == "files":
        return int(amount) * size, 1
    if kind == "size":
        return int(amount) + size, 1
    if amount > MAX_TRAILING_TXS:
        raise CannotForce(
            f"the retention policy {policy.retention_policy!r} keeps {int(amount)} "
            f"transactions; forcing it would take as many writes (at most {MAX_TRAILING_TXS})"
        )
    return size, int(amount) + 1


async def read_policy(store: GraphStore) -> TxLogPolicy:
    rows = await store.read_rows("txlog/settings", names=SETTINGS)
    got = {r["name"]: r["value"] for r in rows}
    return TxLogPolicy(
        rotation_size=parse_size(str(got.get("db.tx_log.rotation.size") or "256M")),
        retention_policy=str(got.get("db.tx_log.rotation.retention_policy") or "2 days 2G"),
        checkpoint_policy=str(got.get("db.checkpoint") or "PERIODIC"),
        checkpoint_interval=str(got.get("db.checkpoint.interval.time") or "15m"),
        checkpoint_interval_tx=int(got.get("db.checkpoint.interval.tx") or 100_000),
        logs_root=got.get("server.directories.transaction.logs.root"),
    )


async def write_filler(store: GraphStore, nbytes: int, trailing_txs: int = 1) -> tuple[int, int]:
    """Write and delete throw-away nodes carrying ``nbytes`` of text (in the create
    transactions alone; each delete logs as much again), then ``trailing_txs`` small
    transactions, so that the log rotates and the new file is not empty. Returns
    (bytes, transactions)."""
    await store.write_rows("txlog/filler_delete")  # one left by an interrupted run
    written = txs = 0
    # In rounds, a moment apart: Neo4j hands a freed record out again only once its id
    # is back in the id generator's cache, which a round's allocations refill for the next.
    step = min(MAX_CHUNK, max(nbytes // FILLER_ROUNDS, 1))
    while written < nbytes:
        if written:
            await asyncio.sleep(FILLER_PAUSE_S)
        chunk = min(step, nbytes - written)
        # Random text: nothing in Neo4j packs it smaller than it is.
        await store.write_rows(
            "txlog/filler_create",
            pad=os.urandom(chunk // 2 + 1).hex()[:chunk],
            floats=filler_floats(chunk),
        )
        await store.write_rows("txlog/filler_delete")
        written += chunk
        txs += 2
    for _ in range(trailing_txs):
        await store.write_rows("txlog/filler_create", pad="", floats=[])
        txs += 1
    await store.write_rows("txlog/filler_delete")
    return written, txs + 1


def filler_floats(nbytes: int) -> list[float]:
    """Random floats taking ``nbytes`` in Neo4j's array store (8 bytes each): written
    beside the text, they fill the array store's free records, where a forgotten
    memory's tags and embedding were (docs/forget.md)."""
    return [random.random() for _ in range(nbytes // 8)]


def log_dir_here(policy: TxLogPolicy, uri: str, database: str) -> Path | None:
    """The server's log directory for ``database``, when it is on this machine."""
    host = urlparse(uri).hostname or ""
    if not policy.logs_root or host not in ("127.0.0.1", "localhost", "::1"):
        return None
    path = Path(policy.logs_root) / database
    return path if path.is_dir() else None


def log_files(directory: Path) -> list[str]:
    """The transaction log files in ``directory``, oldest first."""
    names = [p.name for p in directory.iterdir() if p.name.startswith(LOG_PREFIX)]
    return sorted(names, key=lambda n: int(n[len(LOG_PREFIX) :] or 0))


async def prune_logs(
    store: GraphStore,
    *,
    wait: bool = True,
    timeout_s: float | None = None,
    max_bytes: int | None = None,
    poll_s: float = 1.0,
) -> PruneReport:
    """Make the log files written until now prunable, and wait until they are pruned.

    Waiting needs the log directory on this machine (a local Neo4j); for a remote one the
    report says what bounds it instead. ``timeout_s`` defaults to the checkpoint interval
    plus a minute. CannotForce when the retention policy keeps logs by age or for ever,
    or when forcing would take more than ``max_bytes`` of filler.
    """
    policy = await read_policy(store)
    report = PruneReport(
        retention_policy=policy.retention_policy,
        rotation_size=policy.rotation_size,
        checkpoint_interval=policy.checkpoint_interval,
    )
    nbytes, trailing = filler_needed(policy)
    if max_bytes is not None and nbytes > max_bytes:
        raise CannotForce(
            f"rotating past db.tx_log.rotation.size={policy.rotation_size} bytes under the "
            f"retention policy {policy.retention_policy!r} takes {nbytes} bytes of filler, "
            f"more than the {max_bytes} allowed; allow more, or give the server a smaller "
            "db.tx_log.rotation.size (the local Neo4j uses 1M)"
        )
    settings = store.settings
    directory = log_dir_here(policy, settings.effective_neo4j_uri, store.database)
    if directory is not None:
        report.log_dir = str(directory)
        report.files_before = log_files(directory)
    report.filler_bytes, report.filler_transactions = await write_filler(store, nbytes, trailing)
    bound = (
        f"the next checkpoint prunes them: {policy.checkpoint_policy} checkpoints, "
        f"db.checkpoint.interval.time={policy.checkpoint_interval} after the last one"
    )
    if directory is None:
        report.note = f"the log files written until now have rotated; {bound}"
        return report
    if not wait:
        report.files_after = log_files(directory)
        report.note = f"not waiting; {bound}"
        return report
    limit = timeout_s if timeout_s is not None else policy.checkpoint_interval_s + 60.0
    started = time.monotonic()
    old = set(report.files_before)
    while True:
        report.files_after = log_files(directory)
        left = old & set(report.files_after)
        report.waited_s = round(time.monotonic() - started, 1)
        if not left:
            report.pruned = True
            report.note = "every log file written before this call is gone"
            return report
        if report.waited_s >= limit:
            report.pruned = False
            report.note = f"still there after {report.waited_s:.0f}s: {sorted(left)}; {bound}"
            return report
        await asyncio.sleep(poll_s)
