"""The Embedder protocol the services depend on."""

from __future__ import annotations

from typing import Protocol


class Embedder(Protocol):
    """Turns texts into L2-normalised vectors of a fixed dimension."""

    @property
    def dimension(self) -> int: ...

    @property
    def model_name(self) -> str: ...

    async def embed(self, texts: list[str]) -> list[list[float]]:
        """Embed ``texts`` in batches, off the event loop; one vector per text, in order."""
        ...
