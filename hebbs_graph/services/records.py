"""Shaping between stored node properties and the public models."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol

from hebbs_graph.errors import TooLarge
from hebbs_graph.models.fields import MAX_CONTEXT_DEPTH, json_depth
from hebbs_graph.models.memory import Memory

log = logging.getLogger(__name__)

_HIDDEN = {
    "embedding",
    "tenant_id",
    "tenant_key",
    "entity_key",
    "context_json",
    "snapshot_of",
    "contradicts",
    "pending_with",
    "dismissed_pairs",
    "hidden",
    "content_key",
    # A waiting contradiction check (services/contradict/check_queue.py): shown as
    # contradiction_check_pending.
    "check_due",
    "check_claimed_by",
    "check_claimed_until",
    "check_failures",
}


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def content_key(text: str) -> str:
    """What two memories share when they say the same thing: the hash of the content
    trimmed, with every run of whitespace one space (remember finds duplicates by it)."""
    return sha256(" ".join(text.split()))


def pair_key(x: str, y: str) -> str:
    """The key of a pair of memories: both ids in order (contradiction detection, pending
    records, dismissed pairs). Unique within a tenant (schema 016)."""
    return f"{x}:{y}" if x < y else f"{y}:{x}"


def tenant_key(tenant_id: str) -> str:
    """One opaque token per tenant, so Lucene can restrict a query to it."""
    return "t" + sha256(tenant_id)[:32]


def entity_key(tenant_id: str, entity_id: str | None) -> str | None:
    if entity_id is None:
        return None
    return "e" + sha256(f"{tenant_id}\x00{entity_id}")[:32]


class ContentLimit(Protocol):
    """What check_content reads (MemorySettings, ReflectSettings, Settings)."""

    @property
    def max_content_bytes(self) -> int: ...


class ContextLimit(Protocol):
    """What dump_context reads (MemorySettings, Settings)."""

    @property
    def max_context_bytes(self) -> int: ...


def dump_context(
    context: dict[str, Any] | None, settings: ContextLimit, field: str = "context"
) -> str:
    """Serialise context for storage; the order and types round-trip exactly."""
    text = json.dumps(context or {}, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    size = len(text.encode("utf-8"))
    if size > settings.max_context_bytes:
        raise TooLarge(
            f"{field} is {size} bytes as JSON; the limit is {settings.max_context_bytes}",
            details={"field": field, "limit": settings.max_context_bytes},
        )
    return text


def check_content(content: str, settings: ContentLimit, field: str = "content") -> None:
    size = len(content.encode("utf-8"))
    if size > settings.max_content_bytes:
        raise TooLarge(
            f"{field} is {size} bytes; the limit is {settings.max_content_bytes}",
            details={"field": field, "limit": settings.max_content_bytes},
        )


def read_context(text: str | None) -> dict[str, Any]:
    """A stored context, read defensively: one stored before contexts were bounded in
    depth (or otherwise unreadable) comes back whole as a string under ``_context_json``,
    so it can neither break a listing nor be lost."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict) or json_depth(value) > MAX_CONTEXT_DEPTH:
        log.warning("a stored context is not a JSON object within %d levels", MAX_CONTEXT_DEPTH)
        return {"_context_json": text}
    return value


def to_memory(props: dict[str, Any]) -> Memory:
    data = {k: v for k, v in props.items() if k not in _HIDDEN and v is not None}
    data["context"] = read_context(props.get("context_json"))
    data["contradiction_check_pending"] = props.get("check_due") is not None
    memory = Memory.model_validate(data)
    memory.contradicts = props.get("contradicts")  # None: the query did not say
    memory.pending_with = props.get("pending_with")
    memory.dismissed_pairs = props.get("dismissed_pairs") or []
    return memory
