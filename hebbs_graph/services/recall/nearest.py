"""The nearest memories to a vector inside a scope: the vector index's own filter.

Similarity recall is this search; causal recall seeds its walk with its best hit and
analogical recall ranks its hits by shape as well."""

from __future__ import annotations

import math

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.memory import Memory
from hebbs_graph.services.recall.scope import Scope
from hebbs_graph.services.records import to_memory
from hebbs_graph.settings import RecallSettings


class Nearest:
    def __init__(self, store: GraphStore, settings: RecallSettings) -> None:
        self.store = store
        self.settings = settings

    async def search(self, scope: Scope, vector: list[float], k: int) -> list[tuple[Memory, float]]:
        """The top k by cosine inside the scope, from the vector index's own filter.

        The index filters by tenant, entity and visibility while it searches (Neo4j
        2026's SEARCH ... WHERE), so an entity with 20 memories among a million gets its
        real nearest ones without widening or an exact scan. The HNSW search is asked
        for k × vector_search_expansion and the best k are kept: that is how far it
        explores, not a margin for a filter.
        """
        fetch = max(k, math.ceil(k * self.settings.vector_search_expansion))
        rows = await self.store.read_collected(
            f"recall/similarity_{scope.kind}", vector=vector, k=k, fetch=fetch, **scope.params()
        )
        return [(to_memory(r["memory"]), float(r["similarity"])) for r in rows]
