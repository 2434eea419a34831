"""`conversation`: a session's turns from a JSON file or stdin, one episode each."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from hebbs_graph.cli.common import ApiKey, Fmt, Url, app, fail, run
from hebbs_graph.cli.output import Format, show
from hebbs_graph.client import DEFAULT_URL


def read_messages(path: str) -> list[Any]:
    """The messages: a JSON list of them, or an object with a ``messages`` list."""
    try:
        raw = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        data = json.loads(raw)
    except (OSError, ValueError) as exc:
        fail(2, f"{path} is not readable JSON: {exc}")
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        data = data["messages"]
    if not isinstance(data, list):
        fail(2, f'{path}: expected a JSON list of messages or {{"messages": [...]}}')
    return data


@app.command("conversation")
def conversation(
    entity_id: Annotated[
        str, typer.Option("--entity-id", "-e", help="Who or what the conversation is about.")
    ],
    path: Annotated[
        str, typer.Argument(help="JSON file of messages ({speaker or role, content}); - for stdin.")
    ] = "-",
    session_id: Annotated[
        str | None, typer.Option(help="Append to this session (default: a new one).")
    ] = None,
    started_at: Annotated[
        datetime | None, typer.Option(help="When the session started (ISO 8601).")
    ] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Remember a conversation: one episode per turn ("speaker: text"), chained in order.
    The same --session-id again appends; turns the session already holds are skipped.

    Example: echo '[{"speaker": "Ana", "content": "We ship on Friday"}]' |
    hebbs-graph conversation -e acme --session-id call-7
    """
    messages = read_messages(path)
    out = run(
        url,
        api_key,
        lambda c: c.conversation(entity_id, messages, session_id=session_id, started_at=started_at),
    )
    show(out, fmt)
