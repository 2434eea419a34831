"""Embeddings behind a small protocol. Only this package imports sentence-transformers."""

from hebbs_graph.embedding.base import Embedder

__all__ = ["Embedder"]
