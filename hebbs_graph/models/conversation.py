"""Request and response models for conversations: a session of turns, one episode each."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import AfterValidator, BaseModel, Field, field_validator, model_validator

from hebbs_graph.models.fields import UtcTime, name_text, stored_text
from hebbs_graph.models.memory import EntityId, Input


def _check_name(value: str) -> str:
    if not value.strip() or len(value) > 256:
        raise ValueError("must be 1..256 characters and not blank")
    return name_text(value)


# A speaker, role, session id or message id: a short name without control characters.
Name = Annotated[str, AfterValidator(_check_name)]


class MessageIn(Input):
    speaker: Name | None = Field(
        default=None, description="Who said it, by name (e.g. Caroline); or give role."
    )
    role: Name | None = Field(
        default=None, description="The speaker's role (user, assistant, tool, …); or speaker."
    )
    content: str = Field(min_length=1, description="What was said.")
    occurred_at: UtcTime | None = Field(
        default=None, description="When it was said (ISO 8601); else spread from started_at."
    )
    message_id: Name | None = Field(
        default=None,
        description="The message's own id where the chat has one; a turn already stored "
        "with this id in the session is not stored again.",
    )

    @field_validator("content")
    @classmethod
    def _content(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("content must not be blank")
        return stored_text(value)

    @model_validator(mode="after")
    def _someone_said_it(self) -> Self:
        if self.speaker is None and self.role is None:
            raise ValueError("give speaker or role (who said it)")
        return self

    @property
    def who(self) -> str:
        """The name a turn's content starts with: the speaker, else the role."""
        return self.speaker or self.role or ""


class ConversationIn(Input):
    entity_id: EntityId = Field(description="Who or what the conversation is about.")
    session_id: Name | None = Field(
        default=None,
        description="The conversation's id; omitted: a new session (its id comes back). "
        "The same session_id again appends to it.",
    )
    started_at: UtcTime | None = Field(
        default=None,
        description="When the session started: turns without occurred_at are placed one "
        "second apart from here (else just after now, a millisecond apart).",
    )
    messages: list[MessageIn] = Field(min_length=1, description="The turns, in order.")


class ConversationOut(BaseModel):
    session_id: str
    entity_id: str
    memory_ids: list[str] = Field(description="The episodes this call stored, in turn order.")
    first_turn: int = Field(description="The turn index of the first episode stored here.")
    stored: int = Field(description="Turns stored by this call.")
    skipped: int = Field(description="Turns already stored in the session (a re-send).")
    turns: int = Field(description="Turns the session holds now.")
