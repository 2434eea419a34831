"""What the bad-request table shares: ids that do not exist, the statuses a refusal may
have, and where cursors go (tests/api/test_api_errors.py)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any


def b64(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


MISSING = "0" * 32
BAD = (400, 422)
W0 = {"relevance": 0, "recency": 0, "importance": 0, "reinforcement": 0}

# (case id, method, path, body: JSON-able or raw bytes, allowed statuses, text the message names)
# "{a}" and "{b}" stand for two stored memories' ids.
# Where a cursor goes: (name, method, the path for a cursor, the body for a cursor).
CURSOR_ROUTES: list[
    tuple[str, str, Callable[[str], str], Callable[[str], dict[str, Any] | None]]
] = [
    ("list", "GET", lambda c: f"/v1/memories?cursor={c}", lambda c: None),
    ("scan", "POST", lambda c: "/v1/contradictions/scan", lambda c: {"cursor": c, "limit": 1}),
]
