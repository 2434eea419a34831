"""subscribe: streaming associative recall on a conversation as it arrives.

A ``Subscription`` keeps the conversation's last few lines (its window), and after the
lines change it recalls on the window, through ``RecallService.recall`` with
reinforcement off, and pushes each memory whose score crosses the threshold, each memory
at most once. When it recalls:

- ``debounce_ms`` after the last line (a burst of lines is one recall), but no later
  than ``max_delay_ms`` after the first line not yet recalled on, so a conversation that
  never pauses is still followed;
- at most ``max_recalls_per_s`` a second, one at a time: lines that arrive during a
  recall are recalled on together by the next one (pending recalls coalesce, never
  queue);
- never while its send queue is full: a slow reader holds recalls back until it has
  read what is queued (the lines meanwhile are coalesced into one recall), and the
  queue never grows past its bound. Pushes are never dropped.

It knows nothing of WebSockets: frames go into ``out``, a bounded ``asyncio.Queue``
that the transport drains, marking each frame done (``task_done``) once sent.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from typing import Any

from hebbs_graph.errors import HebbsError
from hebbs_graph.models.subscribe import MemoryPush, Recalled, SubscribeIn, error_frame
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.settings import SubscribeSettings

log = logging.getLogger(__name__)

Frame = dict[str, Any]


class SubscriptionSlots:
    """The open subscriptions of this process, at most ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open = 0

    def take(self) -> bool:
        if self.open >= self.limit:
            return False
        self.open += 1
        return True

    def give(self) -> None:
        self.open = max(0, self.open - 1)


class Subscription:
    def __init__(
        self,
        recall: RecallService,
        tenant_id: str,
        scope: SubscribeIn,
        settings: SubscribeSettings,
        out: asyncio.Queue[Frame],
    ) -> None:
        self.recall = recall
        self.tenant_id = tenant_id
        self.scope = scope
        self.out = out
        self.rate = min(scope.max_recalls_per_s or math.inf, settings.subscribe_max_recalls_per_s)
        self.debounce_s = settings.subscribe_debounce_ms / 1000
        self.max_delay_s = settings.subscribe_max_delay_ms / 1000
        self.window_chars = settings.subscribe_window_chars
        self.pushed: set[str] = set()  # memory ids pushed: never again
        self.lines_seen = 0
        self._window: deque[str] = deque(maxlen=settings.subscribe_window_lines)
        self._changed = asyncio.Event()
        self._last_line_at = 0.0
        self._first_pending_at: float | None = None
        self._last_recall_at = -math.inf

    def add_line(self, text: str) -> int:
        """Take one line of the conversation; its index (0-based) is returned."""
        now = time.monotonic()
        self._window.append(text)
        self._last_line_at = now
        if self._first_pending_at is None:
            self._first_pending_at = now
        self.lines_seen += 1
        self._changed.set()
        return self.lines_seen - 1

    def cue(self) -> str:
        """The window as one cue: its lines in order, the newest text kept when long."""
        return "\n".join(self._window)[-self.window_chars :]

    async def run(self) -> None:
        """Recall whenever the window has changed, until cancelled."""
        while True:
            await self._changed.wait()
            await self._due()
            await self._room()
            self._changed.clear()
            self._first_pending_at = None
            self._last_recall_at = time.monotonic()
            await self.recall_once(self.cue(), self.lines_seen - 1)

    async def recall_once(self, cue: str, after_text: int) -> None:
        """One recall on ``cue``; push what crosses the threshold and was not pushed."""
        try:
            found = await self.recall.recall(self.tenant_id, self.scope.recall_in(cue))
        except HebbsError as exc:
            await self.out.put(error_frame(exc.code, exc.message, exc.details))
            return
        except Exception:
            log.exception("subscription recall failed")
            await self.out.put(error_frame("recall_failed", "the recall failed; retrying later"))
            return
        pushed = 0
        for result in found.results:
            if result.score < self.scope.threshold or result.memory.id in self.pushed:
                continue
            self.pushed.add(result.memory.id)
            push = MemoryPush(
                memory=result.memory,
                score=result.score,
                breakdown=result.breakdown,
                after_text=after_text,
            )
            await self.out.put(push.model_dump(mode="json"))
            pushed += 1
        done = Recalled(after_text=after_text, pushed=pushed, took_ms=found.took_ms)
        await self.out.put(done.model_dump(mode="json"))

    async def _due(self) -> None:
        """Wait for the debounce (or the longest delay), then for the rate limit."""
        while True:
            first = self._first_pending_at if self._first_pending_at is not None else 0.0
            quiet = min(self._last_line_at + self.debounce_s, first + self.max_delay_s)
            due = max(quiet, self._last_recall_at + 1 / self.rate)
            wait = due - time.monotonic()
            if wait <= 0:
                return
            await asyncio.sleep(wait)

    async def _room(self) -> None:
        """A full send queue: wait until the reader has taken all of it (the transport
        marks each frame done once sent)."""
        if self.out.full():
            await self.out.join()
