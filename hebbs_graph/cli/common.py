"""What every command shares: the Typer app, the common options (--url, --api-key,
--format, --entity-id, --view), and how a call runs and how a failure is said (exit
codes: 0 done; 1 refused; 2 the command line was wrong; 3 unreachable or failing)."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from rich.markup import escape

from hebbs_graph.cli.output import Format, errors
from hebbs_graph.client import ApiUnreachable, HebbsClient, ServerError
from hebbs_graph.errors import GraphUnavailable, HebbsError, LLMError, LLMNotConfigured
from hebbs_graph.models.contradict import MAX_CHECKS_WAIT_S
from hebbs_graph.models.recall import View

T = TypeVar("T")
# How the serving processes (API, checker, the migrations' child) write their log lines.
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

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


class ViewName(StrEnum):
    FULL = "full"
    COMPACT = "compact"


ViewOpt = Annotated[
    ViewName, typer.Option("--view", help="full (every field) or compact (what an agent needs).")
]


WaitOpt = Annotated[
    float | None,
    typer.Option(
        "--wait",
        min=0.0,
        max=MAX_CHECKS_WAIT_S,
        metavar="SECONDS",
        help="Wait up to SECONDS for the contradiction checks of memories just stored, so "
        "their pairs are listed (default: the server's, 2 s; 0 answers at once).",
    ),
]


def checks_wait_note(timed_out: bool, waited_ms: float | None = None) -> str | None:
    """What to say when the wait for the contradiction checks ended at its bound."""
    if not timed_out:
        return None
    waited = "" if waited_ms is None else f" after {waited_ms / 1000:.1f} s of waiting"
    return (
        f"contradiction checks were still running{waited}: more pairs may appear; run it "
        "again (or give --wait more seconds)"
    )


def view_of(name: ViewName) -> View:
    return "compact" if name == ViewName.COMPACT else "full"


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


def run_quiet(url: str, api_key: str | None, call: Callable[[HebbsClient], Awaitable[T]]) -> T:
    async def go() -> T:
        async with HebbsClient(url, api_key=api_key) as client:
            return await call(client)

    return asyncio.run(go())


def say_if_unknown(url: str, api_key: str | None, entity_id: str | None) -> None:
    """After an empty answer scoped to an entity: say on stderr when the entity holds no
    memory at all (a typo, or nothing stored yet). The exit code stays 0: an empty
    answer is an answer, as it is through REST."""
    if entity_id is None:
        return
    page = run(url, api_key, lambda c: c.list_memories(entity_id=entity_id, limit=1))
    if not page.items:
        errors.print(f"entity {entity_id!r} holds no memories", style="yellow")
