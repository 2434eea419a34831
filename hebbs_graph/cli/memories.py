"""`remember`, `get`, `list`, `edges`, `link`, `revise`, `forget`: one memory at a time."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, cast

import typer

from hebbs_graph.cli.common import (
    ApiKey,
    EntityOpt,
    Fmt,
    Url,
    app,
    parse_json,
    run,
)
from hebbs_graph.cli.output import Format, console, edges_table, errors, show
from hebbs_graph.client import DEFAULT_URL
from hebbs_graph.models.memory import EdgesOut


@app.command()
def remember(
    content: Annotated[str, typer.Argument(help="What happened.")],
    entity_id: EntityOpt = None,
    importance: Annotated[float, typer.Option(min=0.0, max=1.0)] = 0.5,
    context: Annotated[str | None, typer.Option(help="JSON object or @file.")] = None,
    tag: Annotated[list[str] | None, typer.Option("--tag", help="Repeatable.")] = None,
    occurred_at: Annotated[
        datetime | None, typer.Option(help="When it happened (ISO 8601).")
    ] = None,
    caused_by: Annotated[list[str] | None, typer.Option(help="Id of a cause (repeatable).")] = None,
    related_to: Annotated[list[str] | None, typer.Option(help="Id of a related memory.")] = None,
    store_duplicate: Annotated[
        bool,
        typer.Option(
            "--store-duplicate",
            help="Store a second copy even when the entity already holds this content "
            "(by default that memory is reinforced and shown, reinforced: true).",
        ),
    ] = False,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Remember one episode; the same words again reinforce the memory already stored.

    Example: hebbs-graph remember "Acme's budget is $5,000" -e acme --importance 0.8
    """
    edges = [{"target_id": t, "edge_type": "CAUSED_BY"} for t in caused_by or []]
    edges += [{"target_id": t, "edge_type": "RELATED_TO"} for t in related_to or []]
    fields: dict[str, Any] = {
        "entity_id": entity_id,
        "importance": importance,
        "tags": tag or [],
        "context": parse_json(context, "--context"),
        "edges": edges,
    }
    if occurred_at is not None:
        fields["occurred_at"] = occurred_at
    if store_duplicate:
        fields["on_duplicate"] = "store"
    show(run(url, api_key, lambda c: c.remember(content, **fields)), fmt)


@app.command()
def get(
    memory_id: str, url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE
) -> None:
    """Show one memory. Example: hebbs-graph get 01J9Z... -f json"""
    show(run(url, api_key, lambda c: c.get(memory_id)), fmt)


@app.command("list")
def list_memories(
    entity_id: EntityOpt = None,
    kind: Annotated[str | None, typer.Option(help="episode or insight.")] = None,
    since: Annotated[datetime | None, typer.Option()] = None,
    until: Annotated[datetime | None, typer.Option()] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000)] = 50,
    cursor: Annotated[str | None, typer.Option(help="next_cursor of the previous page.")] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """List memories newest first. Example: hebbs-graph list -e acme --limit 20"""
    page = run(
        url,
        api_key,
        lambda c: c.list_memories(
            entity_id=entity_id, kind=kind, since=since, until=until, cursor=cursor, limit=limit
        ),
    )
    if fmt == Format.JSON:
        show(page, fmt)
        return
    show(page.items, fmt)
    if page.next_cursor:
        errors.print(f"more: --cursor {page.next_cursor}")


@app.command()
def edges(
    memory_id: str, url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE
) -> None:
    """A memory's relationships, both directions. Example: hebbs-graph edges 01J9Z... -f json"""
    found = run(url, api_key, lambda c: c.edges(memory_id))
    if fmt == Format.JSON:
        show(EdgesOut(edges=found), fmt)
    else:
        console.print(edges_table(found, of=memory_id))


@app.command()
def link(
    memory_id: str,
    target_id: str,
    edge_type: Annotated[
        str, typer.Option("--type", help="CAUSED_BY (effect → cause) or RELATED_TO.")
    ],
    confidence: Annotated[float, typer.Option(min=0.0, max=1.0)] = 1.0,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Link two memories. Example: hebbs-graph link EFFECT_ID CAUSE_ID --type CAUSED_BY"""
    # The client's EdgeIn checks the text (a bad type is InvalidInput, naming the field).
    kind = cast(Any, edge_type)
    show(run(url, api_key, lambda c: c.link(memory_id, target_id, kind, confidence)), fmt)


@app.command()
def revise(
    memory_id: str,
    text: Annotated[
        str | None, typer.Argument(help="New content (re-embedded), as remember takes it.")
    ] = None,
    content: Annotated[str | None, typer.Option(help="New content, the same as TEXT.")] = None,
    importance: Annotated[float | None, typer.Option(min=0.0, max=1.0)] = None,
    context: Annotated[str | None, typer.Option(help="JSON object or @file.")] = None,
    context_mode: Annotated[str, typer.Option(help="merge or replace.")] = "merge",
    entity_id: EntityOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Revise a memory; the old state is kept as a snapshot.

    Example: hebbs-graph revise 01J9Z... "Acme's budget is $2,000"
    """
    if text is not None and content is not None and text != content:
        raise typer.BadParameter("give the new content once: TEXT or --content", param_hint="TEXT")
    given = {
        "content": text if text is not None else content,
        "importance": importance,
        "entity_id": entity_id,
        "context": parse_json(context, "--context"),
    }
    fields: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    fields["context_mode"] = context_mode
    show(run(url, api_key, lambda c: c.revise(memory_id, **fields)), fmt)


@app.command()
def forget(
    memory_id: Annotated[list[str] | None, typer.Option("--id", help="Repeatable.")] = None,
    entity_id: EntityOpt = None,
    older_than: Annotated[datetime | None, typer.Option()] = None,
    access_count_below: Annotated[int | None, typer.Option(min=0)] = None,
    kind: Annotated[str | None, typer.Option(help="episode or insight.")] = None,
    decay_below: Annotated[float | None, typer.Option(min=0.0)] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Forget (hard-delete) memories matching ALL criteria; tombstones remain.

    Example: hebbs-graph forget -e acme --older-than 2025-01-01
    """
    given = {
        "memory_ids": memory_id,
        "entity_id": entity_id,
        "older_than": older_than,
        "access_count_below": access_count_below,
        "kind": kind,
        "decay_below": decay_below,
    }
    criteria: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    out = run(url, api_key, lambda c: c.forget(**criteria))
    show(
        out
        if fmt == Format.JSON
        else {"forgotten": out.forgotten, "stale_insights": out.stale_insights},
        fmt,
    )


# -- recall -----------------------------------------------------------------------------
