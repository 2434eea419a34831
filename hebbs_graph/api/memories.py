"""REST handlers for memories: thin — parse, call one service, shape the answer."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, get, post, put
from litestar.params import Parameter

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
    MemoryKind,
    MemoryPage,
    ReviseIn,
)
from hebbs_graph.services.container import Services


class MemoryController(Controller):
    path = "/v1"
    tags = ["memories"]

    @post("/memories", status_code=201)
    async def remember(self, data: MemoryIn, services: Services, tenant_id: str) -> Memory:
        """Remember one episode; links to its entity's timeline and any edges given."""
        return await services.memory.remember(tenant_id, data)

    @post("/memories/batch", status_code=201)
    async def remember_batch(self, data: BatchIn, services: Services, tenant_id: str) -> BatchOut:
        """Remember up to 1,000 episodes at once; ids come back in input order."""
        ids = await services.memory.remember_batch(tenant_id, data.memories)
        return BatchOut(memory_ids=ids)

    @get("/memories/{memory_id:str}")
    async def get_memory(self, memory_id: str, services: Services, tenant_id: str) -> Memory:
        return await services.memory.get(tenant_id, memory_id)

    @get("/memories")
    async def list_memories(
        self,
        services: Services,
        tenant_id: str,
        entity_id: str | None = None,
        kind: MemoryKind | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = Parameter(default=50, ge=1, le=1000),
    ) -> MemoryPage:
        """Memories newest first; pass next_cursor back as cursor for the next page."""
        return await services.memory.list_memories(
            tenant_id,
            entity_id=entity_id,
            kind=kind,
            since=since,
            until=until,
            cursor=cursor,
            limit=limit,
        )

    @get("/memories/{memory_id:str}/edges")
    async def edges(self, memory_id: str, services: Services, tenant_id: str) -> EdgesOut:
        return EdgesOut(edges=await services.memory.edges(tenant_id, memory_id))

    @post("/memories/{memory_id:str}/edges", status_code=201)
    async def link(self, memory_id: str, data: EdgeIn, services: Services, tenant_id: str) -> Edge:
        """Link two memories (CAUSED_BY: effect → cause; RELATED_TO)."""
        return await services.memory.link(tenant_id, memory_id, data)

    @put("/revise/{memory_id:str}")
    async def revise(
        self, memory_id: str, data: ReviseIn, services: Services, tenant_id: str
    ) -> Memory:
        """Revise a memory in place; its old state is kept as a snapshot."""
        return await services.memory.revise(tenant_id, memory_id, data)

    @post("/forget", status_code=200)
    async def forget(self, data: ForgetIn, services: Services, tenant_id: str) -> ForgetOut:
        """Hard-delete every memory matching all criteria; tombstones remain."""
        return await services.memory.forget(tenant_id, data)
