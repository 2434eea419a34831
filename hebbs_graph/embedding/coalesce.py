"""Concurrent embedding calls of one process, run together.

The model encodes one call at a time (two cores, and ONNX Runtime has its own threads),
so under load each recall's cue queued behind the others', one short run each: with 32
clients (60 % recalls) a cue waited ~100 ms in line for a run of ~14 ms. A run of many
short texts costs less per text than runs of one (a 12-word cue: ~6 ms of CPU alone,
~3.5 ms in a run of 8), so the calls that arrive while one run is under way go into the
next run together, at most ``BATCH_TEXTS`` texts (beyond that, the next after it), and
each caller gets its own rows back. A lone call runs at once, as before.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from hebbs_graph.embedding.base import Embedder

# Texts one combined run holds at most (a call larger than this runs alone).
BATCH_TEXTS = 64


@dataclass
class _Call:
    texts: list[str]
    vectors: asyncio.Future[list[list[float]]]


class CoalescedEmbedder:
    """The Embedder protocol over another embedder, whose concurrent calls run together."""

    def __init__(self, inner: Embedder, batch_texts: int = BATCH_TEXTS) -> None:
        self.inner = inner
        self._batch_texts = batch_texts
        self._waiting: list[_Call] = []
        self._running: asyncio.Task[None] | None = None

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    @property
    def model_name(self) -> str:
        return self.inner.model_name

    async def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        call = _Call(list(texts), asyncio.get_running_loop().create_future())
        # Read even when its caller is gone: never reported unread.
        call.vectors.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._waiting.append(call)
        if self._running is None:
            self._running = asyncio.ensure_future(self._run())
        # A caller that goes away leaves the run to the others.
        return await asyncio.shield(call.vectors)

    async def _run(self) -> None:
        calls: list[_Call] = []
        try:
            while self._waiting:
                calls = self._take()
                try:
                    vectors = await self.inner.embed([t for c in calls for t in c.texts])
                except Exception as exc:
                    for call in calls:
                        _settle(call, error=exc)
                    continue
                start = 0
                for call in calls:
                    _settle(call, rows=vectors[start : start + len(call.texts)])
                    start += len(call.texts)
        finally:  # cancelled half-way (the loop shutting down): no caller hangs
            self._running = None
            for call in [*calls, *self._waiting]:
                call.vectors.cancel()
            self._waiting.clear()

    def _take(self) -> list[_Call]:
        """The calls of the next run, in arrival order: at least one, then as many as fit."""
        taken, size = 0, 0
        for call in self._waiting:
            if taken and size + len(call.texts) > self._batch_texts:
                break
            taken, size = taken + 1, size + len(call.texts)
        calls = self._waiting[:taken]
        del self._waiting[:taken]
        return calls


def _settle(
    call: _Call, *, rows: list[list[float]] | None = None, error: Exception | None = None
) -> None:
    if call.vectors.done():
        return
    if error is not None:
        call.vectors.set_exception(error)
    else:
        call.vectors.set_result(rows or [])
