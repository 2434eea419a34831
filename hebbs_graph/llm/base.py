"""The protocol every LLM provider meets."""

from __future__ import annotations

from typing import Protocol


class LLMClient(Protocol):
    """One chat completion: a system prompt and a user prompt in, the answer text out.

    Implementations retry transient failures themselves and raise ``LLMError`` when
    no answer could be had.
    """

    async def complete(
        self, system: str, user: str, *, temperature: float, max_tokens: int = 1024
    ) -> str: ...
