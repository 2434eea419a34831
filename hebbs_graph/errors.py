"""The one error tree of hebbs-graph.

    HebbsError
     ├── InvalidInput        the caller sent something we cannot accept (400/422)
     │    └── TooLarge       over a size limit: content, context, batch (413)
     ├── NotFound            no such memory, or one of another tenant (404)
     ├── Conflict            valid input that clashes with stored state (409)
     ├── Unauthorized        missing or unknown API key (401)
     ├── GraphUnavailable    Neo4j cannot be reached right now (503)
     └── LLMError            the configured LLM failed after retries (502)
          ├── LLMBadOutput   it answered, but not in the shape asked for
          └── LLMNotConfigured  an LLM route was called with no provider set (409)

Services raise these; one function in ``api/`` maps them to HTTP.
"""

from __future__ import annotations

from typing import Any


class HebbsError(Exception):
    """Root of every error hebbs-graph raises on purpose."""

    code = "error"
    status_code: int | None = None  # set when the error came back over HTTP

    def __init__(self, message: str, *, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidInput(HebbsError):
    code = "invalid_input"


class TooLarge(InvalidInput):
    code = "too_large"


class NotFound(HebbsError):
    code = "not_found"


class Conflict(HebbsError):
    code = "conflict"


class Unauthorized(HebbsError):
    code = "unauthorized"


class GraphUnavailable(HebbsError):
    code = "graph_unavailable"


class LLMError(HebbsError):
    """The LLM provider could not give an answer (time-outs, 429/5xx after retries, …)."""

    code = "llm_error"


class LLMBadOutput(LLMError):
    """The LLM answered, but not with what was asked for (not JSON, wrong shape)."""

    code = "llm_bad_output"


class LLMNotConfigured(LLMError):
    """An LLM route was called but no provider is set (HEBBS_LLM_PROVIDER)."""

    code = "llm_not_configured"
