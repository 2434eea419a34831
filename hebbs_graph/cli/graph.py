"""`prime`, `lineage`, `graph`, `map`, `entities`: the graph side of the CLI."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from hebbs_graph.cli.common import (
    ApiKey,
    Fmt,
    Url,
    ViewName,
    ViewOpt,
    WaitOpt,
    app,
    checks_wait_note,
    run,
    say_if_unknown,
    view_of,
)
from hebbs_graph.cli.output import (
    Format,
    compact_table,
    console,
    edge_lines,
    id_column,
    memories_table,
    recall_table,
    show,
)
from hebbs_graph.client import DEFAULT_URL
from hebbs_graph.models.compact import CompactPrimeOut
from hebbs_graph.models.graph import PrimeOut
from hebbs_graph.models.recall import RecallOut


@app.command()
def prime(
    entity_id: Annotated[
        str, typer.Option("--entity-id", "-e", help="Who the conversation is with.")
    ],
    cue: Annotated[
        str | None, typer.Option("--cue", help="What the conversation is about.")
    ] = None,
    max_memories: Annotated[int, typer.Option(min=1, max=200)] = 20,
    recency_window: Annotated[str, typer.Option(help="ISO 8601 duration, e.g. P7D.")] = "P7D",
    per_section: Annotated[
        int | None, typer.Option(min=1, max=100, help="At most this many per section.")
    ] = None,
    view: ViewOpt = ViewName.FULL,
    wait: WaitOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Start-of-conversation context for an entity: recent, relevant, insights, what waits.

    Example: hebbs-graph prime -e acme --cue "renewal call"
    """
    out = run(
        url,
        api_key,
        lambda c: c.prime(
            entity_id,
            view=view_of(view),
            similarity_cue=cue,
            max_memories=max_memories,
            recency_window=recency_window,
            per_section=per_section,
            wait_for_checks_s=wait,
        ),
    )
    if fmt == Format.JSON:
        show(out, fmt)
        return
    if not (out.recent or out.relevant or out.insights):
        say_if_unknown(url, api_key, entity_id)
    if isinstance(out, CompactPrimeOut):
        show_compact_prime(out)
        note = checks_wait_note(bool(out.checks_wait_timed_out))
    else:
        show_full_prime(out)
        note = checks_wait_note(out.checks_wait_timed_out, out.checks_waited_ms)
    if note:
        console.print(note, style="yellow")


def show_compact_prime(out: CompactPrimeOut) -> None:
    console.print(compact_table(out.recent, title="recent"))
    console.print(compact_table(out.relevant, title="relevant"))
    pending = out.pending_contradictions
    console.print(
        f"insights: {len(out.insights or [])}; "
        f"pending contradictions: {pending.count if pending else 0}; "
        f"stale insights: {len(out.stale_insights or [])}; "
        f"reflection due: {out.reflection is not None}"
    )


def show_full_prime(out: PrimeOut) -> None:
    console.print(recall_table(RecallOut(results=out.recent, took_ms=0), title="recent"))
    console.print(recall_table(RecallOut(results=out.relevant, took_ms=0), title="relevant"))
    console.print(memories_table(out.insights, title="insights"))
    console.print(
        f"pending contradictions: {out.pending_total}; "
        f"stale insights: {len(out.stale_insights)}; "
        f"reflection due: {out.reflection.due}"
    )


@app.command()
def lineage(
    memory_id: str, url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE
) -> None:
    """Where an insight came from (INSIGHT_FROM, recursively) and a memory's revisions.

    Example: hebbs-graph lineage 01J9Z... -f json
    """
    out = run(url, api_key, lambda c: c.lineage(memory_id))
    if fmt == Format.JSON:
        show(out, fmt)
        return
    console.print(memories_table([out.memory], title="memory"))
    console.print(memories_table([s.memory for s in out.sources], title="sources"))
    console.print(memories_table([s.memory for s in out.revisions], title="revisions"))


@app.command()
def graph(
    entity_id: Annotated[str | None, typer.Option("--entity-id", "-e")] = None,
    memory_id: Annotated[list[str] | None, typer.Option("--id", help="Repeatable.")] = None,
    depth: Annotated[int, typer.Option(min=0, max=3)] = 1,
    limit: Annotated[int, typer.Option(min=1, max=500)] = 200,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Nodes and edges around memories or an entity. Example: hebbs-graph graph -e acme"""
    out = run(
        url,
        api_key,
        lambda c: c.graph(ids=memory_id, entity_id=entity_id, depth=depth, limit=limit),
    )
    if fmt == Format.JSON:
        show(out, fmt)
        return
    nodes = Table(title=f"{len(out.nodes)} nodes")
    id_column(nodes)
    for col in ("kind", "entity", "content"):
        nodes.add_column(col, overflow="fold" if col == "content" else "ellipsis")
    for n in out.nodes:
        nodes.add_row(n.id, n.kind, n.entity_id or "", " ".join(n.content.split())[:80])
    console.print(nodes)
    edge_lines(out.edges)


@app.command("map")
def semantic_map(
    entity_id: Annotated[str, typer.Option("--entity-id", "-e")],
    since: Annotated[
        str | None, typer.Option(help="Only what changed after this stamp (an earlier answer's).")
    ] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Every memory of an entity placed by meaning (2-D) and its named regions, as the
    palace's map draws them. Example: hebbs-graph map -e acme"""
    out = run(url, api_key, lambda c: c.semantic_map(entity_id, since=since))
    if fmt == Format.JSON:
        show(out, fmt)
        return
    if out.regions:
        regions = Table(title=f"{len(out.regions)} regions")
        for col in ("region", "memories", "label", "insight"):
            regions.add_column(col, overflow="fold" if col in ("label", "insight") else "ellipsis")
        for r in out.regions:
            regions.add_row(str(r.id), str(r.count), r.label, r.insight or "")
        console.print(regions)
    shown = f"{len(out.points)} of {out.count}" if not out.complete else str(len(out.points))
    points = Table(title=f"{shown} memories ({out.projection} projection), stamp {out.stamp}")
    id_column(points)
    for col in ("kind", "region", "x", "y", "caption"):
        points.add_column(col, overflow="fold" if col == "caption" else "ellipsis")
    for p in out.points:
        region = "" if p.region is None else str(p.region)
        points.add_row(p.id, p.kind, region, f"{p.x:.1f}", f"{p.y:.1f}", p.caption)
    console.print(points)
    edge_lines(out.edges)


@app.command()
def entities(
    after: Annotated[str | None, typer.Option(help="Page after this entity id.")] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 100,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Entities with how many episodes each holds. Example: hebbs-graph entities"""
    out = run(url, api_key, lambda c: c.entities(after=after, limit=limit))
    show(out if fmt == Format.JSON else [e.model_dump(mode="json") for e in out.entities], fmt)
