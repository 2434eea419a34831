"""A backup file's lines as record models, each refused naming its line and field.

A line is looked at before it is parsed: one nested deeper than any record, or holding
more arrays and objects than any record does, is refused at once (a line of 100,000
``[`` once answered 500: the parser ran out of stack). Text escapes that stand for no
character (a lone surrogate) are refused too: Neo4j could not store them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import ValidationError

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.backup import MAX_LINE_DEPTH, BodyLine, Header

Lines = Callable[[], Iterable[str]]  # opens the file afresh for each pass

# No record holds more than a handful of arrays and objects (a memory: the record, its
# properties, tags, embedding and three id lists).
MAX_LINE_CONTAINERS = 256
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def bad(line: int, problem: str, field: str = "line") -> InvalidInput:
    return InvalidInput(f"line {line}: {problem}", details={"line": line, "field": field})


def shape_problem(text: str) -> str | None:
    """Why a line cannot be a record by its nesting alone, before it is parsed."""
    if text.count("[") + text.count("{") <= MAX_LINE_DEPTH:
        return None  # nothing can be deeper than the brackets it has (most lines)
    depth = opened = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            opened += 1
            if depth > MAX_LINE_DEPTH:
                return f"nested more than {MAX_LINE_DEPTH} levels deep; no record is"
            if opened > MAX_LINE_CONTAINERS:
                return f"holds more than {MAX_LINE_CONTAINERS} arrays and objects; no record does"
        else:
            depth -= 1
    return None


def _json(n: int, text: str) -> Any:
    problem = shape_problem(text)
    if problem is not None:
        raise bad(n, problem)
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise bad(n, f"not JSON ({exc})"[:300]) from None
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(raw, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise bad(n, "a \\u escape that is no character (a lone surrogate)") from None
    return raw


def _parsed(n: int, text: str) -> Any:
    """One line as a record model; a line that is no record is refused naming its field."""
    raw = _json(n, text)
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
        message = str(first["msg"]).removeprefix("Value error, ")
        raise bad(n, f"{where}: {message}", where) from None


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
