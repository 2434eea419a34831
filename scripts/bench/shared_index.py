"""Scoped vector recall in one shared vector index: many tenants and entities, one HNSW.

    PYTHONPATH=.:scripts/bench HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/shared_index.py \\
        --sizes 100000,1000000 --keep [--resume bench-shared-] [--out docs/bench/shared_index.json]

The normal shape of a multi-tenant memory service: every tenant's memories live in the
one ``memory_embedding`` index, and every recall asks for the nearest ones *inside a
scope* (a tenant, or one entity of a tenant), which the index filters while it searches
(``SEARCH ... WHERE m.tenant_id = ... AND m.entity_id = ... AND m.hidden IN ...``).

**Build** (grows in place through ``--sizes``; ``--resume PREFIX`` carries on with a kept
build). No model: seeded, clustered 384-d unit vectors. Every entity has a random unit
centroid (pulled a little towards its tenant's), every memory is
``normalise(centroid + 0.5·topic + ρ·noise)`` with ρ ~ U(0.5, 1.2), so two memories of an
entity have cosine ~0.4-0.8; the 30 topic directions (one per ``corpus.py`` template,
and the memory's text is written from that template) are shared by every tenant, so
entities of different tenants overlap. Layout (defaults): 100 tenants
``<prefix>t000..t099`` of 10 entities each, entity sizes skewed (Zipf weights 1/rank for
80 % of them, a fixed 15-40 memories for the other 20 %), 10 % of memories without an
entity; the **crowd** tenant ``<prefix>crowd`` holds 30 % of all memories, its 20
entities' centroids all close to one region (its entity ids are the same strings as 20
regular tenants' entities); the **lonely** tenant ``<prefix>lonely`` holds 50 memories
(45 of one entity) far from that region. The layout is defined in blocks of 20,000
memories, so item ``i`` depends only on (seed, i) and a build can be grown or rebuilt.
Nodes are written with the service's own ``memory/create`` query and the exact rows
``MemoryService`` builds (then ``memory/timeline_insert`` for the FOLLOWED_BY timelines
and Entity nodes, unless ``--no-timeline``): 2,500 memories per transaction, one query
per tenant in it, no model and no contradiction detection. Then
``CALL db.awaitIndexes(3600)``.

**Measured at each size** (cues seeded; ``--warmup`` cues dropped, then ``--queries``):

- ``RecallService.similarity(Scope(...), vector, 10)`` per cell, the cells interleaved
  cue by cue: entity-scoped on tiny (smallest 10 %), median and large (largest 1 %)
  entities, entity-scoped inside the crowd tenant, small tenants, the crowd tenant, and
  the crowding case (the lonely tenant and its entity, queried with cues from the
  crowded region); p50/p95/p99, how many answers came back with fewer than
  min(10, scope size) memories, and the share of the exact top 10 they held; the exact
  top 10 is a brute-force Cypher ``vector.similarity.cosine`` scan of the scope, timed
  too (the "exact scan" figure);
- neo4j-graphrag's ``VectorRetriever`` (unfiltered, the whole index, top 10), timed
  interleaved cue by cue with hebbs-graph's similarity on the crowd tenant, and
  separately on entities: ratio of the medians and median of the pairwise ratios;
- hybrid recall end to end in process (``RecallService.recall``, ``reinforce=False``),
  the cue's vector precomputed by a memo over a synthetic embedder whose cue vectors
  come from the cue's target cluster: entity-scoped, small tenants, the crowd tenant;
- a diagnostic: similarity asked for k = 30 / 100 and cut to 10 on the large scopes, and
  the VectorRetriever pairs once more at the end (round 2).

Prints Markdown tables; writes JSON to ``--out`` after every size (and the tables beside
it as ``.md``). Tenants are deleted at the end unless ``--keep``; ``--purge`` deletes a
kept build (every tenant whose id starts with the prefix) and exits.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import json
import math
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import neo4j
import numpy as np
from corpus import CUE_TEMPLATES, DEFAULT_ANCHOR, FIRST_NAMES, LAST_NAMES, TEMPLATES, VOCAB, _fill
from neo4j_graphrag.retrievers import VectorRetriever
from scale import MemoEmbedder  # needs the bench extras, as this script does

from hebbs_graph.errors import GraphUnavailable
from hebbs_graph.graph.store import Tx
from hebbs_graph.ids import new_id
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.recall import Scope
from hebbs_graph.services.records import dump_context, entity_key, sha256, tenant_key
from hebbs_graph.settings import Settings
from hebbs_graph.timeutil import utcnow

REPO = Path(__file__).resolve().parents[2]
STARTED = time.perf_counter()
SAFE_PREFIX = "bench-shared-"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}

DIM = 384
BLOCK = 20_000  # the layout's unit: item i depends only on (seed, i)
# Memories per write transaction (BLOCK is a multiple). Neo4j's transaction memory pool
# (dbms.memory.transaction.total.max, 70 % of a 1 GB heap here) is shared with everyone
# else on the server: at 5,000 a 1M build failed with MemoryPoolOutOfMemoryError while
# another benchmark loaded the same Neo4j.
CHUNK = 2_500
WRITE_ATTEMPTS = 6
N_TOPICS = len(TEMPLATES)
BETA = 0.8  # weight of the shared topic direction
RHO = (0.5, 1.1)  # noise scale of a memory (cosine inside an entity ~0.35-0.85)
CUE_RHO = (0.5, 1.0)
FAVOURITE_SHARE = 0.8  # memories (and cues) on one of the source's 3 favourite topics
CROWD_SHARE = 0.30
NO_ENTITY_SHARE = 0.10
TINY_SHARE = 0.20  # regular entities of a fixed small size
TINY_SIZES = (15, 40)
TINY_ROOM = 0.4  # at most this share of a block goes to fixed-size entities
CROWD_ENTITIES = 20
LONELY_ENTITY, LONELY_MISC = 45, 5
K = 10
# Each cue template (corpus.CUE_TEMPLATES) asks about the memories of one template.
CUE_TOPIC = [0, 1, 3, 8, 7, 9, 5, 6, 17, 21, 25, 13, 18, 11, 4, 27, 19, 22, 14, 12]

# The exact top 10 of a scope: a brute-force cosine scan. `m.occurred_at IS NOT NULL`
# (every memory has one) lets the planner seek the scope in the (tenant_id, entity_id,
# occurred_at) / (tenant_id, occurred_at) range indexes, as recall/scope_size_* do;
# without it Neo4j plans a NodeByLabelScan of every memory in the database (LABEL_SCAN,
# timed on a few cues per cell to show it).
_SCAN = (
    "MATCH (m:Memory) WHERE m.tenant_id = $t{entity} AND m.embedding IS NOT NULL{seek} "
    "WITH m, vector.similarity.cosine(m.embedding, $v) AS s ORDER BY s DESC LIMIT 10 "
    "RETURN m.id AS id, s"
)
EXACT = {
    (entity, label_scan): _SCAN.format(
        entity=" AND m.entity_id = $e" if entity else "",
        seek="" if label_scan else " AND m.occurred_at IS NOT NULL",
    )
    for entity in (True, False)
    for label_scan in (True, False)
}
SIMILARITY_CELLS = [
    "entity/tiny", "entity/median", "entity/large", "entity/crowd",
    "tenant/small", "tenant/crowd", "crowding/tenant", "crowding/entity",
]  # fmt: skip
HYBRID_CELLS = ["hybrid/entity", "hybrid/tenant-small", "hybrid/tenant-crowd"]
OVERFETCH_CELLS = ["entity/large", "tenant/small", "tenant/crowd"]
OVERFETCH_K = (30, 100)


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:8.1f}s] {message}", file=sys.stderr, flush=True)


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def pct(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"n": 0}
    ms = np.asarray(seconds) * 1000
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    return {"n": len(seconds), "p50_ms": round(float(p50), 2), "p95_ms": round(float(p95), 2),
            "p99_ms": round(float(p99), 2), "mean_ms": round(float(ms.mean()), 2)}  # fmt: skip


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.linalg.norm(x, axis=-1, keepdims=True)


def _apportion(n: int, weights: np.ndarray) -> np.ndarray:
    """n split in proportion to weights, exactly (largest remainder, ties by position)."""
    if n <= 0 or len(weights) == 0:
        return np.zeros(len(weights), dtype=np.int64)
    share = weights / weights.sum() * n
    out = np.floor(share).astype(np.int64)
    left = n - int(out.sum())
    order = np.argsort(-(share - out), kind="stable")
    out[order[:left]] += 1
    return out


def _seed_of(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


# -- the layout ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Where a memory comes from: a tenant, maybe an entity, and its cluster."""

    tenant: str
    entity_id: str | None
    name: str | None  # the name its texts use (None: a random other name each time)
    group: str  # entity | misc | crowd | crowd-misc | lonely | lonely-misc
    favourites: tuple[int, int, int]


