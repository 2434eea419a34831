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
from hebbs_graph.services.contradict.service import ContradictionService


class ContradictionController(Controller):
    path = "/v1/contradictions"
    tags = ["contradictions"]

    @post("/prepare", status_code=200)
    async def prepare(
        self, data: PrepareIn, contradict: ContradictionService, tenant_id: str
    ) -> PrepareOut:
        """Pending contradiction candidates (strongest first) with what is needed to judge them."""
        return await contradict.prepare(tenant_id, data)

    @post("/commit", status_code=200)
    async def commit(
        self, data: CommitIn, contradict: ContradictionService, tenant_id: str
    ) -> CommitOut:
        """Apply verdicts (contradiction, revision, dismiss) all at once, or none of them."""
        return await contradict.commit(tenant_id, data)

    @post("/scan", status_code=200)
    async def scan(self, data: ScanIn, contradict: ContradictionService, tenant_id: str) -> ScanOut:
        """Run detection over existing memories (all, one entity, or since a time)."""
        return await contradict.scan(tenant_id, data)
