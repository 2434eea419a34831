"""The retrievers a user would pick instead of hebbs-graph, on the same turns.

- ``BM25``: Okapi BM25 (k1 1.2, b 0.75, Lucene's idf ``ln(1 + (N − n + .5)/(n + .5))``)
  over one conversation's turns, with scikit-learn's English stop words and the Porter
  stemmer: a strong BM25, close to the reference figures in ``shared/data/README.md``.
- ``GraphragVector``: neo4j-graphrag's ``VectorRetriever`` on hebbs-graph's own vector
  index ``memory_embedding``.
- ``GraphragHybrid``: neo4j-graphrag's ``HybridRetriever`` on ``memory_embedding`` and
  the fulltext index ``memory_content`` (its default "naive" ranker: each list's scores
  divided by that list's best, max of the two).

Neither neo4j-graphrag retriever can restrict a search to one tenant through the index
(``VectorRetriever``'s ``filters`` switch to an exact scan that bypasses the index, and
``HybridRetriever`` takes no filters), so both ask the index for a large ``top_k``
(``fetch``) and keep the hits of the question's conversation, best first. What that
costs is part of their measured latency.
"""

from __future__ import annotations

import asyncio
import collections
import math
import re
from collections.abc import Sequence
from typing import Any

import neo4j
import numpy as np
import snowballstemmer
from neo4j_graphrag.embeddings.base import Embedder as GraphragEmbedder
from neo4j_graphrag.retrievers import HybridRetriever, VectorRetriever
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

_WORD = re.compile(r"[a-z0-9]+")
_STEMMER = snowballstemmer.stemmer("porter")
_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/]|&&|\|\|)')


def bm25_tokens(text: str) -> list[str]:
    words = [w for w in _WORD.findall(text.lower()) if w not in ENGLISH_STOP_WORDS]
    stems: list[str] = _STEMMER.stemWords(words)
    return stems


class BM25:
    """Okapi BM25 over a fixed list of documents (one conversation's turns)."""

    def __init__(self, docs: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        tokens = [bm25_tokens(d) for d in docs]
        self.k1, self.b = k1, b
        self.lengths = np.array([len(t) for t in tokens], dtype=float)
        self.avg_length = float(self.lengths.mean()) if len(tokens) else 0.0
        self.postings: dict[str, list[tuple[int, int]]] = collections.defaultdict(list)
        for i, doc in enumerate(tokens):
            for term, tf in collections.Counter(doc).items():
                self.postings[term].append((i, tf))
        n = len(tokens)
        self.idf = {
            t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self.postings.items()
        }

    def scores(self, query: str) -> np.ndarray:
        out = np.zeros(len(self.lengths))
        norm = self.k1 * (1 - self.b + self.b * self.lengths / max(self.avg_length, 1e-9))
        for term in bm25_tokens(query):
            for i, tf in self.postings.get(term, []):
                out[i] += self.idf[term] * tf * (self.k1 + 1) / (tf + norm[i])
        return out

    def top(self, query: str, k: int) -> list[int]:
        """Indexes of the k best documents; documents with score 0 are not returned."""
        scores = self.scores(query)
        order = np.argsort(-scores, kind="stable")[:k]
        return [int(i) for i in order if scores[i] > 0]


def lucene_escape(text: str) -> str:
    """Escape Lucene syntax so a question is searched as words (a '?' is a wildcard)."""
    return _LUCENE_SPECIAL.sub(r"\\\1", text)


class SharedEmbedder(GraphragEmbedder):
    """neo4j-graphrag's Embedder interface over hebbs-graph's own model: same vectors."""

    def __init__(self, inner: Any) -> None:
        super().__init__()
        self.inner = inner

    def embed_query(self, text: str) -> list[float]:
        vectors: list[list[float]] = self.inner.embed_sync([text])
        return vectors[0]

    async def async_embed_query(self, text: str) -> list[float]:
        return await asyncio.to_thread(self.embed_query, text)


def _tenant_of(record: neo4j.Record) -> str | None:
    node = record.get("node") or {}
    return node.get("tenant_id")


class GraphragVector:
    """neo4j-graphrag VectorRetriever, post-filtered to one tenant."""

    name = "graphrag-vector"

    def __init__(self, driver: neo4j.Driver, embedder: Any, fetch: int) -> None:
        self.retriever = VectorRetriever(
            driver,
            index_name="memory_embedding",
            embedder=SharedEmbedder(embedder),
            return_properties=["id", "tenant_id", "context_json"],
        )
        self.fetch = fetch

    def search(self, tenant_id: str, question: str, k: int) -> tuple[list[dict[str, Any]], int]:
        """(the tenant's top k nodes, how many of the fetched hits were the tenant's)."""
        raw = self.retriever.get_search_results(query_text=question, top_k=self.fetch)
        mine = [r["node"] for r in raw.records if _tenant_of(r) == tenant_id]
        return mine[:k], len(mine)


class GraphragHybrid:
    """neo4j-graphrag HybridRetriever (naive ranker), post-filtered to one tenant."""

    name = "graphrag-hybrid"

    def __init__(self, driver: neo4j.Driver, embedder: Any, fetch: int) -> None:
        self.retriever = HybridRetriever(
            driver,
            vector_index_name="memory_embedding",
            fulltext_index_name="memory_content",
            embedder=SharedEmbedder(embedder),
            return_properties=["id", "tenant_id", "context_json"],
        )
        self.embedder = SharedEmbedder(embedder)
        self.fetch = fetch

    def search(self, tenant_id: str, question: str, k: int) -> tuple[list[dict[str, Any]], int]:
        vector = self.embedder.embed_query(question)
        raw = self.retriever.get_search_results(
            query_text=lucene_escape(question), query_vector=vector, top_k=self.fetch
        )
        mine = [r["node"] for r in raw.records if _tenant_of(r) == tenant_id]
        return mine[:k], len(mine)
