"""How an HTTP answer becomes the client's exception: by error code, then by status.

The tree is drawn once, in ``hebbs_graph.errors`` (``ServerError`` and
``ApiUnreachable`` are the client's own there).
"""

from __future__ import annotations

import httpx

from hebbs_graph.errors import (
    BookmarkNotReached,
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    LLMBadOutput,
    LLMError,
    LLMNotConfigured,
    NotFound,
    NotInSession,
    ServerError,
    SessionExpired,
    TooLarge,
    Unauthorized,
    UnknownSession,
)

_BY_STATUS: dict[int, type[HebbsError]] = {
    400: InvalidInput,
    401: Unauthorized,
    404: NotFound,
    409: Conflict,
    413: TooLarge,
    422: InvalidInput,
    503: GraphUnavailable,
}


# Errors whose code says more than their status does.
_BY_CODE: dict[str, type[HebbsError]] = {
    kind.code: kind
    for kind in (
        BookmarkNotReached,
        UnknownSession,
        SessionExpired,
        NotInSession,
        LLMError,
        LLMBadOutput,
        LLMNotConfigured,
    )
}


def error_from(response: httpx.Response) -> HebbsError:
    code = None
    try:
        error = response.json()["error"]
        message, details = str(error["message"]), error.get("details")
        code = error.get("code")
    except (ValueError, KeyError, TypeError):
        message, details = response.text[:500] or response.reason_phrase, None
    kind = _BY_CODE.get(code) if isinstance(code, str) else None
    kind = kind or _BY_STATUS.get(response.status_code)
    if kind is None:
        kind = ServerError if response.status_code >= 500 else InvalidInput
    err = kind(message, details=details)
    err.status_code = response.status_code
    return err
