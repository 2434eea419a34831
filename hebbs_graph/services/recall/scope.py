"""What every recall strategy works in and hands back: the scope, and a candidate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hebbs_graph.models.memory import Memory, MemoryKind
from hebbs_graph.models.recall import Contributor, PathStep

RECALLED_KINDS = [MemoryKind.EPISODE.value, MemoryKind.INSIGHT.value]
# The `hidden` values (cypher/fragments/hidden) a scope may see: 0 visible, 1 superseded,
# 2 stale, 3 both.
SUPERSEDED, STALE = 1, 2


@dataclass
class Candidate:
    """A memory a strategy found, with the relevance that strategy gave it."""

    memory: Memory
    relevance: float
    strategies: set[str] = field(default_factory=set)  # the names of those that found it
    path: list[PathStep] | None = None
    depth: int | None = None
    # What lifted it beyond its own relevance (hybrid: neighbours, sources, cue dates).
    contributors: list[Contributor] = field(default_factory=list)


@dataclass(frozen=True)
class Scope:
    """Who may be recalled: one tenant, maybe one entity, and the visibility switches."""

    tenant_id: str
    entity_id: str | None
    include_superseded: bool
    include_stale: bool

    @property
    def kind(self) -> str:
        """Which query family serves the scope: "entity" or "tenant"."""
        return "entity" if self.entity_id is not None else "tenant"

    @property
    def hidden(self) -> list[int]:
        """The `hidden` values this scope may recall (the vector index filters on them)."""
        allowed = {0}
        if self.include_superseded:
            allowed |= {h | SUPERSEDED for h in allowed}
        if self.include_stale:
            allowed |= {h | STALE for h in allowed}
        return sorted(allowed)

    def params(self) -> dict[str, Any]:
        return {
            "tenant_id": self.tenant_id,
            "entity_id": self.entity_id,
            "include_superseded": self.include_superseded,
            "include_stale": self.include_stale,
            "kinds": RECALLED_KINDS,
            "hidden": self.hidden,
        }
