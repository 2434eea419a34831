"""Stand-in embedders the benchmarks share (numpy only, no model).

``SyntheticEmbedder``: seeded random unit vectors, the same text always the same vector
(``scale.py --synthetic-vectors``, ``bench_app.py``, the fallback of ``shared_index.py``'s
cluster embedder). ``MemoEmbedder``: any embedder with a memo, so cues embedded up front
cost nothing at recall time.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np


def text_seed(text: str) -> int:
    """A 64-bit seed from a text (its SHA-256), stable across runs and machines."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


class SyntheticEmbedder:
    """Seeded random unit vectors: the same text always gets the same vector."""

    def __init__(self, dimension: int = 384) -> None:
        self.dimension = dimension
        self.model_name = "synthetic"

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        out = []
        for text in texts:
            v = np.random.default_rng(text_seed(text)).standard_normal(self.dimension)
            out.append((v / np.linalg.norm(v)).tolist())
        return out

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return self.embed_sync(texts)


class MemoEmbedder:
    """Any embedder, with a memo so cues embedded up front cost nothing at recall time."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.memo: dict[str, list[float]] = {}
        self.dimension, self.model_name = inner.dimension, inner.model_name
        self.bypass = False

    async def embed(self, texts: list[str]) -> list[list[float]]:
        if not self.bypass and all(t in self.memo for t in texts):
            return [self.memo[t] for t in texts]
        return await self.inner.embed(texts)  # type: ignore[no-any-return]

    async def remember_cues(self, cues: list[str]) -> None:
        for i in range(0, len(cues), 64):
            chunk = cues[i : i + 64]
            self.memo.update(zip(chunk, await self.inner.embed(chunk), strict=True))
