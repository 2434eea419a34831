"""Exact nearest neighbours of a few vectors among many, in numpy (pure, no database)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


def as_matrix(vectors: Sequence[Sequence[float]]) -> Matrix:
    """Rows L2-normalised, so a dot product is the cosine similarity."""
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2 or not len(matrix):
        return np.zeros((0, 0), dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    normalised: Matrix = (matrix / np.maximum(norms, 1e-12)).astype(np.float32)
    return normalised


def stack(blocks: list[Matrix]) -> Matrix:
    """One matrix from row blocks (empty when there are none)."""
    return np.vstack(blocks) if blocks else np.zeros((0, 0), dtype=np.float32)


def nearest_pairs(
    ids: list[str], matrix: Matrix, queries: list[str], *, k: int, min_similarity: float
) -> list[tuple[str, str, float]]:
    """For each id in ``queries`` (all in ``ids``), its ``k`` most similar other ids at
    cosine >= ``min_similarity``, as (query id, other id, similarity)."""
    position = {mid: i for i, mid in enumerate(ids)}
    rows = [position[q] for q in queries if q in position]
    if not rows or len(ids) < 2:
        return []
    sims = matrix[rows] @ matrix.T
    sims[np.arange(len(rows)), rows] = -np.inf  # never a memory with itself
    take = min(k, len(ids) - 1)
    top = np.argpartition(-sims, take - 1, axis=1)[:, :take]
    out: list[tuple[str, str, float]] = []
    for r, row in enumerate(rows):
        for j in top[r]:
            similarity = float(sims[r, j])
            if similarity >= min_similarity:
                out.append((ids[row], ids[j], similarity))
    return out
