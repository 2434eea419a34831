"""REST handler for recall."""

from __future__ import annotations

from litestar import Controller, post

from hebbs_graph.models.compact import CompactRecallOut
from hebbs_graph.models.recall import RecallOut
from hebbs_graph.services.recall.request import RecallRequest
from hebbs_graph.services.recall.service import RecallService


class RecallController(Controller):
    path = "/v1"
    tags = ["recall"]

    @post("/recall", status_code=200)
    async def recall(
        self, data: RecallRequest, recall: RecallService, tenant_id: str
    ) -> RecallOut | CompactRecallOut:
        """Recall by one or more strategies; in the full view (the default) each result
        carries its score breakdown, in the compact view only what an agent needs."""
        return await recall.answer(tenant_id, data)
