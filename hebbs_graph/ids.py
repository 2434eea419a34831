"""Memory ids: ULIDs written as 32 lowercase hex characters.

The API also accepts the 26-character Crockford form and normalises it.
"""

from __future__ import annotations

import re

from ulid import ULID

from hebbs_graph.errors import InvalidInput

_HEX = re.compile(r"^[0-9a-f]{32}$")
_CROCKFORD = re.compile(r"^[0-9A-HJKMNP-TV-Z]{26}$")


def new_id() -> str:
    """A fresh, time-ordered id."""
    return ULID().hex


def normalize_id(raw: str, *, field: str = "id") -> str:
    """Return the 32-hex form of ``raw`` or raise InvalidInput naming ``field``."""
    if not isinstance(raw, str):
        raise InvalidInput(
            f"{field} must be a string id, got {type(raw).__name__}", details={"field": field}
        )
    text = raw.strip()
    lowered = text.lower()
    if _HEX.match(lowered):
        return lowered
    upper = text.upper()
    if _CROCKFORD.match(upper) and upper[0] <= "7":
        return ULID.from_str(upper).hex
    raise InvalidInput(
        f"{field} must be a ULID (32 hex characters or 26 Crockford characters), got {raw!r}",
        details={"field": field},
    )
