"""A large entity for the palace's map of meaning, written fast: a backup file made in
memory (vectors clustered by topic, no model needed) restored into a tenant."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hebbs_graph.ids import new_id
from hebbs_graph.services.container import Services
from tests.support.backup_file import Record, at, edge, end, header, memory

TOPICS = [
    "the quarterly order of office chairs",
    "a late delivery to the Leeds warehouse",
    "the invoice format their accounts team wants",
    "a new buyer joining their procurement team",
    "the discount tiers for large orders",
    "their preference for deliveries before noon",
    "a damaged pallet reported by the night shift",
    "the renewal date of their service contract",
    "a security questionnaire from their IT team",
    "the budget for next year's office fit-out",
    "their move to a new head office in Manchester",
    "a complaint about the support line's hours",
]
SOURCES_PER_INSIGHT = 12


@dataclass
class MapSeed:
    entity_id: str
    episodes: list[str] = field(default_factory=list)
    insights: list[str] = field(default_factory=list)
    contradiction: tuple[str, str] = ("", "")
    sources: dict[str, list[str]] = field(default_factory=dict)
    content: dict[str, str] = field(default_factory=dict)


def records(count: int, dimension: int, model: str, entity_id: str) -> tuple[list[Record], MapSeed]:
    """``count`` memories: episodes on a dozen topics and one insight per 150 of them,
    each drawn from a dozen episodes of its topic; a contradiction and a cause."""
    rng = np.random.default_rng(31)
    centres = rng.normal(size=(len(TOPICS), dimension))
    seed = MapSeed(entity_id)
    out: list[Record] = [header(model, dimension, entity_id=entity_id)]
    n_insights = max(1, count // 150)
    by_topic: dict[int, list[str]] = {t: [] for t in range(len(TOPICS))}

    def add(kind: str, text: str, topic: int, hours: float, **extra: Any) -> str:
        mid = new_id()
        vec = centres[topic] + rng.normal(scale=0.9, size=dimension)
        rec = memory(mid, text, dimension, kind="snapshot", hours=hours, entity_id=entity_id)
        rec["properties"].update(kind=kind, **extra)
        rec["embedding"] = (vec / np.linalg.norm(vec)).tolist()
        out.append(rec)
        seed.content[mid] = text
        return mid

    for n in range(count - n_insights):
        topic = n % len(TOPICS)
        text = f"Northwind call {n}: talked about {TOPICS[topic]}"
        mid = add("episode", text, topic, n / 10)
        seed.episodes.append(mid)
        by_topic[topic].append(mid)
    for k in range(n_insights):
        topic = k % len(TOPICS)
        picked = by_topic[topic][k // len(TOPICS) * SOURCES_PER_INSIGHT :][:SOURCES_PER_INSIGHT]
        text = f"Insight {k}: Northwind keeps coming back to {TOPICS[topic]}"
        extra = {"confidence": 0.8, "source_count": len(picked), "stale": k % 7 == 3}
        mid = add("insight", text, topic, count / 10 + k, **extra)
        seed.insights.append(mid)
        seed.sources[mid] = picked
        out.extend(edge("INSIGHT_FROM", mid, s, confidence=0.8) for s in picked)
    a, b = seed.episodes[1], seed.episodes[1 + len(TOPICS)]  # the same topic
    seed.contradiction = (a, b)
    out.append(edge("CONTRADICTS", a, b, reasoning="both cannot hold", method="agent"))
    out.append(edge("CONTRADICTS", b, a, reasoning="both cannot hold", method="agent"))
    out.append(edge("CAUSED_BY", seed.episodes[3], seed.episodes[2], confidence=0.6))
    props = {"entity_id": entity_id, "memory_count": count, "created_at": at(0)}
    out.append({"type": "entity", "properties": {**props, "updated_at": at(count)}})
    out.append(end(out[1:]))
    return out, seed


async def seed_map(services: Services, tenant: str, count: int, entity_id: str) -> MapSeed:
    embedder = services.embedder
    made, seed = records(count, embedder.dimension, embedder.model_name, entity_id)
    lines = [json.dumps(r) for r in made]
    await services.restore.restore(tenant, lambda: iter(lines))
    return seed
