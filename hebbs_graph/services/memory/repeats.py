"""Which items of a remember call repeat a memory (stored, or earlier in the call) and
which are stored; and when each repeated memory was last said again. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from hebbs_graph.models.memory import MemoryIn

Scope = tuple[str | None, str]  # (entity_id, content_key)


@dataclass
class Plan:
    """Which items of a call are stored and which repeat a memory (by input index)."""

    fresh: list[int] = field(default_factory=list)
    earlier: dict[int, int] = field(default_factory=dict)  # repeats an earlier fresh item
    stored: dict[int, str] = field(default_factory=dict)  # repeats a stored memory

    def reinforce(self) -> list[str]:
        """The stored memories to reinforce, each once, in the order first repeated."""
        return list(dict.fromkeys(self.stored.values()))

    def restated(self, items: list[MemoryIn], now: datetime) -> dict[str | int, datetime]:
        """When each repeated memory (a stored id, or a fresh item's index) was last said
        again: the latest occurred_at of the items that repeat it ("… Renault", "…
        McLaren", "… Renault" again: the first copy says what is true now)."""
        out: dict[str | int, datetime] = {}
        repeated: list[tuple[str | int, int]] = [(mid, i) for i, mid in self.stored.items()]
        repeated += [(first, i) for i, first in self.earlier.items()]
        for target, i in repeated:
            at = items[i].occurred_at or now
            if target not in out or at > out[target]:
                out[target] = at
        return out


def plan(items: list[MemoryIn], keys: list[str], found: Mapping[Scope, str]) -> Plan:
    """Sort the items: ``found`` maps (entity_id, content_key) to a stored memory's id."""
    out = Plan()
    first: dict[Scope, int] = {}
    for i, (item, key) in enumerate(zip(items, keys, strict=True)):
        scope = (item.entity_id, key)
        if item.on_duplicate == "reinforce":
            if scope in found:
                out.stored[i] = found[scope]
                continue
            if scope in first:
                out.earlier[i] = first[scope]
                continue
        first.setdefault(scope, i)
        out.fresh.append(i)
    return out
