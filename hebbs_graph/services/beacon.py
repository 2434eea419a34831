"""What the API processes of one `serve` tell its checker process: the batch writes
running, when the last one ended, and whether a review waits for the checks (decision
0034).

In one process the checker gives way to that process's writes (``foreground.py``) and
stops giving way while a review waits (``contradict/check_wait.py``). Run in a process
of its own it cannot see either, so each API process keeps a record of 24 bytes in a
folder `serve` makes (``BEACON_ENV``), rewritten in place on every change, and the
checker reads them all while it waits for a pause. Only batches are told: a bulk import
runs at full speed with its checks after it, as in one process, while single remembers
(an agent's, or many agents' at once) have their checks run beside them at the
checker's lower priority, which keeps up with them. A record whose process is gone is
left out. A checker elsewhere (another host, no folder) does not give way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import struct
import time
from pathlib import Path

# The folder of the records, made by `serve` for its workers and its checker.
BEACON_ENV = "HEBBS_CHECKER_BEACONS"
# writes running, the last write's end (Unix time), reviews waiting.
RECORD = struct.Struct("<qdq")
SUFFIX = ".beacon"
# How often a waiting checker reads the records.
READ_EVERY_S = 0.01


class Beacon:
    """This process's record; every method rewrites it (one pwrite)."""

    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / f"{os.getpid()}{SUFFIX}"
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        self._writes = 0
        self._ended = 0.0
        self._reviews = 0
        self._tell()

    def writes(self, running: int) -> None:
        if running < self._writes:
            self._ended = time.time()
        self._writes = running
        self._tell()

    def reviews(self, waiting: int) -> None:
        self._reviews = waiting
        self._tell()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
            self.path.unlink()

    def _tell(self) -> None:
        with contextlib.suppress(OSError):
            os.pwrite(self._fd, RECORD.pack(self._writes, self._ended, self._reviews), 0)


class Beacons:
    """The checker's reading of every live API process's record: ``pause`` gives way to
    their writes as ``Foreground.pause`` does to one process's, and ends at once while a
    review waits."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def read(self) -> tuple[int, float, int]:
        """(writes running, the last write's end, reviews waiting) over the live records."""
        running, ended, reviews = 0, 0.0, 0
        for path in self.folder.glob(f"*{SUFFIX}"):
            if not _alive(path.name.removesuffix(SUFFIX)):
                continue
            try:
                raw = path.read_bytes()[: RECORD.size]
            except OSError:
                continue
            if len(raw) < RECORD.size:
                continue
            w, e, r = RECORD.unpack(raw)
            running, ended, reviews = running + max(0, w), max(ended, e), reviews + max(0, r)
        return running, ended, reviews

    async def pause(self, quiet_s: float, at_most_s: float) -> float:
        """Return once no write has run for ``quiet_s`` or a review waits, or after
        ``at_most_s``; the seconds waited."""
        started = time.monotonic()
        while True:
            running, ended, reviews = self.read()
            waited = time.monotonic() - started
            quiet = 0.0 if running else time.time() - ended
            if reviews or quiet >= quiet_s or waited >= at_most_s:
                return waited
            await asyncio.sleep(min(READ_EVERY_S, at_most_s - waited))


def _alive(pid: str) -> bool:
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return True
