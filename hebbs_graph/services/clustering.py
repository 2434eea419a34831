"""Grouping episodes by meaning: k-means on L2-normalised embeddings, k by silhouette.

Pure CPU work (numpy, scikit-learn); callers run it in a worker thread. The same
vectors in the same order give the same clusters: k-means and the silhouette sample
use a fixed seed, and clusters are numbered by a rule that depends only on the input.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from sklearn.cluster import KMeans
from sklearn.metrics import pairwise_distances, silhouette_score
from threadpoolctl import threadpool_limits

# Above this many points the silhouette is computed on a fixed sample (it is O(n²)).
SILHOUETTE_SAMPLE = 2000
# k-means++ restarts per k, from a budget of points × restarts: small inputs get up to
# 10 (cheap, and steadier clusters), 500 episodes get 2, thousands get 1.
RESTART_BUDGET = 1000
MAX_RESTARTS = 10


def restarts(n: int) -> int:
    return max(1, min(MAX_RESTARTS, RESTART_BUDGET // max(n, 1)))


@dataclass(frozen=True)
class Clustering:
    k: int  # the k silhouette chose (0 when nothing was clustered)
    silhouette: float
    clusters: list[list[int]]  # member indices into the input, each list ascending


def candidate_ks(n: int, max_k: int = 50) -> range:
    """k from 2 to min(max_k, ⌈√n⌉), never more than n − 1 (silhouette needs it)."""
    return range(2, min(max_k, math.ceil(math.sqrt(n)), n - 1) + 1)


def normalise(vectors: NDArray[np.floating] | list[list[float]]) -> NDArray[np.float64]:
    x = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    result: NDArray[np.float64] = x / norms
    return result


def cluster_embeddings(
    vectors: NDArray[np.floating] | list[list[float]],
    *,
    seed: int = 42,
    max_k: int = 50,
    min_size: int = 3,
) -> Clustering:
    """Cluster ``vectors``; clusters smaller than ``min_size`` are dropped.

    Clusters come back largest first, ties broken by their earliest member, so a
    cluster's position (its cluster_id) is stable for the same input.
    """
    x = normalise(vectors)
    n = len(x)
    ks = candidate_ks(n, max_k)
    if len(ks) == 0:
        return Clustering(k=0, silhouette=0.0, clusters=[])
    sample = _silhouette_sample(n, seed)
    best: tuple[float, int, NDArray[np.int_]] | None = None
    # One thread: many small fits lose more to OpenMP/BLAS hand-offs than they gain,
    # badly so on a busy machine, and one thread keeps the arithmetic order fixed.
    with threadpool_limits(limits=1):
        distances = pairwise_distances(x[sample])
        for k in ks:
            labels = _kmeans(x, k, seed, restarts(n))
            score = _silhouette(distances, labels[sample])
            if score is not None and (best is None or score > best[0]):
                best = (score, k, labels)
    if best is None:  # every point identical: nothing to tell apart
        return Clustering(k=0, silhouette=0.0, clusters=[])
    score, k, labels = best
    return Clustering(k=k, silhouette=score, clusters=_groups(labels, min_size))


def _kmeans(x: NDArray[np.float64], k: int, seed: int, n_init: int) -> NDArray[np.int_]:
    with warnings.catch_warnings():
        # Duplicate texts can leave fewer distinct clusters than k; silhouette judges that.
        warnings.simplefilter("ignore")
        model = KMeans(n_clusters=k, n_init=n_init, random_state=seed, algorithm="lloyd")
        labels: NDArray[np.int_] = model.fit_predict(x)
    return labels


def _silhouette_sample(n: int, seed: int) -> NDArray[np.int_]:
    if n <= SILHOUETTE_SAMPLE:
        return np.arange(n)
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n, size=SILHOUETTE_SAMPLE, replace=False))


def _silhouette(distances: NDArray[np.float64], labels: NDArray[np.int_]) -> float | None:
    distinct = len(np.unique(labels))
    if distinct < 2 or distinct >= len(labels):
        return None
    return float(silhouette_score(distances, labels, metric="precomputed"))


def _groups(labels: NDArray[np.int_], min_size: int) -> list[list[int]]:
    members: dict[int, list[int]] = {}
    for index, label in enumerate(labels.tolist()):
        members.setdefault(int(label), []).append(index)
    kept = [m for m in members.values() if len(m) >= min_size]
    return sorted(kept, key=lambda m: (-len(m), m[0]))
