"""The other ways of choosing k, and of bringing time in, that decision 0021 measured and
did not take (``ALTERNATIVES``; issue 29's are in ``themes_choices.py``; ``themes.py
--alternatives`` runs both). Each takes a trial
(embeddings, true themes, occurred_at) and the true k (unused: they choose k themselves)
and returns a label per episode; HDBSCAN's noise points count as clusters of one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from hebbs_graph.services.reflect import clustering as c

Trial = tuple[np.ndarray, np.ndarray, list[Any]]
Method = Callable[[Trial, int], np.ndarray]


def sweep(x: np.ndarray) -> dict[int, np.ndarray]:
    """k-means (4 k-means++ starts, seed 42) for every candidate k."""
    from sklearn.cluster import KMeans

    return {k: KMeans(k, n_init=4, random_state=42).fit_predict(x) for k in c.candidate_ks(len(x))}


def by_index(name: str) -> Method:
    """k-means on the L2-normalised embeddings, k by Calinski-Harabasz (highest),
    Davies-Bouldin (lowest), or silhouette with a correction for small k (the largest
    k whose silhouette is within 0.01 of the best)."""
    from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score, silhouette_score

    def run(t: Trial, true_k: int) -> np.ndarray:
        x = c.normalise(t[0])
        labels = sweep(x)
        if name == "ch":
            return labels[max(labels, key=lambda k: calinski_harabasz_score(x, labels[k]))]
        if name == "db":
            return labels[min(labels, key=lambda k: davies_bouldin_score(x, labels[k]))]
        scores = {k: float(silhouette_score(x, v)) for k, v in labels.items()}
        best = max(scores.values())
        return labels[max(k for k, s in scores.items() if s >= best - 0.01)]

    return run


def gap_statistic(t: Trial, true_k: int, references: int = 5) -> np.ndarray:
    """Tibshirani's gap: the smallest k with gap(k) ≥ gap(k+1) − s(k+1), reference sets
    drawn uniformly in the box of the data's principal axes."""
    x = c.normalise(t[0])
    labels = sweep(x)
    ks = list(labels)
    rng = np.random.default_rng(0)
    mean = x.mean(axis=0)
    _, _, axes = np.linalg.svd(x - mean, full_matrices=False)
    z = (x - mean) @ axes.T
    logs = []
    for _ in range(references):
        ref = rng.uniform(z.min(axis=0), z.max(axis=0), size=z.shape) @ axes + mean
        ref_labels = sweep(ref)
        logs.append([math.log(_within(ref, ref_labels[k])) for k in ks])
    ref_logs = np.array(logs)
    gap = ref_logs.mean(axis=0) - np.array([math.log(_within(x, labels[k])) for k in ks])
    spread = ref_logs.std(axis=0) * math.sqrt(1 + 1 / references)
    for i in range(len(ks) - 1):
        if gap[i] >= gap[i + 1] - spread[i + 1]:
            return labels[ks[i]]
    return labels[ks[-1]]


def _within(x: np.ndarray, labels: np.ndarray) -> float:
    return float(
        sum(
            ((x[labels == g] - x[labels == g].mean(axis=0)) ** 2).sum()
            for g in set(labels.tolist())
        )
    )


def agglomerative(linkage: str, threshold: float) -> Method:
    """No k: merge until the closest clusters are ``threshold`` apart (cosine distance
    for average linkage, Euclidean on unit vectors for Ward)."""
    from sklearn.cluster import AgglomerativeClustering

    def run(t: Trial, true_k: int) -> np.ndarray:
        metric = "euclidean" if linkage == "ward" else "cosine"
        model = AgglomerativeClustering(
            n_clusters=None, distance_threshold=threshold, metric=metric, linkage=linkage
        )
        labels: np.ndarray = model.fit_predict(c.normalise(t[0]))
        return labels

    return run


def hdbscan(t: Trial, true_k: int) -> np.ndarray:
    from sklearn.cluster import HDBSCAN

    labels: np.ndarray = HDBSCAN(min_cluster_size=3, copy=True).fit_predict(c.normalise(t[0]))
    noise = np.flatnonzero(labels < 0)
    labels[noise] = labels.max() + 1 + np.arange(len(noise))
    return labels


