"""`hebbs-graph`: the command line. Talks to a running API (``--url``, default the local one).

Exit codes: 0 done; 1 the request was refused (bad input, unknown id, no access);
2 the command line itself was wrong; 3 the service or Neo4j could not be reached or failed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from rich.markup import escape

from hebbs_graph.cli.output import Format, console, edges_table, errors, show
from hebbs_graph.client import DEFAULT_URL, ApiUnreachable, HebbsClient, ServerError
from hebbs_graph.errors import GraphUnavailable, HebbsError, LLMError, LLMNotConfigured
from hebbs_graph.models.memory import EdgesOut
from hebbs_graph.models.recall import Weights

T = TypeVar("T")

app = typer.Typer(
    name="hebbs-graph",
    help=(
        "Long-term memory for LLM agents on Neo4j. Talks to a running API (--url, "
        "HEBBS_API_URL). Exit codes: 0 done, 1 refused (bad input, unknown id, bad key), "
        "2 wrong command line, 3 API or Neo4j unreachable or failing."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(asked: bool) -> None:
    if asked:
        from hebbs_graph import __version__

        typer.echo(f"hebbs-graph {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version."
        ),
    ] = False,
) -> None:
    """Long-term memory for LLM agents on Neo4j."""
    _format[0] = Format.TABLE  # until the command's own --format says otherwise


Url = Annotated[str, typer.Option("--url", envvar="HEBBS_API_URL", help="API base URL.")]
ApiKey = Annotated[
    str | None, typer.Option("--api-key", envvar="HEBBS_API_KEY", help="Bearer API key.")
]
# The running command's --format, so a failure can be said the same way (fail()).
_format: list[Format] = [Format.TABLE]


def _note_format(value: Format) -> Format:
    _format[0] = Format(value)
    return value


Fmt = Annotated[
    Format, typer.Option("--format", "-f", help="json or table.", callback=_note_format)
]
EntityOpt = Annotated[str | None, typer.Option("--entity-id", "-e", help="The entity it is about.")]


def run(url: str, api_key: str | None, call: Callable[[HebbsClient], Awaitable[T]]) -> T:
    """Run one client call; turn errors into a message and the right exit code."""

    async def go() -> T:
        async with HebbsClient(url, api_key=api_key) as client:
            return await call(client)

    try:
        return asyncio.run(go())
    except ValidationError as exc:
        fail(
            1,
            "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg']}" for e in exc.errors()
            ),
            "invalid_input",
        )
    except LLMNotConfigured as exc:
        fail(1, exc.message, exc.code)
    except (ApiUnreachable, ServerError, GraphUnavailable, LLMError) as exc:
        fail(3, exc.message, exc.code)
    except HebbsError as exc:
        fail(1, exc.message, exc.code)


def fail(code: int, message: str, error_code: str = "error") -> NoReturn:
    """Say what went wrong on stderr and exit with ``code``; a command run with
    ``--format json`` says it as JSON, the API's error shape plus the exit code."""
    if _format[0] == Format.JSON:
        body = {"error": {"code": error_code, "message": message, "exit_code": code}}
        print(json.dumps(body, ensure_ascii=False), file=sys.stderr)
    else:
        errors.print(f"[red]error:[/red] {escape(message)}", highlight=False)
    raise typer.Exit(code)


def parse_json(text: str | None, what: str) -> Any:
    """A JSON value from the text itself or from @file."""
    if text is None:
        return None
    try:
        raw = Path(text[1:]).read_text(encoding="utf-8") if text.startswith("@") else text
        return json.loads(raw)
    except (OSError, ValueError) as exc:
        fail(2, f"{what} is not valid JSON (or @file): {exc}")


# -- memories ---------------------------------------------------------------------------


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
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Remember one episode.

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
    show(run(url, api_key, lambda c: c.link(memory_id, target_id, edge_type, confidence)), fmt)


