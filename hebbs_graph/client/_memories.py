"""The client's memory operations: remember, conversations, get, list, edges, link, revise, forget, and backup."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Sequence
from datetime import datetime
from typing import Any, Literal

import httpx

from hebbs_graph.client._base import (
    REFLECT_TIMEOUT_S,
    CallerEdgeType,
    ClientBase,
    _build,
    _given,
    _seg,
)
from hebbs_graph.client_errors import error_from
from hebbs_graph.errors import ApiUnreachable
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.backup import RestoreOut
from hebbs_graph.models.conversation import ConversationIn, ConversationOut, MessageIn
from hebbs_graph.models.memory import (
    BatchIn,
    BatchOut,
    Edge,
    EdgeIn,
    EdgesOut,
    ForgetIn,
    ForgetOut,
    Memory,
    MemoryIn,
    MemoryPage,
    ReviseIn,
)


class MemoriesApi(ClientBase):
    # -- memories ---------------------------------------------------------------------

    async def remember(
        self,
        content: str,
        *,
        importance: float | None = None,
        context: dict[str, Any] | None = None,
        entity_id: str | None = None,
        tags: Sequence[str] | None = None,
        occurred_at: datetime | None = None,
        edges: Sequence[EdgeIn | dict[str, Any]] | None = None,
        on_duplicate: Literal["reinforce", "store"] | None = None,
    ) -> Memory:
        """Remember one episode. An argument left None is not sent and the server's default
        applies (importance 0.5, occurred_at now, on_duplicate reinforce); edges are
        CAUSED_BY or RELATED_TO. When the entity already holds a current episode with the
        same content, that memory is reinforced and returned (``reinforced`` is True)
        unless on_duplicate is "store"."""
        fields = _given(
            content=content,
            importance=importance,
            context=context,
            entity_id=entity_id,
            tags=tags,
            occurred_at=occurred_at,
            edges=edges,
            on_duplicate=on_duplicate,
        )
        body = _build(MemoryIn, fields)
        return await self._call("POST", "/v1/memories", Memory, body=body)

    async def remember_batch(self, memories: Sequence[MemoryIn | dict[str, Any]]) -> list[str]:
        """Remember up to 1,000 at once; the ids come back in input order."""
        body = _build(BatchIn, _given(memories=memories))
        return (await self._call("POST", "/v1/memories/batch", BatchOut, body=body)).memory_ids

    async def conversation(
        self,
        entity_id: str,
        messages: Sequence[MessageIn | dict[str, Any]],
        *,
        session_id: str | None = None,
        started_at: datetime | None = None,
    ) -> ConversationOut:
        """Remember a conversation's turns ({speaker or role, content, occurred_at?,
        message_id?}), one episode each; the same session_id again appends, and turns it
        already holds are skipped. The answer names the session and the new episodes."""
        fields = _given(
            entity_id=entity_id, messages=messages, session_id=session_id, started_at=started_at
        )
        body = _build(ConversationIn, fields)
        return await self._call("POST", "/v1/conversations", ConversationOut, body=body)

    async def get(self, memory_id: str) -> Memory:
        return await self._call("GET", f"/v1/memories/{_seg(memory_id)}", Memory)

    async def list_memories(
        self,
        *,
        entity_id: str | None = None,
        kind: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = 50,
    ) -> MemoryPage:
        params = {
            "entity_id": entity_id,
            "kind": kind,
            "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None,
            "cursor": cursor,
            "limit": limit,
        }
        return await self._call("GET", "/v1/memories", MemoryPage, params=params)

    async def edges(self, memory_id: str) -> list[Edge]:
        return (await self._call("GET", f"/v1/memories/{_seg(memory_id)}/edges", EdgesOut)).edges

    async def link(
        self,
        memory_id: str,
        target_id: str,
        edge_type: EdgeType | CallerEdgeType,
        confidence: float | None = None,
    ) -> Edge:
        """Draw an edge from ``memory_id`` to ``target_id`` (CAUSED_BY or RELATED_TO)."""
        fields = _given(target_id=target_id, edge_type=edge_type, confidence=confidence)
        body = _build(EdgeIn, fields)
        return await self._call("POST", f"/v1/memories/{_seg(memory_id)}/edges", Edge, body=body)

    async def revise(
        self,
        memory_id: str,
        *,
        content: str | None = None,
        importance: float | None = None,
        context: dict[str, Any] | None = None,
        context_mode: Literal["merge", "replace"] | None = None,
        entity_id: str | None = None,
    ) -> Memory:
        """Revise in place; the old wording is kept as a snapshot (see lineage)."""
        fields = _given(
            content=content,
            importance=importance,
            context=context,
            context_mode=context_mode,
            entity_id=entity_id,
        )
        body = _build(ReviseIn, fields)
        return await self._call("PUT", f"/v1/revise/{_seg(memory_id)}", Memory, body=body)

    async def forget(
        self,
        *,
        memory_ids: Sequence[str] | None = None,
        entity_id: str | None = None,
        older_than: datetime | None = None,
        access_count_below: int | None = None,
        kind: Literal["episode", "insight"] | None = None,
        decay_below: float | None = None,
    ) -> ForgetOut:
        """Hard-delete every memory matching all the criteria given (at least one)."""
        criteria = _given(
            memory_ids=memory_ids,
            entity_id=entity_id,
            older_than=older_than,
            access_count_below=access_count_below,
            kind=kind,
            decay_below=decay_below,
        )
        body = _build(ForgetIn, criteria)
        return await self._call("POST", "/v1/forget", ForgetOut, body=body)

    # -- backup ------------------------------------------------------------------------

    async def export_backup(
        self, *, entity_id: str | None = None, embeddings: bool = True
    ) -> AsyncIterator[str]:
        """The tenant's (or one entity's) backup, line by line as the API streams it."""
        params = {"entity_id": entity_id, "embeddings": str(embeddings).lower()}
        clean = {k: v for k, v in params.items() if v is not None}
        try:
            async with self._http.stream("GET", "/v1/export", params=clean) as response:
                if response.status_code >= 400:
                    await response.aread()
                    raise error_from(response)
                async for line in response.aiter_lines():
                    if line:
                        yield line
        except httpx.TransportError as exc:
            raise ApiUnreachable(
                f"no hebbs-graph API at {self.base_url} ({exc.__class__.__name__})"
            ) from exc

    async def import_backup(
        self,
        content: bytes | AsyncIterable[bytes],
        *,
        allow_non_empty: bool = False,
        re_embed: bool = False,
        request_timeout: float | None = REFLECT_TIMEOUT_S,
    ) -> RestoreOut:
        """Restore a backup (as export_backup gave it) into this tenant, all or nothing."""
        params = {
            "allow_non_empty": str(allow_non_empty).lower(),
            "re_embed": str(re_embed).lower(),
        }
        try:
            response = await self._http.post(
                "/v1/import",
                content=content,
                params=params,
                headers={"Content-Type": "application/x-ndjson"},
                timeout=request_timeout,
            )
        except httpx.TransportError as exc:
            raise ApiUnreachable(
                f"no hebbs-graph API at {self.base_url} ({exc.__class__.__name__})"
            ) from exc
        if response.status_code >= 400:
            raise error_from(response)
        return RestoreOut.model_validate(response.json())