def spectral(choose: str) -> Method:
    """Our graph and partitions (no time), k by the largest eigengap of the normalised
    adjacency, or by the partitions' modularity on the graph, instead of silhouette."""

    def run(t: Trial, true_k: int) -> np.ndarray:
        x = c.centred(t[0])
        assert x is not None
        ks = c.candidate_ks(len(x))
        graph = c.neighbour_graph(x, c.NEIGHBOURS)
        vectors = c.spectrum(graph, ks[-1] + 1)[1]
        if choose == "eigengap":
            a = graph.toarray()
            d = 1 / np.sqrt(a.sum(axis=1))
            values = np.sort(np.linalg.eigvalsh(d[:, None] * a * d[None, :]))[::-1]
            k = int(np.argmax(-np.diff(values[: ks[-1] + 1])[1:])) + 2
            return _partition(vectors, k, len(x))
        found = {k: _partition(vectors, k, len(x)) for k in ks}
        return found[max(found, key=lambda k: _modularity(graph.toarray(), found[k]))]

    return run


def _partition(vectors: np.ndarray, k: int, n: int) -> np.ndarray:
    rows = c._rows(vectors[:, :k])
    return c._kmeans(rows, k, c._seedings(rows, k, 42, c.restarts(n)))


def _modularity(a: np.ndarray, labels: np.ndarray) -> float:
    total, degree, q = a.sum(), a.sum(axis=1), 0.0
    for g in set(labels.tolist()):
        inside = labels == g
        q += a[np.ix_(inside, inside)].sum() / total - (degree[inside].sum() / total) ** 2
    return q


def time_mixed(share: float = 0.3, scale_s: float = 3600.0) -> Method:
    """Time as other memory systems add it: affinity = (1 − share) · cosine + share ·
    exp(−Δt / scale), the neighbours chosen on that mix (so time can make an edge
    meaning did not), then our partitions and silhouette."""

    def run(t: Trial, true_k: int) -> np.ndarray:
        from scipy.sparse import csr_matrix

        x = c.centred(t[0])
        assert x is not None
        stamps = c.seconds(t[2])
        mix = (1 - share) * np.clip(x @ x.T, 0, None)
        mix += share * np.exp(-np.abs(stamps[:, None] - stamps[None, :]) / scale_s)
        np.fill_diagonal(mix, -np.inf)
        nearest = np.argsort(-mix, axis=1, kind="stable")[:, : c.NEIGHBOURS]
        rows = np.repeat(np.arange(len(x)), nearest.shape[1])
        one_way = csr_matrix((mix[rows, nearest.ravel()], (rows, nearest.ravel())), shape=mix.shape)
        return _choose(x, one_way.maximum(one_way.T).tocsr())

    return run


def time_coordinate(weight: float = 0.3) -> Method:
    """Time as one more coordinate of the vector (standardised occurred_at × weight)."""

    def run(t: Trial, true_k: int) -> np.ndarray:
        x = c.centred(t[0])
        assert x is not None
        stamps = c.seconds(t[2])
        z = (stamps - stamps.mean()) / max(float(stamps.std()), 1.0)
        with_time = c.normalise(np.hstack([x, weight * z[:, None]]))
        return _choose(x, c.neighbour_graph(with_time, c.NEIGHBOURS))

    return run


def _choose(x: np.ndarray, graph: Any) -> np.ndarray:
    """Our partitions of ``graph``, k by silhouette on meaning (as cluster_embeddings)."""
    from sklearn.metrics import pairwise_distances

    ks = c.candidate_ks(len(x))
    vectors = c.spectrum(graph, ks[-1])[1]
    distances = pairwise_distances(x)
    found = {k: _partition(vectors, k, len(x)) for k in ks}
    scores = {k: c._silhouette(distances, v) or -1.0 for k, v in found.items()}
    return found[max(scores, key=lambda k: scores[k])]


ALTERNATIVES: dict[str, Method] = {
    "k-means, Calinski-Harabasz": by_index("ch"),
    "k-means, Davies-Bouldin": by_index("db"),
    "k-means, silhouette within 0.01, largest k": by_index("tolerance"),
    "k-means, gap statistic": gap_statistic,
    "agglomerative, average cosine 0.6": agglomerative("average", 0.6),
    "agglomerative, Ward 1.4": agglomerative("ward", 1.4),
    "HDBSCAN, min cluster 3": hdbscan,
    "spectral, k by eigengap": spectral("eigengap"),
    "spectral, k by modularity": spectral("modularity"),
    "time mixed into affinity (0.3)": time_mixed(),
    "time as a coordinate (0.3)": time_coordinate(),
}
