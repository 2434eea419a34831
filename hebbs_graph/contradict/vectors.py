"""A tenant's current vectors for the numpy path, kept between writes (pure, no database).

Reading every vector of a tenant from Neo4j on each batch write cost more than the
comparison itself (about 1 ms per vector through the driver, so 7 s for a tenant of
7,000). Instead the detector lists the tenant's current memories with a stamp each,
(version, content_sha256), which every change of content or embedding alters (a
revision bumps both; nothing else writes an embedding), and reads only the vectors it
does not already hold at that stamp. The listing comes from Neo4j on every use, so what
is compared is exactly what Neo4j holds now, whoever wrote it; the cache only spares
re-reading vectors that cannot have changed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from hebbs_graph.contradict.nearest import Matrix, as_matrix

Stamp = tuple[int | None, str | None]  # (version, content_sha256)
Listed = tuple[str, Stamp]  # a current memory: (id, stamp)


@dataclass(frozen=True)
class TenantVectors:
    """Memories with their stamps, contents and L2-normalised vectors (row i is ids[i])."""

    ids: list[str]
    stamps: list[Stamp]
    content: list[str]
    matrix: Matrix

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def of(cls, rows: Sequence[tuple[str, Stamp, str, Sequence[float]]]) -> TenantVectors:
        """From (id, stamp, content, vector) rows."""
        return cls(
            [r[0] for r in rows],
            [r[1] for r in rows],
            [r[2] for r in rows],
            as_matrix([r[3] for r in rows]),
        )

    @classmethod
    def empty(cls) -> TenantVectors:
        return cls([], [], [], np.zeros((0, 0), dtype=np.float32))


def missing(listing: Sequence[Listed], sources: Sequence[TenantVectors]) -> list[str]:
    """Ids of listed memories that no source holds at the listed stamp."""
    held = {(mid, stamp) for src in sources for mid, stamp in zip(src.ids, src.stamps, strict=True)}
    return [mid for mid, stamp in listing if (mid, stamp) not in held]


def assemble(listing: Sequence[Listed], sources: Sequence[TenantVectors]) -> TenantVectors:
    """The listed memories, in listing order, each taken from a source holding it at its
    listed stamp; listed memories no source holds are left out."""
    where: dict[tuple[str, Stamp], tuple[int, int]] = {}
    for s, src in enumerate(sources):
        for row, key in enumerate(zip(src.ids, src.stamps, strict=True)):
            where.setdefault(key, (s, row))
    picked = [(mid, stamp, where[(mid, stamp)]) for mid, stamp in listing if (mid, stamp) in where]
    if not picked:
        return TenantVectors.empty()
    dims = {sources[s].matrix.shape[1] for _, _, (s, _) in picked}
    if len(dims) != 1:
        raise ValueError(f"vectors of different dimensions: {sorted(dims)}")
    matrix = np.empty((len(picked), dims.pop()), dtype=np.float32)
    for s, src in enumerate(sources):
        out_rows = [i for i, (_, _, (from_s, _)) in enumerate(picked) if from_s == s]
        if out_rows:
            src_rows = [picked[i][2][1] for i in out_rows]
            matrix[out_rows] = src.matrix[src_rows]
    return TenantVectors(
        [mid for mid, _, _ in picked],
        [stamp for _, stamp, _ in picked],
        [sources[s].content[row] for _, _, (s, row) in picked],
        matrix,
    )


class VectorCache:
    """The last assembled vectors of the most recently checked tenants, at most
    ``max_rows`` rows in all (least recently used tenants go first)."""

    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._tenants: OrderedDict[str, TenantVectors] = OrderedDict()

    def get(self, tenant_id: str) -> TenantVectors | None:
        found = self._tenants.get(tenant_id)
        if found is not None:
            self._tenants.move_to_end(tenant_id)
        return found

    def put(self, tenant_id: str, vectors: TenantVectors) -> None:
        self._tenants.pop(tenant_id, None)
        if len(vectors) > self.max_rows:
            return
        self._tenants[tenant_id] = vectors
        while self.rows > self.max_rows:
            self._tenants.popitem(last=False)

    @property
    def rows(self) -> int:
        return sum(len(v) for v in self._tenants.values())
