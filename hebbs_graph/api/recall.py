"""REST handler for recall."""

from __future__ import annotations

from litestar import Controller, post

from hebbs_graph.models.recall import RecallIn, RecallOut
from hebbs_graph.services.container import Services


class RecallController(Controller):
    path = "/v1"
    tags = ["recall"]

    @post("/recall", status_code=200)
    async def recall(self, data: RecallIn, services: Services, tenant_id: str) -> RecallOut:
        """Recall by one or more strategies; each result carries its score breakdown."""
        return await services.recall.recall(tenant_id, data)
