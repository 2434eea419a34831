"""What one reflection works on: the episodes it gathered, their clusters and the stale
insights, as the agent route (service.py) and the LLM route (llm.py) both read them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hebbs_graph.models.memory import Memory
from hebbs_graph.models.reflect import ReflectMemory
from hebbs_graph.services.reflect.insight_store import ReflectScope
from hebbs_graph.timeutil import instant


@dataclass(frozen=True)
class Episode:
    """What reflection needs of an episode (reading whole memories costs more than
    clustering them: every timestamp is a driver object to convert)."""

    id: str
    entity_id: str | None
    content: str
    importance: float
    tags: list[str]
    occurred_at: datetime
    created_at: datetime

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Episode:
        return cls(
            id=row["id"],
            entity_id=row.get("entity_id"),
            content=row["content"],
            importance=float(row["importance"]),
            tags=list(row.get("tags") or []),
            occurred_at=instant(row["occurred_at"]),
            created_at=instant(row["created_at"]),
        )


@dataclass
class StaleRecord:
    insight: Memory
    sources: list[Memory]


@dataclass
class Gathered:
    """What one reflection works on."""

    scope: ReflectScope
    episodes: list[Episode]  # every episode considered, oldest first
    clusters: list[list[Episode]]  # kept clusters, largest first; cluster_id = index + 1
    stale: list[StaleRecord]
    clustered: bool  # False: too few new episodes, the cursor must not move

    @property
    def processed(self) -> int:
        return len(self.episodes) if self.clustered else 0

    @property
    def cursor(self) -> tuple[datetime, str] | None:
        if not self.clustered or not self.episodes:
            return None
        last = self.episodes[-1]
        return last.created_at, last.id


def reflect_memory(m: Episode | Memory) -> ReflectMemory:
    return ReflectMemory(
        memory_id=m.id, content=m.content, importance=m.importance, created_at=m.created_at
    )
