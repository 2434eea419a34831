"""The shared-index benchmark's constants, clock and small numeric helpers, and the two
records the other modules pass around (a memory's source, a cue)."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass

import numpy as np
from common import pct as _pct
from corpus import TEMPLATES

STARTED = time.perf_counter()
SAFE_PREFIX = "bench-shared-"

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
    return _pct(seconds, mean=True)


def _unit(x: np.ndarray) -> np.ndarray:
    unit: np.ndarray = x / np.linalg.norm(x, axis=-1, keepdims=True)
    return unit


def _apportion(n: int, weights: np.ndarray) -> np.ndarray:
    """n split in proportion to weights, exactly (largest remainder, ties by position)."""
    if n <= 0 or len(weights) == 0:
        return np.zeros(len(weights), dtype=np.int64)
    share = weights / weights.sum() * n
    out: np.ndarray = np.floor(share).astype(np.int64)
    left = n - int(out.sum())
    order = np.argsort(-(share - out), kind="stable")
    out[order[:left]] += 1
    return out


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
