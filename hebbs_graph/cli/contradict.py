"""`contradiction-prepare`, `contradiction-commit`, `contradiction-scan`: reviewing conflicts."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from hebbs_graph.cli.common import (
    ApiKey,
    EntityOpt,
    Fmt,
    Url,
    WaitOpt,
    app,
    checks_wait_note,
    fail,
    parse_json,
    run,
)
from hebbs_graph.cli.output import Format, console, show
from hebbs_graph.client import DEFAULT_URL, HebbsClient
from hebbs_graph.models.contradict import DetectionOut, PrepareOut, ScanOut


def pending_table(out: PrepareOut) -> Table:
    waiting = f" ({out.checks_pending} checks still waiting)" if out.checks_pending else ""
    table = Table(title=f"{len(out.pending)} of {out.total} pending contradictions{waiting}")
    for col in ("pending_id", "score", "by", "sim", "suggested", "older (a)", "newer (b)"):
        table.add_column(col, overflow="fold" if col.endswith(")") else "ellipsis")
    for p in out.pending:
        table.add_row(
            p.pending_id,
            f"{p.classifier_score:.2f}",
            p.classifier_method,
            f"{p.similarity:.2f}",
            p.suggested_verdict,
            p.content_a_snippet,
            p.content_b_snippet,
        )
    return table


@app.command("contradiction-prepare")
def contradiction_prepare(
    entity_id: EntityOpt = None,
    limit: Annotated[int, typer.Option(min=1, max=500)] = 50,
    cursor: Annotated[str | None, typer.Option(help="next_cursor of the previous page.")] = None,
    wait: WaitOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """List pending contradiction candidates to judge (strongest first), a page at a time,
    once the checks of memories just stored have run (up to --wait seconds).

    Example: hebbs-graph contradiction-prepare -e acme --format json
    """
    out = run(
        url,
        api_key,
        lambda c: c.contradiction_prepare(
            entity_id=entity_id, limit=limit, cursor=cursor, wait_for_checks_s=wait
        ),
    )
    if fmt == Format.JSON:
        show(out, fmt)
        return
    console.print(pending_table(out))
    console.print(out.instructions, style="dim")
    note = checks_wait_note(out.checks_wait_timed_out, out.checks_waited_ms)
    if note:
        console.print(note, style="yellow")
    if out.next_cursor:
        console.print(f"{out.total} pending; next page: --cursor {out.next_cursor}", style="dim")


@app.command("contradiction-commit")
def contradiction_commit(
    verdicts: Annotated[
        str,
        typer.Option(
            "--verdicts",
            help='JSON (or @file): [{"pending_id": ..., "verdict": '
            '"contradiction|revision|dismiss", "confidence": 0.9, "reasoning": ...}]',
        ),
    ],
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Apply verdicts on pending contradictions, all at once or none.

    Example: hebbs-graph contradiction-commit --verdicts @verdicts.json
    """
    data = parse_json(verdicts, "--verdicts")
    items: Any = data.get("verdicts") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        fail(2, '--verdicts must be a non-empty JSON list (or {"verdicts": [...]})')
    show(run(url, api_key, lambda c: c.contradiction_commit(items)), fmt)


@app.command("contradiction-scan")
def contradiction_scan(
    entity_id: EntityOpt = None,
    since: Annotated[
        datetime | None, typer.Option(help="Only memories that occurred since (ISO 8601).")
    ] = None,
    batch_size: Annotated[int, typer.Option(min=1, max=5000, help="Memories per call.")] = 500,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Check existing memories for contradictions (after an import or a threshold change).

    Example: hebbs-graph contradiction-scan -e acme
    """

    async def go(client: HebbsClient) -> ScanOut:
        first = await client.contradiction_scan(entity_id=entity_id, since=since, limit=batch_size)
        total = first
        with Progress(transient=False, disable=fmt == Format.JSON) as progress:
            task = progress.add_task("scanning", total=first.total)
            progress.update(task, advance=first.checked)
            cursor = first.next_cursor
            while cursor:
                part = await client.contradiction_scan(
                    entity_id=entity_id, since=since, cursor=cursor, limit=batch_size
                )
                total = _sum(total, part)
                progress.update(task, advance=part.checked)
                cursor = part.next_cursor
        return total

    show(run(url, api_key, go), fmt)


def _sum(a: ScanOut, b: ScanOut) -> ScanOut:
    added = {name: getattr(a, name) + getattr(b, name) for name in DetectionOut.model_fields}
    added["waiting_checked"] = a.waiting_checked + b.waiting_checked
    took = round(a.took_ms + b.took_ms, 2)
    return a.model_copy(update={**added, "took_ms": took, "next_cursor": None})
