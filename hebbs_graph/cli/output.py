"""How the CLI prints: JSON for machines, tables for people."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

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
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def memories_table(memories: list[Memory], title: str | None = None) -> Table:
    table = Table(title=title)
    for col in ("id", "entity", "kind", "imp", "occurred_at", "content"):
        table.add_column(col, overflow="fold" if col == "content" else "ellipsis")
    for m in memories:
        table.add_row(
            m.id,
            m.entity_id or "",
            m.kind.value,
            f"{m.importance:.2f}",
            m.occurred_at.isoformat(timespec="seconds"),
            _short(m.content),
        )
    return table


def recall_table(out: RecallOut) -> Table:
    table = Table(title=f"{len(out.results)} results in {out.took_ms:.1f} ms")
    for col in ("#", "score", "R", "T", "I", "C", "by", "id", "content"):
        table.add_column(col)
    for n, r in enumerate(out.results, start=1):
        b = r.breakdown
        flags = (" [conflict]" if r.conflicts_with else "") + (" [stale]" if r.stale else "")
        table.add_row(
            str(n),
            f"{r.score:.3f}",
            f"{b.relevance:.2f}",
            f"{b.recency:.2f}",
            f"{b.importance:.2f}",
            f"{b.reinforcement:.2f}",
            ",".join(s.value for s in b.strategies),
            r.memory.id,
            _short(r.memory.content, 60) + flags,
        )
    return table


def show(value: Any, fmt: Format) -> None:
    """Print ``value`` as JSON, or as a table where one fits (else key/value pairs)."""
    if fmt == Format.JSON:
        print_json(value)
        return
    if isinstance(value, RecallOut):
        console.print(recall_table(value))
    elif isinstance(value, Memory):
        console.print(memories_table([value]))
    elif isinstance(value, list) and value and all(isinstance(v, Memory) for v in value):
        console.print(memories_table(value))
    else:
        data = dump(value)
        table = Table(show_header=False)
        rows = data.items() if isinstance(data, dict) else enumerate(data)
        for key, item in rows:
            shown = (
                item if isinstance(item, str) else json.dumps(item, ensure_ascii=False, default=str)
            )
            table.add_row(str(key), shown)
        console.print(table)
