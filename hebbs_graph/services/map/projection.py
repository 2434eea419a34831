"""A 2-D projection of memory vectors (PCA), fitted once and reused: memories added
since the fit are placed with its basis until enough have changed to fit again."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from hebbs_graph.models.graph import MapRegion
from hebbs_graph.services.map.regions import Regions

# The map's coordinates: the fitted points' larger spread fills -SPAN..SPAN.
SPAN = 1000.0
# Refit when this share of the fitted memories (or more) arrived or changed since.
REFIT_SHARE = 0.25
REFIT_AT_LEAST = 50

Vectors = NDArray[np.float32]


def signature(stamps: Iterable[tuple[str, str]]) -> str:
    """A digest of (id, updated_at) pairs, whatever their order."""
    digest = hashlib.blake2b(digest_size=16)
    for mid, updated in sorted(stamps):
        digest.update(f"{mid}|{updated}\n".encode())
    return digest.hexdigest()


@dataclass
class Projection:
    """A fitted basis and the places it gave: id → (x, y), and the updated_at each had."""

    mean: Vectors
    basis: Vectors  # 2 × dimension
    scale: float
    fitted: int
    places: dict[str, tuple[float, float]] = field(default_factory=dict)
    stamps: dict[str, str] = field(default_factory=dict)
    added: int = 0  # placed with the basis since the fit
    signed: str = ""
    regions: Regions | None = None  # fitted on the places the fit gave (semantic_map.py)
    drawn_regions: list[MapRegion] | None = None  # as the last answer described them
    drawn_count: int = 0  # the memories the last answer held

    @classmethod
    def fit(cls, ids: list[str], vectors: Vectors) -> Projection:
        mean = vectors.mean(axis=0)
        centred = vectors - mean
        if len(ids) < 2:
            basis = np.eye(2, vectors.shape[1], dtype=np.float32)
        else:
            # The two largest eigenvectors of the covariance (dimension², not n²).
            _values, vecs = np.linalg.eigh(centred.T @ centred)
            basis = vecs[:, ::-1][:, :2].T.astype(np.float32)
            # A sign of its own for each axis, so a refit does not mirror the picture.
            signs = np.sign(basis.sum(axis=1, keepdims=True))
            basis = basis * np.where(signs == 0, 1, signs)
        raw = (centred @ basis.T).astype(np.float32)
        spread = float(np.abs(raw).max()) if raw.size else 0.0
        made = cls(
            mean=mean, basis=basis, scale=SPAN / spread if spread > 0 else 1.0, fitted=len(ids)
        )
        made._put(ids, raw)
        return made

    def place(self, ids: list[str], vectors: Vectors) -> None:
        """Place (or move) memories with the fitted basis."""
        self._put(ids, ((vectors - self.mean) @ self.basis.T).astype(np.float32))
        self.added += len(ids)

    def due(self, waiting: int) -> bool:
        """Whether placing ``waiting`` more memories should refit instead."""
        return self.added + waiting > max(REFIT_AT_LEAST, REFIT_SHARE * self.fitted)

    def _put(self, ids: list[str], raw: Vectors) -> None:
        scaled = np.round(raw.astype(np.float64) * self.scale, 1).tolist()
        for mid, (x, y) in zip(ids, scaled, strict=True):
            self.places[mid] = (x, y)


def as_vectors(values: list[list[float]], dimension: int | None = None) -> Vectors:
    if not values:
        return np.zeros((0, dimension or 1), dtype=np.float32)
    return np.asarray(values, dtype=np.float32)


def unplaced(mid: str) -> tuple[float, float]:
    """A memory without a vector: a fixed spot near the middle (its id picks it)."""
    h = hashlib.blake2b(mid.encode(), digest_size=4).digest()
    return (float(h[0] - 128) / 4, float(h[1] - 128) / 4)
