"""The one place where errors become HTTP answers: {"error": {code, message, details}}."""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import (
    HTTP_400_BAD_REQUEST,
    HTTP_401_UNAUTHORIZED,
    HTTP_404_NOT_FOUND,
    HTTP_409_CONFLICT,
    HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    HTTP_422_UNPROCESSABLE_ENTITY,
    HTTP_500_INTERNAL_SERVER_ERROR,
    HTTP_502_BAD_GATEWAY,
    HTTP_503_SERVICE_UNAVAILABLE,
)

from hebbs_graph.errors import (
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    LLMError,
    LLMNotConfigured,
    NotFound,
    TooLarge,
    Unauthorized,
)
from hebbs_graph.graph.driver_errors import neo4j_error_kind
from hebbs_graph.services.metrics import NEO4J_ERRORS

log = logging.getLogger(__name__)

_STATUS: list[tuple[type[HebbsError], int]] = [
    (TooLarge, HTTP_413_REQUEST_ENTITY_TOO_LARGE),
    (InvalidInput, HTTP_400_BAD_REQUEST),
    (NotFound, HTTP_404_NOT_FOUND),
    (Conflict, HTTP_409_CONFLICT),
    (Unauthorized, HTTP_401_UNAUTHORIZED),
    (GraphUnavailable, HTTP_503_SERVICE_UNAVAILABLE),
    # No provider configured: the caller should use the agent route instead.
    (LLMNotConfigured, HTTP_409_CONFLICT),
    # The provider failed after retries, or kept answering junk: an upstream failure.
    (LLMError, HTTP_502_BAD_GATEWAY),
]


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


def status_of(exc: HebbsError) -> int:
    for kind, status in _STATUS:
        if isinstance(exc, kind):
            return status
    return HTTP_500_INTERNAL_SERVER_ERROR


def hebbs_error(_: Request[Any, Any, Any], exc: HebbsError) -> Response[dict[str, Any]]:
    status = status_of(exc)
    if isinstance(exc, GraphUnavailable):
        NEO4J_ERRORS.labels(kind="unavailable").inc()
    headers = {"Retry-After": "5"} if status == HTTP_503_SERVICE_UNAVAILABLE else None
    return Response(
        error_body(exc.code, exc.message, exc.details), status_code=status, headers=headers
    )


def validation_error(
    _: Request[Any, Any, Any], exc: ValidationException
) -> Response[dict[str, Any]]:
    """Body, path and query validation failures, naming every field at fault."""
    problems = exc.extra if isinstance(exc.extra, list) else []
    parts = []
    for p in problems:
        if isinstance(p, dict):
            key = p.get("key") or p.get("source") or "body"
            text = str(p.get("message", "invalid")).removeprefix("Value error, ")
            parts.append(f"{key}: {text}")
    message = "; ".join(parts) or exc.detail
    return Response(
        error_body("invalid_input", message, problems or None),
        status_code=HTTP_422_UNPROCESSABLE_ENTITY if problems else HTTP_400_BAD_REQUEST,
    )


def http_error(_: Request[Any, Any, Any], exc: HTTPException) -> Response[dict[str, Any]]:
    codes = {
        400: "bad_request",
        401: "unauthorized",
        404: "not_found",
        405: "method_not_allowed",
        413: "too_large",
        415: "unsupported_media_type",
        429: "too_many_requests",
    }
    status = exc.status_code
    return Response(
        error_body(codes.get(status, "http_error"), exc.detail, exc.extra or None),
        status_code=status,
        headers=exc.headers,
    )


def unexpected_error(req: Request[Any, Any, Any], exc: Exception) -> Response[dict[str, Any]]:
    log.exception("unhandled error on %s %s", req.method, req.url.path, exc_info=exc)
    kind = neo4j_error_kind(exc)
    if kind is not None:
        NEO4J_ERRORS.labels(kind=kind).inc()
    return Response(
        error_body("internal_error", "the server failed to handle this request; see its log"),
        status_code=HTTP_500_INTERNAL_SERVER_ERROR,
    )


EXCEPTION_HANDLERS: dict[type[Exception], Any] = {
    HebbsError: hebbs_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    Exception: unexpected_error,
}
