"""The MCP tools' services over the REST API: ``ToolServices`` on a ``HebbsClient``.

``hebbs-graph mcp --url URL --api-key KEY`` serves the same tools as the local mode, but
each call is one REST request with that key, so the tenant is the key's (the ``tenant_id``
the tools pass is ignored) and the process holds neither Neo4j's credentials nor the
embedding model. The client raises the server's own error tree, so the registry turns a
refusal into the same ``code: message`` tool error as in local mode.

The tools have already validated their arguments with the REST models; each method hands
the set fields to the client method of that operation, which sends exactly those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hebbs_graph.client import HebbsClient
from hebbs_graph.mcp.ports import ToolServices
from hebbs_graph.models.compact import CompactPrimeOut, CompactRecallOut
from hebbs_graph.models.contradict import CommitIn, CommitOut, PrepareIn, PrepareOut
from hebbs_graph.models.conversation import ConversationIn, ConversationOut
from hebbs_graph.models.graph import LineageOut, PrimeIn, PrimeOut
from hebbs_graph.models.memory import ForgetIn, ForgetOut, Memory, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.models.reflect import (
    Insight,
    ReflectCommitIn,
    ReflectCommitOut,
    ReflectPrepareOut,
    ReflectScopeIn,
)


def _fields(model: BaseModel) -> dict[str, Any]:
    """The fields the caller set, as the client's keyword arguments."""
    return model.model_dump(exclude_unset=True)


class _Facet:
    def __init__(self, client: HebbsClient) -> None:
        self.client = client


class _Memory(_Facet):
    async def remember(self, tenant_id: str, item: MemoryIn) -> Memory:
        return await self.client.remember(**_fields(item))

    async def get(self, tenant_id: str, memory_id: str) -> Memory:
        return await self.client.get(memory_id)

    async def revise(self, tenant_id: str, memory_id: str, change: ReviseIn) -> Memory:
        return await self.client.revise(memory_id, **_fields(change))

    async def forget(self, tenant_id: str, criteria: ForgetIn) -> ForgetOut:
        return await self.client.forget(**_fields(criteria))


class _Conversation(_Facet):
    async def remember_conversation(
        self, tenant_id: str, request: ConversationIn
    ) -> ConversationOut:
        return await self.client.conversation(**_fields(request))


class _Recall(_Facet):
    async def answer(self, tenant_id: str, request: RecallIn) -> RecallOut | CompactRecallOut:
        # The view always travels: a tool's default (compact) is not the API's (full).
        out: RecallOut | CompactRecallOut = await self.client.recall(
            **{**_fields(request), "view": request.view}
        )
        return out


class _Prime(_Facet):
    async def answer(self, tenant_id: str, request: PrimeIn) -> PrimeOut | CompactPrimeOut:
        out: PrimeOut | CompactPrimeOut = await self.client.prime(
            **{**_fields(request), "view": request.view}
        )
        return out


class _Lineage(_Facet):
    async def lineage(self, tenant_id: str, memory_id: str) -> LineageOut:
        return await self.client.lineage(memory_id)


class _Contradict(_Facet):
    async def prepare(self, tenant_id: str, request: PrepareIn) -> PrepareOut:
        return await self.client.contradiction_prepare(**_fields(request))

    async def commit(self, tenant_id: str, request: CommitIn) -> CommitOut:
        return await self.client.contradiction_commit(_fields(request)["verdicts"])


class _Reflect(_Facet):
    async def prepare(self, tenant_id: str, request: ReflectScopeIn) -> ReflectPrepareOut:
        return await self.client.reflect_prepare(**_fields(request))

    async def commit(self, tenant_id: str, body: ReflectCommitIn) -> ReflectCommitOut:
        return await self.client.reflect_commit(**_fields(body))

    async def insights(
        self,
        tenant_id: str,
        *,
        entity_id: str | None = None,
        min_confidence: float | None = None,
        stale: bool | None = None,
        limit: int = 50,
    ) -> list[Insight]:
        return await self.client.insights(
            entity_id, min_confidence=min_confidence, stale=stale, limit=limit
        )


class ApiServices:
    """``ToolServices`` over one API, as one key's tenant."""

    def __init__(self, client: HebbsClient) -> None:
        self.client = client
        self.memory = _Memory(client)
        self.conversation = _Conversation(client)
        self.recall = _Recall(client)
        self.prime = _Prime(client)
        self.lineage = _Lineage(client)
        self.contradict = _Contradict(client)
        self.reflect = _Reflect(client)

    async def close(self) -> None:
        await self.client.aclose()


if TYPE_CHECKING:

    def _is_tool_services(services: ApiServices) -> ToolServices:
        return services  # mypy checks ApiServices against the protocol here