@app.command()
def revise(
    memory_id: str,
    content: Annotated[str | None, typer.Option(help="New content (re-embedded).")] = None,
    importance: Annotated[float | None, typer.Option(min=0.0, max=1.0)] = None,
    context: Annotated[str | None, typer.Option(help="JSON object or @file.")] = None,
    context_mode: Annotated[str, typer.Option(help="merge or replace.")] = "merge",
    entity_id: EntityOpt = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Revise a memory; the old state is kept as a snapshot.

    Example: hebbs-graph revise 01J9Z... --content "Acme's budget is $2,000"
    """
    given = {
        "content": content,
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
    criteria = {k: v for k, v in given.items() if v is not None}
    out = run(url, api_key, lambda c: c.forget(**criteria))
    show(
        out
        if fmt == Format.JSON
        else {"forgotten": out.forgotten, "stale_insights": out.stale_insights},
        fmt,
    )


# -- recall -----------------------------------------------------------------------------


def parse_weights(text: str) -> Weights:
    try:
        r, t, i, c = (float(x) for x in text.split(":"))
    except ValueError:
        fail(2, "--weights takes four numbers r:t:i:c, e.g. 0.5:0.2:0.2:0.1")
    return Weights(relevance=r, recency=t, importance=i, reinforcement=c)


def parse_time_range(text: str) -> dict[str, str | None]:
    start, sep, end = text.partition("..")
    if not sep:
        fail(2, "--time-range takes START..END (ISO 8601; either side may be empty)")
    return {"start": start or None, "end": end or None}


@app.command()
def recall(
    cue: Annotated[str | None, typer.Argument(help="What to remember about.")] = None,
    strategy: Annotated[
        list[str] | None,
        typer.Option(
            "--strategy",
            "-s",
            help="similarity, hybrid (default), temporal, causal, analogical; repeatable.",
        ),
    ] = None,
    top_k: Annotated[int, typer.Option("-k", "--top-k", min=1, max=1000)] = 10,
    entity_id: EntityOpt = None,
    weights: Annotated[str | None, typer.Option(help="r:t:i:c, e.g. 0.5:0.2:0.2:0.1")] = None,
    preset: Annotated[str | None, typer.Option(help="default, semantic, recent, important")] = None,
    time_range: Annotated[str | None, typer.Option(help="START..END for temporal")] = None,
    seed: Annotated[str | None, typer.Option(help="Seed memory id (causal, analogical).")] = None,
    edge_types: Annotated[str | None, typer.Option(help="Comma-separated (causal).")] = None,
    direction: Annotated[str | None, typer.Option(help="forward, backward, both")] = None,
    max_depth: Annotated[int | None, typer.Option(min=1, max=10)] = None,
    cross_entity: Annotated[bool, typer.Option(help="Analogical: look in other entities.")] = False,
    alpha: Annotated[float | None, typer.Option(min=0.0, max=1.0, help="Analogical α.")] = None,
    include_superseded: bool = False,
    include_stale: bool = False,
    reinforce: Annotated[bool, typer.Option(help="Count this recall as an access.")] = True,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Recall memories, ranked by relevance, recency, importance and reinforcement.

    Example: hebbs-graph recall "what is Acme's budget?" -e acme -s hybrid -s temporal

    Causal: hebbs-graph recall -s causal --seed ID --direction backward --max-depth 3
    """
    specs: list[dict[str, Any]] = []
    for name in strategy or ["hybrid"]:
        spec: dict[str, Any] = {"strategy": name}
        if time_range:
            spec["time_range"] = parse_time_range(time_range)
        extra = {
            "seed_memory_id": seed,
            "direction": direction,
            "max_depth": max_depth,
            "edge_types": edge_types.split(",") if edge_types else None,
        }
        if name == "causal":
            spec |= {k: v for k, v in extra.items() if v is not None}
        if name == "analogical":
            spec |= {"cross_entity": cross_entity}
            if seed:
                spec["seed_memory_id"] = seed
            if alpha is not None:
                spec["analogical_alpha"] = alpha
        specs.append(spec)
    body: dict[str, Any] = {
        "strategies": specs,
        "top_k": top_k,
        "entity_id": entity_id,
        "include_superseded": include_superseded,
        "include_stale": include_stale,
        "reinforce": reinforce,
    }
    if weights:
        body["weights"] = parse_weights(weights)
    if preset:
        body["preset"] = preset
    show(run(url, api_key, lambda c: c.recall(cue, **body)), fmt)


# -- service ----------------------------------------------------------------------------


@app.command()
def status(url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE) -> None:
    """Is the API up and ready, and how is the local Neo4j? Exit 3 when not ready.

    Example: hebbs-graph status --url http://127.0.0.1:8000 -f json
    """
    from hebbs_graph.cli.service import local_status

    report: dict[str, Any] = {"api_url": url}
    try:
        report["api"] = run_quiet(url, api_key, lambda c: c.ready())
    except ApiUnreachable as exc:
        report["api"] = {"ready": False, "error": exc.message}
    report["local_neo4j"] = local_status()
    show(report, fmt)
    if not report["api"].get("ready"):
        raise typer.Exit(3)


@app.command()
def metrics(url: Url = DEFAULT_URL, api_key: ApiKey = None, fmt: Fmt = Format.TABLE) -> None:
    """The API's Prometheus metrics: table prints the exposition text, json one value per sample.

    Example: hebbs-graph metrics -f json
    """
    text = run(url, api_key, lambda c: c.metrics())
    if fmt == Format.TABLE:
        print(text, end="")
        return
    from prometheus_client.parser import text_string_to_metric_families

    samples = [
        {"name": s.name, "labels": s.labels, "value": s.value}
        for family in text_string_to_metric_families(text)
        for s in family.samples
    ]
    show({"samples": samples}, fmt)


def run_quiet(url: str, api_key: str | None, call: Callable[[HebbsClient], Awaitable[T]]) -> T:
    async def go() -> T:
        async with HebbsClient(url, api_key=api_key) as client:
            return await call(client)

    return asyncio.run(go())


def main() -> None:
    from hebbs_graph.cli import (  # noqa: F401  (registers their commands)
        contradict,
        graph,
        imports,
        reflect,
        service,
    )

    try:
        app(prog_name="hebbs-graph")
    except KeyboardInterrupt:
        sys.exit(130)