@dataclass(frozen=True)
class Cue:
    text: str
    vector: list[float]
    tenant: str  # the scope searched
    entity_id: str | None
    scope_size: int


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
            importance = round(rng.betavariate(2, 3), 3)
            occurred_at = DEFAULT_ANCHOR - timedelta(seconds=rng.uniform(0, 90 * 86_400))
            context = None
            if rng.random() < 0.4:  # as corpus.py
                context = {
                    "channel": rng.choice(["chat", "email", "slack", "voice", "ticket"]),
                    "session_id": f"s-{rng.randrange(100_000):05d}",
                    "turn": rng.randrange(1, 60),
                }
                if rng.random() < 0.3:
                    context["sentiment"] = round(rng.uniform(-1, 1), 2)
                if rng.random() < 0.3:
                    context["source"] = rng.choice(VOCAB["source"])
            tags = rng.sample(VOCAB["tag"], rng.choice([1, 2])) if rng.random() < 0.3 else []
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
        noise = np.random.default_rng(_seed_of(f"{self.seed}:{text}"))
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


class ClusterEmbedder:
    """Seeded synthetic vectors: a registered cue gets its cluster vector (its target's
    centroid + topic + noise); any other text a hash-seeded random unit vector."""

    dimension = DIM
    model_name = "synthetic-clusters"

    def __init__(self) -> None:
        self.cues: dict[str, list[float]] = {}

    async def embed(self, texts: list[str]) -> list[list[float]]:
        out = []
        for text in texts:
            if text in self.cues:
                out.append(self.cues[text])
            else:
                v = np.random.default_rng(_seed_of(text)).standard_normal(DIM)
                out.append(_unit(v).tolist())
        return out


# -- build --------------------------------------------------------------------------------


