"""Checks every request model shares: each kind of input is checked here, once.

Times must survive conversion to UTC, windows are positive and bounded, numbers are not
booleans, stored text holds no control characters that can only be mistakes, and a
context is bounded in depth as well as in bytes (a memory nested deeper than the JSON
encoder goes could be stored but never listed again).
"""

from __future__ import annotations

import math
import re
import types
import typing
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, ValidationInfo

from hebbs_graph.ids import normalize_id
from hebbs_graph.timeutil import as_utc

MAX_CONTEXT_DEPTH = 32
# The longest window a caller can mean ("recent" over a century is every memory).
MAX_WINDOW = timedelta(days=36_525)

# C0 controls except tab, newline and carriage return, plus DEL: in stored text these
# are only ever mistakes (or attacks on whatever renders it).
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# In identifiers and tags nothing below space belongs.
_NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def utc_time(value: datetime) -> datetime:
    """A time in UTC; naive means UTC. Refuses one whose offset pushes it past year 1..9999."""
    return as_utc(value)


UtcTime = Annotated[datetime, AfterValidator(utc_time)]


def window(value: timedelta) -> timedelta:
    if value <= timedelta(0):
        raise ValueError("must be a positive duration (seconds or ISO 8601, e.g. P7D)")
    if value > MAX_WINDOW:
        raise ValueError(f"must be at most {MAX_WINDOW.days} days")
    return value


Window = Annotated[timedelta, AfterValidator(window)]


def stored_text(value: str) -> str:
    """Text that is stored and shown again (content): no NUL or other stray controls."""
    found = _TEXT_CONTROL.search(value)
    if found:
        raise ValueError(
            f"must not contain control character U+{ord(found.group()):04X} "
            "(tab, newline and carriage return are fine)"
        )
    return value


def name_text(value: str) -> str:
    """An identifier or tag: no control characters at all."""
    found = _NAME_CONTROL.search(value)
    if found:
        raise ValueError(f"must not contain control character U+{ord(found.group()):04X}")
    return value


def memory_id(value: str, info: ValidationInfo) -> str:
    """A memory (or pending pair) id in its 32-hex form; a bad one is refused naming the
    field it came in (InvalidInput, as every door reports it)."""
    return normalize_id(value, field=info.field_name or "id")


MemoryId = Annotated[str, AfterValidator(memory_id)]


def tags(value: list[str]) -> list[str]:
    for tag in value:
        if not tag or len(tag) > 128:
            raise ValueError("each tag must be 1..128 characters")
        name_text(tag)
    return value


Tags = Annotated[list[str], AfterValidator(tags)]


def json_depth(value: Any) -> int:
    """Nesting depth of a JSON value (a scalar is 0, ``{}`` is 1), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest


def bounded_context(value: dict[str, Any] | None) -> dict[str, Any] | None:
    if value is not None and json_depth(value) > MAX_CONTEXT_DEPTH:
        raise ValueError(f"is nested more than {MAX_CONTEXT_DEPTH} levels deep")
    return value


Context = Annotated[dict[str, Any] | None, AfterValidator(bounded_context)]


def finite_sum(*values: float) -> float:
    total = sum(values, 0.0)  # fsum would raise on overflow instead of giving inf
    if not math.isfinite(total):
        raise ValueError("must add up to a finite number")
    return total


def _admits(annotation: Any, kinds: tuple[Any, ...]) -> bool:
    """Whether a field's type, through Annotated and unions, admits one of ``kinds``."""
    if annotation in kinds:
        return True
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _admits(typing.get_args(annotation)[0], kinds)
    if origin is typing.Union or isinstance(annotation, types.UnionType):
        return any(_admits(arg, kinds) for arg in typing.get_args(annotation))
    return False


def accepts_bool(annotation: Any) -> bool:
    """Whether a field's type admits a boolean (so ``true`` for it is not a mistake)."""
    return _admits(annotation, (bool, Any))


def is_number(annotation: Any) -> bool:
    return _admits(annotation, (int, float))
