"""The one error tree of hebbs-graph.

    HebbsError
     ├── InvalidInput        the caller sent something we cannot accept (400/422)
     │    └── TooLarge       over a size limit: content, context, batch (413)
     ├── NotFound            no such memory, or one of another tenant (404)
     ├── Conflict            valid input that clashes with stored state (409)
     │    ├── UnknownSession     no such reflect session (or already committed)
     │    ├── SessionExpired     the reflect session's 10 minutes are over
     │    └── NotInSession       a commit names an id that session did not hand out
     ├── Unauthorized        missing or unknown API key (401)
     ├── GraphUnavailable    Neo4j cannot be reached right now (503)
     │    └── BookmarkNotReached  the request's bookmarks are not applied there yet
     ├── LLMError            the configured LLM failed after retries (502)
     │    ├── LLMBadOutput   it answered, but not in the shape asked for
     │    └── LLMNotConfigured  an LLM route was called with no provider set (409)
     │  where hebbs-graph runs (start-up, the CLI's local commands), never over HTTP:
     ├── SchemaMismatch      the Neo4j server or the stored schema does not fit this build
     ├── LocalNeo4jError     the local Neo4j could not be set up, started or stopped
     ├── CannotForce         a transaction-log setting cannot be changed on this server
     ├── OnnxUnavailable     ONNX Runtime cannot reproduce the model here (torch is used)
     │  the client's own (hebbs_graph.client):
     ├── ServerError         the server failed (a 5xx other than 503)
     └── ApiUnreachable      no hebbs-graph API answered at the URL

Services raise these; one function in ``api/`` maps them to HTTP, and the client maps
HTTP back to them (``client_errors.error_from``).
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


class UnknownSession(Conflict):
    code = "unknown_session"


class SessionExpired(Conflict):
    code = "session_expired"


class NotInSession(Conflict):
    code = "not_in_session"


class Unauthorized(HebbsError):
    code = "unauthorized"


class GraphUnavailable(HebbsError):
    code = "graph_unavailable"


class BookmarkNotReached(GraphUnavailable):
    """The Neo4j member serving a request has not applied the writes its bookmarks name
    in time (a lagging secondary); try again shortly."""

    code = "bookmark_not_reached"


class LLMError(HebbsError):
    """The LLM provider could not give an answer (time-outs, 429/5xx after retries, …)."""

    code = "llm_error"


class LLMBadOutput(LLMError):
    """The LLM answered, but not with what was asked for (not JSON, wrong shape)."""

    code = "llm_bad_output"


class LLMNotConfigured(LLMError):
    """An LLM route was called but no provider is set (HEBBS_LLM_PROVIDER)."""

    code = "llm_not_configured"


# -- where hebbs-graph runs ---------------------------------------------------------------


class SchemaMismatch(HebbsError):
    code = "schema_mismatch"


class Misconfigured(HebbsError):
    """A setting names something this build does not have; the message says which."""

    code = "misconfigured"


class LocalNeo4jError(HebbsError):
    code = "local_neo4j"


class CannotForce(HebbsError):
    code = "tx_log_cannot_force"


class OnnxUnavailable(HebbsError, RuntimeError):
    """ONNX Runtime cannot reproduce this model here; the message says why."""

    code = "onnx_unavailable"


# -- the client's own -----------------------------------------------------------------------


class ServerError(HebbsError):
    """The server failed (5xx other than 503)."""

    code = "server_error"


class ApiUnreachable(HebbsError):
    """No hebbs-graph API answered at the given URL."""

    code = "unreachable"
