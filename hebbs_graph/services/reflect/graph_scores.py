"""How well a partition of episodes fits their neighbour graph: the measures whose votes
choose k in clustering.py (docs/decisions/0021, issue 29)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix


class GraphScores:
    """How well partitions fit one weighted graph, counting only the clusters prepare
    hands out: members of clusters under ``min_size`` are in no cluster, so they and their
    edges are left out (they neither help nor blur a cluster). With W the summed degree
    (every edge counted from both ends), and per kept cluster c: w_c the same sum over the
    edges inside c, d_c the summed degree of its members.

    - ``modularity``: Σ_c (w_c / W − (d_c / W)²) (Newman): 0 for one cluster or a random
      split, up to 1 − 1/k for k clusters with no edge between them; −1 if none is kept.
    - ``description_length``: the two-level map equation (Rosvall and Bergstrom), in bits
      a step: H(q) · q + Σ_c H(P_c) · (q_c + p_c), with p_c = d_c / W the time a random
      walk spends in c, q_c = (d_c − w_c) / W the rate it leaves c, q = Σ q_c; lower is
      better; +∞ if no cluster is kept.

    O(edges) a partition."""

    def __init__(self, graph: csr_matrix, min_size: int = 1) -> None:
        coo = graph.tocoo()
        self.rows, self.cols, self.weights = coo.row, coo.col, coo.data
        self.n = graph.shape[0]
        self.min_size = min_size

    def _sums(
        self, labels: NDArray[np.int_]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], float] | None:
        """Per cluster (0 for those not kept): inside weight, summed degree; each kept
        point's degree; the total. None when no cluster is kept."""
        kept = np.bincount(labels)[labels] >= self.min_size
        if not kept.any():
            return None
        edges = kept[self.rows] & kept[self.cols]
        rows, cols, weights = self.rows[edges], self.cols[edges], self.weights[edges]
        clusters = int(labels.max()) + 1
        degree = _sum_by(rows, weights, self.n)
        inside = _sum_by(
            labels[rows], np.where(labels[rows] == labels[cols], weights, 0.0), clusters
        )
        return inside, _sum_by(labels, degree, clusters), degree, float(weights.sum())

    def modularity(self, labels: NDArray[np.int_]) -> float:
        sums = self._sums(labels)
        if sums is None:
            return -1.0
        inside, per_cluster, _, total = sums
        if total <= 0:
            return 0.0
        return float((inside / total - (per_cluster / total) ** 2).sum())

    def description_length(self, labels: NDArray[np.int_]) -> float:
        sums = self._sums(labels)
        if sums is None:
            return math.inf
        inside, per_cluster, degree, total = sums
        if total <= 0:
            return 0.0
        exits = (per_cluster - inside) / total
        return (
            _plogp(np.array([exits.sum()]))
            - 2 * _plogp(exits)
            - _plogp(degree / total)
            + _plogp(exits + per_cluster / total)
        )


def _sum_by(
    index: NDArray[np.int_], weights: NDArray[np.float64], size: int
) -> NDArray[np.float64]:
    """The weights summed per index value, 0..size − 1."""
    return np.bincount(index, weights=weights, minlength=size).astype(np.float64)


def _plogp(p: NDArray[np.float64]) -> float:
    """Σ p log2 p over p > 0."""
    p = p[p > 0]
    return float((p * np.log2(p)).sum())
