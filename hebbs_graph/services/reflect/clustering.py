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
    # scikit-learn (and SciPy under it) is imported on the first reflection, not at
    # start: ~90 MiB an API process that never reflects does not carry.
    from sklearn.metrics import pairwise_distances

    with threadpool_limits(limits=1):
        distances = pairwise_distances(x[sample])
        # Lloyd's iterations in float32: twice as fast, and embeddings carry no more.
        x32 = x.astype(np.float32)
        seeds = _seedings(x32, ks[-1], seed, restarts(n))
        for k in ks:
            labels = _kmeans(x32, k, seeds)
            score = _silhouette(distances, labels[sample])
            if score is not None and (best is None or score > best[0]):
                best = (score, k, labels)
    if best is None:  # every point identical: nothing to tell apart
        return Clustering(k=0, silhouette=0.0, clusters=[])
    score, k, labels = best
    return Clustering(k=k, silhouette=score, clusters=_groups(labels, min_size))


def _seedings(x: NDArray[np.float32], k_max: int, seed: int, n: int) -> list[NDArray[np.float32]]:
    """k-means++ centres for the largest k, once per restart.

    k-means++ picks centres one after another, so the first k of a k_max seeding are a
    k-means++ seeding for k: seeding once instead of once per k saves most of the work.
    """
    from sklearn.cluster import kmeans_plusplus

    return [kmeans_plusplus(x, n_clusters=k_max, random_state=seed + r)[0] for r in range(n)]


def _kmeans(
    x: NDArray[np.float32], k: int, seedings: list[NDArray[np.float32]]
) -> NDArray[np.int_]:
    """Lloyd's k-means from each seeding's first k centres; the lowest inertia wins."""
    from sklearn.cluster import KMeans

    best: tuple[float, NDArray[np.int_]] | None = None
    with warnings.catch_warnings():
        # Duplicate texts can leave fewer distinct clusters than k; silhouette judges that.
        warnings.simplefilter("ignore")
        for centres in seedings:
            model = KMeans(n_clusters=k, init=centres[:k], n_init=1, algorithm="lloyd")
            labels: NDArray[np.int_] = model.fit_predict(x)
            if best is None or model.inertia_ < best[0]:
                best = (float(model.inertia_), labels)
    assert best is not None
    return best[1]


def _silhouette_sample(n: int, seed: int) -> NDArray[np.int_]:
    if n <= SILHOUETTE_SAMPLE:
        return np.arange(n)
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n, size=SILHOUETTE_SAMPLE, replace=False))


def _silhouette(distances: NDArray[np.float64], labels: NDArray[np.int_]) -> float | None:
    """Mean silhouette over precomputed distances (as sklearn's, without its per-call
    validation, which costs more than the arithmetic at this size)."""
    names, index = np.unique(labels, return_inverse=True)
    k, n = len(names), len(labels)
    if k < 2 or k >= n:
        return None
    members = np.zeros((n, k))
    members[np.arange(n), index] = 1.0
    sizes = members.sum(axis=0)
    totals = distances @ members  # each point's summed distance to each cluster
    own = sizes[index] - 1
    a = np.where(own > 0, totals[np.arange(n), index] / np.maximum(own, 1), 0.0)
    mean_to = totals / sizes
    mean_to[np.arange(n), index] = np.inf
    b = mean_to.min(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        s = np.where(own > 0, (b - a) / np.maximum(a, b), 0.0)
    return float(np.nan_to_num(s).mean())


def _groups(labels: NDArray[np.int_], min_size: int) -> list[list[int]]:
    members: dict[int, list[int]] = {}
    for index, label in enumerate(labels.tolist()):
        members.setdefault(int(label), []).append(index)
    kept = [m for m in members.values() if len(m) >= min_size]
    return sorted(kept, key=lambda m: (-len(m), m[0]))
