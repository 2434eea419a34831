"""Exact nearest neighbours of a few vectors among many, in numpy (pure, no database)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    ids: list[str],
    matrix: Matrix,
    queries: list[str],
    *,
    k: int,
    min_similarity: float,
    position: Mapping[str, int] | None = None,
    scopes: npt.NDArray[np.int64] | None = None,
) -> list[tuple[str, str, float]]:
    """For each id in ``queries`` (all in ``ids``), its ``k`` most similar other ids at
    cosine >= ``min_similarity``, as (query id, other id, similarity). ``position``:
    the row of each id, when the caller keeps it. ``scopes``: one code per row; given,
    only rows of the query's own code are its neighbours."""
    if position is None:
        position = {mid: i for i, mid in enumerate(ids)}
    rows = [position[q] for q in queries if q in position]
    if not rows or len(ids) < 2:
        return []
    sims = matrix[rows] @ matrix.T
    sims[np.arange(len(rows)), rows] = -np.inf  # never a memory with itself
    # Only neighbours at min_similarity or above count, and few are: select among those
    # instead of partitioning whole rows (half the cost at 20,000 memories). A stable
    # sort keeps the earlier of equally similar neighbours (identical texts), so a tie
    # at the k-th place is broken the same way every time.
    above = sims >= min_similarity
    if scopes is not None:
        above &= scopes[rows][:, None] == scopes[None, :]
    out: list[tuple[str, str, float]] = []
    for r, row in enumerate(rows):
        near = np.flatnonzero(above[r])
        if len(near) > k:
            near = near[np.argsort(-sims[r, near], kind="stable")[:k]]
        out += [(ids[row], ids[j], float(sims[r, j])) for j in near]
    return out
