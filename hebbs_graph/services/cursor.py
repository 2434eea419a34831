"""Opaque page cursors: the sort key of the last row handed out, as base64 JSON.

Memories page on (occurred_at, id); pending contradictions on (score, created_at, id).
Anything a caller sends that is not such a key (forged, truncated, nested, too long) is
refused as InvalidInput naming ``cursor``.
"""

from __future__ import annotations

import base64
import json
from datetime import datetime
from typing import Any

from hebbs_graph.errors import InvalidInput
from hebbs_graph.ids import normalize_id
from hebbs_graph.timeutil import as_utc

_MAX_CURSOR = 512  # the ones handed out are about 100 characters


def _encode(parts: list[Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(parts).encode()).decode().rstrip("=")


def _refused() -> InvalidInput:
    return InvalidInput("cursor is not one this API handed out", details={"field": "cursor"})


def _decode(cursor: str, kinds: tuple[Any, ...]) -> list[Any]:
    """The key's parts, each of the kind expected (a number is never a boolean)."""
    if len(cursor) > _MAX_CURSOR:
        raise _refused()
    try:
        decoded = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError, RecursionError):
        raise _refused() from None
    if not (
        isinstance(decoded, list)
        and len(decoded) == len(kinds)
        and all(
            isinstance(part, kind) and not isinstance(part, bool)
            for part, kind in zip(decoded, kinds, strict=True)
        )
    ):
        raise _refused()
    return decoded


def _time_and_id(at: str, row_id: str) -> tuple[datetime, str]:
    try:
        return as_utc(datetime.fromisoformat(at)), normalize_id(row_id, field="cursor")
    except (ValueError, InvalidInput):
        raise _refused() from None


def encode_cursor(at: datetime, memory_id: str) -> str:
    return _encode([at.isoformat(), memory_id])


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    at, memory_id = _decode(cursor, (str, str))
    return _time_and_id(at, memory_id)


def encode_pending_cursor(score: float, created_at: datetime, pending_id: str) -> str:
    """The (classifier_score, created_at, pending_id) key of the last pending pair shown."""
    return _encode([score, created_at.isoformat(), pending_id])


def decode_pending_cursor(cursor: str) -> tuple[float, datetime, str]:
    score, at, pending_id = _decode(cursor, (int | float, str, str))
    created_at, checked_id = _time_and_id(at, pending_id)
    return float(score), created_at, checked_id
