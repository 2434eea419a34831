"""Grouping episodes into themes: spectral clustering of a nearest-neighbour graph of
their embeddings, k by the graph's modularity; episodes close in time tie more strongly
(docs/semantics.md §6, docs/decisions/0021).

1. The embeddings are L2-normalised, centred (the mean direction is what every episode
   of one entity shares, its name above all) and normalised again.
2. Each episode is joined to its ``NEIGHBOURS`` nearest by meaning, weighted by their
   cosine (0 when negative). With a time weight, an edge between two episodes that
   occurred ``Δt`` apart weighs ``1 + w · exp(−Δt / time_scale)`` times more: time
   strengthens ties that meaning made, it never makes one. ``w`` is the time weight
   times how far these episodes' own closeness in time goes with closeness in meaning
   (``time_relevance``, 0..1): about 1 when each sitting keeps to a theme, about 0 when
   themes interleave, so time only speaks where it has shown it means something.
3. For each k in 2..min(max_k, ⌈√n⌉), k-means on the first k eigenvectors of the graph's
   normalised adjacency gives a partition. Three standard measures of how well a
   partition fits that graph each name a k, and the middle one wins (a consensus):
   modularity (the share of edge weight kept inside clusters beyond what a random graph
   with the same degrees keeps; it merges small clusters once there are many), the map
   equation (the bits a random walk on the graph needs, one codebook per cluster; it
   splits more) and the eigengap (where the eigenvalues drop; it ignores the partitions).
   Modularity and the map equation judge the clusters prepare keeps (min_size members
   or more), on the graph without the others. (k was the silhouette of the centred
   embeddings until issue 29: on intent sets it split clear themes in two where their
   episodes were spread and merged close ones; docs/decisions/0021.)

Pure CPU work (numpy, SciPy, scikit-learn); callers run it in a worker thread. The same
input in the same order gives the same clusters: one thread, fixed seeds, and clusters
numbered by a rule that depends only on the input.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from hebbs_graph.services.reflect.graph_scores import GraphScores

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

# Above this many points the silhouette (reported, not used to choose) and the time
# relevance are computed on a fixed sample (they are O(n²)).
SILHOUETTE_SAMPLE = 2000
# k-means++ restarts per k, from a budget of points × restarts: small inputs get up to
# 10 (cheap, and steadier clusters), 500 episodes get 2, thousands get 1.
RESTART_BUDGET = 1000
MAX_RESTARTS = 10
# Each episode's neighbours by meaning in the graph (5, 7 and 10 measured alike).
NEIGHBOURS = 7
# Up to this many points the graph's eigenvectors come from a dense solver; above it
# from ARPACK on the sparse graph (faster from ~800 points on; 1,000: 35 ms against
# 157 ms, and a dense 10,000 × 10,000 would not fit).
DENSE_EIGEN_MAX = 800
# Points time_relevance looks at, at most (evenly spaced over the silhouette's sample).
RELEVANCE_SAMPLE = 500
# Rows of the similarity matrix computed at once when finding neighbours.
NEIGHBOUR_CHUNK = 1024
# Vectors that differ from their mean by less than this everywhere are all the same.
FLAT = 1e-6


def restarts(n: int) -> int:
    return max(1, min(MAX_RESTARTS, RESTART_BUDGET // max(n, 1)))


@dataclass(frozen=True)
class Clustering:
    k: int  # the k chosen (0 when nothing was clustered)
    silhouette: float  # of the chosen partition, on meaning (a diagnostic; it does not choose)
    clusters: list[list[int]]  # member indices into the input, each list ascending
    labels: list[int]  # each input's partition of the chosen k (empty when k is 0)
    time_weight: float = 0.0  # the weight time was given (time_weight × time_relevance)
    # The k modularity, the map equation and the eigengap named; k is their median.
    votes: tuple[int, int, int] = (0, 0, 0)


NOTHING = Clustering(k=0, silhouette=0.0, clusters=[], labels=[])


def candidate_ks(n: int, max_k: int = 50) -> range:
    """k from 2 to min(max_k, ⌈√n⌉), never more than n − 1."""
    return range(2, min(max_k, math.ceil(math.sqrt(n)), n - 1) + 1)


def normalise(vectors: NDArray[np.floating] | list[list[float]]) -> NDArray[np.float64]:
    x = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    result: NDArray[np.float64] = x / norms
    return result


def centred(vectors: NDArray[np.floating] | list[list[float]]) -> NDArray[np.float64] | None:
    """Directions without what they all share: normalised, mean removed, normalised;
    None when nothing is left once the mean is removed (every direction the same)."""
    x = normalise(vectors)
    rest = x - x.mean(axis=0)
    if len(x) == 0 or float(np.abs(rest).max()) < FLAT:
        return None
    return normalise(rest)


def seconds(times: Sequence[datetime]) -> NDArray[np.float64]:
    """Each instant as seconds after the earliest (naive instants are taken as UTC)."""
    stamps = np.array([t.timestamp() for t in times], dtype=np.float64)
    return stamps - stamps.min() if len(stamps) else stamps


def cluster_embeddings(
    vectors: NDArray[np.floating] | list[list[float]],
    *,
    times: Sequence[datetime] | None = None,
    time_weight: float = 0.0,
    time_scale_s: float = 3600.0,
    seed: int = 42,
    max_k: int = 50,
    min_size: int = 3,
) -> Clustering:
    """Cluster ``vectors`` (one per episode; ``times`` their occurred_at, in the same
    order, when time should count); clusters smaller than ``min_size`` are dropped.

    Clusters come back largest first, ties broken by their earliest member, so a
    cluster's position (its cluster_id) is stable for the same input.
    """
    x = centred(vectors)
    ks = candidate_ks(0 if x is None else len(x), max_k)
    if x is None or len(ks) == 0:
        return NOTHING  # too few, or every point the same: nothing to tell apart
    n = len(x)
    # scikit-learn and SciPy are imported on the first reflection, not at start: ~90 MiB
    # an API process that never reflects does not carry.
    from sklearn.metrics import pairwise_distances

    # One thread: many small fits lose more to OpenMP/BLAS hand-offs than they gain,
    # badly so on a busy machine, and one thread keeps the arithmetic order fixed.
    with threadpool_limits(limits=1):
        graph = neighbour_graph(x, NEIGHBOURS)
        sample = _silhouette_sample(n, seed)
        weight = 0.0
        if times is not None and time_weight > 0:
            stamps = seconds(times)
            weight = time_weight * time_relevance(x, stamps, graph, time_scale_s, sample)
            graph = tie_in_time(graph, stamps, weight, time_scale_s)
        values, spectral = spectrum(graph, ks[-1] + 1)
        spectral = spectral[:, : ks[-1]]
        seedings = _seedings(_rows(spectral), ks[-1], seed, restarts(n))
        scores = GraphScores(graph, min_size)
        found: dict[int, NDArray[np.int_]] = {}
        modularity: dict[int, float] = {}
        length: dict[int, float] = {}
        for k in ks:
            found[k] = _kmeans(_rows(spectral[:, :k]), k, seedings)
            modularity[k] = scores.modularity(found[k])
            length[k] = scores.description_length(found[k])
        # Each measure's best k; a tie keeps the smaller k.
        votes = (
            max(ks, key=lambda k: (modularity[k], -k)),
            min(ks, key=lambda k: (length[k], k)),
            max(ks, key=lambda k: (values[k - 1] - values[k], -k)),
        )
        k = sorted(votes)[1]
        labels = found[k]
        silhouette = _silhouette(pairwise_distances(x[sample]), labels[sample])
    return Clustering(
        k=k,
        silhouette=0.0 if silhouette is None else silhouette,
        clusters=_groups(labels, min_size),
        labels=labels.tolist(),
        time_weight=weight,
        votes=votes,
    )


def neighbour_graph(x: NDArray[np.float64], neighbours: int) -> csr_matrix:
    """Each point joined to its ``neighbours`` most similar (either way round), weighted
    by their cosine, negatives as 0."""
    from scipy.sparse import csr_matrix

    n = len(x)
    m = min(neighbours, n - 1)
    x32 = x.astype(np.float32)
    rows, cols = [], []
    for start in range(0, n, NEIGHBOUR_CHUNK):
        sims = x32[start : start + NEIGHBOUR_CHUNK] @ x32.T
        block = np.arange(len(sims))
        sims[block, start + block] = -np.inf  # not its own neighbour
        nearest = np.argpartition(-sims, m - 1, axis=1)[:, :m]
        rows.append(np.repeat(np.arange(start, start + len(sims)), m))
        cols.append(nearest.ravel())
    i, j = np.concatenate(rows), np.concatenate(cols)
    weights = np.clip(np.einsum("ij,ij->i", x[i], x[j]), 0.0, None)
    one_way = csr_matrix((weights, (i, j)), shape=(n, n))
    graph: csr_matrix = one_way.maximum(one_way.T).tocsr()
    return graph


def time_relevance(
    x: NDArray[np.float64],
    stamps: NDArray[np.float64],
    graph: csr_matrix,
    scale_s: float,
    sample: NDArray[np.int_],
) -> float:
    """How much closer in meaning episodes close in time are, 0..1: the mean cosine of
    pairs weighted by exp(−Δt / scale), above the mean of all pairs, as a share of what
    meaning neighbours (the graph's edges) have above it. On ≤ RELEVANCE_SAMPLE of the
    silhouette's sample (a mean over pairs: 500 points are 124,750 of them)."""
    sample = sample[:: max(1, math.ceil(len(sample) / RELEVANCE_SAMPLE))]
    xs, ts = x[sample], stamps[sample]
    sims = xs @ xs.T
    close = np.exp(-np.abs(ts[:, None] - ts[None, :]) / scale_s)
    np.fill_diagonal(close, 0.0)
    m = len(xs)
    if m < 2 or close.sum() <= 0:
        return 0.0
    everyone = (sims.sum() - np.trace(sims)) / (m * (m - 1))
    edges = graph.tocoo()
    if edges.nnz == 0:  # no two points alike at all (every cosine ≤ 0): nothing to weigh
        return 0.0
    neighbours = float(np.einsum("ij,ij->i", x[edges.row], x[edges.col]).mean())
    if neighbours <= everyone:
        return 0.0
    in_time = float((close * sims).sum() / close.sum())
    return float(np.clip((in_time - everyone) / (neighbours - everyone), 0.0, 1.0))


def tie_in_time(
    graph: csr_matrix, stamps: NDArray[np.float64], weight: float, scale_s: float
) -> csr_matrix:
    """Every edge ×(1 + weight · exp(−|Δt| / scale)): only edges meaning made."""
    coo = graph.tocoo()
    gap = np.abs(stamps[coo.row] - stamps[coo.col])
    coo.data = coo.data * (1.0 + weight * np.exp(-gap / scale_s))
    tied: csr_matrix = coo.tocsr()
    return tied


def spectrum(graph: csr_matrix, count: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The ``count`` largest eigenvalues of D^-1/2 A D^-1/2, largest first, and their
    eigenvectors (the graph's smoothest partitions), one row per point."""
    from scipy.sparse import diags

    degree = np.asarray(graph.sum(axis=1)).ravel()
    scale = 1.0 / np.sqrt(np.where(degree > 0, degree, 1.0))
    adjacency = diags(scale) @ graph @ diags(scale)
    n = graph.shape[0]
    if n <= DENSE_EIGEN_MAX:
        from scipy.linalg import eigh

        # Only the leading pairs: a fraction of the cost of all n.
        values, vectors = eigh(adjacency.toarray(), subset_by_index=[n - count, n - 1])
        return values[::-1], vectors[:, ::-1]
    from scipy.sparse.linalg import eigsh

    # A fixed start vector keeps ARPACK deterministic.
    values, vectors = eigsh(adjacency, k=count, which="LA", v0=np.sqrt(degree + 1.0))
    order = np.argsort(-values, kind="stable")
    return values[order], vectors[:, order]


def _rows(v: NDArray[np.float64]) -> NDArray[np.float32]:
    """Each point's spectral coordinates on the unit sphere (Ng, Jordan and Weiss)."""
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    return (v / np.where(norms > 0, norms, 1.0)).astype(np.float32)


def _seedings(
    rows: NDArray[np.float32], k_max: int, seed: int, runs: int
) -> list[NDArray[np.int_]]:
    """k-means++ picks (point indices) for the largest k, once per restart.

    k-means++ picks points one after another, so the first k picks of a k_max seeding
    seed k: seeding once instead of once per k saves most of the work.
    """
    from sklearn.cluster import kmeans_plusplus

    return [kmeans_plusplus(rows, n_clusters=k_max, random_state=seed + r)[1] for r in range(runs)]


def _kmeans(x: NDArray[np.float32], k: int, seedings: list[NDArray[np.int_]]) -> NDArray[np.int_]:
    """Lloyd's k-means from each seeding's first k picks; the lowest inertia wins."""
    from sklearn.cluster import KMeans

    best: tuple[float, NDArray[np.int_]] | None = None
    with warnings.catch_warnings():
        # Duplicate points can leave fewer distinct clusters than k; the scores judge that.
        warnings.simplefilter("ignore")
        for picks in seedings:
            model: Any = KMeans(n_clusters=k, init=x[picks[:k]], n_init=1, algorithm="lloyd")
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
