"""The first pass of a restore: the backup file alone, every line checked (a bad one is
refused naming its line and field) before anything is written.

A line is first a record model (restore_lines.py: the API's own field types and bounds).
Then what one record cannot say alone: the content and context within the server's
limits, what the service reads back (a memory as ``Memory``, a pending pair as
``PendingContradiction``, an edge as ``Edge``) valid, every record inside the header's
entity when the file is an entity's, and, once the whole file is read, every reference
between records: an edge's two ends and a pending pair's two sides are memories in the
file of kinds that relationship or pair can join, and a pending pair's key is the one
its two ids give (it is derived, never taken from the file).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import ValidationError

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict, InvalidInput
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.backup import (
    FORMAT_VERSION,
    CursorRecord,
    EdgeRecord,
    End,
    EntityRecord,
    Header,
    MemoryRecord,
    PendingRecord,
    TombstoneRecord,
)
from hebbs_graph.models.contradict import PendingContradiction
from hebbs_graph.models.fields import MAX_CONTEXT_DEPTH, json_depth
from hebbs_graph.models.memory import Edge, MemoryKind
from hebbs_graph.services.memory.restore_lines import Lines, bad, reading
from hebbs_graph.services.records import ContentLimit, ContextLimit, pair_key, sha256, to_memory

__all__ = ["Lines", "Plan", "bad", "check_file", "reading"]


class Limits(ContentLimit, ContextLimit, Protocol):
    """What the check reads of the settings (MemorySettings)."""


@dataclass
class Plan:
    """What the first pass learnt: the header, and the ids and pair keys the file
    stores, by line."""

    header: Header
    re_embed: bool
    memory_lines: dict[str, int] = field(default_factory=dict)
    memory_kinds: dict[str, MemoryKind] = field(default_factory=dict)
    pending_lines: dict[str, int] = field(default_factory=dict)
    pair_lines: dict[str, int] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    # References checked once every memory is known: (line, field, id, what may be there)
    refs: list[tuple[int, str, str, str]] = field(default_factory=list)


def check_file(
    records: Iterator[tuple[int, Any]], re_embed: bool, embedder: Embedder, limits: Limits
) -> Plan:
    """The first pass: every line checked, nothing written; what the writing passes need."""
    first = next(records, None)
    if first is None:
        raise bad(1, "the file is empty; a backup starts with its header")
    header: Header = first[1]
    if header.version != FORMAT_VERSION:
        raise bad(
            1,
            f"version: this server reads backup format {FORMAT_VERSION}, "
            f"the file is format {header.version}",
            "version",
        )
    plan = Plan(header, re_embed=_must_re_embed(header, re_embed, embedder))
    end: End | None = None
    for n, record in records:
        if end is not None:
            raise bad(n, "a record after the end record", "type")
        if isinstance(record, End):
            end = record
            if dict(record.counts) != dict(plan.counts):
                raise bad(n, f"counts: the file holds {dict(plan.counts)}", "counts")
            continue
        if isinstance(record, Header):
            raise bad(n, "a second header", "type")
        plan.counts[record.type] += 1
        _in_scope(n, record, header.entity_id)
        _check_record(n, record, plan, limits)
    if end is None:
        raise InvalidInput(
            "the file has no end record: it was cut off; nothing was restored",
            details={"field": "end"},
        )
    _check_refs(plan)
    return plan


def _must_re_embed(header: Header, asked: bool, embedder: Embedder) -> bool:
    if not header.embeddings:
        return True
    # A model's int8 weights ("+int8", embedding_quantization) embed into the model's
    # own space (cosine 0.98-0.99): their vectors and the model's are one space.
    same = (
        header.embedding_model.removesuffix("+int8") == embedder.model_name.removesuffix("+int8")
        and header.embedding_dimension == embedder.dimension
    )
    if not same and not asked:
        raise Conflict(
            f"the file's embeddings come from {header.embedding_model} "
            f"({header.embedding_dimension} dimensions) but this server embeds with "
            f"{embedder.model_name} ({embedder.dimension}); restore with "
            "re_embed to embed every memory again with the server's model",
            details={"field": "embedding_model"},
        )
    return asked


def _in_scope(n: int, record: Any, scope: str | None) -> None:
    """An entity's file holds that entity's records only, or restoring it into an entity
    that is empty could write into the tenant's others."""
    if scope is None or isinstance(record, EdgeRecord | PendingRecord):
        return  # their ends are memories of the file, each checked itself
    held = record.properties.entity_id
    if held != scope:
        raise bad(
            n,
            f"properties.entity_id: {held!r}, but the file is entity {scope!r}'s",
            "properties.entity_id",
        )


def _check_record(n: int, record: Any, plan: Plan, limits: Limits) -> None:
    if isinstance(record, MemoryRecord):
        _check_memory(n, record, plan, limits)
    elif isinstance(record, EdgeRecord):
        _check_edge(n, record, plan)
    elif isinstance(record, PendingRecord):
        _check_pending(n, record, plan)
    elif not isinstance(record, TombstoneRecord | EntityRecord | CursorRecord):
        raise bad(n, "not a record of a backup", "type")


