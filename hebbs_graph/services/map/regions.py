"""Regions of the map of meaning: an entity's points grouped by k-means on their 2-D
places (k from how many there are, a fixed seed: the same points give the same regions),
each named by the words that set it apart (frequent among its memories, rarer in the rest
of the entity: a smoothed log-odds of document frequencies, stop words out), and carrying
the caption of an insight whose sources lie mostly in it. Pure functions, numpy only: at
10,000 points the clustering and the naming take a few tens of milliseconds."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

MIN_POINTS = 12  # fewer memories than this: no regions
MAX_REGIONS = 16
ITERATIONS = 50
SEED = 31
WORDS = 3  # a region's name: its most distinctive words, at most this many
SMOOTHING = 0.01  # added to both shares in the log-odds, so a word absent elsewhere scores finitely
MOSTLY = 0.6  # the share of an insight's sources in one region for the region to carry it
# A word said by at least this share of the memories of more than half the regions names
# no part of the entity: the speakers of a conversation ("caroline: …" in half the turns
# of every region), the entity's own name. (A topic cut in two by k-means is said in two.)
EVERYWHERE = 0.3
MIN_SOURCES = 3
RADIUS_SHARE = 90  # a region's circle holds this percentage of its members

Places = NDArray[np.float64]
Labels = NDArray[np.intp]


# English function words (the map wing reads no other wing's lists), and the words
# every memory of an agent says and no topic is named by.
def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOP_WORDS = _words(
    """a about above after again against all also am an and another any are as at be
    because been before being below between both but by can cannot could did do does doing
    done down during each either else even ever every few for from further get gets got had
    has have having he her here hers herself him himself his how however i if in into is it
    its itself just least less like many may me might mine more most much must my myself no
    nor not now of off on once one only onto or other others our ours ourselves out over own
    per quite rather really said same say says shall she should since so some still such
    than that the their theirs them themselves then there these they this those though
    through to too under until up upon us very via was we well were what whatever when
    where whether which while who whom whose why will with within without would yet you
    your yours yourself yourselves"""
)
# Interjections (a closed class, like the function words): in chat they open half the
# turns and name nothing ("hey · family · lot").
INTERJECTIONS = _words("hey hi hello oh ah aw hmm um uh wow yeah yep yes nope ok okay lol bye")
# A contraction of a function word is one ("i'm", "you're", "that's", "let's") and so is
# any "n't" ("won't", "didn't"): the part before the apostrophe tells.
CONTRACTED = re.compile(r"^(\w+)['’](m|re|ve|ll|d|s|t)$")
TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


@dataclass
class Regions:
    """Fitted regions: the k-means centres (k × 2) and the region each belongs to (two
    clusters given the same name are one topic cut in two: one region), each region's
    name, and the insight each may carry."""

    centres: Places
    names: list[str]
    owner: Labels = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    insights: dict[int, str] = field(default_factory=dict)  # region → insight id

    def locate(self, xy: Places) -> Labels:
        """Each point's region: the region of its nearest centre."""
        if not len(self.centres):
            return np.zeros(len(xy), dtype=np.intp)
        return np.asarray(self.owner[assign(xy, self.centres)], dtype=np.intp)


def region_count(n: int) -> int:
    """About sqrt(n / 4) regions, from 2 to 16; none for a handful of points."""
    if n < MIN_POINTS:
        return 0
    return max(2, min(MAX_REGIONS, round(math.sqrt(n / 4))))


def assign(xy: Places, centres: Places) -> Labels:
    """Each point's nearest centre."""
    if not len(centres):
        return np.zeros(len(xy), dtype=np.intp)
    # |c|² - 2 x·c (|x|² is the same for every centre): a matrix product, not n × k × 2.
    d = (centres**2).sum(axis=1)[None, :] - 2.0 * (xy @ centres.T)
    return np.asarray(d.argmin(axis=1), dtype=np.intp)


def kmeans(xy: Places, k: int, seed: int = SEED) -> tuple[Places, Labels]:
    """Lloyd's k-means from a k-means++ start (seeded): the centres of the clusters that
    kept a member, and each point's cluster among them."""
    n = len(xy)
    k = min(k, n)
    if k <= 0:
        return np.zeros((0, 2)), np.zeros(n, dtype=np.intp)
    rng = np.random.default_rng(seed)
    centres = np.empty((k, 2))
    centres[0] = xy[rng.integers(n)]
    nearest = ((xy - centres[0]) ** 2).sum(axis=1)
    for j in range(1, k):
        total = float(nearest.sum())
        pick = int(rng.choice(n, p=nearest / total)) if total > 0 else int(rng.integers(n))
        centres[j] = xy[pick]
        nearest = np.minimum(nearest, ((xy - centres[j]) ** 2).sum(axis=1))
    labels = assign(xy, centres)
    for _ in range(ITERATIONS):
        counts = np.bincount(labels, minlength=k)
        sums = np.stack([np.bincount(labels, xy[:, a], minlength=k) for a in (0, 1)], axis=1)
        centres = np.where(counts[:, None] > 0, sums / np.maximum(counts, 1)[:, None], centres)
        moved = assign(xy, centres)
        if np.array_equal(moved, labels):
            break
        labels = moved
    kept = np.flatnonzero(np.bincount(labels, minlength=k) > 0)
    renumber = np.full(k, -1, dtype=np.intp)
    renumber[kept] = np.arange(len(kept))
    return centres[kept], renumber[labels]


