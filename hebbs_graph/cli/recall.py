"""`recall`: the strategies, their weights and filters, as options."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from hebbs_graph.cli.common import (
    ApiKey,
    EntityOpt,
    Fmt,
    Url,
    ViewName,
    ViewOpt,
    app,
    fail,
    run,
    say_if_unknown,
    view_of,
)
from hebbs_graph.cli.output import Format, show
from hebbs_graph.client import DEFAULT_URL
from hebbs_graph.models.recall import DEFAULT_STRATEGY, Weights

# The strategies' registry is read only when a recall runs (or `strategies` lists them):
# `hebbs-graph mcp --url` starts without anything of the service layer.


FLAGS = {
    "time_range": "--time-range",
    "seed_memory_id": "--seed",
    "direction": "--direction",
    "max_depth": "--max-depth",
    "edge_types": "--edge-types",
    "cross_entity": "--cross-entity",
    "analogical_alpha": "--alpha",
}


def parse_weights(text: str) -> Weights:
    try:
        r, t, i, c = (float(x) for x in text.split(":"))
    except ValueError:
        fail(2, "--weights takes four numbers r:t:i:c, e.g. 0.5:0.2:0.2:0.1")
    return Weights(relevance=r, recency=t, importance=i, reinforcement=c)


def parse_with(items: list[str]) -> dict[str, Any]:
    """``--with field=value`` pairs; a value that reads as JSON is taken as JSON."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            fail(2, f"--with takes field=value (got {item!r})")
        try:
            out[key] = json.loads(text)
        except ValueError:
            out[key] = text
    return out


def specs_for(names: list[str], options: dict[str, Any], flags: dict[str, str]) -> list[Any]:
    """One spec per strategy, each with the given options its model takes; an option that
    none of them takes is a mistake worth saying (``flags``: option -> its flag)."""
    from hebbs_graph.services.recall.strategies import REGISTRY, field_names

    # An unknown name goes as it is: the server's refusal names the known ones.
    specs = [
        {"strategy": name, **{k: v for k, v in options.items() if k in field_names(name)}}
        for name in names
    ]
    taken = {k for spec in specs for k in spec}
    for key in options:
        if key not in taken:
            takers = [n for n in REGISTRY if key in field_names(n)]
            where = f" (it is for {', '.join(takers)})" if takers else ""
            fail(2, f"{flags.get(key, key)}: none of {', '.join(names)} takes it{where}")
    return specs


@app.command()
def strategies() -> None:
    """List the recall strategies, what each does and the fields its spec takes (give a
    field with its option, or any field with --with field=value)."""
    from hebbs_graph.services.recall.strategies import describe

    print(describe())


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
            help="A strategy (default hybrid); repeatable. `hebbs-graph strategies` lists"
            " them and their fields.",
        ),
    ] = None,
    top_k: Annotated[
        int | None, typer.Option("-k", "--top-k", min=1, max=1000, help="The server's: 10.")
    ] = None,
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
    with_: Annotated[
        list[str] | None,
        typer.Option(
            "--with",
            help="field=value for any strategy's own field (JSON values read as JSON),"
            " e.g. --with session_id=S1; repeatable.",
        ),
    ] = None,
    include_superseded: Annotated[bool | None, typer.Option(help="The server's: no.")] = None,
    include_stale: Annotated[bool | None, typer.Option(help="The server's: no.")] = None,
    reinforce: Annotated[
        bool | None, typer.Option(help="Count this recall as an access (the server's: yes).")
    ] = None,
    on_conflict: Annotated[
        str | None,
        typer.Option(
            help="keep (the server's default): both sides of a conflict, marked;"
            " suppress: of a confirmed contradiction only the more confident side;"
            " current: as suppress, and every memory that may be superseded left out."
        ),
    ] = None,
    view: ViewOpt = ViewName.FULL,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Recall memories, ranked by relevance, recency, importance and reinforcement.

    Example: hebbs-graph recall "what is Acme's budget?" -e acme -s hybrid -s temporal

    Causal: hebbs-graph recall -s causal --seed ID --direction backward --max-depth 3
    """
    # Each spec gets the options its strategy's model takes (the models say which).
    given = {
        "time_range": parse_time_range(time_range) if time_range else None,
        "seed_memory_id": seed,
        "direction": direction,
        "max_depth": max_depth,
        "edge_types": edge_types.split(",") if edge_types else None,
        "cross_entity": cross_entity or None,
        "analogical_alpha": alpha,
    }
    options = {k: v for k, v in given.items() if v is not None} | parse_with(with_ or [])
    specs = specs_for(strategy or [DEFAULT_STRATEGY], options, FLAGS)
    # Left out when not given: the server's defaults, not a second copy of them here.
    given_fields = {
        "top_k": top_k,
        "entity_id": entity_id,
        "include_superseded": include_superseded,
        "include_stale": include_stale,
        "reinforce": reinforce,
    }
    body: dict[str, Any] = {"strategies": specs} | {
        k: v for k, v in given_fields.items() if v is not None
    }
    if weights:
        body["weights"] = parse_weights(weights)
    if preset:
        body["preset"] = preset
    if on_conflict:
        body["on_conflict"] = on_conflict
    out = run(url, api_key, lambda c: c.recall(cue, view=view_of(view), **body))
    show(out, fmt)
    if not out.results and fmt == Format.TABLE:
        say_if_unknown(url, api_key, entity_id)
