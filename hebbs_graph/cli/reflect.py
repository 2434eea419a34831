"""`reflect-prepare`, `reflect-commit`, `reflect`, `reflect-status`, `insights`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import typer
from rich.table import Table

from hebbs_graph.cli.common import ApiKey, EntityOpt, Fmt, Url, app, fail, parse_json, run
from hebbs_graph.cli.output import Format, console, print_json, show
from hebbs_graph.client import DEFAULT_URL
from hebbs_graph.models.reflect import Insight, InsightsOut, ReflectOut, ReflectPrepareOut

Since = Annotated[
    datetime | None, typer.Option(help="Only episodes that occurred at or after this (ISO 8601).")
]
Limit = Annotated[int, typer.Option(min=10, max=10_000, help="At most this many episodes.")]


def _short(text: str, width: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _prepared_table(out: ReflectPrepareOut) -> None:
    table = Table(title=f"session {out.session_id} ({out.memories_processed} episodes)")
    for col in ("cluster", "members", "first memory"):
        table.add_column(col)
    for c in out.clusters:
        table.add_row(str(c.cluster_id), str(c.member_count), _short(c.memories[0].content))
    console.print(table)
    for s in out.stale_insights:
        console.print(f"stale {s.memory_id} ({s.stale_reason}): {_short(s.content)}")
    if out.message:
        console.print(out.message)


@app.command("reflect-prepare")
def reflect_prepare(
    entity_id: EntityOpt = None,
    since: Since = None,
    limit: Limit = 500,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Agent route, step 1: cluster new episodes and print one proposal prompt per cluster
    (and the stale insights to judge). No LLM is called; the session lasts 10 minutes.

    Example: hebbs-graph reflect-prepare --entity-id acme --format json > prepared.json
    """
    out = run(url, api_key, lambda c: c.reflect_prepare(entity_id, since=since, limit=limit))
    if fmt == Format.JSON:
        print_json(out)
    else:
        _prepared_table(out)


def _commit_body(insights: Any, verdicts: Any) -> tuple[list[Any], list[Any]]:
    """--insights takes a list of insights, or {"insights": [...], "stale_verdicts": [...]}."""
    if isinstance(insights, dict):
        unknown = set(insights) - {"insights", "stale_verdicts"}
        if unknown:
            fail(2, f"--insights: unknown keys {', '.join(sorted(unknown))}")
        found, stale = insights.get("insights") or [], insights.get("stale_verdicts") or []
    else:
        found, stale = insights or [], []
    if verdicts is not None:
        stale = list(stale) + (verdicts if isinstance(verdicts, list) else [verdicts])
    if not isinstance(found, list) or not isinstance(stale, list):
        fail(2, "--insights must be a JSON list (or an object holding lists)")
    return found, stale


@app.command("reflect-commit")
def reflect_commit(
    session_id: Annotated[str, typer.Option("--session-id", help="From reflect-prepare.")],
    insights: Annotated[
        str | None,
        typer.Option(
            help='JSON or @file: [{"content", "confidence", "source_memory_ids", "tags", '
            '"cluster_id"?}] or {"insights": [...], "stale_verdicts": [...]}.'
        ),
    ] = None,
    verdicts: Annotated[
        str | None,
        typer.Option(
            help='JSON or @file: [{"memory_id", "verdict": "keep|rewrite|retire", "content"?}] '
            "for the session's stale insights."
        ),
    ] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Agent route, step 2: store the insights drawn from a session's clusters (and the
    verdicts on its stale insights). An id the session did not hand out refuses it all.

    Example: hebbs-graph reflect-commit --session-id S --insights @insights.json
    """
    found, stale = _commit_body(
        parse_json(insights, "--insights"), parse_json(verdicts, "--verdicts")
    )
    out = run(url, api_key, lambda c: c.reflect_commit(session_id, found, stale))
    show(out, fmt)


def _reflected_table(out: ReflectOut) -> None:
    table = Table(
        title=f"{out.memories_processed} episodes, {out.clusters} clusters, "
        f"{len(out.insights)} insights, {out.llm_calls} LLM calls, {out.took_ms:.0f} ms"
    )
    for col in ("cluster", "verdict", "insight", "reason"):
        table.add_column(col)
    for p in out.proposals:
        table.add_row(
            str(p.cluster_id), p.verdict, _short(p.content, 60), _short(p.reason or "", 40)
        )
    console.print(table)
    for s in out.stale:
        console.print(f"stale {s.memory_id}: {s.verdict} {_short(s.reason or '', 60)}")
    if out.message:
        console.print(out.message)


@app.command("reflect")
def reflect(
    entity_id: EntityOpt = None,
    since: Since = None,
    limit: Limit = 500,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """LLM route: the server's configured LLM proposes, validates and stores insights
    (without HEBBS_LLM_PROVIDER on the server, use reflect-prepare / reflect-commit).

    Example: hebbs-graph reflect --entity-id acme
    """
    out = run(url, api_key, lambda c: c.reflect(entity_id, since=since, limit=limit))
    if fmt == Format.JSON:
        print_json(out)
    else:
        _reflected_table(out)


@app.command("reflect-status")
def reflect_status(
    entity_id: EntityOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Is reflection due for an entity (or the tenant), and why?

    Example: hebbs-graph reflect-status -e acme
    """
    show(run(url, api_key, lambda c: c.reflect_status(entity_id)), fmt)


def _insights_table(found: list[Insight]) -> None:
    table = Table(title=f"{len(found)} insights", show_lines=True)
    table.add_column("insight", min_width=32, overflow="fold", ratio=1)
    table.add_column("entity", overflow="fold", max_width=16)
    for col in ("imp", "conf", "sources", "stale"):
        table.add_column(col, no_wrap=True)
    for i in found:
        table.add_row(
            f"{_short(i.content, 160)}\n[dim]{i.id}[/dim]",
            i.entity_id or "",
            f"{i.importance:.2f}",
            f"{i.confidence or 0:.2f}",
            str(len(i.source_memory_ids)),
            "yes" if i.stale else "",
        )
    console.print(table)


@app.command("insights")
def insights(
    entity_id: EntityOpt = None,
    min_confidence: Annotated[float | None, typer.Option(min=0.0, max=1.0)] = None,
    stale: Annotated[
        bool | None, typer.Option("--stale/--fresh", help="Only stale, or only fresh ones.")
    ] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Insights, best first, with the memories they were drawn from.

    Example: hebbs-graph insights -e acme --min-confidence 0.7
    """
    found = run(
        url,
        api_key,
        lambda c: c.insights(entity_id, min_confidence=min_confidence, stale=stale, limit=limit),
    )
    if fmt == Format.JSON:
        print_json(InsightsOut(insights=found))
    else:
        _insights_table(found)
