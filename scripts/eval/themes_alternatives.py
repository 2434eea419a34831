"""The other ways of choosing k, and of bringing time in, that decision 0021 measured and
did not take (``ALTERNATIVES``), and the ways of choosing k among our own partitions that
issue 29 measured (``CHOICES``; ``themes.py --alternatives`` runs both, ``--choices`` the
second only, ``themes_public.py --alternatives`` the second). Each takes a trial
(embeddings, true themes, occurred_at) and the true k (unused: they choose k themselves)
and returns a label per episode; HDBSCAN's noise points count as clusters of one.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from hebbs_graph.services.reflect import clustering as c
from hebbs_graph.services.reflect.graph_scores import GraphScores
from hebbs_graph.settings import Settings

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


# -- issue 29: choosing k among our own partitions ----------------------------------------

SETTINGS = Settings()


@dataclass(frozen=True)
class Partitions:
    """One trial as ``cluster_embeddings`` sees it (centred vectors, the time-tied graph)
    and its partition for every candidate k."""

    x: np.ndarray
    graph: Any  # scipy csr_matrix
    labels: dict[int, np.ndarray]
    eigenvalues: np.ndarray  # of D^-1/2 A D^-1/2, largest first


_PARTITIONS: dict[tuple[str, int, bool], Partitions] = {}


def partitions(
    t: Trial, neighbours: int = c.NEIGHBOURS, shared: bool = False, keep: bool = True
) -> Partitions:
    """The service's steps (time weight, scale and seed from the settings), on a graph of
    ``neighbours`` nearest, weighted by shared neighbours (Jaccard) when ``shared``;
    kept for the other choices of the same trial unless ``keep`` is False."""
    from scipy.sparse import csr_matrix
    from threadpoolctl import threadpool_limits

    key = (hashlib.sha1(t[0].tobytes()).hexdigest(), neighbours, shared)
    if key in _PARTITIONS:
        return _PARTITIONS[key]
    x = c.centred(t[0])
    assert x is not None
    n = len(x)
    ks = c.candidate_ks(n, SETTINGS.reflect_max_k)
    with threadpool_limits(limits=1):
        graph = c.neighbour_graph(x, neighbours)
        if shared:
            member = np.zeros((n, n))
            member[graph.nonzero()] = 1.0
            member[np.arange(n), np.arange(n)] = 1.0
            common = member @ member.T
            coo = graph.tocoo()
            overlap = common[coo.row, coo.col]
            weights = overlap / (
                member.sum(axis=1)[coo.row] + member.sum(axis=1)[coo.col] - overlap
            )
            graph = csr_matrix((weights, (coo.row, coo.col)), shape=(n, n))
        stamps = c.seconds(t[2])
        sample = np.arange(n)
        relevance = c.time_relevance(x, stamps, graph, SETTINGS.reflect_time_scale_s, sample)
        weight = SETTINGS.reflect_time_weight * relevance
        graph = c.tie_in_time(graph, stamps, weight, SETTINGS.reflect_time_scale_s)
        spectral = c.spectrum(graph, ks[-1])[1]
        seedings = c._seedings(c._rows(spectral), ks[-1], SETTINGS.reflect_seed, c.restarts(n))
        labels = {k: c._kmeans(c._rows(spectral[:, :k]), k, seedings) for k in ks}
        a = graph.toarray()
        scale = 1.0 / np.sqrt(np.maximum(a.sum(axis=1), 1e-12))
        values = np.sort(np.linalg.eigvalsh(scale[:, None] * a * scale[None, :]))[::-1]
    found = Partitions(x, graph, labels, values)
    if keep:
        if len(_PARTITIONS) >= 1000:
            _PARTITIONS.clear()
        _PARTITIONS[key] = found
    return found


def _sums(graph: Any, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Per cluster: weight inside (both ends), summed degree, members; and the total."""
    coo = graph.tocoo()
    degree = np.bincount(coo.row, weights=coo.data, minlength=graph.shape[0])
    same = labels[coo.row] == labels[coo.col]
    inside = np.bincount(labels[coo.row][same], weights=coo.data[same], minlength=labels.max() + 1)
    return inside, np.bincount(labels, weights=degree), np.bincount(labels), float(degree.sum())


def silhouette_of(p: Partitions, labels: np.ndarray) -> float:
    from sklearn.metrics import pairwise_distances

    score = c._silhouette(pairwise_distances(p.x), labels)
    return -1.0 if score is None else score


def modularity_at(gamma: float) -> Callable[[Partitions, np.ndarray], float]:
    """Modularity with a resolution: Σ_c (w_c / W − γ (d_c / W)²); γ > 1 favours more,
    smaller clusters (Reichardt and Bornholdt)."""

    def score(p: Partitions, labels: np.ndarray) -> float:
        inside, degree, _, total = _sums(p.graph, labels)
        return float((inside / total - gamma * (degree / total) ** 2).sum())

    return score


