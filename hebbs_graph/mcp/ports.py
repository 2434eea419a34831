"""What the MCP tools need from the memory: the slice of the service layer they call.

Two things provide it. The ``Services`` themselves (stdio's local mode, and ``/mcp`` on
the API) satisfy these protocols as they are; ``hebbs_graph.mcp.remote.ApiServices``
implements them over the REST API with a ``HebbsClient``, for ``hebbs-graph mcp --url``.
So each tool is written once, against this interface, whichever door serves it.

This module imports only the models: the API route must start without Neo4j's driver or
the embedding model.
"""

from __future__ import annotations

from typing import Protocol

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


class MemoryPort(Protocol):
    async def remember(self, tenant_id: str, item: MemoryIn) -> Memory: ...

    async def get(self, tenant_id: str, memory_id: str) -> Memory: ...

    async def revise(self, tenant_id: str, memory_id: str, change: ReviseIn) -> Memory: ...

    async def forget(self, tenant_id: str, criteria: ForgetIn) -> ForgetOut: ...


class ConversationPort(Protocol):
    async def remember_conversation(
        self, tenant_id: str, request: ConversationIn
    ) -> ConversationOut: ...


class RecallPort(Protocol):
    async def answer(self, tenant_id: str, request: RecallIn) -> RecallOut | CompactRecallOut: ...


class PrimePort(Protocol):
    async def answer(self, tenant_id: str, request: PrimeIn) -> PrimeOut | CompactPrimeOut: ...


class LineagePort(Protocol):
    async def lineage(self, tenant_id: str, memory_id: str) -> LineageOut: ...


class ContradictPort(Protocol):
    async def prepare(self, tenant_id: str, request: PrepareIn) -> PrepareOut: ...

    async def commit(self, tenant_id: str, request: CommitIn) -> CommitOut: ...


class ReflectPort(Protocol):
    async def prepare(self, tenant_id: str, request: ReflectScopeIn) -> ReflectPrepareOut: ...

    async def commit(self, tenant_id: str, body: ReflectCommitIn) -> ReflectCommitOut: ...

    async def insights(
        self,
        tenant_id: str,
        *,
        entity_id: str | None = None,
        min_confidence: float | None = None,
        stale: bool | None = None,
        limit: int = 50,
    ) -> list[Insight]: ...


class ToolServices(Protocol):
    """The services a tool may call; read-only attributes, so implementations may narrow."""

    @property
    def memory(self) -> MemoryPort: ...

    @property
    def conversation(self) -> ConversationPort: ...

    @property
    def recall(self) -> RecallPort: ...

    @property
    def prime(self) -> PrimePort: ...

    @property
    def lineage(self) -> LineagePort: ...

    @property
    def contradict(self) -> ContradictPort: ...

    @property
    def reflect(self) -> ReflectPort: ...
