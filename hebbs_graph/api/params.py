"""Query parameters several handlers share, bounded as the bodies' fields are."""

from __future__ import annotations

from typing import Any

from litestar.openapi.spec import Example
from litestar.params import Parameter

# As EntityId in request bodies (models/memory.py): 1..256 characters.
MAX_ENTITY_ID = 256


def entity_param() -> Any:
    """``?entity_id=``: the entity to scope to, 1..256 characters as a write takes it."""
    return Parameter(
        default=None,
        min_length=1,
        max_length=MAX_ENTITY_ID,
        description="Scope to this entity (1..256 characters).",
        # Swagger UI's "Try it out" fills this in (api/examples.py's entity).
        examples=[Example(summary="An entity", value="acme")],
    )
