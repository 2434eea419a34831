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


def scope_groups(scopes: npt.NDArray[np.int64]) -> dict[int, npt.NDArray[np.intp]]:
    """The rows of each scope code, ascending."""
    order = np.argsort(scopes, kind="stable")
    codes = scopes[order]
    bounds = np.flatnonzero(np.diff(codes)) + 1
    return {
        int(group[0]): rows
        for group, rows in zip(np.split(codes, bounds), np.split(order, bounds), strict=True)
        if len(group)
    }


def nearest_pairs(
    ids: list[str],
    matrix: Matrix,
    queries: list[str],
    *,
    k: int,
    min_similarity: float,
    position: Mapping[str, int] | None = None,
    scopes: npt.NDArray[np.int64] | None = None,
    groups: Mapping[int, npt.NDArray[np.intp]] | None = None,
    whole: int = 0,
) -> list[tuple[str, str, float]]:
    """For each id in ``queries`` (all in ``ids``), its ``k`` most similar other ids at
    cosine >= ``min_similarity``, as (query id, other id, similarity), in query order; in
    a scope of at most ``whole`` rows, every other row of it.
    ``position``: the row of each id, when the caller keeps it. ``scopes``: one code per
    row; given, only rows of the query's own code are its neighbours, and each query is
    compared with those rows alone (``groups``: ``scope_groups(scopes)``, when the caller
    keeps it). An entity holds a few hundred of a tenant's 100,000 memories: comparing
    with the whole tenant and masking cost ~250x the arithmetic and a 100 MB matrix a
    chunk of 250."""
    if position is None:
        position = {mid: i for i, mid in enumerate(ids)}
    rows = [position[q] for q in queries if q in position]
    if not rows or len(ids) < 2:
        return []
    if scopes is None:
        everyone = np.arange(len(ids))
        found = _nearest(
            ids, matrix, rows, everyone, k=k, min_similarity=min_similarity, whole=whole
        )
        return [pair for near in found for pair in near]
    if groups is None:
        groups = scope_groups(scopes)
    asking: dict[int, list[int]] = {}
    for n, row in enumerate(rows):
        asking.setdefault(int(scopes[row]), []).append(n)
    found_at: list[list[tuple[str, str, float]]] = [[] for _ in rows]
    for code, ns in asking.items():
        near = _nearest(
            ids,
            matrix,
            [rows[n] for n in ns],
            groups[code],
            k=k,
            min_similarity=min_similarity,
            whole=whole,
        )
        for n, pairs in zip(ns, near, strict=True):
            found_at[n] = pairs
    return [pair for near in found_at for pair in near]


def _nearest(
    ids: list[str],
    matrix: Matrix,
    rows: list[int],
    among: npt.NDArray[np.intp],
    *,
    k: int,
    min_similarity: float,
    whole: int = 0,
) -> list[list[tuple[str, str, float]]]:
    """Each row's k nearest among the ascending rows ``among`` (which hold it); all of
    them when they are at most ``whole``."""
    if len(among) <= whole:
        k, min_similarity = len(among), -2.0  # every cosine, never itself (-inf)
    candidates = matrix if len(among) == len(ids) else matrix[among]
    sims = matrix[rows] @ candidates.T
    sims[np.arange(len(rows)), np.searchsorted(among, rows)] = -np.inf  # never itself
    # Only neighbours at min_similarity or above count, and few are: select among those
    # instead of partitioning whole rows (half the cost at 20,000 memories). A stable
    # sort keeps the earlier of equally similar neighbours (identical texts), so a tie
    # at the k-th place is broken the same way every time.
    above = sims >= min_similarity
    out: list[list[tuple[str, str, float]]] = []
    for r, row in enumerate(rows):
        near = np.flatnonzero(above[r])
        if len(near) > k:
            near = near[np.argsort(-sims[r, near], kind="stable")[:k]]
        out.append([(ids[row], ids[among[j]], float(sims[r, j])) for j in near])
    return out
