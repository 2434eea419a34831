"""Conversations: a session's turns become episodes, one batch write per call.

Each turn is an episode of the conversation's entity whose content is ``speaker: text``
(what scripts/eval/locomo.py measures recall on) and whose context holds the session,
the turn's index and who said it. The entity's timeline (FOLLOWED_BY by occurred_at)
chains the turns, so turns are kept in time order: a turn is never earlier than the one
before it, in the call or already stored.

The same session again appends. A re-send does not store a turn twice (docs/decisions/
0015-conversations.md): a message the session holds is skipped, known by its message_id,
else by speaker, words and occurred_at; and so is the longest run at the start of the
request that repeats the session's last turns (how messages with neither are known).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from hebbs_graph.errors import Conflict, InvalidInput, TooLarge
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.ids import new_id
from hebbs_graph.models.conversation import ConversationIn, ConversationOut, MessageIn
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.services.records import check_content, read_context
from hebbs_graph.settings import MemorySettings
from hebbs_graph.timeutil import utcnow

# Turns placed from started_at are this far apart (as locomo.py places LoCoMo's); turns
# placed from now, this far, so a call's turns never share a time.
FROM_START = timedelta(seconds=1)
FROM_NOW = timedelta(milliseconds=1)


@dataclass(frozen=True)
class StoredTurn:
    memory_id: str
    turn: int
    content: str
    occurred_at: datetime
    message_id: str | None


def turn_content(message: MessageIn) -> str:
    """What a turn is remembered as: ``speaker: text`` (the role when there is no name)."""
    return f"{message.who}: {message.content}"


def turn_context(session_id: str, turn: int, message: MessageIn) -> dict[str, Any]:
    context: dict[str, Any] = {"session_id": session_id, "turn": turn}
    for key in ("speaker", "role", "message_id"):
        value = getattr(message, key)
        if value is not None:
            context[key] = value
    return context


def repeats(stored: StoredTurn, message: MessageIn) -> bool:
    """Whether ``message`` is ``stored`` sent again: the same words by the same speaker,
    and the same message_id and occurred_at wherever the message gives them."""
    if stored.content != turn_content(message):
        return False
    if message.message_id is not None and message.message_id != stored.message_id:
        return False
    return message.occurred_at is None or message.occurred_at == stored.occurred_at


def resent_prefix(stored: list[StoredTurn], messages: list[MessageIn]) -> int:
    """How many messages at the start repeat the session's last turns (longest run)."""
    for k in range(min(len(stored), len(messages)), 0, -1):
        tail = stored[len(stored) - k :]
        if all(repeats(s, m) for s, m in zip(tail, messages, strict=False)):
            return k
    return 0


class ConversationService:
    def __init__(self, store: GraphStore, memory: MemoryService, settings: MemorySettings) -> None:
        self.store = store
        self.memory = memory
        self.settings = settings

    async def remember_conversation(
        self, tenant_id: str, request: ConversationIn
    ) -> ConversationOut:
        """Store a session's new turns (all or nothing) and say which ones were new."""
        limit = self.settings.max_batch_items
        if len(request.messages) > limit:
            raise TooLarge(
                f"messages holds {len(request.messages)} turns; the limit is {limit} per call",
                details={"field": "messages", "limit": limit},
            )
        for i, message in enumerate(request.messages):
            check_content(turn_content(message), self.settings, field=f"messages[{i}].content")
        session_id = request.session_id or new_id()
        stored = (
            await self.session_turns(tenant_id, request.entity_id, session_id)
            if request.session_id
            else []  # a new session holds nothing yet
        )
        fresh = self._fresh(stored, request.messages)
        first = stored[-1].turn + 1 if stored else 0
        items = self._episodes(request, session_id, stored, fresh, first)
        ids = await self.memory.remember_batch(tenant_id, items) if items else []
        return ConversationOut(
            session_id=session_id,
            entity_id=request.entity_id,
            memory_ids=ids,
            first_turn=first,
            stored=len(ids),
            skipped=len(request.messages) - len(ids),
            turns=len(stored) + len(ids),
        )

    async def session_turns(
        self, tenant_id: str, entity_id: str, session_id: str
    ) -> list[StoredTurn]:
        """The session's stored turns in turn order."""
        needle = '"session_id":' + json.dumps(session_id, ensure_ascii=False)
        rows = await self.store.read_rows(
            "memory/session_turns", tenant_id=tenant_id, entity_id=entity_id, needle=needle
        )
        turns = []
        for row in rows:
            context = read_context(row["context_json"])
            turn = context.get("turn")
            if context.get("session_id") != session_id or not isinstance(turn, int):
                continue  # the needle also matches text inside other contexts
            message_id = context.get("message_id")
            turns.append(
                StoredTurn(
                    memory_id=row["id"],
                    turn=turn,
                    content=row["content"],
                    occurred_at=row["occurred_at"],
                    message_id=message_id if isinstance(message_id, str) else None,
                )
            )
        return sorted(turns, key=lambda t: t.turn)

    def _fresh(
        self, stored: list[StoredTurn], messages: list[MessageIn]
    ) -> list[tuple[int, MessageIn]]:
        """The messages still to store, with their positions in the request: a message is
        known by its message_id, else by its words and occurred_at, wherever the session
        holds it; one with neither is a re-send only in a run repeating the last turns."""
        known = {t.message_id for t in stored if t.message_id is not None}
        seen: set[str] = set()
        for i, message in enumerate(messages):
            if message.message_id is None:
                continue
            if message.message_id in seen:
                raise InvalidInput(
                    f"messages[{i}].message_id {message.message_id!r} appears twice",
                    details={"field": f"messages[{i}].message_id"},
                )
            seen.add(message.message_id)
        timed = {(t.content, t.occurred_at) for t in stored}
        left = [
            (i, m)
            for i, m in enumerate(messages)
            if m.message_id not in known
            and (m.message_id is not None or (turn_content(m), m.occurred_at) not in timed)
        ]
        skip = resent_prefix(stored, [m for _, m in left])
        return left[skip:]

    def _episodes(
        self,
        request: ConversationIn,
        session_id: str,
        stored: list[StoredTurn],
        fresh: list[tuple[int, MessageIn]],
        first: int,
    ) -> list[MemoryIn]:
        previous = stored[-1].occurred_at if stored else None
        now = utcnow()
        items = []
        for n, (i, message) in enumerate(fresh):
            turn = first + n
            at = message.occurred_at or self._placed(request.started_at, turn, previous, now)
            if previous is not None and at < previous:
                field = (
                    "started_at" if message.occurred_at is None else f"messages[{i}].occurred_at"
                )
                text = (
                    f"{field}: turn {turn} would be at {at.isoformat()}, before the turn "
                    f"before it ({previous.isoformat()}); turns are kept in time order"
                )
                # Against a turn already stored it clashes with the session, not the request.
                error = Conflict if n == 0 else InvalidInput
                raise error(text, details={"field": field})
            items.append(
                MemoryIn(
                    content=turn_content(message),
                    entity_id=request.entity_id,
                    occurred_at=at,
                    context=turn_context(session_id, turn, message),
                    # Re-sent turns are skipped above; the same words in two turns are two.
                    on_duplicate="store",
                )
            )
            previous = at
        return items

    @staticmethod
    def _placed(
        started_at: datetime | None, turn: int, previous: datetime | None, now: datetime
    ) -> datetime:
        """When a turn without occurred_at happened: from the session's start by its index,
        else just after the turn before it, else now."""
        if started_at is not None:
            return started_at + turn * FROM_START
        return now if previous is None else max(now, previous + FROM_NOW)