def count_tenants(driver: neo4j.Driver, tenants: list[str]) -> dict[str, int]:
    records, _, _ = driver.execute_query(
        # occurred_at IS NOT NULL (every memory has one) makes it an index seek, not a
        # label scan per tenant.
        "UNWIND $tenants AS t CALL (t) { MATCH (m:Memory) WHERE m.tenant_id = t "
        "AND m.occurred_at IS NOT NULL RETURN count(m) AS n } RETURN t, n",
        tenants=tenants,
    )
    return {r["t"]: r["n"] for r in records}


async def write_chunk(
    services: Services, groups: dict[str, list[dict[str, Any]]], timeline: bool
) -> dict[str, float]:
    """One transaction: memory/create per tenant, then memory/timeline_insert per tenant,
    with the parameters MemoryService._write_chunk passes."""
    now = utcnow()
    spent = {"create_s": 0.0, "timeline_s": 0.0}

    async def work(tx: Tx) -> None:
        spent["create_s"] = spent["timeline_s"] = 0.0  # a retried transaction starts over
        for tenant, rows in groups.items():
            t0 = time.perf_counter()
            await tx.rows(
                "memory/create", tenant_id=tenant, tenant_key=tenant_key(tenant), rows=rows,
                now=now,
            )  # fmt: skip
            spent["create_s"] += time.perf_counter() - t0
        if not timeline:
            return
        for tenant, rows in groups.items():
            if any(r["entity_id"] for r in rows):
                t0 = time.perf_counter()
                await tx.rows(
                    "memory/timeline_insert", tenant_id=tenant, ids=[r["id"] for r in rows],
                    now=now,
                )  # fmt: skip
                spent["timeline_s"] += time.perf_counter() - t0

    await services.store.write(work)
    return spent


