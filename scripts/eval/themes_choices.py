"""The ways of choosing k among our own partitions that issue 29 measured (``CHOICES``;
``themes.py --alternatives`` and ``--choices``, ``themes_public.py --alternatives``). Each
takes a trial (embeddings, true themes, occurred_at) and the true k (unused: they choose
k themselves) and returns a label per episode.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from themes_alternatives import Method, Trial

from hebbs_graph.services.reflect import clustering as c
from hebbs_graph.services.reflect.graph_scores import GraphScores
from hebbs_graph.settings import Settings

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
