"""The first pass of a restore: the backup file alone, every line checked (a bad one is
refused naming its line and field) before anything is written."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from hebbs_graph.embedding import Embedder
from hebbs_graph.errors import Conflict, InvalidInput
from hebbs_graph.models.backup import (
    FORMAT_VERSION,
    BodyLine,
    EdgeRecord,
    End,
    Header,
    MemoryRecord,
    PendingRecord,
)
from hebbs_graph.models.memory import MemoryKind
from hebbs_graph.services.records import sha256

Lines = Callable[[], Iterable[str]]  # opens the file afresh for each pass


def bad(line: int, problem: str, field: str = "line") -> InvalidInput:
    return InvalidInput(f"line {line}: {problem}", details={"line": line, "field": field})


def _parsed(n: int, text: str) -> Any:
    """One line as a record model; a line that is no record is refused naming its field."""
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise bad(n, f"not JSON ({exc})") from None
    try:
        if n == 1:
            return Header.model_validate(raw)
        return BodyLine.model_validate({"line": raw}).line
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first["loc"] if p != "line"]
        # the discriminator's own step (e.g. "memory") says nothing to a reader
        if len(loc) > 1 and isinstance(raw, dict) and loc[0] == raw.get("type"):
            loc = loc[1:]
        where = ".".join(loc) or "type"
        raise bad(n, f"{where}: {first['msg']}", where) from None


def _records(lines: Iterable[str]) -> Generator[tuple[int, Any]]:
    """The file's records by line number; the file is closed however the reading ends."""
    try:
        for n, text in enumerate(lines, start=1):
            if text.strip():
                yield n, _parsed(n, text)
            elif n == 1:
                raise bad(1, "the file must start with a backup header")
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()


@contextmanager
def reading(lines: Lines) -> Iterator[Iterator[tuple[int, Any]]]:
    records = _records(lines())
    try:
        yield records
    finally:
        records.close()


@dataclass
class Plan:
    """What the first pass learnt: the header, and the ids the file stores, by line."""

    header: Header
    re_embed: bool
    memory_lines: dict[str, int] = field(default_factory=dict)
    pending_lines: dict[str, int] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)


def check_file(records: Iterator[tuple[int, Any]], re_embed: bool, embedder: Embedder) -> Plan:
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
    edges: list[tuple[int, str, str]] = []
    end: End | None = None
    for n, record in records:
        if end is not None:
            raise bad(n, "a record after the end record", "type")
        if isinstance(record, End):
            end = record
            if dict(record.counts) != dict(plan.counts):
                raise bad(n, f"counts: the file holds {dict(plan.counts)}", "counts")
            continue
        plan.counts[record.type] += 1
        _check_record(n, record, plan, edges)
    if end is None:
        raise InvalidInput(
            "the file has no end record: it was cut off; nothing was restored",
            details={"field": "end"},
        )
    for n, source, target in edges:
        for name, mid in (("source_id", source), ("target_id", target)):
            if mid not in plan.memory_lines:
                raise bad(n, f"{name}: memory {mid} is not in this file", name)
    return plan


def _must_re_embed(header: Header, asked: bool, embedder: Embedder) -> bool:
    if not header.embeddings:
        return True
    same = (
        header.embedding_model == embedder.model_name
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


def _check_record(n: int, record: Any, plan: Plan, edges: list[tuple[int, str, str]]) -> None:
    if isinstance(record, MemoryRecord):
        props = record.properties
        if props.id in plan.memory_lines:
            raise bad(
                n,
                f"properties.id: {props.id} is on line {plan.memory_lines[props.id]} too",
                "properties.id",
            )
        plan.memory_lines[props.id] = n
        if sha256(props.content) != props.content_sha256:
            raise bad(
                n,
                "properties.content_sha256: does not match the content",
                "properties.content_sha256",
            )
        if record.embedding is not None and not plan.re_embed:
            if len(record.embedding) != plan.header.embedding_dimension:
                raise bad(
                    n,
                    f"embedding: {len(record.embedding)} numbers, the header says "
                    f"{plan.header.embedding_dimension}",
                    "embedding",
                )
        elif (
            plan.header.embeddings
            and props.kind != MemoryKind.SNAPSHOT
            and record.embedding is None
        ):
            raise bad(n, "embedding: missing, and the header says the file has them", "embedding")
    elif isinstance(record, EdgeRecord):
        edges.append((n, record.source_id, record.target_id))
    elif isinstance(record, PendingRecord):
        props_p = record.properties
        if props_p.pending_id in plan.pending_lines:
            raise bad(
                n,
                f"properties.pending_id: {props_p.pending_id} is there twice",
                "properties.pending_id",
            )
        plan.pending_lines[props_p.pending_id] = n
        edges.append((n, props_p.memory_id_a, props_p.memory_id_b))
