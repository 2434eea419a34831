"""What a recall strategy is given (``Ask``, ``Tools``) and what it is (``Run``).

A strategy's module stays light to import (its spec is the wire contract the doors
read): the store, the embedder and the searches are only named here for the type checker.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from hebbs_graph.errors import NotFound
from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.scope import Candidate, Scope
from hebbs_graph.services.records import to_memory

if TYPE_CHECKING:
    from hebbs_graph.embedding import Embedder
    from hebbs_graph.graph.store import GraphStore
    from hebbs_graph.models.memory import Memory
    from hebbs_graph.services.recall.hybrid import HybridRecall
    from hebbs_graph.services.recall.nearest import Nearest
    from hebbs_graph.settings import RecallSettings

S = TypeVar("S", bound=SpecBase)


@dataclass(frozen=True)
class Ask:
    """One strategy of one recall: where, how (its spec), the cue, and how many."""

    scope: Scope
    spec: SpecBase
    cue: str | None  # as the request gave it
    vector: list[float] | None  # the cue's embedding, when a strategy searches by meaning
    k: int

    def spec_as(self, kind: type[S]) -> S:
        """The spec as the strategy's own model (the registry routes by its name)."""
        if not isinstance(self.spec, kind):
            raise TypeError(f"{kind.__module__} was handed a {type(self.spec).__name__}")
        return self.spec


@dataclass(frozen=True)
class Tools:
    """What strategies share: the store, the embedder and the two searches."""

    store: GraphStore
    embedder: Embedder
    settings: RecallSettings
    nearest: Nearest
    hybrid: HybridRecall


# A strategy: the candidates it finds for one Ask, each with its relevance (0..1).
Run = Callable[[Tools, Ask], Awaitable[list[Candidate]]]


def needs_cue(name: str, has_cue: bool) -> str | None:
    """The refusal of a strategy that searches by the cue's meaning, when there is none."""
    return None if has_cue else f"cue is required for the {name} strategy"


async def seed_memory(store: GraphStore, tenant_id: str, seed_id: str, field: str) -> Memory:
    """The memory a graph strategy starts from, or NotFound naming the field."""
    rows = await store.read_rows("memory/get", tenant_id=tenant_id, id=seed_id)
    if not rows:
        raise NotFound(f"{field}: no memory {seed_id}", details={"field": field})
    return to_memory(rows[0]["memory"])
