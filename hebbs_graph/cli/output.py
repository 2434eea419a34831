"""How the CLI prints: JSON for machines, tables for people."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hebbs_graph.models.compact import CompactRecallOut, CompactResult
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import RecallOut

console = Console()
errors = Console(stderr=True)


class Format(StrEnum):
    JSON = "json"
    TABLE = "table"


def dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [dump(v) for v in value]
    return value


def print_json(value: Any) -> None:
    print(json.dumps(dump(value), ensure_ascii=False, indent=2))


def _short(text: str, width: int = 80) -> str:
    """Stored text on one line, cut to ``width``, with rich markup escaped (a memory that
    says "[bold]" is shown as written)."""
    flat = " ".join(text.split())
    return escape(flat if len(flat) <= width else flat[: width - 1] + "…")


def id_column(table: Table, name: str = "id") -> None:
    """Ids are printed whole: they are what --seed, get and revise take."""
    table.add_column(name, no_wrap=True, min_width=32)


def memories_table(memories: list[Memory], title: str | None = None) -> Table:
    """The content with its id whole beneath, then the short fields: readable at 80
    columns (a column per field left the content one word a line)."""
    table = Table(title=title, show_lines=True)
    table.add_column("memory", min_width=32, overflow="fold", ratio=1)
    table.add_column("entity", overflow="fold", max_width=16)
    for col in ("kind", "imp", "occurred"):
        table.add_column(col, no_wrap=True)
    for m in memories:
        table.add_row(
            f"{_short(m.content, 160)}\n[dim]{m.id}[/dim]",
            escape(m.entity_id or ""),
            m.kind.value,
            f"{m.importance:.2f}",
            m.occurred_at.strftime("%Y-%m-%d"),
        )
    return table


def memory_card(memory: Memory) -> None:
    """One memory, field by field (its content whole)."""
    table = Table(show_header=False)
    table.add_column("field", no_wrap=True)
    table.add_column("value", overflow="fold")
    for key, item in flat_items(memory.model_dump(mode="json")):
        if item is None or item == [] or item == {}:
            continue
        shown = item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
        table.add_row(key, shown)
    console.print(table)


def recall_table(out: RecallOut, title: str | None = None) -> Table:
    """Ranked results: the score with its four parts (relevance, recency, importance,
    reinforcement), then the memory (its content, and its id whole beneath)."""
    table = Table(title=title or f"{len(out.results)} results in {out.took_ms:.1f} ms")
    table.add_column("#", no_wrap=True)
    table.add_column("score  R/T/I/C", no_wrap=True)
    table.add_column("memory", min_width=32, overflow="fold")
    for n, r in enumerate(out.results, start=1):
        b = r.breakdown
        flags = (r" \[conflict]" if r.conflicts_with else "") + (r" \[stale]" if r.stale else "")
        parts = f"{b.relevance:.2f} {b.recency:.2f} {b.importance:.2f} {b.reinforcement:.2f}"
        by = ",".join(b.strategies)
        table.add_row(
            str(n),
            f"{r.score:.3f}  {by}\n{parts}",
            f"{_short(r.memory.content, 120)}{flags}\n[dim]{r.memory.id}[/dim]",
        )
    return table


def compact_table(results: list[CompactResult], title: str | None = None) -> Table:
    """Ranked results in the compact view: the score, then the memory and its id."""
    table = Table(title=title or f"{len(results)} results")
    table.add_column("#", no_wrap=True)
    table.add_column("score", no_wrap=True)
    table.add_column("memory", min_width=32, overflow="fold")
    for n, r in enumerate(results, start=1):
        flags = (r" \[conflict]" if r.conflicts_with else "") + (
            r" \[may be superseded]" if r.may_be_superseded_by else ""
        )
        content = f"{_short(r.content, 120)}{flags}\n[dim]{r.id}[/dim]"
        table.add_row(str(n), f"{r.score:.3f}", content)
    return table


def show(value: Any, fmt: Format) -> None:
    """Print ``value`` as JSON, or as a table where one fits (else key/value pairs)."""
    if fmt == Format.JSON:
        print_json(value)
        return
    if isinstance(value, RecallOut):
        console.print(recall_table(value))
    elif isinstance(value, CompactRecallOut):
        console.print(compact_table(value.results))
    elif isinstance(value, Memory):
        memory_card(value)
    elif isinstance(value, list) and value and all(isinstance(v, Memory) for v in value):
        console.print(memories_table(value))
    elif (table := records_table(dump(value))) is not None:
        console.print(table)
    else:
        table = Table(show_header=False)
        for key, item in flat_items(dump(value)):
            shown = (
                item if isinstance(item, str) else json.dumps(item, ensure_ascii=False, default=str)
            )
            table.add_row(key, shown)
        console.print(table)


def records_table(rows: Any) -> Table | None:
    """A list of records with the same flat fields (``entities``) as a table with a
    column per field; None for anything else."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        return None
    columns = list(rows[0])
    if any(list(r) != columns for r in rows) or any(
        isinstance(v, dict | list) for r in rows for v in r.values()
    ):
        return None
    table = Table(title=f"{len(rows)} rows")
    for col in columns:
        table.add_column(col, no_wrap=True)
    for r in rows:
        table.add_row(*("" if r[c] is None else escape(str(r[c])) for c in columns))
    return table


def flat_items(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Key/value rows with nested objects spelled out as ``outer.inner`` keys."""
    rows = data.items() if isinstance(data, dict) else enumerate(data)
    out: list[tuple[str, Any]] = []
    for key, item in rows:
        name = f"{prefix}{key}"
        if isinstance(item, dict) and item:
            out.extend(flat_items(item, f"{name}."))
        else:
            out.append((name, item))
    return out


def edges_table(edges: list[Any], of: str) -> Table:
    """A memory's edges: which way, what kind, the memory at the other end (whole)."""
    table = Table(title=f"{len(edges)} edges")
    table.add_column("way", no_wrap=True)
    table.add_column("type", no_wrap=True)
    id_column(table, "other memory")
    table.add_column("conf", no_wrap=True)
    for e in edges:
        out = e.source_id == of
        other = e.target_id if out else e.source_id
        table.add_row("->" if out else "<-", e.edge_type.value, other, f"{e.confidence:.2f}")
    return table


def edge_lines(edges: list[Any]) -> None:
    """Edges between many memories, one per line, ids whole."""
    console.print(f"{len(edges)} edges")
    for e in edges:
        console.print(f"{e.source_id} -{e.edge_type.value}-> {e.target_id}", highlight=False)