def words(text: str) -> list[str]:
    """The content words of a text, lower-cased, in order (possessives cut; stop words,
    interjections, contractions of function words, numbers and words of one or two
    letters left out)."""
    out = []
    for token in TOKEN.findall(text.lower()):
        if _function_word(token):
            continue
        token = token.removesuffix("'s").removesuffix("’s")
        if len(token) > 2 and token not in STOP_WORDS and token not in INTERJECTIONS:
            out.append(token)
    return out


def _function_word(token: str) -> bool:
    """A contraction of a function word ("i'm", "it's", "let's") or a negated auxiliary
    ("won't", "don't"); "Northwind's" is a possessive, not one."""
    found = CONTRACTED.match(token)
    if found is None:
        return False
    head, tail = found.groups()
    return tail == "t" or head in STOP_WORDS or head == "let"


def name_regions(texts: Sequence[str], labels: Labels, k: int, most: int = WORDS) -> list[str]:
    """Each region's name: the words most frequent among its texts relative to the rest
    (share inside × log of the smoothed share-inside / share-outside ratio), the best
    ``most`` of those scoring above zero, in the order its texts tend to say them. Words
    said in at least ``EVERYWHERE`` of the texts of more than half the regions are
    left out."""
    docs = [words(t) for t in texts]
    total: Counter[str] = Counter()
    inside = [Counter[str]() for _ in range(k)]
    for doc, region in zip(docs, labels.tolist(), strict=True):
        seen = set(doc)
        total.update(seen)
        inside[region].update(seen)
    sizes = np.bincount(labels, minlength=k).tolist()
    n = len(docs)
    spread: Counter[str] = Counter(
        word
        for region in range(k)
        for word, c in inside[region].items()
        if sizes[region] and c >= EVERYWHERE * sizes[region]
    )
    names = []
    for region in range(k):
        n_in, n_out = sizes[region], n - sizes[region]
        scored = []
        for word, c in inside[region].items():
            if c < 2 <= n_in:
                continue  # a word of one memory names no region
            if spread[word] * 2 > k:
                continue  # said all over the entity
            p_in = c / n_in
            p_out = (total[word] - c) / n_out if n_out else 0.0
            score = p_in * math.log((p_in + SMOOTHING) / (p_out + SMOOTHING))
            if score > 0:
                scored.append((-score, word))
        chosen = [w for _, w in sorted(scored)[:most]]
        members = [docs[i] for i in np.flatnonzero(labels == region).tolist()]
        names.append(" · ".join(in_reading_order(chosen, members)))
    return names


def in_reading_order(chosen: list[str], docs: Sequence[list[str]]) -> list[str]:
    """The chosen words ordered by where they tend to stand in the texts that hold them."""

    def place(word: str) -> float:
        spots = [doc.index(word) / max(len(doc), 1) for doc in docs if word in doc]
        return sum(spots) / len(spots) if spots else 1.0

    return sorted(chosen, key=lambda w: (place(w), w))


def carried_insights(
    region_of: Mapping[str, int],
    sources: Mapping[str, Sequence[str]],
    importance: Mapping[str, float],
) -> dict[int, str]:
    """region → the insight it carries: of the insights with at least MIN_SOURCES sources
    on the map and MOSTLY of them in one region, the one with most sources there (then
    the most important, then the smallest id)."""
    best: dict[int, tuple[tuple[int, float], str]] = {}
    for insight in sorted(sources):
        ids = sources[insight]
        regions = [region_of[s] for s in ids if s in region_of]
        if len(regions) < MIN_SOURCES:
            continue
        region, count = Counter(regions).most_common(1)[0]
        if count < MOSTLY * len(regions):
            continue
        rank = (count, importance.get(insight, 0.0))
        if region not in best or rank > best[region][0]:
            best[region] = (rank, insight)
    return {region: insight for region, (_, insight) in best.items()}


def fit_regions(
    xy: Places,
    texts: Sequence[str],
    ids: Sequence[str],
    sources: Mapping[str, Sequence[str]],
    importance: Mapping[str, float],
) -> Regions:
    """Cluster the places, name the clusters and find the insights they carry."""
    k = region_count(len(xy))
    if k == 0:
        return Regions(centres=np.zeros((0, 2)), names=[])
    centres, clusters = kmeans(xy, k)
    owner, names = merge_namesakes(name_regions(texts, clusters, len(centres)))
    region_of = dict(zip(ids, owner[clusters].tolist(), strict=True))
    return Regions(centres, names, owner, carried_insights(region_of, sources, importance))


def merge_namesakes(names: list[str]) -> tuple[Labels, list[str]]:
    """Clusters named alike become one region (the first keeps its place in the order):
    each cluster's region, and the regions' names."""
    owner = np.empty(len(names), dtype=np.intp)
    merged: list[str] = []
    first: dict[str, int] = {}
    for cluster, name in enumerate(names):
        if name and name in first:
            owner[cluster] = first[name]
            continue
        owner[cluster] = len(merged)
        if name:
            first[name] = len(merged)
        merged.append(name)
    return owner, merged


@dataclass
class Extent:
    """Where a region lies now: its members' centre of mass, the radius of the circle
    about it that holds RADIUS_SHARE per cent of them, and how many they are."""

    x: float
    y: float
    radius: float
    count: int


def extents(xy: Places, labels: Labels, regions: Regions) -> list[Extent]:
    out = []
    for region in range(len(regions.names)):
        members = xy[labels == region]
        if not len(members):
            x, y = regions.centres[int(np.flatnonzero(regions.owner == region)[0])].tolist()
            out.append(Extent(x, y, 0.0, 0))
            continue
        middle = members.mean(axis=0)
        d = np.sqrt(((members - middle) ** 2).sum(axis=1))
        radius = float(np.percentile(d, RADIUS_SHARE))
        out.append(Extent(float(middle[0]), float(middle[1]), radius, len(members)))
    return out
