"""What a server's data folder still holds: byte strings, and vectors near given ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np

# Lucene's vector index keeps a normalized copy: the same floats but for the last bits.
VECTOR_TOLERANCE = 1e-6


def files(data: Path) -> list[Path]:
    return sorted(p for p in data.rglob("*") if p.is_file())


def count_needles(data: Path, needles: dict[str, bytes]) -> dict[str, dict[str, int]]:
    """{file: {needle name: occurrences}} for every file under ``data`` holding one."""
    found: dict[str, dict[str, int]] = {}
    for path in files(data):
        try:
            body = path.read_bytes()
        except OSError:
            continue
        for name, needle in needles.items():
            if n := body.count(needle):
                found.setdefault(str(path.relative_to(data)), {})[name] = n
    return found


def vector_hits(data: Path, vectors: list[list[float]], head: int = 4) -> dict[str, int]:
    """{file: places} where the first ``head`` floats of one of ``vectors`` stand, as
    float32 or float64 of either byte order, within VECTOR_TOLERANCE."""
    found: dict[str, int] = {}
    for path in files(data):
        try:
            body = path.read_bytes()
        except OSError:
            continue
        n = 0
        for kind, size in (("f4", 4), ("f8", 8)):
            for order in "<>":
                for offset in range(size):
                    count = (len(body) - offset) // size
                    if count < head:
                        continue
                    values = np.frombuffer(body, dtype=order + kind, count=count, offset=offset)
                    for vector in vectors:
                        n += _places(values, np.array(vector[:head]))
        if n:
            found[str(path.relative_to(data))] = n
    return found


def _places(values: np.ndarray, head: np.ndarray) -> int:
    with np.errstate(invalid="ignore", over="ignore"):
        starts = np.flatnonzero(
            np.abs(values[: len(values) - len(head) + 1] - head[0]) < VECTOR_TOLERANCE
        )
        return sum(
            1 for s in starts if np.allclose(values[s : s + len(head)], head, atol=VECTOR_TOLERANCE)
        )