async def build(
    services: Services, driver: neo4j.Driver, layout: Layout, have: int, size: int,
    timeline: bool,
) -> dict[str, Any]:  # fmt: skip
    log(f"building {have:,} -> {size:,} memories (timeline: {timeline})")
    settings = services.settings
    t_start = time.perf_counter()
    totals = {"generate_wait_s": 0.0, "write_s": 0.0, "create_s": 0.0, "timeline_s": 0.0}
    chunks: list[dict[str, Any]] = []
    starts = list(range(have, size, CHUNK))

    def make(start: int) -> dict[str, list[dict[str, Any]]]:
        return layout.rows(start, min(start + CHUNK, size), settings)

    pending = asyncio.ensure_future(asyncio.to_thread(make, starts[0]))
    for n, start in enumerate(starts):
        t0 = time.perf_counter()
        groups = await pending
        totals["generate_wait_s"] += time.perf_counter() - t0
        if n + 1 < len(starts):  # the next chunk is generated while this one is written
            pending = asyncio.ensure_future(asyncio.to_thread(make, starts[n + 1]))
        retries = 0
        while True:  # a transaction is all or nothing: a failed chunk can be written again
            t0 = time.perf_counter()
            try:
                spent = await write_chunk(services, groups, timeline)
                break
            except GraphUnavailable as exc:
                retries += 1
                if retries >= WRITE_ATTEMPTS:
                    raise
                log(f"  chunk at {start:,} failed ({str(exc)[:160]}); again in {30 * retries} s")
                await asyncio.sleep(30 * retries)
        took = time.perf_counter() - t0
        totals["write_s"] += took
        totals["create_s"] += spent["create_s"]
        totals["timeline_s"] += spent["timeline_s"]
        done = min(start + CHUNK, size)
        elapsed = time.perf_counter() - t_start
        rate = (done - have) / elapsed
        chunks.append({"upto": done, "write_s": round(took, 2), "create_s": round(spent["create_s"], 2),
                       "timeline_s": round(spent["timeline_s"], 2), "load": load(),
                       **({"retries": retries} if retries else {})})  # fmt: skip
        totals["retries"] = totals.get("retries", 0) + retries
        if n % (20_000 // CHUNK) == 20_000 // CHUNK - 1 or done == size:
            eta = (size - done) / rate if rate else 0
            log(f"  {done:,}/{size:,}: {(done - start) / took:,.0f}/s this chunk "
                f"(create {spent['create_s']:.1f}s, timeline {spent['timeline_s']:.1f}s), "
                f"{rate:,.0f}/s overall, ETA {eta / 60:.1f} min, load {load()}")  # fmt: skip
    seconds = time.perf_counter() - t_start
    t0 = time.perf_counter()
    driver.execute_query("CALL db.awaitIndexes(3600)")
    await_s = time.perf_counter() - t0
    log(f"built {size - have:,} in {seconds:.0f}s ({(size - have) / seconds:,.0f}/s); "
        f"awaitIndexes {await_s:.1f}s")  # fmt: skip
    return {
        "from": have, "to": size, "seconds": round(seconds, 1),
        "memories_per_s": round((size - have) / seconds, 1),
        "await_indexes_s": round(await_s, 2),
        **{k: round(v, 1) for k, v in totals.items()},
        "timeline": timeline, "memories_per_transaction": CHUNK, "chunks": chunks,
    }  # fmt: skip


async def purge(services: Services, driver: neo4j.Driver, prefix: str) -> int:
    if not prefix.startswith(SAFE_PREFIX):
        raise SystemExit(f"refusing to purge tenants outside {SAFE_PREFIX}*")
    records, _, _ = driver.execute_query(
        "MATCH (m:Memory) WHERE m.tenant_id STARTS WITH $p RETURN DISTINCT m.tenant_id AS t "
        "UNION MATCH (e:Entity) WHERE e.tenant_id STARTS WITH $p RETURN DISTINCT e.tenant_id AS t",
        p=prefix,
    )
    deleted = 0
    for tenant in sorted(r["t"] for r in records):
        while True:
            rows = await services.store.write_rows("tenant/purge", tenant_id=tenant, limit=5000)
            deleted += rows[0]["deleted"]
            if not rows[0]["deleted"]:
                break
        services.recall.sizes.forget(tenant)
    log(f"purged {deleted:,} nodes of {len(records)} tenants under {prefix}")
    return deleted


# -- measurement --------------------------------------------------------------------------


def cells_for(layout: Layout, size: int, n: int) -> tuple[dict[str, list[Cue]], dict[str, Any]]:
    """n seeded cues per similarity cell at this size, and which scopes they drew from."""
    counts = layout.counts(size)
    tenant_n = layout.tenant_counts(size)
    regular = sorted((i for i in layout.tiny + layout.growing if counts[i] > 0),
                     key=lambda i: (counts[i], i))  # fmt: skip
    m = len(regular)
    pools = {
        "entity/tiny": regular[: max(5, m // 10)],
        "entity/median": regular[int(m * 0.45) : max(int(m * 0.55), int(m * 0.45) + 5)],
        "entity/large": regular[-max(5, m // 100) :],
        "entity/crowd": [i for i in layout.crowd_entities if counts[i] > 0],
    }
    crowd_src = [i for i in [*layout.crowd_entities, layout.crowd_misc] if counts[i] > 0]
    crowd_w = [int(counts[i]) for i in crowd_src]
    used: set[str] = set()
    out: dict[str, list[Cue]] = {}
    lonely_e = layout.sources[layout.lonely_entity]
    for cell in SIMILARITY_CELLS:
        rng = random.Random(f"shared-cues:{layout.seed}:{size}:{cell}")
        cues = []
        for _ in range(n):
            if cell in pools:
                src = rng.choice(pools[cell])
                s = layout.sources[src]
                cues.append(layout.cue(src, rng, used, s.tenant, s.entity_id, int(counts[src])))
            elif cell == "tenant/small":
                tenant = rng.choice(layout.tenants)
                ix = [i for i in layout.tenant_sources[tenant] if counts[i] > 0]
                src = rng.choices(ix, weights=[int(counts[i]) for i in ix])[0]
                cues.append(layout.cue(src, rng, used, tenant, None, tenant_n[tenant]))
            else:  # cues from the crowded region
                src = rng.choices(crowd_src, weights=crowd_w)[0]
                if cell == "tenant/crowd":
                    cues.append(
                        layout.cue(src, rng, used, layout.crowd, None, tenant_n[layout.crowd])
                    )
                elif cell == "crowding/tenant":
                    cues.append(
                        layout.cue(src, rng, used, layout.lonely, None, tenant_n[layout.lonely])
                    )
                else:
                    cues.append(layout.cue(src, rng, used, layout.lonely, lonely_e.entity_id,
                                           int(counts[layout.lonely_entity])))  # fmt: skip
        out[cell] = cues
    sizes = {cell: [c.scope_size for c in cues] for cell, cues in out.items()}
    info = {
        cell: {"scopes": len({(c.tenant, c.entity_id) for c in cues}),
               "scope_min": int(min(s)), "scope_median": int(np.median(s)), "scope_max": int(max(s))}
        for cell, (cues, s) in ((c, (out[c], sizes[c])) for c in out)
    }  # fmt: skip
    return out, info


async def hebbs_similarity(
    services: Services, cue: Cue, k: int = K
) -> tuple[float, list[tuple[str, float]]]:
    """RecallService.similarity on the cue's scope: seconds, [(id, cosine)] best first."""
    scope = Scope(cue.tenant, cue.entity_id, include_superseded=False, include_stale=False)
    t0 = time.perf_counter()
    hits = await services.recall.similarity(scope, cue.vector, k)
    return time.perf_counter() - t0, [(m.id, sim) for m, sim in hits]


def exact(
    driver: neo4j.Driver, cue: Cue, label_scan: bool = False
) -> tuple[float, list[tuple[str, float]]]:
    """The brute-force scan: seconds, the scope's exact top 10 as [(id, cosine)]."""
    query = EXACT[(cue.entity_id is not None, label_scan)]
    t0 = time.perf_counter()
    records, _, _ = driver.execute_query(query, t=cue.tenant, e=cue.entity_id, v=cue.vector)
    return time.perf_counter() - t0, [(r["id"], 2 * r["s"] - 1) for r in records]


def share(truth: list[tuple[str, float]], found: list[str]) -> float:
    """The share of the exact top 10 among the ids found."""
    return len({i for i, _ in truth} & set(found)) / len(truth) if truth else 1.0


def plan_of(driver: neo4j.Driver, cue: Cue, label_scan: bool) -> list[str]:
    """The operators Neo4j plans for the exact scan of this cue's scope (EXPLAIN)."""
    query = EXACT[(cue.entity_id is not None, label_scan)]
    with driver.session() as session:
        summary = session.run(
            "EXPLAIN " + query, t=cue.tenant, e=cue.entity_id, v=cue.vector
        ).consume()
    out: list[str] = []

    def walk(plan: Any) -> None:
        details = plan.get("args", {}).get("Details", "")
        out.append(f"{plan['operatorType'].split('@')[0]} {details}".strip())
        for child in plan.get("children", []):
            walk(child)

    if summary.plan:
        walk(summary.plan)
    return out


async def measure_similarity(
    services: Services, driver: neo4j.Driver, cells: dict[str, list[Cue]], warmup: int,
    exact_limit: int | None, label_scan_cues: int, truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """Similarity per cell (cells interleaved cue by cue), then the exact scans; the exact
    top 10 of every cue scanned goes into ``truths`` (by cue text)."""
    names = list(cells)
    n = len(cells[names[0]])
    times: dict[str, list[float]] = {c: [] for c in names}
    found: dict[str, list[list[tuple[str, float]]]] = {c: [] for c in names}
    log(f"similarity: {len(names)} cells x {n} cues, interleaved (load {load()})")
    for j in range(n):
        for cell in names:
            took, ids = await hebbs_similarity(services, cells[cell][j])
            if j >= warmup:
                times[cell].append(took)
                found[cell].append(ids)
    out: dict[str, Any] = {}
    for cell in names:
        cues = cells[cell][warmup:]
        short = [
            {"tenant": c.tenant, "entity_id": c.entity_id, "scope_size": c.scope_size,
             "returned": len(ids)}
            for c, ids in zip(cues, found[cell], strict=True)
            if len(ids) < min(K, c.scope_size)
        ]  # fmt: skip
        scans, shares, worst = [], [], None
        limit = len(cues) if exact_limit is None else min(exact_limit, len(cues))
        for c, hits in list(zip(cues, found[cell], strict=True))[:limit]:
            took, truth = exact(driver, c)
            scans.append(took)
            shares.append(share(truth, [i for i, _ in hits]))
            truths[c.text] = truth
            if worst is None or shares[-1] < worst["share"]:
                worst = {"tenant": c.tenant, "entity_id": c.entity_id, "scope_size": c.scope_size,
                         "share": shares[-1], "exact_cosines": [round(x, 4) for _, x in truth],
                         "returned_cosines": [round(x, 4) for _, x in hits]}  # fmt: skip
        label_scans = []
        for c in cues[:label_scan_cues]:
            took, _ = exact(driver, c, label_scan=True)
            label_scans.append(took)
        shares_a = np.asarray(shares)
        out[cell] = {
            "similarity": pct(times[cell]),
            "short": len(short),
            "short_examples": short[:5],
            "exact_top10": {"mean": round(float(shares_a.mean()), 4), "min": round(float(shares_a.min()), 2),
                            "queries": len(shares), "below_1": int((shares_a < 1).sum()),
                            "worst": worst},
            "exact_scan": pct(scans),
            "exact_scan_label_scan": pct(label_scans),
        }  # fmt: skip
        e = out[cell]
        log(f"  {cell:16s} p50 {e['similarity']['p50_ms']:7.1f} ms  p95 {e['similarity']['p95_ms']:7.1f}"
            f"  top10 {e['exact_top10']['mean']:.3f}  short {e['short']}"
            f"  exact p50 {e['exact_scan']['p50_ms']:8.1f} ms")  # fmt: skip
    return out


async def measure_graphrag(
    services: Services, driver: neo4j.Driver, cues: list[Cue], warmup: int,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """VectorRetriever (unfiltered, whole index) and hebbs-graph's scoped similarity,
    cue by cue, the order alternating; and how much of the scope's exact top 10 the
    unfiltered top 10 holds (what post-filtering it would leave)."""
    retriever = VectorRetriever(driver, index_name="memory_embedding", return_properties=["id"])
    graphrag, hebbs, shares = [], [], []
    for j, cue in enumerate(cues):
        pair = [0.0, 0.0]
        ids: list[str] = []
        for side in (0, 1) if j % 2 == 0 else (1, 0):
            if side == 0:
                t0 = time.perf_counter()
                result = retriever.get_search_results(query_vector=cue.vector, top_k=K)
                pair[0] = time.perf_counter() - t0
                ids = [r["node"]["id"] for r in result.records]
            else:
                pair[1], _ = await hebbs_similarity(services, cue)
        if j >= warmup:
            graphrag.append(pair[0])
            hebbs.append(pair[1])
            if cue.text in truths:
                shares.append(share(truths[cue.text], ids))
    g, h = pct(graphrag), pct(hebbs)
    ratios = np.asarray(hebbs) / np.asarray(graphrag)
    return {
        "graphrag_vector": g, "hebbs_similarity": h,
        "ratio_of_medians": round(h["p50_ms"] / g["p50_ms"], 2),
        "pairwise_ratio_median": round(float(np.median(ratios)), 2),
        "unfiltered_share_of_scope_top10": round(float(np.mean(shares)), 4) if shares else None,
        "load_end": load(),
    }  # fmt: skip


async def measure_hybrid(
    services: Services, cells: dict[str, list[Cue]], warmup: int
) -> dict[str, Any]:
    names = list(cells)
    n = len(cells[names[0]])
    times: dict[str, list[float]] = {c: [] for c in names}
    short = dict.fromkeys(names, 0)
    examples: dict[str, list[dict[str, Any]]] = {c: [] for c in names}
    log(f"hybrid: {len(names)} cells x {n} cues, interleaved (load {load()})")
    for j in range(n):
        for cell in names:
            cue = cells[cell][j]
            request = RecallIn(cue=cue.text, entity_id=cue.entity_id, reinforce=False)
            t0 = time.perf_counter()
            out = await services.recall.recall(cue.tenant, request)
            took = time.perf_counter() - t0
            if j < warmup:
                continue
            times[cell].append(took)
            if len(out.results) < min(K, cue.scope_size):
                short[cell] += 1
                if len(examples[cell]) < 5:  # why: the hybrid strategy's own answer
                    scope = Scope(cue.tenant, cue.entity_id, False, False)
                    raw = await services.recall.hybrid(scope, cue.text, cue.vector, K)
                    examples[cell].append({
                        "tenant": cue.tenant, "entity_id": cue.entity_id, "cue": cue.text,
                        "scope_size": cue.scope_size, "returned": len(out.results),
                        "hybrid_strategy_returned": len(raw),
                        "distinct_contents": len({c.memory.content_sha256 for c in raw}),
                    })  # fmt: skip
    result = {
        c: {"recall": pct(times[c]), "short": short[c], "short_examples": examples[c]}
        for c in names
    }
    for c in names:
        log(f"  {c:20s} p50 {result[c]['recall']['p50_ms']:7.1f} ms  "
            f"p95 {result[c]['recall']['p95_ms']:7.1f} ms  short {short[c]}")  # fmt: skip
    return result


def mixed_entity_cues(cells: dict[str, list[Cue]]) -> list[Cue]:
    """Entity cues of the tiny, median and large cells, one after another."""
    groups = [cells["entity/tiny"], cells["entity/median"], cells["entity/large"]]
    return [groups[j % 3][j] for j in range(len(groups[0]))]


async def measure(
    services: Services, driver: neo4j.Driver, layout: Layout, size: int,
    args: argparse.Namespace, memo: MemoEmbedder, inner: ClusterEmbedder,
) -> dict[str, Any]:  # fmt: skip
    n = args.warmup + args.queries
    cells, scopes = cells_for(layout, size, n)
    for cues in cells.values():
        for c in cues:
            inner.cues[c.text] = c.vector
    await memo.remember_cues([c.text for cues in cells.values() for c in cues])
    row: dict[str, Any] = {"scopes": scopes, "load_start": load()}
    row["exact_plans"] = {
        f"{kind}{'/without occurred_at' if label_scan else ''}": plan_of(driver, cue, label_scan)
        for kind, cue in (("entity", cells["entity/tiny"][0]), ("tenant", cells["tenant/small"][0]))
        for label_scan in (False, True)
    }
    log(f"exact scan plans: {row['exact_plans']}")
    truths: dict[str, list[tuple[str, float]]] = {}
    row["similarity"] = await measure_similarity(
        services, driver, cells, args.warmup, args.exact_limit, args.label_scan_cues, truths
    )
    row["overfetch"] = await measure_overfetch(services, cells, args.warmup, truths)
    entity_cues = mixed_entity_cues(cells)
    row["graphrag"] = await graphrag_round(services, driver, cells, entity_cues, args, truths)
    hybrid_cells = {
        "hybrid/entity": entity_cues,
        "hybrid/tenant-small": cells["tenant/small"],
        "hybrid/tenant-crowd": cells["tenant/crowd"],
    }
    row["hybrid"] = await measure_hybrid(services, hybrid_cells, args.warmup)
    row["graphrag_round2"] = await graphrag_round(
        services, driver, cells, entity_cues, args, truths
    )
    row["load_end"] = load()
    return row


async def graphrag_round(
    services: Services, driver: neo4j.Driver, cells: dict[str, list[Cue]],
    entity_cues: list[Cue], args: argparse.Namespace,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    log(f"graphrag VectorRetriever interleaved (load {load()})")
    out = {
        "tenant/crowd": await measure_graphrag(
            services, driver, cells["tenant/crowd"], args.warmup, truths
        ),
        "entity": await measure_graphrag(services, driver, entity_cues, args.warmup, truths),
    }
    for name, g in out.items():
        log(f"  {name}: hebbs p50 {g['hebbs_similarity']['p50_ms']} ms, graphrag p50 "
            f"{g['graphrag_vector']['p50_ms']} ms, ratio {g['ratio_of_medians']}, "
            f"pairwise {g['pairwise_ratio_median']}, unfiltered share of scope top 10 "
            f"{g['unfiltered_share_of_scope_top10']}")  # fmt: skip
    return out


async def measure_overfetch(
    services: Services, cells: dict[str, list[Cue]], warmup: int,
    truths: dict[str, list[tuple[str, float]]],
) -> dict[str, Any]:  # fmt: skip
    """A diagnostic: the same similarity asked for k = 30 / 100 and cut to 10, on the
    cells where the index missed most; does a wider search find the exact top 10?"""
    out: dict[str, Any] = {}
    for cell in OVERFETCH_CELLS:
        cues = [c for c in cells[cell][warmup:] if c.text in truths]
        out[cell] = {}
        for k in OVERFETCH_K:
            times, shares = [], []
            for c in cues:
                took, hits = await hebbs_similarity(services, c, k)
                times.append(took)
                shares.append(share(truths[c.text], [i for i, _ in hits[:K]]))
            a = np.asarray(shares)
            out[cell][f"k={k}"] = {"similarity": pct(times), "exact_top10": round(float(a.mean()), 4),
                                   "below_1": int((a < 1).sum()), "min": round(float(a.min()), 2)}  # fmt: skip
            e = out[cell][f"k={k}"]
            log(
                f"  overfetch {cell} k={k}: p50 {e['similarity']['p50_ms']} ms, "
                f"top10 {e['exact_top10']} ({e['below_1']} < 1, min {e['min']})"
            )
    return out


# -- report -------------------------------------------------------------------------------


def tables(report: dict[str, Any]) -> str:
    out = []
    for row in report["sizes"]:
        out.append(f"\n### {row['memories']:,} memories in the shared index\n")
        b = row.get("build")
        if b:
            out.append(f"Build {b['from']:,} -> {b['to']:,}: {b['memories_per_s']:,.0f} memories/s "
                       f"({b['seconds']:.0f} s; timelines: {'yes' if b['timeline'] else 'no'}; "
                       f"create {b['create_s']:.0f} s, timeline {b['timeline_s']:.0f} s; "
                       f"awaitIndexes {b['await_indexes_s']} s)\n")  # fmt: skip
        if row.get("build_note"):
            out.append(f"{row['build_note']}\n")
        out.append("| cell | scopes | scope size (min / median / max) | p50 ms | p95 ms | p99 ms "
                   "| exact top-10 share | short | exact scan p50 / p95 ms "
                   "| label-scan exact p50 ms |")  # fmt: skip
        out.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for cell, e in row["similarity"].items():
            s, sc = e["similarity"], row["scopes"][cell]
            x = e["exact_top10"]
            out.append(
                f"| {cell} | {sc['scopes']} | {sc['scope_min']:,} / {sc['scope_median']:,} / "
                f"{sc['scope_max']:,} | {s['p50_ms']} | {s['p95_ms']} | {s['p99_ms']} | "
                f"{x['mean']:.3f} (min {x['min']}, {x['below_1']}/{x['queries']} < 1) | "
                f"{e['short']}/{s['n']} | {e['exact_scan']['p50_ms']} / {e['exact_scan']['p95_ms']} | "
                f"{e.get('exact_scan_label_scan', {}).get('p50_ms', '-')} |"
            )
        out.append("\n| VectorRetriever (unfiltered) vs hebbs similarity | graphrag p50 / p95 ms "
                   "| hebbs p50 / p95 ms | ratio of medians (hebbs / graphrag) | pairwise ratio median "
                   "| unfiltered top 10's share of the scope's exact top 10 |")  # fmt: skip
        out.append("|---|---:|---:|---:|---:|---:|")
        rounds = [("", row["graphrag"]), (" (round 2)", row.get("graphrag_round2") or {})]
        for label, found in rounds:
            for name, g in found.items():
                gv, hv = g["graphrag_vector"], g["hebbs_similarity"]
                out.append(f"| {name}{label} | {gv['p50_ms']} / {gv['p95_ms']} | {hv['p50_ms']} / "
                           f"{hv['p95_ms']} | {g['ratio_of_medians']} | {g['pairwise_ratio_median']} "
                           f"| {g.get('unfiltered_share_of_scope_top10', '-')} |")  # fmt: skip
        if row.get("overfetch"):
            out.append("\n| diagnostic: similarity asked for k, cut to 10 | k | p50 / p95 ms "
                       "| exact top-10 share | queries < 1 |")  # fmt: skip
            out.append("|---|---:|---:|---:|---:|")
            for cell, by_k in row["overfetch"].items():
                base = row["similarity"][cell]
                out.append(f"| {cell} | 10 | {base['similarity']['p50_ms']} / {base['similarity']['p95_ms']} "
                           f"| {base['exact_top10']['mean']:.3f} | {base['exact_top10']['below_1']} |")  # fmt: skip
                for k, e in by_k.items():
                    out.append(f"| {cell} | {k[2:]} | {e['similarity']['p50_ms']} / "
                               f"{e['similarity']['p95_ms']} | {e['exact_top10']:.3f} | {e['below_1']} |")  # fmt: skip
        if row.get("expansion_ab"):
            ab = row["expansion_ab"]
            out.append(f"\n{ab['note']}\n")
            out.append("| cell | queries | expansion 1: p50 / p95 ms, exact top-10 share (< 1) "
                       "| expansion 3: p50 / p95 ms, exact top-10 share (< 1) |")  # fmt: skip
            out.append("|---|---:|---:|---:|")
            for cell, e in ab["cells"].items():
                one, three = e["expansion 1.0"], e["expansion 3.0"]
                out.append(f"| {cell} | {one['queries']} | {one['p50_ms']} / {one['p95_ms']}, "
                           f"{one['exact_top10']:.3f} ({one['below_1']}) | {three['p50_ms']} / "
                           f"{three['p95_ms']}, {three['exact_top10']:.3f} ({three['below_1']}) |")  # fmt: skip
        out.append(
            "\n| hybrid recall (end to end, cue vector memoised) | p50 ms | p95 ms | short |"
        )
        out.append("|---|---:|---:|---:|")
        for name, h in row["hybrid"].items():
            r = h["recall"]
            out.append(f"| {name} | {r['p50_ms']} | {r['p95_ms']} | {h['short']}/{r['n']} |")
    return "\n".join(out) + "\n"


def save(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(tables(report), encoding="utf-8")


def earlier_rows(path: Path, prefix: str, layout: Layout, have: int) -> dict[int, Any]:
    """Sizes a run on this build already measured (resume keeps them, by size)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if old.get("prefix") != prefix or old.get("layout") != layout.describe:
        return {}
    return {r["memories"]: r for r in old.get("sizes", []) if r["memories"] <= have}


def server_info(driver: neo4j.Driver) -> dict[str, Any]:
    info: dict[str, Any] = {}
    records, _, _ = driver.execute_query("CALL dbms.components() YIELD versions, edition "
                                         "RETURN versions[0] AS v, edition")  # fmt: skip
    info["version"], info["edition"] = records[0]["v"], records[0]["edition"]
    records, _, _ = driver.execute_query(
        "SHOW VECTOR INDEXES YIELD name, options, properties WHERE name = 'memory_embedding' "
        "RETURN options, properties"
    )
    if records:
        info["memory_embedding"] = {"properties": records[0]["properties"],
                                    "options": records[0]["options"]}  # fmt: skip
    try:
        records, _, _ = driver.execute_query(
            "CALL dbms.listConfig('server.memory') YIELD name, value RETURN name, value"
        )
        info["memory"] = {r["name"]: r["value"] for r in records}
    except neo4j.exceptions.Neo4jError:
        pass
    return info


# -- main ---------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    host = urlparse(settings.effective_neo4j_uri).hostname
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to run against {settings.effective_neo4j_uri}: 127.0.0.1 only")
    prefix = args.resume or args.prefix
    if not prefix.startswith(SAFE_PREFIX):
        raise SystemExit(f"the tenant prefix must start with {SAFE_PREFIX}")
    inner = ClusterEmbedder()
    memo = MemoEmbedder(inner)
    services = await open_services(settings, embedder=memo)  # type: ignore[arg-type]
    driver = neo4j.GraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    report: dict[str, Any] = {"benchmark": "scripts/bench/shared_index.py",
                              "command": " ".join(sys.argv), "prefix": prefix}  # fmt: skip
    try:
        if args.purge:
            report["purged_nodes"] = await purge(services, driver, prefix)
            return report
        layout = Layout(args.seed, prefix, args.tenants, args.entities)
        tenants = [*layout.tenant_sources]
        have_by = count_tenants(driver, tenants)
        have = sum(have_by.values())
        if have and not args.resume:
            raise SystemExit(f"{have:,} memories already under {prefix}: --resume {prefix} "
                             f"to grow them, or --purge --prefix {prefix}")  # fmt: skip
        if have % CHUNK or have_by != layout.tenant_counts(have):
            raise SystemExit(f"the {have:,} memories under {prefix} do not match this layout "
                             "(other --seed / --tenants / --entities?)")  # fmt: skip
        if have:
            log(f"resuming {prefix}: {have:,} memories already built")
        report |= {
            "layout": layout.describe, "timeline": not args.no_timeline,
            "queries": args.queries, "warmup": args.warmup, "exact_limit": args.exact_limit,
            "neo4j": server_info(driver),
            "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                        "python": platform.python_version()},
            "load_start": load(), "sizes": [],
        }  # fmt: skip
        measured = earlier_rows(args.out, prefix, layout, have) if have else {}
        builds = {size: r["build"] for size, r in measured.items() if "build" in r}
        if args.remeasure:
            measured = {}
        report["sizes"] = [measured[s] for s in sorted(measured)]
        for size in args.sizes:
            if size in measured:
                log(f"{size:,} already measured in {args.out}: kept from there")
                continue
            if size < have:
                log(f"skipping {size:,}: {have:,} already built")
                continue
            row: dict[str, Any] = {"memories": size}
            if size in builds:  # measured again (--remeasure): the build's figures stay
                row["build"] = builds[size]
            if size > have:
                row["build"] = await build(
                    services, driver, layout, have, size, not args.no_timeline
                )
                have = size
            counted = sum(count_tenants(driver, tenants).values())
            if counted != size:
                log(f"WARNING: {counted:,} memories counted under {prefix}, {size:,} expected")
            row["counted"] = counted
            row.update(await measure(services, driver, layout, size, args, memo, inner))
            report["sizes"].append(row)
            report["seconds"] = round(time.perf_counter() - STARTED, 1)
            save(report, args.out)
            print(tables({"sizes": [row]}), flush=True)
            log(f"saved {args.out}")
        report["load_end"] = load()
    finally:
        if not args.keep and not args.purge:
            await purge(services, driver, prefix)
        await services.close()
        driver.close()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100000", help="comma-separated, multiples of 2,500")
    parser.add_argument("--queries", type=int, default=100, help="measured cues per cell")
    parser.add_argument("--warmup", type=int, default=5, help="cues per cell dropped first")
    parser.add_argument("--tenants", type=int, default=100)
    parser.add_argument("--entities", type=int, default=1000, help="over all regular tenants")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--prefix", default=SAFE_PREFIX, help=f"tenant id prefix ({SAFE_PREFIX}*)")
    parser.add_argument("--resume", metavar="PREFIX", help="grow a build kept by --keep")
    parser.add_argument("--keep", action="store_true", help="keep the tenants at the end")
    parser.add_argument("--purge", action="store_true", help="delete the prefix's tenants, exit")
    parser.add_argument("--no-timeline", action="store_true", help="skip memory/timeline_insert")
    parser.add_argument("--exact-limit", type=int, default=None,
                        help="exact scans per cell (default: every measured cue)")  # fmt: skip
    parser.add_argument("--remeasure", action="store_true",
                        help="with --resume: measure sizes already in --out again")  # fmt: skip
    parser.add_argument("--label-scan-cues", type=int, default=5,
                        help="cues per cell also timed with the exact scan Neo4j plans as a "
                             "label scan (no occurred_at predicate)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "shared_index.json")
    args = parser.parse_args()
    args.sizes = sorted(int(s) for s in args.sizes.split(","))
    if any(s % CHUNK or s <= 0 for s in args.sizes):
        parser.error(f"sizes must be positive multiples of {CHUNK:,}")
    report = asyncio.run(run(args))
    if args.purge:
        return
    report["seconds"] = round(time.perf_counter() - STARTED, 1)
    save(report, args.out)
    print(tables(report))


if __name__ == "__main__":
    main()
