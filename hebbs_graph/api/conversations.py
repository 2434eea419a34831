"""REST handler for conversations: a session's turns in one call."""

from __future__ import annotations

from litestar import Controller, post

from hebbs_graph.models.conversation import ConversationIn, ConversationOut
from hebbs_graph.services.memory.conversation import ConversationService


class ConversationController(Controller):
    path = "/v1"
    tags = ["memories"]

    @post("/conversations", status_code=201)
    async def remember_conversation(
        self, data: ConversationIn, conversation: ConversationService, tenant_id: str
    ) -> ConversationOut:
        """Remember a conversation: one episode per turn (``speaker: text``), chained by
        FOLLOWED_BY. The same session_id again appends; turns already stored (the same
        message_id, or a re-sent run of the session's last turns) are skipped."""
        return await conversation.remember_conversation(tenant_id, data)