def _check_memory(n: int, record: MemoryRecord, plan: Plan, limits: Limits) -> None:
    props = record.properties
    if props.id in plan.memory_lines:
        raise bad(
            n,
            f"properties.id: {props.id} is on line {plan.memory_lines[props.id]} too",
            "properties.id",
        )
    plan.memory_lines[props.id] = n
    plan.memory_kinds[props.id] = props.kind
    if sha256(props.content) != props.content_sha256:
        raise bad(
            n, "properties.content_sha256: does not match the content", "properties.content_sha256"
        )
    size = len(props.content.encode("utf-8"))
    if size > limits.max_content_bytes:
        raise bad(
            n,
            f"properties.content: {size} bytes; the limit is {limits.max_content_bytes}",
            "properties.content",
        )
    _check_context(n, props.context_json, limits)
    _check_embedding(n, record, plan)
    try:
        to_memory(props.stored())
    except ValidationError as exc:  # what the service reads back: never a 500 after
        raise bad(
            n, f"properties: not a memory the service can read ({exc.errors()[0]['msg']})"
        ) from None


def _check_context(n: int, text: str | None, limits: Limits) -> None:
    if text is None:
        return
    where = "properties.context_json"
    size = len(text.encode("utf-8"))
    if size > limits.max_context_bytes:
        raise bad(n, f"{where}: {size} bytes; the limit is {limits.max_context_bytes}", where)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        raise bad(n, f"{where}: not a JSON object", where)
    if json_depth(value) > MAX_CONTEXT_DEPTH:
        raise bad(n, f"{where}: nested more than {MAX_CONTEXT_DEPTH} levels deep", where)


def _check_embedding(n: int, record: MemoryRecord, plan: Plan) -> None:
    vector, kind = record.embedding, record.properties.kind
    if kind == MemoryKind.SNAPSHOT:
        if vector is not None:
            raise bad(n, "embedding: a snapshot has none (it is never searched)", "embedding")
        return
    if plan.re_embed:
        return
    if vector is None:
        raise bad(n, "embedding: missing, and the header says the file has them", "embedding")
    if len(vector) != plan.header.embedding_dimension:
        raise bad(
            n,
            f"embedding: {len(vector)} numbers, the header says {plan.header.embedding_dimension}",
            "embedding",
        )
    # The embedder's vectors are L2-normalised (embedding/base.py): so every component is
    # within [-1, 1] (Neo4j's vector index holds 32-bit floats and refuses others), and
    # the numpy path's dot products are cosines.
    if abs(math.hypot(*vector) - 1.0) > UNIT_TOLERANCE:
        raise bad(n, "embedding: not of length 1, as the server's embeddings all are", "embedding")


UNIT_TOLERANCE = 1e-3
# Which kinds a relationship may join: (its source, its target). A snapshot is only ever
# the target of the REVISED_FROM its revision left; an insight draws on memories.
_ANY = "episode,insight"
_EDGE_KINDS: dict[EdgeType, tuple[str, str]] = {
    EdgeType.REVISED_FROM: (_ANY, _ANY + ",snapshot"),
    EdgeType.INSIGHT_FROM: ("insight", _ANY),
    EdgeType.FOLLOWED_BY: ("episode", "episode"),
}


def _check_edge(n: int, record: EdgeRecord, plan: Plan) -> None:
    if record.source_id == record.target_id:
        raise bad(n, "target_id: a memory is not related to itself", "target_id")
    sources, targets = _EDGE_KINDS.get(record.edge_type, (_ANY, _ANY))
    plan.refs.append((n, "source_id", record.source_id, sources))
    plan.refs.append((n, "target_id", record.target_id, targets))
    try:
        Edge.model_validate(
            {
                "source_id": record.source_id,
                "target_id": record.target_id,
                "edge_type": record.edge_type,
                **record.properties.stored(),
            }
        )
    except ValidationError as exc:
        raise bad(
            n, f"properties: not an edge the service can read ({exc.errors()[0]['msg']})"
        ) from None


def _check_pending(n: int, record: PendingRecord, plan: Plan) -> None:
    props = record.properties
    where = "properties.pending_id"
    if props.pending_id in plan.pending_lines:
        raise bad(n, f"{where}: {props.pending_id} is there twice", where)
    plan.pending_lines[props.pending_id] = n
    if props.memory_id_a == props.memory_id_b:
        raise bad(n, "properties.memory_id_b: a pair of two memories", "properties.memory_id_b")
    key = pair_key(props.memory_id_a, props.memory_id_b)
    if props.pair_key is not None and props.pair_key != key:
        raise bad(n, f"properties.pair_key: the ids give {key}", "properties.pair_key")
    if key in plan.pair_lines:
        raise bad(
            n, f"properties: the pair is on line {plan.pair_lines[key]} too", "properties.pair_key"
        )
    plan.pair_lines[key] = n
    plan.refs.append((n, "properties.memory_id_a", props.memory_id_a, _ANY))
    plan.refs.append((n, "properties.memory_id_b", props.memory_id_b, _ANY))
    try:
        PendingContradiction.model_validate(props.stored())
    except ValidationError as exc:
        raise bad(
            n, f"properties: not a pair the service can read ({exc.errors()[0]['msg']})"
        ) from None


def _check_refs(plan: Plan) -> None:
    for n, name, mid, kinds in plan.refs:
        kind = plan.memory_kinds.get(mid)
        if kind is None:
            raise bad(n, f"{name}: memory {mid} is not in this file", name)
        if kind.value not in kinds.split(","):
            raise bad(n, f"{name}: memory {mid} is a {kind.value}; this needs {kinds}", name)
