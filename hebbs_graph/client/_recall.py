"""The client's recall, subscribe and prime."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from typing import Any, Literal, overload

from hebbs_graph.client._base import (
    ClientBase,
    _build,
    _given,
)
from hebbs_graph.models.compact import CompactPrimeOut, CompactRecallOut
from hebbs_graph.models.graph import PrimeIn, PrimeOut
from hebbs_graph.models.recall import Preset, RecallIn, RecallOut, StrategySpec, View, Weights
from hebbs_graph.models.subscribe import SubscribeIn
from hebbs_graph.subscription import Subscription, open_subscription


class RecallApi(ClientBase):
    # -- recall -----------------------------------------------------------------------

    @overload
    async def recall(
        self,
        cue: str | None = None,
        *,
        entity_id: str | None = None,
        strategies: Sequence[StrategySpec | dict[str, Any]] | None = None,
        top_k: int | None = None,
        weights: Weights | dict[str, float] | None = None,
        preset: Preset | None = None,
        include_superseded: bool | None = None,
        include_stale: bool | None = None,
        on_conflict: Literal["keep", "suppress", "current"] | None = None,
        reinforce: bool | None = None,
        view: Literal["full"] | None = None,
    ) -> RecallOut: ...

    @overload
    async def recall(
        self,
        cue: str | None = None,
        *,
        entity_id: str | None = None,
        strategies: Sequence[StrategySpec | dict[str, Any]] | None = None,
        top_k: int | None = None,
        weights: Weights | dict[str, float] | None = None,
        preset: Preset | None = None,
        include_superseded: bool | None = None,
        include_stale: bool | None = None,
        on_conflict: Literal["keep", "suppress", "current"] | None = None,
        reinforce: bool | None = None,
        view: Literal["compact"],
    ) -> CompactRecallOut: ...

    @overload
    async def recall(
        self,
        cue: str | None = None,
        *,
        entity_id: str | None = None,
        strategies: Sequence[StrategySpec | dict[str, Any]] | None = None,
        top_k: int | None = None,
        weights: Weights | dict[str, float] | None = None,
        preset: Preset | None = None,
        include_superseded: bool | None = None,
        include_stale: bool | None = None,
        on_conflict: Literal["keep", "suppress", "current"] | None = None,
        reinforce: bool | None = None,
        view: View | None = None,
    ) -> RecallOut | CompactRecallOut: ...

    async def recall(
        self,
        cue: str | None = None,
        *,
        entity_id: str | None = None,
        strategies: Sequence[StrategySpec | dict[str, Any]] | None = None,
        top_k: int | None = None,
        weights: Weights | dict[str, float] | None = None,
        preset: Preset | None = None,
        include_superseded: bool | None = None,
        include_stale: bool | None = None,
        on_conflict: Literal["keep", "suppress", "current"] | None = None,
        reinforce: bool | None = None,
        view: View | None = None,
    ) -> RecallOut | CompactRecallOut:
        """Recall by cue (hybrid unless ``strategies`` says otherwise), best first; None
        leaves the server's default (top_k 10, preset default, on_conflict keep, view
        full; "compact" answers with id, content, score, time and kind only)."""
        fields = _given(
            cue=cue,
            entity_id=entity_id,
            strategies=strategies,
            top_k=top_k,
            weights=weights,
            preset=preset,
            include_superseded=include_superseded,
            include_stale=include_stale,
            on_conflict=on_conflict,
            reinforce=reinforce,
            view=view,
        )
        body = _build(RecallIn, fields)
        if view == "compact":
            return await self._call("POST", "/v1/recall", CompactRecallOut, body=body)
        return await self._call("POST", "/v1/recall", RecallOut, body=body)

    def subscribe(
        self,
        *,
        entity_id: str | None = None,
        strategies: Sequence[StrategySpec | dict[str, Any]] | None = None,
        weights: Weights | dict[str, float] | None = None,
        preset: Preset | None = None,
        include_superseded: bool | None = None,
        include_stale: bool | None = None,
        on_conflict: Literal["keep", "suppress", "current"] | None = None,
        threshold: float | None = None,
        top_k: int | None = None,
        max_recalls_per_s: float | None = None,
    ) -> AbstractAsyncContextManager[Subscription]:
        """Streaming recall over ``/v1/subscribe`` (None leaves the server's default)::

        async with client.subscribe(entity_id="acme", threshold=0.5) as sub:
            await sub.send("Ana: how did the security review go?")
            async for push in sub:  # MemoryPush, Recalled or ErrorFrame
                ...
        """
        fields = _given(
            entity_id=entity_id,
            strategies=strategies,
            weights=weights,
            preset=preset,
            include_superseded=include_superseded,
            include_stale=include_stale,
            on_conflict=on_conflict,
            threshold=threshold,
            top_k=top_k,
            max_recalls_per_s=max_recalls_per_s,
        )
        scope = _build(SubscribeIn, fields)
        return open_subscription(self.base_url, scope, api_key=self._api_key)

    @overload
    async def prime(
        self,
        entity_id: str,
        *,
        similarity_cue: str | None = None,
        max_memories: int | None = None,
        per_section: int | None = None,
        recency_window: timedelta | float | str | None = None,
        wait_for_checks_s: float | None = None,
        view: Literal["full"] | None = None,
    ) -> PrimeOut: ...

    @overload
    async def prime(
        self,
        entity_id: str,
        *,
        similarity_cue: str | None = None,
        max_memories: int | None = None,
        per_section: int | None = None,
        recency_window: timedelta | float | str | None = None,
        wait_for_checks_s: float | None = None,
        view: Literal["compact"],
    ) -> CompactPrimeOut: ...

    @overload
    async def prime(
        self,
        entity_id: str,
        *,
        similarity_cue: str | None = None,
        max_memories: int | None = None,
        per_section: int | None = None,
        recency_window: timedelta | float | str | None = None,
        wait_for_checks_s: float | None = None,
        view: View | None = None,
    ) -> PrimeOut | CompactPrimeOut: ...

    async def prime(
        self,
        entity_id: str,
        *,
        similarity_cue: str | None = None,
        max_memories: int | None = None,
        per_section: int | None = None,
        recency_window: timedelta | float | str | None = None,
        wait_for_checks_s: float | None = None,
        view: View | None = None,
    ) -> PrimeOut | CompactPrimeOut:
        """What an agent should know about an entity before it starts (max_memories 20 and
        recency_window 7 days unless given: a timedelta, seconds or ISO 8601, e.g. P7D).
        Its pending contradictions are listed after waiting (up to ``wait_for_checks_s``,
        default the server's 2 s) for the checks of memories just stored."""
        fields = _given(
            entity_id=entity_id,
            similarity_cue=similarity_cue,
            max_memories=max_memories,
            per_section=per_section,
            recency_window=recency_window,
            wait_for_checks_s=wait_for_checks_s,
            view=view,
        )
        body = _build(PrimeIn, fields)
        if view == "compact":
            return await self._call("POST", "/v1/prime", CompactPrimeOut, body=body)
        return await self._call("POST", "/v1/prime", PrimeOut, body=body)
