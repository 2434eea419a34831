"""`import` and `export`: backups (models/backup.py), and plain memories as JSON Lines.

A file whose first line is a backup header is restored exactly; any other file is read
as memories to remember, one MemoryIn per line."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.progress import Progress

from hebbs_graph.cli.common import ApiKey, EntityOpt, Fmt, Url, app, fail, run
from hebbs_graph.cli.output import Format, errors, show
from hebbs_graph.client import DEFAULT_URL, HebbsClient
from hebbs_graph.models.memory import MemoryIn

UPLOAD_CHUNK = 1024 * 1024


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


def is_backup(path: Path) -> bool:
    """Does the file start with a backup header (else it is plain memories)?"""
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.strip():
                try:
                    first = json.loads(line)
                except ValueError:
                    return False
                return isinstance(first, dict) and first.get("type") == "header"
    return False


@app.command("import")
def import_jsonl(
    path: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="A .jsonl file.")],
    batch_size: Annotated[int, typer.Option(min=1, max=1000)] = 500,
    allow_non_empty: Annotated[
        bool, typer.Option(help="Restore a backup into a tenant that already holds memories.")
    ] = False,
    re_embed: Annotated[
        bool, typer.Option(help="Embed a backup's memories again with the server's model.")
    ] = False,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Restore a backup (from export) exactly, or import memories from JSON Lines.

    A backup goes in all or nothing, into an empty tenant (ids, versions, edges and
    all); a bad line is refused by number and field. Any other file holds one memory
    per line, fields as for remember (occurred_at keeps history).

    Example: hebbs-graph export -o acme.jsonl -e acme; hebbs-graph import acme.jsonl
    """
    if is_backup(path):
        restore_backup(path, allow_non_empty, re_embed, url, api_key, fmt)
        return
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


def restore_backup(
    path: Path, allow_non_empty: bool, re_embed: bool, url: str, api_key: str | None, fmt: Format
) -> None:
    size = path.stat().st_size

    async def go(client: HebbsClient) -> dict[str, int]:
        with Progress(transient=False, console=errors) as progress:
            task = progress.add_task(f"restoring {path.name}", total=size)

            async def upload() -> AsyncIterator[bytes]:
                with path.open("rb") as handle:
                    while chunk := handle.read(UPLOAD_CHUNK):
                        progress.update(task, advance=len(chunk))
                        yield chunk

            out = await client.import_backup(
                upload(), allow_non_empty=allow_non_empty, re_embed=re_embed
            )
        return {**out.restored, "re_embedded": out.re_embedded}

    restored = run(url, api_key, go)
    if fmt == Format.JSON:
        show({"restored": restored}, fmt)
    else:
        what = ", ".join(f"{n} {kind}" for kind, n in restored.items())
        typer.echo(f"restored {path}: {what}")


@app.command("export")
def export_jsonl(
    entity_id: EntityOpt = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
    embeddings: Annotated[
        bool,
        typer.Option(
            help="Include the vectors (restores exactly; --no-embeddings makes a file about "
            "a tenth the size, and import embeds again)."
        ),
    ] = True,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Back up the tenant (or one entity) as JSON Lines: every memory of every kind with
    its ids, versions, times and vector, every relationship, pending contradictions,
    tombstones, entities and reflect cursors. import restores it exactly.

    Example: hebbs-graph export -e acme -o acme.jsonl
    """

    async def go(client: HebbsClient) -> dict[str, int]:
        sink = output.open("w", encoding="utf-8") if output else sys.stdout
        counts: dict[str, int] = {}
        try:
            async for line in client.export_backup(entity_id=entity_id, embeddings=embeddings):
                sink.write(line + "\n")
                record = json.loads(line)
                if record.get("type") == "end":
                    counts = record["counts"]
        finally:
            if output:
                sink.close()
        if not counts:  # the stream stopped before its end record
            fail(3, f"the export stopped early; {output or 'the output'} is incomplete")
        return counts

    counts = run(url, api_key, go)
    if output is None:
        return
    if fmt == Format.JSON:
        show({"exported": counts, "path": str(output)}, fmt)
    else:
        what = ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "nothing"
        typer.echo(f"exported {what} to {output}")
