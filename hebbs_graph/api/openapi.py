"""The OpenAPI document, corrected to say what the API really does.

Litestar documents its own default error body (``status_code, detail, extra``) and only
200 and 400. Every refusal here is ``{"error": {code, message, details}}`` (api/errors.py,
api/guard.py), with the statuses below; request models refuse unknown fields; ids have a
pattern. A generated client or a fuzzer reading this document must not be misled.
"""

from __future__ import annotations

import copy
from typing import Any

from hebbs_graph.models.memory import Input

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every refusal: a code to branch on, a message naming the problem.",
    "required": ["error"],
    "additionalProperties": False,
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "details"],
            "additionalProperties": False,
            "properties": {
                "code": {"type": "string", "examples": ["invalid_input"]},
                "message": {"type": "string"},
                "details": {"description": "What was at fault (a field, a limit), or null."},
            },
        }
    },
}

# 32 hex characters, or the 26-character Crockford form (the first character at most 7).
ID_PATTERN = r"^([0-9a-fA-F]{32}|[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25})$"

# Request properties holding memory ids (normalised by ids.normalize_id).
_ID_PROPERTIES = {
    "memory_id",
    "memory_ids",
    "target_id",
    "seed_memory_id",
    "source_memory_ids",
    "pending_id",
    "newer_memory_id",
}
# An entity id: 1..256 characters, not blank, no control characters (models/fields.py).
ENTITY_PATTERN = r"^(?=.*\S)[^\x00-\x1f\x7f]{1,256}$"

_WHY = {
    "400": "Bad input (the message names the field), e.g. a repeated query parameter.",
    "401": "API keys are configured and the Authorization bearer key is missing or unknown.",
    "403": "No API keys are configured and the Host is not a loopback name, or the "
    "Origin is not the API's own.",
    "404": "No such memory in this tenant (an id of another tenant is not found either).",
    "409": "Valid input that clashes with stored state: an expired or unknown reflect "
    "session, an id that session did not hand out, or an LLM route with no LLM set.",
    "413": "Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items).",
    "415": "The body is not sent as Content-Type: application/json.",
    "422": "The body or a parameter does not validate; details lists every field at fault.",
    "502": "The configured LLM failed after retries or kept answering in the wrong shape.",
    "503": "Neo4j cannot be reached right now; retry after the Retry-After seconds.",
}

# Statuses beyond the ones every operation of its kind has (see document()).
_MORE: dict[tuple[str, str], tuple[str, ...]] = {
    ("post", "/v1/memories"): ("404",),  # an edge's target_id
    ("post", "/v1/memories/batch"): ("404",),
    ("post", "/v1/recall"): ("404",),  # seed_memory_id
    ("post", "/v1/contradictions/commit"): ("404",),
    ("post", "/v1/reflect"): ("409", "502"),
    ("post", "/v1/reflect/commit"): ("404", "409"),
}
_OPEN = {"/v1/health/live", "/v1/health/ready", "/v1/metrics"}  # no key needed


def _error_response(status: str) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": _WHY[status],
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if status == "503":
        response["headers"] = {
            "Retry-After": {"schema": {"type": "integer"}, "description": "Seconds."}
        }
    return response


def _input_models() -> dict[str, type[Input]]:
    found: dict[str, type[Input]] = {}
    todo: list[type[Input]] = [Input]
    while todo:
        model = todo.pop()
        found[model.__name__] = model
        todo.extend(model.__subclasses__())
    return found


def document(schema: dict[str, Any]) -> dict[str, Any]:
    """Correct ``schema`` (Litestar's OpenAPI dict) in place and return it."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = copy.deepcopy(ERROR_SCHEMA)
    inputs = _input_models()
    for name, component in components.items():
        if name in inputs and component.get("type") == "object":
            component["additionalProperties"] = False
            for prop, spec in component.get("properties", {}).items():
                if prop in _ID_PROPERTIES:
                    _constrain_strings(spec, ID_PATTERN)
                elif prop == "entity_id":
                    _constrain_strings(spec, ENTITY_PATTERN)
    for path, item in schema.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            _document_operation(path, method, operation)
    return schema


def _constrain_strings(spec: dict[str, Any], pattern: str) -> None:
    """Give every string branch of ``spec`` (plain, nullable, or array items) a pattern."""
    if spec.get("type") == "string":
        spec["pattern"] = pattern
    for branch in spec.get("oneOf", []) + spec.get("anyOf", []):
        _constrain_strings(branch, pattern)
    if isinstance(spec.get("items"), dict):
        _constrain_strings(spec["items"], pattern)


def _document_operation(path: str, method: str, operation: dict[str, Any]) -> None:
    responses: dict[str, Any] = operation["responses"]
    params = operation.get("parameters", [])
    for param in params:
        if param.get("in") == "path" and param.get("name", "").endswith("_id"):
            param["schema"] = {"type": "string", "pattern": ID_PATTERN}
    statuses = {"403"}
    if path not in _OPEN:
        statuses |= {"400", "401", "503"}
    if params or "requestBody" in operation:
        statuses |= {"400", "422"}
    if "requestBody" in operation:
        statuses |= {"413", "415"}
    if "{memory_id}" in path:
        statuses.add("404")
    statuses |= set(_MORE.get((method, path), ()))
    # Litestar's own 4xx entries describe a body this API never sends.
    for status in [s for s in responses if s.startswith("4")]:
        del responses[status]
    for status in sorted(statuses):
        responses[status] = _error_response(status)
    if path == "/v1/health/ready" and "200" in responses:
        ok = copy.deepcopy(responses["200"])
        ok["description"] = "Not ready: Neo4j is unreachable or an index is not ONLINE."
        responses["503"] = ok
    if path == "/v1/metrics":
        for response in responses.values():
            if "application/json" in response.get("content", {}) and "$ref" not in str(
                response["content"]
            ):
                response["content"] = {"text/plain": {"schema": {"type": "string"}}}
