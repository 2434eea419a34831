"""Hybrid recall: vector and BM25 evidence fused, then spread along the entity timeline.

The steps, each behind a setting (``docs/decisions/0006`` to ``0009``):

1. **Text evidence scored in the scope** (``fulltext_scope_idf``). Lucene's BM25 takes
   its idf from the whole index, i.e. every tenant: a word that is rare across the
   index but in every other memory of this entity (its own name, a speaker's name)
   would outweigh the words that matter. So each cue term is looked up on its own
   inside the scope, its document frequency there is counted, and a memory's text
   score is Σ idf_scope(t) · bm25(t, m) / max bm25(t, ·): in Cypher, in the same query
   as the filtered vector search (``recall/hybrid_{entity,tenant}``), which hands back
   only the best scores; ``scope_bm25`` is the same sum in Python (``text_scores``,
   over ``recall/term_hits``). Function words are left out of the cue first
   (``fulltext_stopwords``).
2. **Fusion by score** (``hybrid_fusion = "score"``): each list min-max / max
   normalised over the candidates and mixed by ``hybrid_vector_weight`` :
   ``hybrid_text_weight``; ranks alone (RRF) throw away how far ahead a hit is.
3. **Dates named in the cue** (``recall_time_boost``): a memory that occurred inside
   such a period gets that much added.
4. **Timeline neighbours** (``recall_neighbour_share``): a conversation turn inherits
   that share of the best fused score among its FOLLOWED_BY neighbours that are turns
   too (the turn before and after it), so the answer that follows a matching question,
   or the context before a matching answer, comes along; independent facts of one
   entity lend nothing to each other (``recall_neighbours``: "all" lends along every
   timeline).

The relevance handed back is the final score scaled so the best candidate has 1, with
what steps 3 and 4 and an insight's sources added to it, on the same scale (the
breakdown's contributors).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hebbs_graph import scoring
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import Contributor
from hebbs_graph.services.recall import cuetime
from hebbs_graph.services.recall.lucene import (
    content_terms,
    fulltext_query,
    scope_clause,
    term_query,
)
from hebbs_graph.services.recall.scope import Scope
from hebbs_graph.services.records import to_memory
from hebbs_graph.services.scopesize import ScopeSizes
from hebbs_graph.settings import RecallSettings
from hebbs_graph.timeutil import instant

# Per-term lookups cost one Lucene query each: a long cue searches its first terms only.
MAX_SCOPED_TERMS = 32
# However long the cue, a term keeps at least this many of its best hits.
MIN_TERM_HITS = 100
# The scope is counted (for idf) no further than this many times fulltext_term_hits.
SCOPE_COUNT_FACTOR = 10
# Text scores handed back per recall: this many times the candidates it keeps; the
# candidates' timeline neighbours beyond them count as no text match. LoCoMo R@10 75.6
# at 10 (every score: 75.7; at 4: 75.3), and a 4-term cue at 100,000 memories ships 500
# scores instead of ~2,000 hits.
TEXT_KEEP_FACTOR = 10

# What lifted a memory beyond its own evidence, by id (spread, inherit and named periods
# record it when given one).
Why = dict[str, list[Contributor]]


@dataclass
class Node:
    """What fusion knows about one memory: its evidence and its neighbours."""

    similarity: float | None = None
    text: float = 0.0
    occurred_at: datetime | None = None
    neighbours: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # an insight's candidate sources


def scope_bm25(hits: dict[str, list[tuple[str, float]]], scope_size: int) -> dict[str, float]:
    """Σ over terms of idf_scope(t) · score(t, m) / max score(t, ·).

    ``hits`` maps a term to the scope's memories holding it with Lucene's score for that
    term alone. Lucene's score is idf_index(t) · tf-part(t, m); dividing by the term's
    best score cancels the index-wide idf, and the scope's own idf takes its place.
    """
    df_max = max((len(h) for h in hits.values()), default=0)
    n = max(scope_size, df_max)
    out: dict[str, float] = {}
    for found in hits.values():
        best = max((s for _, s in found), default=0.0)
        if best <= 0:
            continue
        df = len(found)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for mid, s in found:
            out[mid] = out.get(mid, 0.0) + idf * s / best
    return out


def normaliser(values: list[float]) -> Callable[[float | None], float]:
    """Min-max over ``values``; outside values are clipped to 0..1, None counts as 0."""
    low, high = (min(values), max(values)) if values else (0.0, 0.0)
    span = high - low

    def scale(v: float | None) -> float:
        if v is None:
            return 0.0
        if span <= 0:
            return 1.0
        return min(1.0, max(0.0, (v - low) / span))

    return scale


def fuse(
    nodes: dict[str, Node],
    candidates: list[str],
    vector_order: list[str],
    text_order: list[str],
    settings: RecallSettings,
) -> dict[str, float]:
    """The fused score of every known memory (candidates and their neighbours), 0..1."""
    wv, wt = settings.hybrid_vector_weight, settings.hybrid_text_weight
    total = (wv + wt) or 1.0
    if settings.hybrid_fusion == "rrf":
        ranks = scoring.rrf([(vector_order, wv), (text_order, wt)], settings.rrf_k)
        return {mid: ranks.get(mid, 0.0) for mid in nodes}
    vec = normaliser([s for c in candidates if (s := nodes[c].similarity) is not None])
    best_text = max((nodes[c].text for c in candidates), default=0.0)
    return {
        mid: (wv * vec(n.similarity) + wt * (n.text / best_text if best_text > 0 else 0.0)) / total
        for mid, n in nodes.items()
    }


def spread(
    base: dict[str, float],
    nodes: dict[str, Node],
    candidates: set[str],
    share: float,
    why: Why | None = None,
) -> dict[str, float]:
    """Each memory gains ``share`` × the best base score among its candidate neighbours."""
    if share <= 0:
        return dict(base)
    final = dict(base)
    for mid, node in nodes.items():
        near = [n for n in node.neighbours if n in candidates]
        giver = max(near, key=lambda n: base[n], default=None)
        lift = base[giver] if giver is not None else 0.0
        if giver is not None and lift > 0:
            final[mid] = base.get(mid, 0.0) + share * lift
            if why is not None:
                lent = Contributor(kind="neighbour", memory_id=giver, amount=share * lift)
                why.setdefault(mid, []).append(lent)
    return final


def inherit(
    final: dict[str, float], nodes: dict[str, Node], share: float, why: Why | None = None
) -> dict[str, float]:
    """An insight scores at least ``share`` × the best of its sources among the candidates.

    It stands for what it was drawn from: when the episodes behind it match the cue, so
    does it, and the episodes must not crowd it out of the answer (ten matching
    episodes on a timeline lift each other; their one-line summary has no timeline).
    """
    if share <= 0:
        return final
    out = dict(final)
    for mid, node in nodes.items():
        source = max((s for s in node.sources if s in final), key=final.__getitem__, default=None)
        best = final[source] if source is not None else 0.0
        own = out.get(mid, 0.0)
        out[mid] = max(own, share * best)
        if why is not None and source is not None and share * best > own:
            lift = Contributor(kind="insight_source", memory_id=source, amount=share * best - own)
            why.setdefault(mid, []).append(lift)
    return out


def _scaled(found: list[Contributor], top: float) -> list[Contributor]:
    """The contributions on relevance's scale (the final scores are divided by the best)."""
    return [
        c.model_copy(update={"amount": c.amount / top if c.amount is not None else None})
        for c in found
    ]


