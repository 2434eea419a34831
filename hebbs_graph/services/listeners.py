"""What a memory write tells the rest when it commits (contradiction detection listens;
insight writes tell it too)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

from hebbs_graph.models.memory import Memory


class WriteListener(Protocol):
    """Told after memories were stored or revised (committed), e.g. contradiction detection.

    ``mark(now)``: properties the write sets on each memory it stores or revises, in its
    own transaction (work the listener still owes it, so a crash cannot lose it), or {}.
    ``vectors``: the new memories' embeddings by id, when the writer has them at hand."""

    def mark(self, now: datetime) -> dict[str, Any]: ...

    async def memories_written(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None: ...


def write_mark(listeners: list[WriteListener], now: datetime) -> dict[str, Any]:
    """What every listener wants set on the memories a write stores or revises."""
    mark: dict[str, Any] = {}
    for listener in listeners:
        mark.update(listener.mark(now))
    return mark