def map_equation(p: Partitions, labels: np.ndarray) -> float:
    """Minus the two-level map equation (Rosvall and Bergstrom): the bits a random walk
    on the graph takes to describe, with one codebook per cluster."""

    def plogp(v: np.ndarray) -> float:
        v = v[v > 0]
        return float((v * np.log2(v)).sum())

    inside, degree, _, total = _sums(p.graph, labels)
    exits = (degree - inside) / total
    visits = np.asarray(p.graph.sum(axis=1)).ravel() / total
    length = (
        plogp(np.array([exits.sum()]))
        - 2 * plogp(exits)
        - plogp(visits)
        + plogp(exits + degree / total)
    )
    return -length


def z_modularity(p: Partitions, labels: np.ndarray) -> float:
    """Modularity as a z-score (Miyauchi and Kawase): meant to see small clusters."""
    inside, degree, _, total = _sums(p.graph, labels)
    expected = float(((degree / total) ** 2).sum())
    return (float(inside.sum()) / total - expected) / math.sqrt(expected * (1 - expected))


def surprise(p: Partitions, labels: np.ndarray) -> float:
    """Asymptotic surprise (Traag et al.): the share of edge weight inside clusters
    against the share of pairs inside them, as a Kullback-Leibler divergence."""
    inside, _, members, total = _sums(p.graph, labels)
    n = len(labels)
    q = min(max(float(inside.sum()) / total, 1e-12), 1 - 1e-12)
    expected = float((members * (members - 1)).sum()) / (n * (n - 1))
    return q * math.log(q / expected) + (1 - q) * math.log((1 - q) / (1 - expected))


def choose(
    score: Callable[[Partitions, np.ndarray], float],
    neighbours: int = c.NEIGHBOURS,
    shared: bool = False,
) -> Method:
    """Our partitions, k by the highest ``score`` (a tie keeps the smaller k)."""

    def run(t: Trial, true_k: int) -> np.ndarray:
        p = partitions(t, neighbours, shared)
        best = max(p.labels, key=lambda k: (score(p, p.labels[k]), -k))
        return p.labels[best]

    return run


def eigengap_k(p: Partitions) -> int:
    ks = list(p.labels)
    return max(ks, key=lambda k: (p.eigenvalues[k - 1] - p.eigenvalues[k], -k))


def by_eigengap(t: Trial, true_k: int) -> np.ndarray:
    p = partitions(t)
    return p.labels[eigengap_k(p)]


def as_served(measure: str) -> Callable[[Partitions, np.ndarray], float]:
    """One of the measures ``cluster_embeddings`` votes with (clusters under the minimum
    size left out), alone: modularity, or minus the map equation's description length."""

    def score(p: Partitions, labels: np.ndarray) -> float:
        scores = GraphScores(p.graph, SETTINGS.reflect_min_cluster)
        if measure == "modularity":
            return scores.modularity(labels)
        return -scores.description_length(labels)

    return score


def product(t: Trial, true_k: int) -> np.ndarray:
    """k by silhouette × modularity (both must be high)."""
    p = partitions(t)
    return p.labels[
        max(
            p.labels,
            key=lambda k: (
                max(silhouette_of(p, p.labels[k]), 0.0) * modularity_at(1.0)(p, p.labels[k])
            ),
        )
    ]


def stability(t: Trial, true_k: int, runs: int = 5, share: float = 0.8) -> np.ndarray:
    """k whose partition the partitions of 80 % subsamples agree with best (mean ARI
    on the kept episodes; Ben-Hur et al.), ties to modularity."""
    from sklearn.metrics import adjusted_rand_score

    p = partitions(t)
    rng = np.random.default_rng(0)
    n = len(p.x)
    agree: dict[int, list[float]] = {k: [] for k in p.labels}
    for _ in range(runs):
        keep = np.sort(rng.choice(n, size=round(share * n), replace=False))
        sub = (t[0][keep], t[1][keep], [t[2][i] for i in keep])
        part = partitions(sub, keep=False)
        for k, labels in part.labels.items():
            if k in agree:
                agree[k].append(adjusted_rand_score(p.labels[k][keep], labels))
    q = modularity_at(1.0)
    return p.labels[
        max(p.labels, key=lambda k: (float(np.mean(agree[k] or [0.0])), q(p, p.labels[k])))
    ]


CHOICES: dict[str, Method] = {
    "0021: k by silhouette of meaning": choose(silhouette_of),
    "k by modularity alone (as ours votes)": choose(as_served("modularity")),
    "k by map equation alone (as ours votes)": choose(as_served("map equation")),
    "k by eigengap alone (time on)": by_eigengap,
    "k by modularity, γ 0.8": choose(modularity_at(0.8)),
    "k by modularity, γ 1.2": choose(modularity_at(1.2)),
    "k by modularity, γ 1.5": choose(modularity_at(1.5)),
    "k by map equation, small clusters in": choose(map_equation),
    "k by Z-modularity": choose(z_modularity),
    "k by asymptotic surprise": choose(surprise),
    "k by silhouette × modularity": product,
    "k by subsample stability": stability,
    "modularity, 5 neighbours": choose(modularity_at(1.0), 5),
    "modularity, 10 neighbours": choose(modularity_at(1.0), 10),
    "modularity, shared-neighbour weights": choose(modularity_at(1.0), shared=True),
}


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
