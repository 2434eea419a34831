"""REST handlers for contradictions: the agent's review and the batch scan."""

from __future__ import annotations

from litestar import Controller, post

from hebbs_graph.models.contradict import (
    CommitIn,
    CommitOut,
    PrepareIn,
    PrepareOut,
    ScanIn,
    ScanOut,
)
from hebbs_graph.services.container import Services


class ContradictionController(Controller):
    path = "/v1/contradictions"
    tags = ["contradictions"]

    @post("/prepare", status_code=200)
    async def prepare(self, data: PrepareIn, services: Services, tenant_id: str) -> PrepareOut:
        """Pending contradiction candidates (strongest first) with what is needed to judge them."""
        return await services.contradict.prepare(tenant_id, data)

    @post("/commit", status_code=200)
    async def commit(self, data: CommitIn, services: Services, tenant_id: str) -> CommitOut:
        """Apply verdicts (contradiction, revision, dismiss) all at once, or none of them."""
        return await services.contradict.commit(tenant_id, data)

    @post("/scan", status_code=200)
    async def scan(self, data: ScanIn, services: Services, tenant_id: str) -> ScanOut:
        """Run detection over existing memories (all, one entity, or since a time)."""
        return await services.contradict.scan(tenant_id, data)
