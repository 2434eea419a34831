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


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        at, memory_id = json.loads(raw)
        return as_utc(datetime.fromisoformat(at)), normalize_id(memory_id)
    except (ValueError, TypeError) as exc:
        raise InvalidInput(
            "cursor is not one this API handed out", details={"field": "cursor"}
        ) from exc
