"""A tenant's current vectors for the numpy path, kept between writes (pure, no database).

Reading every vector of a tenant from Neo4j on each batch write cost more than the
comparison itself (about 1 ms per vector through the driver, so 7 s for a tenant of
7,000). Instead the detector keeps the vectors it compared against, each with a stamp,
(version, content_sha256), which every change of content or embedding alters (a
revision bumps both; nothing else writes an embedding), and reads only the vectors it
does not already hold at the stamp Neo4j now gives. ``services/contradict/kept_vectors.py`` says
when it lists the whole tenant and when it asks only what changed (``reconcile``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

import numpy as np
import numpy.typing as npt

from hebbs_graph.services.contradict.nearest import Matrix, as_matrix, scope_groups

Stamp = tuple[int | None, str | None]  # (version, content_sha256)
Listed = tuple[str, Stamp]  # a current memory: (id, stamp)


@dataclass(frozen=True)
class TenantVectors:
    """Memories with their stamps, contents, entities (None: tenant-wide) and
    L2-normalised vectors (row i is ids[i]), in id order. A memory's entity changes only
    with a revision, which changes its stamp too."""

    ids: list[str]
    stamps: list[Stamp]
    content: list[str]
    matrix: Matrix
    entities: list[str | None]

    def __len__(self) -> int:
        return len(self.ids)

    @cached_property
    def position(self) -> dict[str, int]:
        """Row of each id."""
        return {mid: i for i, mid in enumerate(self.ids)}

    @cached_property
    def scope_codes(self) -> npt.NDArray[np.int64]:
        """One integer per row, the same for rows of the same entity (tenant-wide rows
        share one), for comparing within an entity."""
        codes: dict[str | None, int] = {}
        return np.fromiter(
            (codes.setdefault(e, len(codes)) for e in self.entities),
            dtype=np.int64,
            count=len(self.entities),
        )

    @cached_property
    def scope_groups(self) -> dict[int, npt.NDArray[np.intp]]:
        """The rows of each scope code, ascending (``nearest.scope_groups``)."""
        return scope_groups(self.scope_codes)

    def holds(self, mid: str, stamp: Stamp) -> bool:
        row = self.position.get(mid)
        return row is not None and self.stamps[row] == stamp

    @classmethod
    def of(
        cls,
        rows: Sequence[tuple[str, Stamp, str, Sequence[float]]],
        entities: Sequence[str | None] | None = None,
    ) -> TenantVectors:
        """From (id, stamp, content, vector) rows and each row's entity (default: none)."""
        return cls(
            [r[0] for r in rows],
            [r[1] for r in rows],
            [r[2] for r in rows],
            as_matrix([r[3] for r in rows]),
            list(entities) if entities is not None else [None] * len(rows),
        )

    @classmethod
    def empty(cls) -> TenantVectors:
        return cls([], [], [], np.zeros((0, 0), dtype=np.float32), [])

    def replaced(self, drop: Collection[str], add: TenantVectors) -> TenantVectors:
        """These rows without ``drop`` and without any id ``add`` holds, then ``add``'s
        rows; in id order."""
        gone = set(drop) | set(add.ids)
        keep = [i for i, mid in enumerate(self.ids) if mid not in gone] if gone else None
        if keep is not None and len(keep) == len(self):
            keep = None
        base = self if keep is None else self._rows(keep)
        if not len(add):
            return base
        add = add._sorted()
        if not len(base):
            return add
        if base.matrix.shape[1] != add.matrix.shape[1]:
            raise ValueError(
                f"vectors of different dimensions: {base.matrix.shape[1]}, {add.matrix.shape[1]}"
            )
        joined = TenantVectors(
            base.ids + add.ids,
            base.stamps + add.stamps,
            base.content + add.content,
            np.concatenate([base.matrix, add.matrix]),
            base.entities + add.entities,
        )
        # New ids are time-ordered, so they nearly always sort after the kept ones.
        return joined if base.ids[-1] < add.ids[0] else joined._sorted()

    def _rows(self, rows: list[int]) -> TenantVectors:
        return TenantVectors(
            [self.ids[i] for i in rows],
            [self.stamps[i] for i in rows],
            [self.content[i] for i in rows],
            self.matrix[rows] if rows else np.zeros((0, 0), dtype=np.float32),
            [self.entities[i] for i in rows],
        )

    def _sorted(self) -> TenantVectors:
        order = sorted(range(len(self)), key=self.ids.__getitem__)
        return self if order == list(range(len(self))) else self._rows(order)


