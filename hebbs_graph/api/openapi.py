"""The OpenAPI document, corrected to say what the API really does.

Litestar documents its own default error body (``status_code, detail, extra``) and only
200 and 400. Every refusal here is ``{"error": {code, message, details}}`` (api/errors.py,
api/guard.py), with the statuses below; request models refuse unknown fields; ids have a
pattern. A generated client or a fuzzer reading this document must not be misled.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from hebbs_graph.api.examples import add_body_examples
from hebbs_graph.models import bookmarks
from hebbs_graph.models.compact import Compact
from hebbs_graph.models.memory import Input
from hebbs_graph.models.subscribe import (
    ErrorFrame,
    MemoryPush,
    Recalled,
    Subscribed,
    SubscribeIn,
    TextIn,
)

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
    "session, an id that session did not hand out, an LLM route with no LLM set, or a "
    "restore into a non-empty tenant, of ids already stored, or of another model's "
    "embeddings, or a conversation turn earlier than the last turn its session holds.",
    "413": "Over a size limit (content 64 KiB, context 16 KiB, batch 1,000 items, "
    "conversation 1,000 messages).",
    "415": "The body is not sent as Content-Type: application/json.",
    "422": "The body or a parameter does not validate; details lists every field at fault.",
    "502": "The configured LLM failed after retries or kept answering in the wrong shape.",
    "503": "Neo4j cannot be reached right now; retry after the Retry-After seconds.",
}

# Statuses beyond the ones every operation of its kind has (see document()).
_MORE: dict[tuple[str, str], tuple[str, ...]] = {
    ("post", "/v1/memories"): ("404",),  # an edge's target_id
    ("post", "/v1/memories/batch"): ("404",),
    ("post", "/v1/conversations"): ("409",),  # a turn earlier than the session's last
    ("post", "/v1/recall"): ("404",),  # seed_memory_id
    ("post", "/v1/contradictions/commit"): ("404",),
    ("post", "/v1/reflect"): ("409", "502"),
    ("post", "/v1/reflect/commit"): ("404", "409"),
    # a non-empty target, an id already stored, another embedding model; over the limit
    ("post", "/v1/import"): ("409", "413"),
}
# Bodies that are not JSON models, so Litestar cannot describe them: NDJSON backups.
_NDJSON = {
    "type": "string",
    "description": "A backup: a header line, one JSON record per line, an end line.",
}
_NDJSON_BODIES = {("post", "/v1/import")}
_NDJSON_ANSWERS = {("get", "/v1/export")}
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


# Read-your-writes across workers and hosts (decision 0030). Only the answer's header is
# described: as a request parameter a fuzzer would spend its examples on random bookmarks
# (each a 400) instead of on the operation.
_BOOKMARKS_HEADER: dict[str, Any] = {
    "required": False,
    "description": "When a Neo4j transaction committed: its bookmarks. Send the value "
    "back in the same header (the clients do) and the request's reads wait until Neo4j "
    "has applied these writes, whichever worker, host or cluster member serves it.",
    "schema": {"type": "string", "pattern": bookmarks.VALUE_PATTERN},
}


def _models_under(root: type[BaseModel]) -> dict[str, type[BaseModel]]:
    found: dict[str, type[BaseModel]] = {}
    todo: list[type[BaseModel]] = [root]
    while todo:
        model = todo.pop()
        found[model.__name__] = model
        todo.extend(model.__subclasses__())
    return found


def _leave_out_nulls(component: dict[str, Any]) -> None:
    """A compact answer omits an absent field and sends nothing else: no null branches."""
    component["additionalProperties"] = False
    for spec in component.get("properties", {}).values():
        branches = spec.get("oneOf") or spec.get("anyOf") or []
        kept = [b for b in branches if b.get("type") != "null"]
        if branches and len(kept) == 1:
            spec.pop("oneOf", None)
            spec.pop("anyOf", None)
            spec.update(kept[0])


# The frames of the WebSocket at /v1/subscribe, which OpenAPI has no operation for: the
# client's (validated as sent) and the server's (always sent whole, every field present).
_CLIENT_FRAMES: tuple[type[BaseModel], ...] = (SubscribeIn, TextIn)
_SERVER_FRAMES: tuple[type[BaseModel], ...] = (Subscribed, MemoryPush, Recalled, ErrorFrame)
SUBSCRIBE_FRAME = "SubscribeFrame"  # the union of the server's frames, by "type"


def _add_subscribe_frames(schema: dict[str, Any], components: dict[str, Any]) -> None:
    """Describe the subscribe frames as components (so a generated client types them
    too) and name them under ``x-websockets``. Models the REST operations already
    describe (Memory, ScoreBreakdown, ...) keep Litestar's rendering."""
    wanted: list[tuple[type[BaseModel], Literal["validation", "serialization"]]]
    wanted = [(m, "validation") for m in _CLIENT_FRAMES]
    wanted += [(m, "serialization") for m in _SERVER_FRAMES]
    _, found = models_json_schema(wanted, ref_template="#/components/schemas/{model}")
    server = {m.__name__ for m in _SERVER_FRAMES} | {"FrameError"}
    for name, spec in found.get("$defs", {}).items():
        if name in components:
            continue
        if name in server:  # what the server sends always carries every field
            spec["required"] = list(spec.get("properties", {}))
        components[name] = spec
    refs = {m.__name__: f"#/components/schemas/{m.__name__}" for m in _SERVER_FRAMES}
    components[SUBSCRIBE_FRAME] = {
        "description": "A frame the server sends on /v1/subscribe.",
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {m.model_fields["type"].default: refs[m.__name__] for m in _SERVER_FRAMES},
        },
    }
    schema["x-websockets"] = {
        "/v1/subscribe": {
            "description": "Streaming recall: send a SubscribeIn frame, then TextIn frames; "
            f"the server answers with {SUBSCRIBE_FRAME} frames (Subscribed first).",
            "client_frames": [f"#/components/schemas/{m.__name__}" for m in _CLIENT_FRAMES],
            "server_frames": f"#/components/schemas/{SUBSCRIBE_FRAME}",
        }
    }


def document(schema: dict[str, Any]) -> dict[str, Any]:
    """Correct ``schema`` (Litestar's OpenAPI dict) in place and return it."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = copy.deepcopy(ERROR_SCHEMA)
    _add_subscribe_frames(schema, components)
    inputs = _models_under(Input)
    compact = _models_under(Compact)
    for name, component in components.items():
        if name in compact and component.get("type") == "object":
            _leave_out_nulls(component)
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
    if (method, path) in _NDJSON_BODIES:
        operation["requestBody"] = {
            "required": True,
            "content": {
                media: {"schema": copy.deepcopy(_NDJSON)}
                for media in ("application/x-ndjson", "text/plain")
            },
        }
    if (method, path) in _NDJSON_ANSWERS and "200" in responses:
        responses["200"]["description"] = "The backup, streamed."
        responses["200"]["content"] = {"application/x-ndjson": {"schema": copy.deepcopy(_NDJSON)}}
    add_body_examples(path, method, operation)
    if path not in _OPEN:
        for response in responses.values():
            # Inline: openapi-typescript reads a $ref'd header as always present.
            response.setdefault("headers", {})[bookmarks.HEADER] = copy.deepcopy(_BOOKMARKS_HEADER)
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
