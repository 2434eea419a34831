"""Opaque page cursors: the (occurred_at, id) key of the last row handed out."""

from __future__ import annotations

import base64
import json
from datetime import datetime

from hebbs_graph.errors import InvalidInput
from hebbs_graph.ids import normalize_id
from hebbs_graph.timeutil import as_utc


def encode_cursor(at: datetime, memory_id: str) -> str:
    raw = json.dumps([at.isoformat(), memory_id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


_MAX_CURSOR = 512  # the ones handed out are about 100 characters


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The key a cursor holds; anything else (forged, truncated, nested) is refused."""
    refused = InvalidInput("cursor is not one this API handed out", details={"field": "cursor"})
    if len(cursor) > _MAX_CURSOR:
        raise refused
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        decoded = json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        raise refused from None
    if not (
        isinstance(decoded, list)
        and len(decoded) == 2
        and all(isinstance(part, str) for part in decoded)
    ):
        raise refused
    try:
        at = datetime.fromisoformat(decoded[0])
        return as_utc(at), normalize_id(decoded[1], field="cursor")
    except (ValueError, InvalidInput):
        raise refused from None


def encode_pending_cursor(score: float, created_at: datetime, pending_id: str) -> str:
    """The (classifier_score, created_at, pending_id) key of the last pending pair shown."""
    raw = json.dumps([score, created_at.isoformat(), pending_id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_pending_cursor(cursor: str) -> tuple[float, datetime, str]:
    refused = InvalidInput("cursor is not one this API handed out", details={"field": "cursor"})
    if len(cursor) > _MAX_CURSOR:
        raise refused
    try:
        decoded = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (ValueError, TypeError, RecursionError):
        raise refused from None
    if not (
        isinstance(decoded, list)
        and len(decoded) == 3
        and isinstance(decoded[0], int | float)
        and not isinstance(decoded[0], bool)
        and all(isinstance(part, str) for part in decoded[1:])
    ):
        raise refused
    try:
        return (
            float(decoded[0]),
            as_utc(datetime.fromisoformat(decoded[1])),
            normalize_id(decoded[2], field="cursor"),
        )
    except (ValueError, InvalidInput):
        raise refused from None
