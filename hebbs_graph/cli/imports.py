"""`import` and `export`: memories as JSON Lines, one MemoryIn per line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.progress import Progress

from hebbs_graph.cli.main import ApiKey, EntityOpt, Fmt, Url, app, fail, run
from hebbs_graph.cli.output import Format, errors, show
from hebbs_graph.client import DEFAULT_URL, HebbsClient
from hebbs_graph.models.memory import MemoryIn


def read_jsonl(path: Path) -> list[MemoryIn]:
    """Parse every line first, so a bad line stops the import before anything is stored."""
    items: list[MemoryIn] = []
    with path.open(encoding="utf-8") as handle:
        for n, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                items.append(MemoryIn.model_validate_json(line))
            except ValidationError as exc:
                problem = "; ".join(
                    f"{'.'.join(map(str, e['loc'])) or 'line'}: {e['msg']}" for e in exc.errors()
                )
                fail(1, f"{path}:{n}: {problem}")
    return items


@app.command("import")
def import_jsonl(
    path: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="A .jsonl file.")],
    batch_size: Annotated[int, typer.Option(min=1, max=1000)] = 500,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Import memories from JSON Lines (fields as for remember; occurred_at keeps history).

    Example: echo '{"content": "Acme signed", "entity_id": "acme"}' > m.jsonl;
    hebbs-graph import m.jsonl
    """
    items = read_jsonl(path)

    async def go(client: HebbsClient) -> list[str]:
        done: list[str] = []
        with Progress(transient=False, console=errors) as progress:
            task = progress.add_task(f"importing {path.name}", total=len(items))
            for start in range(0, len(items), batch_size):
                chunk = items[start : start + batch_size]
                done += await client.remember_batch(chunk)
                progress.update(task, advance=len(chunk))
        return done

    stored = run(url, api_key, go)
    if fmt == Format.JSON:
        show({"imported": len(stored), "memory_ids": stored}, fmt)
    else:
        typer.echo(f"imported {len(stored)} memories from {path}")


@app.command("export")
def export_jsonl(
    entity_id: EntityOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
) -> None:
    """Write memories as JSON Lines to stdout (importable again).

    Example: hebbs-graph export -e acme > acme.jsonl
    """

    async def go(client: HebbsClient) -> int:
        cursor: str | None = None
        count = 0
        while True:
            page = await client.list_memories(entity_id=entity_id, cursor=cursor, limit=1000)
            for m in page.items:
                line = {
                    "content": m.content,
                    "importance": m.importance,
                    "context": m.context,
                    "entity_id": m.entity_id,
                    "tags": m.tags,
                    "occurred_at": m.occurred_at.isoformat(),
                }
                sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
            if not page.next_cursor:
                return count
            cursor = page.next_cursor

    run(url, api_key, go)