def missing(listing: Sequence[Listed], sources: Sequence[TenantVectors]) -> list[str]:
    """Ids of listed memories that no source holds at the listed stamp."""
    return [mid for mid, stamp in listing if not any(s.holds(mid, stamp) for s in sources)]


def assemble(listing: Sequence[Listed], sources: Sequence[TenantVectors]) -> TenantVectors:
    """The listed memories, in listing order, each taken from the first source holding it
    at its listed stamp; listed memories no source holds are left out."""
    picked: list[tuple[str, Stamp, int, int]] = []
    for mid, stamp in listing:
        for s, src in enumerate(sources):
            row = src.position.get(mid)
            if row is not None and src.stamps[row] == stamp:
                picked.append((mid, stamp, s, row))
                break
    if not picked:
        return TenantVectors.empty()
    dims = {sources[s].matrix.shape[1] for _, _, s, _ in picked}
    if len(dims) != 1:
        raise ValueError(f"vectors of different dimensions: {sorted(dims)}")
    matrix = np.empty((len(picked), dims.pop()), dtype=np.float32)
    for s, src in enumerate(sources):
        out_rows = [i for i, p in enumerate(picked) if p[2] == s]
        if out_rows:
            matrix[out_rows] = src.matrix[[picked[i][3] for i in out_rows]]
    return TenantVectors(
        [p[0] for p in picked],
        [p[1] for p in picked],
        [sources[p[2]].content[p[3]] for p in picked],
        matrix,
        [sources[p[2]].entities[p[3]] for p in picked],
    )


@dataclass(frozen=True)
class Kept:
    """A tenant's vectors as last brought up to date, and what Neo4j said then."""

    vectors: TenantVectors
    total: int  # the tenant's memory nodes (snapshots included)
    recent: frozenset[str]  # of those, the ones created since the check's watermark
    checked_at: datetime  # when that check began, by this process's clock
    listed_at: float  # monotonic time of the last full listing
    listing_s: float  # what that listing cost


@dataclass(frozen=True)
class Changes:
    """What Neo4j says changed since a watermark (``contradict/tenant_changes``)."""

    total: int
    created: list[str]  # every node created since, snapshots included
    stamps: list[tuple[str, Stamp, bool]] = field(default_factory=list)  # (id, stamp, current)


def reconcile(kept: Kept, changes: Changes) -> tuple[set[str], list[Listed]] | None:
    """(ids to drop, memories to add or restamp) that bring ``kept`` up to date, or None
    when the counts do not add up (something was deleted, or created out of sight of the
    watermark) and the tenant must be listed again.

    Every node created since the watermark is named in ``created``, so the tenant must
    now hold ``kept.total`` plus those not counted before. A revision shows as the
    snapshot it creates, whose memory is then restamped.
    """
    added = len(set(changes.created) - kept.recent)
    if changes.total != kept.total + added:
        return None
    vectors = kept.vectors
    drop = {mid for mid, _, current in changes.stamps if not current and mid in vectors.position}
    changed = [
        (mid, stamp)
        for mid, stamp, current in changes.stamps
        if current and not vectors.holds(mid, stamp)
    ]
    return drop, changed


class VectorCache:
    """What is kept for the most recently checked tenants, at most ``max_rows`` vectors
    in all (least recently used tenants go first)."""

    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._tenants: OrderedDict[str, Kept] = OrderedDict()

    def get(self, tenant_id: str) -> Kept | None:
        found = self._tenants.get(tenant_id)
        if found is not None:
            self._tenants.move_to_end(tenant_id)
        return found

    def put(self, tenant_id: str, kept: Kept) -> None:
        self._tenants.pop(tenant_id, None)
        if len(kept.vectors) > self.max_rows:
            return
        self._tenants[tenant_id] = kept
        while self.rows > self.max_rows:
            self._tenants.popitem(last=False)

    def drop(self, tenant_id: str) -> None:
        self._tenants.pop(tenant_id, None)

    def held(self, tenant_id: str) -> int:
        """How many vectors are kept for the tenant (none: 0)."""
        found = self._tenants.get(tenant_id)
        return len(found.vectors) if found is not None else 0

    @property
    def rows(self) -> int:
        return sum(len(k.vectors) for k in self._tenants.values())
