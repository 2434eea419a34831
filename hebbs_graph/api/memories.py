"""REST handlers for memories: thin — parse, call one service, shape the answer."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, Response, get, post, put
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Parameter

from hebbs_graph.api.params import entity_param
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
from hebbs_graph.services.memory.service import MemoryService


class MemoryController(Controller):
    path = "/v1"
    tags = ["memories"]

    @post(
        "/memories",
        status_code=201,
        responses={
            200: ResponseSpec(
                data_container=Memory,
                description="The content was already remembered: the existing memory, "
                "reinforced (reinforced: true); nothing new was stored.",
            )
        },
    )
    async def remember(
        self, data: MemoryIn, memory: MemoryService, tenant_id: str
    ) -> Response[Memory]:
        """Remember one episode; links to its entity's timeline and any edges given.

        201 with the new memory; 200 with the existing one, reinforced, when the entity
        already holds a current episode saying the same (on_duplicate: store stores a
        second copy anyway)."""
        remembered = await memory.remember(tenant_id, data)
        return Response(remembered, status_code=200 if remembered.reinforced else 201)

    @post("/memories/batch", status_code=201)
    async def remember_batch(
        self, data: BatchIn, memory: MemoryService, tenant_id: str
    ) -> BatchOut:
        """Remember up to 1,000 episodes at once; ids come back in input order. An item
        repeating a stored memory (or an earlier item) gets its id; reinforced lists the
        stored ones reinforced."""
        return await memory.remember_many(tenant_id, data.memories)

    @get("/memories/{memory_id:str}")
    async def get_memory(self, memory_id: str, memory: MemoryService, tenant_id: str) -> Memory:
        return await memory.get(tenant_id, memory_id)

    @get("/memories")
    async def list_memories(
        self,
        memory: MemoryService,
        tenant_id: str,
        entity_id: str | None = entity_param(),
        kind: MemoryKind | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = Parameter(default=50, ge=1, le=1000),
    ) -> MemoryPage:
        """Memories newest first; pass next_cursor back as cursor for the next page."""
        return await memory.list_memories(
            tenant_id,
            entity_id=entity_id,
            kind=kind,
            since=since,
            until=until,
            cursor=cursor,
            limit=limit,
        )

    @get("/memories/{memory_id:str}/edges")
    async def edges(self, memory_id: str, memory: MemoryService, tenant_id: str) -> EdgesOut:
        return EdgesOut(edges=await memory.edges(tenant_id, memory_id))

    @post("/memories/{memory_id:str}/edges", status_code=201)
    async def link(
        self, memory_id: str, data: EdgeIn, memory: MemoryService, tenant_id: str
    ) -> Edge:
        """Link two memories (CAUSED_BY: effect → cause; RELATED_TO)."""
        return await memory.link(tenant_id, memory_id, data)

    @put("/revise/{memory_id:str}")
    async def revise(
        self, memory_id: str, data: ReviseIn, memory: MemoryService, tenant_id: str
    ) -> Memory:
        """Revise a memory in place; its old state is kept as a snapshot."""
        return await memory.revise(tenant_id, memory_id, data)

    @post("/forget", status_code=200)
    async def forget(self, data: ForgetIn, memory: MemoryService, tenant_id: str) -> ForgetOut:
        """Hard-delete every memory matching all criteria; tombstones remain."""
        return await memory.forget(tenant_id, data)
