"""The layout of the shared-index build: every source's cluster, how many memories each
block of 20,000 gives it, the memories as MemoryService's rows, and the cues."""

from __future__ import annotations

import itertools
import math
import random
from datetime import datetime
from typing import Any

import numpy as np
from corpus import (
    CUE_TEMPLATES,
    DEFAULT_ANCHOR,
    FIRST_NAMES,
    LAST_NAMES,
    TEMPLATES,
    _fill,
    draw_details,
)
from embedders import text_seed

from hebbs_graph.ids import new_id
from hebbs_graph.services.records import dump_context, entity_key, sha256
from hebbs_graph.settings import Settings

from .base import (
    BETA,
    BLOCK,
    CROWD_ENTITIES,
    CROWD_SHARE,
    CUE_RHO,
    CUE_TOPIC,
    DIM,
    FAVOURITE_SHARE,
    LONELY_ENTITY,
    LONELY_MISC,
    N_TOPICS,
    NO_ENTITY_SHARE,
    RHO,
    TINY_ROOM,
    TINY_SHARE,
    TINY_SIZES,
    Cue,
    Source,
    _apportion,
    _unit,
)  # fmt: skip


class Layout:
    """Every source's cluster and how many memories each block of 20,000 gives it."""

    def __init__(self, seed: int, prefix: str, n_tenants: int, n_entities: int) -> None:
        per = n_entities // n_tenants
        if per < 1:
            raise SystemExit("--entities must be at least --tenants")
        self.seed, self.prefix = seed, prefix
        self.tenants = [f"{prefix}t{t:03d}" for t in range(n_tenants)]
        self.crowd, self.lonely = f"{prefix}crowd", f"{prefix}lonely"
        n_regular = per * n_tenants
        people = _people(seed, n_regular + 1 + 300)
        self.others = [display for _, display in people[n_regular + 1 :]]
        rng = np.random.default_rng([seed, 0])
        pick = random.Random(f"shared-layout:{seed}")
        cue_topics = sorted(set(CUE_TOPIC))

        def favourites() -> tuple[int, int, int]:
            a, b, c = pick.sample(cue_topics, 3)
            return (a, b, c)

        self.topics = _unit(rng.standard_normal((N_TOPICS, DIM)))
        tenant_base = _unit(rng.standard_normal((n_tenants, DIM)))
        self.region = _unit(rng.standard_normal(DIM))
        sources: list[Source] = []
        centroids: list[np.ndarray] = []
        ranks = rng.permutation(n_regular)
        tiny_from = int(n_regular * (1 - TINY_SHARE))
        growing_w, tiny_sizes, misc_w = [], [], []
        self.growing, self.tiny, self.misc = [], [], []
        for e in range(n_regular):
            t = e // per
            eid, display = people[e]
            if ranks[e] >= tiny_from:
                self.tiny.append(len(sources))
                tiny_sizes.append(pick.randint(*TINY_SIZES))
            else:
                self.growing.append(len(sources))
                growing_w.append(1.0 / (ranks[e] + 1))
            sources.append(Source(self.tenants[t], eid, display, "entity", favourites()))
            centroids.append(_unit(rng.standard_normal(DIM) + 0.4 * tenant_base[t]))
        growing_rank_w = dict(zip(self.growing, growing_w, strict=True))
        for t, tenant in enumerate(self.tenants):
            self.misc.append(len(sources))
            misc_w.append(
                sum(growing_rank_w.get(t * per + j, 0.0) for j in range(per)) or min(growing_w)
            )
            sources.append(Source(tenant, None, None, "misc", favourites()))
            centroids.append(_unit(rng.standard_normal(DIM) + 0.4 * tenant_base[t]))
        self.crowd_entities = []
        for j in range(CROWD_ENTITIES):  # the same entity ids as regular tenants' entities
            eid, display = people[j]
            self.crowd_entities.append(len(sources))
            sources.append(Source(self.crowd, eid, display, "crowd", favourites()))
            centroids.append(_unit(self.region + 0.5 * _unit(rng.standard_normal(DIM))))
        self.crowd_misc = len(sources)
        sources.append(Source(self.crowd, None, None, "crowd-misc", favourites()))
        centroids.append(_unit(self.region + 0.5 * _unit(rng.standard_normal(DIM))))
        away = rng.standard_normal(DIM)
        away = _unit(away - (away @ self.region) * self.region)
        lonely_centre = _unit(away - 0.25 * self.region)  # cosine with the region -0.24
        eid, display = people[n_regular]
        self.lonely_entity = len(sources)
        sources.append(Source(self.lonely, eid, display, "lonely", favourites()))
        centroids.append(lonely_centre)
        self.lonely_misc = len(sources)
        sources.append(Source(self.lonely, None, None, "lonely-misc", favourites()))
        centroids.append(lonely_centre)
        self.sources = sources
        self.centroids = np.stack(centroids)
        self.favourites = np.array([s.favourites for s in sources], dtype=np.int64)
        self.growing_w = np.asarray(growing_w)
        self.misc_w = np.asarray(misc_w)
        self.crowd_w = 1.0 / np.arange(1, CROWD_ENTITIES + 1)
        self.tiny_sizes = np.asarray(tiny_sizes, dtype=np.int64)
        # Fixed-size entities fill the first blocks, each one whole inside one block.
        room = int(BLOCK * TINY_ROOM)
        self.tiny_blocks = max(1, math.ceil(int(self.tiny_sizes.sum()) / room))
        self.tiny_block = np.arange(len(self.tiny)) % self.tiny_blocks
        self.group_of = np.array([s.group for s in sources])
        self.tenant_sources: dict[str, list[int]] = {}
        for i, s in enumerate(sources):
            self.tenant_sources.setdefault(s.tenant, []).append(i)
        self._slots: dict[int, np.ndarray] = {}
        self._arrays: tuple[int, np.ndarray, np.ndarray, np.ndarray] | None = None
        self.describe = {
            "seed": seed,
            "prefix": prefix,
            "tenants": n_tenants,
            "entities_per_tenant": per,
            "regular_entities": n_regular,
            "growing_entities_weight": "1/rank",
            "fixed_size_entities": len(self.tiny),
            "fixed_sizes": list(TINY_SIZES),
            "no_entity_share": NO_ENTITY_SHARE,
            "crowd_tenant": self.crowd,
            "crowd_share": CROWD_SHARE,
            "crowd_entities": CROWD_ENTITIES,
            "lonely_tenant": self.lonely,
            "lonely_memories": LONELY_ENTITY + LONELY_MISC,
            "block": BLOCK,
            "dimension": DIM,
            "vector": "normalise(centroid + 0.5*topic + rho*N(0, I/d)), rho ~ U(0.5, 1.2)",
            "topics": N_TOPICS,
            "favourite_topic_share": FAVOURITE_SHARE,
        }

    # counts ------------------------------------------------------------------------------

    def composition(self, b: int) -> np.ndarray:
        """How many memories block b gives each source."""
        counts = np.zeros(len(self.sources), dtype=np.int64)
        n_crowd = round(BLOCK * CROWD_SHARE)
        crowd_misc = round(n_crowd * NO_ENTITY_SHARE)
        counts[self.crowd_misc] = crowd_misc
        counts[self.crowd_entities] = _apportion(n_crowd - crowd_misc, self.crowd_w)
        rest = BLOCK - n_crowd
        if b == 0:
            counts[self.lonely_entity], counts[self.lonely_misc] = LONELY_ENTITY, LONELY_MISC
            rest -= LONELY_ENTITY + LONELY_MISC
        if b < self.tiny_blocks:
            here = self.tiny_block == b
            counts[np.asarray(self.tiny)[here]] = self.tiny_sizes[here]
            rest -= int(self.tiny_sizes[here].sum())
        misc = round(rest * NO_ENTITY_SHARE)
        counts[self.misc] = _apportion(misc, self.misc_w)
        counts[self.growing] = _apportion(rest - misc, self.growing_w)
        return counts

    def slots(self, b: int) -> np.ndarray:
        """Block b's memories as source indices, in write order (seeded shuffle)."""
        if b not in self._slots:
            if len(self._slots) > 4:
                self._slots.clear()
            order = np.repeat(np.arange(len(self.sources)), self.composition(b))
            self._slots[b] = np.random.default_rng([self.seed, 1, b]).permutation(order)
        return self._slots[b]

    def counts(self, n: int) -> np.ndarray:
        """Each source's memories among the first n."""
        total = np.zeros(len(self.sources), dtype=np.int64)
        for b in range(n // BLOCK):
            total += self.composition(b)
        if n % BLOCK:
            part = self.slots(n // BLOCK)[: n % BLOCK]
            total += np.bincount(part, minlength=len(self.sources))
        return total

    def tenant_counts(self, n: int) -> dict[str, int]:
        counts = self.counts(n)
        return {t: int(counts[ix].sum()) for t, ix in self.tenant_sources.items()}

    # memories ----------------------------------------------------------------------------

    def _block_arrays(self, b: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self._arrays is not None and self._arrays[0] == b:
            return self._arrays[1], self._arrays[2], self._arrays[3]
        slots = self.slots(b)
        rng = np.random.default_rng([self.seed, 2, b])
        favourite = rng.random(BLOCK) < FAVOURITE_SHARE
        which = rng.integers(0, 3, BLOCK)
        other = rng.integers(0, N_TOPICS, BLOCK)
        topic = np.where(favourite, self.favourites[slots, which], other)
        rho = rng.uniform(*RHO, BLOCK)
        noise = rng.standard_normal((BLOCK, DIM))
        vectors = self.centroids[slots] + BETA * self.topics[topic]
        vectors += rho[:, None] * noise / math.sqrt(DIM)
        vectors = _unit(vectors).astype(np.float32)
        self._arrays = (b, slots, topic, vectors)
        return slots, topic, vectors

    def rows(self, start: int, stop: int, settings: Settings) -> dict[str, list[dict[str, Any]]]:
        """Memories start..stop (inside one block) as MemoryService's rows, by tenant."""
        b = start // BLOCK
        if (stop - 1) // BLOCK != b:
            raise ValueError("a chunk must stay inside one block")
        slots, topic, vectors = self._block_arrays(b)
        out: dict[str, list[dict[str, Any]]] = {}
        for i in range(start, stop):
            j = i - b * BLOCK
            s = self.sources[slots[j]]
            rng = random.Random(f"shared:{self.seed}:{i}")
            content = _fill(
                TEMPLATES[topic[j]], rng, s.name or rng.choice(self.others), self.others
            )
            importance, occurred_at, context, tags = draw_details(rng, DEFAULT_ANCHOR)
            out.setdefault(s.tenant, []).append(
                memory_row(
                    s.tenant,
                    s.entity_id,
                    content,
                    importance,
                    context,
                    tags,
                    occurred_at,
                    vectors[j].tolist(),
                    settings,
                )
            )
        return out

    # cues --------------------------------------------------------------------------------

    def cue(
        self, src: int, rng: random.Random, used: set[str], tenant: str, entity_id: str | None,
        scope_size: int,
    ) -> Cue:  # fmt: skip
        """A cue about source src (text from its topics, vector from its cluster), unique."""
        s = self.sources[src]
        favoured = [j for j, k in enumerate(CUE_TOPIC) if k in s.favourites]
        text, j = "", 0
        for _ in range(50):
            if favoured and rng.random() < FAVOURITE_SHARE:
                j = rng.choice(favoured)
            else:
                j = rng.randrange(len(CUE_TEMPLATES))
            text = _fill(CUE_TEMPLATES[j], rng, s.name or rng.choice(self.others), self.others)
            if text not in used:
                break
        else:
            text = f"{text} (cue {len(used)})"
        used.add(text)
        noise = np.random.default_rng(text_seed(f"{self.seed}:{text}"))
        rho = noise.uniform(*CUE_RHO)
        v = self.centroids[src] + BETA * self.topics[CUE_TOPIC[j]]
        v = _unit(v + rho * noise.standard_normal(DIM) / math.sqrt(DIM))
        return Cue(text, v.astype(np.float32).tolist(), tenant, entity_id, scope_size)


def _people(seed: int, n: int) -> list[tuple[str, str]]:
    """n distinct (entity id, display name) pairs, seeded."""
    pairs = list(itertools.product(FIRST_NAMES, LAST_NAMES))
    random.Random(f"shared-people:{seed}").shuffle(pairs)
    out = []
    for k in itertools.count():
        for first, last in pairs:
            suffix = f"-{k}" if k else ""
            out.append((f"user:{first}-{last}{suffix}", f"{first.title()} {last.title()}"))
            if len(out) == n:
                return out
    raise AssertionError("unreachable")


def memory_row(
    tenant: str, entity_id: str | None, content: str, importance: float,
    context: dict[str, Any] | None, tags: list[str], occurred_at: datetime,
    embedding: list[float], settings: Settings,
) -> dict[str, Any]:  # fmt: skip
    """The row MemoryService._row builds (plus the embedding _remember adds)."""
    return {
        "id": new_id(),
        "entity_id": entity_id,
        "entity_key": entity_key(tenant, entity_id),
        "content": content,
        "content_sha256": sha256(content),
        "importance": importance,
        "context_json": dump_context(context, settings),
        "tags": tags,
        "occurred_at": occurred_at,
        "embedding": embedding,
    }
