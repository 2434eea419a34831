"""`subscribe`: lines from stdin go to /v1/subscribe; the memories they bring up print."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Annotated, Any

import typer
from rich.markup import escape

from hebbs_graph.cli.common import ApiKey, EntityOpt, Fmt, Url, app, run
from hebbs_graph.cli.output import Format, console, errors
from hebbs_graph.client import DEFAULT_URL, HebbsClient
from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.subscribe import ErrorFrame, MemoryPush, Recalled
from hebbs_graph.subscription import Subscription

# After stdin ends, wait at most this long for the recall on the last line.
LAST_RECALL_S = 30.0


@app.command("subscribe")
def subscribe(
    entity_id: EntityOpt = None,
    threshold: Annotated[
        float, typer.Option(min=0.0, help="Push memories scoring at least this.")
    ] = 0.3,
    top_k: Annotated[int, typer.Option("-k", "--top-k", min=1, max=50)] = 5,
    strategy: Annotated[
        list[str] | None,
        typer.Option("--strategy", "-s", help="similarity (default), hybrid, ...; repeatable."),
    ] = None,
    preset: Annotated[
        str | None, typer.Option(help="default, semantic (the default), recent, important")
    ] = None,
    max_recalls_per_s: Annotated[
        float | None, typer.Option(min=0.01, help="At most this many recalls a second.")
    ] = None,
    url: Url = DEFAULT_URL,
    api_key: ApiKey = None,
    fmt: Fmt = Format.TABLE,
) -> None:
    """Streaming recall: each line read from stdin is the conversation's next line;
    each memory it brings up past --threshold prints once, as it arrives (table, or
    -f json: one JSON object a line). Ends when stdin does and the last recall is in.

    Example: tail -f call.txt | hebbs-graph subscribe -e acme --threshold 0.35
    """
    scope: dict[str, Any] = {"threshold": threshold, "top_k": top_k}
    if entity_id is not None:
        scope["entity_id"] = entity_id
    if strategy:
        scope["strategies"] = [{"strategy": name} for name in strategy]
    if preset is not None:
        scope["preset"] = preset
    if max_recalls_per_s is not None:
        scope["max_recalls_per_s"] = max_recalls_per_s
    run(url, api_key, lambda client: follow(client, scope, fmt))


async def follow(client: HebbsClient, scope: dict[str, Any], fmt: Format) -> None:
    lines = stdin_lines()
    async with client.subscribe(**scope) as sub:
        sender = asyncio.create_task(send_lines(sub, lines))
        try:
            await print_pushes(sub, sender, fmt)
        finally:
            sender.cancel()


def stdin_lines() -> asyncio.Queue[str | None]:
    """Lines of stdin as they come (None at the end), read by a daemon thread: a
    blocking read must not keep the command alive after the subscription ends."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        try:
            for line in sys.stdin:
                loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\n"))
            loop.call_soon_threadsafe(queue.put_nowait, None)
        except RuntimeError:  # the subscription ended first and its loop is closed
            return

    threading.Thread(target=read, daemon=True).start()
    return queue


async def send_lines(sub: Subscription, lines: asyncio.Queue[str | None]) -> int:
    """Send each non-blank line; the index of the last one sent (-1: none)."""
    last = -1
    while (line := await lines.get()) is not None:
        if not line.strip():
            continue
        try:
            last = await sub.send(line)
        except InvalidInput as exc:  # too long for a frame: said, skipped, the rest go on
            errors.print(f"[red]error:[/red] {escape(exc.message)}", highlight=False)
    return last


async def print_pushes(sub: Subscription, sender: asyncio.Task[int], fmt: Format) -> None:
    receiving: asyncio.Task[Any] | None = None
    while True:
        receiving = receiving or asyncio.ensure_future(sub.receive())
        timeout = LAST_RECALL_S if sender.done() else None
        done, _ = await asyncio.wait({receiving, sender}, timeout=timeout)
        if not done:
            receiving.cancel()
            return
        if sender.done() and sender.result() < 0:
            receiving.cancel()
            return
        if receiving not in done:
            continue
        try:
            push = receiving.result()
        except StopAsyncIteration:
            return
        receiving = None
        if isinstance(push, Recalled):
            if sender.done() and push.after_text >= sender.result():
                return
            continue
        show_push(push, fmt)


def show_push(push: MemoryPush | ErrorFrame, fmt: Format) -> None:
    if isinstance(push, ErrorFrame):
        errors.print(f"[red]error:[/red] {escape(push.error.message)}", highlight=False)
        return
    if fmt == Format.JSON:
        print(json.dumps(push.model_dump(mode="json"), ensure_ascii=False), flush=True)
        return
    b = push.breakdown
    parts = f"{b.relevance:.2f} {b.recency:.2f} {b.importance:.2f} {b.reinforcement:.2f}"
    text = " ".join(push.memory.content.split())
    console.print(
        f"line {push.after_text + 1}  {push.score:.3f} ({parts})  {escape(text)}"
        f"  [dim]{push.memory.id}[/dim]",
        highlight=False,
        soft_wrap=True,
    )