def _instant(text: str | None) -> datetime | None:
    return instant(text) if text else None


def _nodes(candidates: list[dict[str, Any]], text: dict[str, float]) -> dict[str, Node]:
    """What fusion knows, from the candidates recall/hybrid_* found in the scope: each
    with its similarity, time, timeline neighbours and the insights drawn from it."""
    nodes: dict[str, Node] = {}

    def node(found: dict[str, Any]) -> Node:
        known = nodes.setdefault(found["id"], Node())
        known.similarity, known.text = found["similarity"], text.get(found["id"], 0.0)
        known.occurred_at = _instant(found["occurred_at"])
        return known

    for r in candidates:
        here = node(r)
        for nb in r["neighbours"]:
            here.neighbours.append(nb["id"])
            node(nb)
        for drawn in r["insights"]:
            node(drawn).sources.append(r["id"])
    for mid, known in nodes.items():  # the edge seen from the neighbour's side too
        for other in known.neighbours:
            if mid not in nodes[other].neighbours:
                nodes[other].neighbours.append(mid)
    return nodes


class HybridRecall:
    def __init__(self, store: GraphStore, settings: RecallSettings, sizes: ScopeSizes) -> None:
        self.store = store
        self.settings = settings
        self.sizes = sizes

    async def search(
        self, scope: Scope, cue: str, vector: list[float], k: int
    ) -> list[tuple[Memory, float, list[Contributor]]]:
        """The k best memories for the cue with their relevance (best = 1) and what lifted
        each beyond its own evidence (on the same scale).

        Two round trips: the evidence with the candidates' neighbourhood (vector and
        every cue term in one query, recall/hybrid_*), and the k memories kept."""
        n = max(k, self.settings.hybrid_candidates)
        spreading = min(n, max(k, self.settings.recall_spread_candidates))
        by_vector, text, nodes = await self._gather(scope, cue, vector, n, spreading)
        vector_order = [mid for mid, _ in by_vector]
        text_order = [mid for mid, _ in sorted(text.items(), key=lambda kv: -kv[1])[:n]]
        # The text hits are unfiltered: a superseded or stale memory is no candidate.
        candidates = [c for c in dict.fromkeys(vector_order + text_order) if c in nodes]
        vector_order = [c for c in vector_order if c in nodes]
        text_order = [c for c in text_order if c in nodes]
        if not candidates:
            return []
        base = fuse(nodes, candidates, vector_order, text_order, self.settings)
        why: Why = {}
        self._lift_named_periods(cue, nodes, base, why)
        final = spread(base, nodes, set(candidates), self.settings.recall_neighbour_share, why)
        final = inherit(final, nodes, self.settings.recall_insight_share, why)
        best = sorted(final.items(), key=lambda kv: kv[1], reverse=True)[:k]
        top = best[0][1] if best and best[0][1] > 0 else 1.0
        memories = await self._load(scope.tenant_id, [mid for mid, _ in best])
        return [
            (memories[mid], score / top, _scaled(why.get(mid, []), top))
            for mid, score in best
            if mid in memories
        ]

    def _lift_named_periods(
        self, cue: str, nodes: dict[str, Node], base: dict[str, float], why: Why
    ) -> None:
        boost = self.settings.recall_time_boost
        spans = cuetime.periods(cue) if boost > 0 else []
        if not spans:
            return
        for mid, node in nodes.items():
            named = [
                p for p in spans if node.occurred_at is not None and p.contains(node.occurred_at)
            ]
            if named:
                base[mid] = base.get(mid, 0.0) + boost
                date = Contributor(kind="cue_date", amount=boost, detail=named[0].describe())
                why.setdefault(mid, []).append(date)

    # -- text evidence ------------------------------------------------------------------

    async def evidence(
        self, scope: Scope, cue: str, vector: list[float], n: int
    ) -> tuple[list[tuple[str, float]], dict[str, float]]:
        """The n nearest (id, similarity) by vector, and memory id → text score."""
        by_vector, text, _ = await self._gather(scope, cue, vector, n, n)
        return by_vector, text

    async def _gather(
        self, scope: Scope, cue: str, vector: list[float], n: int, spread: int
    ) -> tuple[list[tuple[str, float]], dict[str, float], dict[str, Node]]:
        """The evidence and, for every candidate in the scope, what fusion needs (the
        timeline neighbours and insights of the ``spread`` best of each list)."""
        scoped = self.settings.fulltext_scope_idf
        queries = self._term_queries(scope, cue) if scoped else []
        lucene = {} if scoped else await self._lucene_scores(scope, cue, n)
        # The scope's size for idf: known, or counted by the query itself (null).
        size_cap = self._size_cap
        size = self.sizes.known(scope.tenant_id, scope.entity_id, size_cap) if queries else 0
        found = await self.store.read_values(
            f"recall/hybrid_{scope.kind}",
            vector=vector,
            n=n,
            terms=queries,
            cap=self._term_cap(len(queries)),
            scope_size=size,
            size_cap=size_cap,
            text_keep=n * TEXT_KEEP_FACTOR,
            spread=spread,
            text_ids=list(lucene),
            scope_clause=scope_clause(scope.tenant_id, scope.entity_id),
            with_neighbours=self.settings.recall_neighbour_share > 0,
            neighbours_of_all=self.settings.recall_neighbours == "all",
            with_insights=self.settings.recall_insight_share > 0,
            **scope.params(),
        )
        row = found[0] if found else {"by_vector": [], "by_text": [], "candidates": []}
        if size is None and found:
            self.sizes.remember(scope.tenant_id, scope.entity_id, size_cap, row["scope_size"])
        by_vector = [(h[0], float(h[1])) for h in row["by_vector"]]
        text = {h[0]: float(h[1]) for h in row["by_text"]} if scoped else lucene
        return by_vector, text, _nodes(row["candidates"], text)

    async def text_scores(self, scope: Scope, cue: str, n: int) -> dict[str, float]:
        """Memory id → text score alone: BM25 with the scope's idf, or Lucene's top n."""
        if not self.settings.fulltext_scope_idf:
            return await self._lucene_scores(scope, cue, n)
        queries = self._term_queries(scope, cue)
        if not queries:
            return {}
        rows, size = await asyncio.gather(
            self.store.read_rows(
                "recall/term_hits",
                terms=queries,
                cap=self._term_cap(len(queries)),
                **scope.params(),
            ),
            self._scope_size(scope),
        )
        hits = {r["term"]: [(h[0], float(h[1])) for h in r["hits"]] for r in rows}
        return scope_bm25(hits, size)

    def _term_queries(self, scope: Scope, cue: str) -> list[dict[str, str]]:
        """One scoped Lucene query per content term of the cue (MAX_SCOPED_TERMS at most)."""
        drop = self.settings.fulltext_stopwords
        terms = content_terms(cue, drop_stop_words=drop)[:MAX_SCOPED_TERMS]
        return [
            {"term": t, "query": term_query(t, scope.tenant_id, scope.entity_id)} for t in terms
        ]

    def _term_cap(self, terms: int) -> int:
        """Hits kept per term: fulltext_term_hits, or less for a long cue, so that the
        text side of one recall reads at most ~fulltext_hit_budget hits (it costs Neo4j
        per hit, and in a large scope every common term reaches its cap)."""
        share = self.settings.fulltext_hit_budget // max(1, terms)
        return max(
            min(MIN_TERM_HITS, self.settings.fulltext_term_hits),
            min(self.settings.fulltext_term_hits, share),
        )

    @property
    def _size_cap(self) -> int:
        """How far a scope's size for idf is counted: no further than it can matter."""
        return self.settings.fulltext_term_hits * SCOPE_COUNT_FACTOR

    async def _scope_size(self, scope: Scope) -> int:
        """The scope's size for idf."""
        return await self.sizes.count(scope.tenant_id, scope.entity_id, self._size_cap)

    async def _lucene_scores(self, scope: Scope, cue: str, n: int) -> dict[str, float]:
        """Lucene's own BM25 top n (fulltext_scope_idf off): the index-wide idf."""
        drop = self.settings.fulltext_stopwords
        query = fulltext_query(cue, scope.tenant_id, scope.entity_id, drop_stop_words=drop)
        if query is None:
            return {}
        rows = await self.store.read_rows(
            "recall/fulltext_ids", query=query, fetch=n * 2, k=n, **scope.params()
        )
        return {r["id"]: float(r["score"]) for r in rows}

    # -- graph ----------------------------------------------------------------------------

    async def _load(self, tenant_id: str, ids: list[str]) -> dict[str, Memory]:
        rows = await self.store.read_collected("memory/get_many", tenant_id=tenant_id, ids=ids)
        return {r["id"]: to_memory(r) for r in rows}
