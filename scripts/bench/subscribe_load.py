"""subscribe's added load: N concurrent subscriptions, each fed a conversation line by line.

    PYTHONPATH=. HEBBS_NEO4J_URI=bolt://127.0.0.1:7687 HF_HUB_OFFLINE=1 \\
        .venv/bin/python scripts/bench/subscribe_load.py [--subs 1,20] [--turns 100] \\
        [--rate 1.0] [--threshold 0.35] [--no-stagger] [--out FILE.json]

Starts ``python -m hebbs_graph serve --workers 1`` on a free 127.0.0.1 port (a child
process, so its CPU can be read from ``/proc`` apart from this load generator's), against
the Neo4j of HEBBS_NEO4J_URI (a loopback URI; ``serve`` never starts one then), with an
API key for a tenant of its own (``bench-subscribe-<timestamp>``). It stores 6 memories
about the entity ``acme`` that the conversation will touch and 30 that it will not,
through ``POST /v1/memories/batch``.

Then, for each N of ``--subs``, it opens N WebSocket subscriptions at once (the Python
client, ``entity_id=acme``, the default similarity recall, ``--threshold``) and feeds each
a ``--turns``-line conversation at ``--rate`` lines a second: small talk, with the 6
related lines at known positions (a different small-talk order per subscription).
Subscriptions start spread over one line interval (``--no-stagger``: all in step, every
recall at the same instant, the worst case). It prints, per N:

- recalls run per subscription (``recalled`` frames);
- the API process's CPU seconds per subscription per minute of conversation (its
  ``utime + stime`` over the conversation, less its idle rate measured just before);
- the server's own time per recall (``took_ms`` of the ``recalled`` frames);
- the push delay of each related memory: the time from sending its line to receiving
  its push, p50 / p95 / max over all subscriptions; pushes that came before their line,
  after a later line, or never, and pushes of memories the conversation never touched;
- whether every subscription got every related memory within 1 s of its line.

It closes the subscriptions, stops the server and deletes its tenant by itself.

The default threshold (0.35) separates the texts: over the first 20 conversations, the
window ending at a related line scores >= 0.39 against its memory, no window before it
more than 0.30; the unrelated memories reach 0.42 on some windows (they are counted,
not waited for). So a push "after a later line" or "missed" is the load's doing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import numpy as np
from serve_rss import cpu_seconds, free_port, loadavg, purge, server, wait_for

from hebbs_graph.client import HebbsClient
from hebbs_graph.models.subscribe import ErrorFrame, MemoryPush, Recalled
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
KEY = "bench-subscribe-key"
ENTITY = "acme"

# (stored memory, the line of the conversation that relates to it)
RELATED = [
    (
        "Acme's security review blocked the single sign-on rollout until audit logs ship",
        "did the security review finally sign off on the single sign-on rollout?",
    ),
    (
        "Acme pays its invoices in euros, always by bank transfer",
        "should the invoices be paid in euros, by bank transfer?",
    ),
    (
        "Acme's office moved from Porto to Lisbon in May",
        "is the office still in Porto, or did they move to Lisbon?",
    ),
    (
        "Maria Jensen is Acme's CTO and decides on database vendors",
        "who is the CTO, the one who picks the database vendor?",
    ),
    (
        "Acme's contract renewal is due on March 31, with a 5% price increase",
        "when is the contract renewal due, and is there a price increase?",
    ),
    (
        "Acme's production cluster runs Kubernetes 1.29 on AWS in eu-west-1",
        "what does the production cluster run on, still Kubernetes on AWS?",
    ),
]
# Stored about the same entity; nothing in the conversation is about them.
UNRELATED = [
    "Acme's support line is staffed from 8 to 18 CET",
    "Acme sponsors a local youth football club",
    "Acme's logo was redesigned by an agency in Berlin",
    "Acme's finance team closes the books on the fifth working day",
    "Acme had 240 employees at the end of last year",
    "Acme's marketing newsletter goes out every second Thursday",
    "Acme uses a ticketing system called Zendesk for customer issues",
    "Acme's warehouse in Rotterdam handles all European shipments",
    "Acme's legal counsel prefers contracts under Dutch law",
    "Acme's sales team meets every Monday at nine",
    "Acme once won an award for sustainable packaging",
    "Acme's intranet runs on Confluence",
    "Acme's parking garage closes at 22:00",
    "Acme's founder started the company in a garage in 1998",
    "Acme has a no-meetings policy on Friday afternoons",
    "Acme's cafeteria serves vegetarian food on Wednesdays",
    "Acme's annual offsite is usually in the Alps",
    "Acme's HR department runs engagement surveys twice a year",
    "Acme's printers are leased from a local supplier",
    "Acme's design team works in Figma",
    "Acme's CEO gives a town hall every quarter",
    "Acme's trainees rotate through three departments",
    "Acme's building has a rooftop garden",
    "Acme's IT helpdesk resets passwords within an hour",
    "Acme's mobile app has a 4.6 star rating",
    "Acme's press contact is reachable by email only",
    "Acme's board meets four times a year",
    "Acme's recycling is collected on Tuesdays",
    "Acme's office dog is called Biscuit",
    "Acme's internal hackathon happens every spring",
]
SMALL_TALK = [
    "good morning, how was your weekend?",
    "fine thanks, the weather was lovely and we went hiking.",
    "nice, where did you go?",
    "up in the hills north of the city, about fifteen kilometres.",
    "that sounds tiring, I mostly stayed in and read a novel.",
    "which one?",
    "a detective story set on a train, quite gripping.",
    "I should read more, I only manage a few pages before sleeping.",
    "coffee first, then we can start?",
    "yes, give me a minute to get a cup.",
    "did you see the match last night?",
    "only the second half, it was a good comeback.",
    "my kids kept me up, they have a cold.",
    "oh no, I hope they feel better soon.",
    "it's going around, half of my neighbours have it too.",
    "the trains were late again this morning.",
    "I cycled in, it was faster than waiting.",
    "is it raining where you are?",
    "just a little drizzle, nothing serious.",
    "I'm thinking of taking a few days off next month.",
    "anywhere nice in mind?",
    "maybe the seaside, somewhere quiet.",
    "sounds lovely, bring me a postcard.",
    "let me check my notes for a second.",
    "ok, I'm back, sorry about that.",
    "no problem at all.",
    "can you hear me alright? the connection is choppy.",
    "yes, it's fine now.",
    "let me share my screen.",
    "I can see it.",
    "great, let's move on.",
    "let me write that down.",
    "sure, take your time.",
    "I'll send a summary after the call.",
    "thanks, that helps.",
    "one more thing before I forget.",
    "go ahead.",
    "actually, never mind, it can wait.",
    "we're almost out of time.",
    "let's pick this up next week.",
]
# Positions (0-based) of the related lines in a 100-line conversation, scaled to --turns.
POSITIONS = [9, 24, 39, 54, 69, 84]
DEADLINE_S = 1.0


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def conversation(turns: int, seed: int) -> tuple[list[str], dict[int, int]]:
    """``turns`` lines and {line index: index in RELATED} for the related ones."""
    rng = random.Random(seed)
    talk = SMALL_TALK[:]
    rng.shuffle(talk)
    positions = [round(p * turns / 100) for p in POSITIONS]
    related = {pos: i for i, pos in enumerate(positions) if pos < turns}
    lines = []
    speakers = ("Ana", "Bob")
    for index in range(turns):
        text = RELATED[related[index]][1] if index in related else talk[index % len(talk)]
        lines.append(f"{speakers[index % 2]}: {text}")
    return lines, related


@dataclass
class Result:
    sent_at: list[float] = field(default_factory=list)
    recalls: int = 0
    took_ms: list[float] = field(default_factory=list)  # the server's time per recall
    errors: list[str] = field(default_factory=list)
    # memory id -> (received at, after_text)
    pushes: dict[str, tuple[float, int]] = field(default_factory=dict)
    opened_s: float = 0.0


async def one_subscription(
    url: str, lines: list[str], interval: float, offset: float, threshold: float, res: Result
) -> None:
    async with HebbsClient(url, api_key=KEY, timeout=60) as client:
        t0 = time.perf_counter()
        async with client.subscribe(entity_id=ENTITY, threshold=threshold, top_k=5) as sub:
            res.opened_s = time.perf_counter() - t0

            async def receive() -> None:
                async for frame in sub:
                    now = time.perf_counter()
                    if isinstance(frame, MemoryPush):
                        res.pushes.setdefault(frame.memory.id, (now, frame.after_text))
                    elif isinstance(frame, Recalled):
                        res.recalls += 1
                        res.took_ms.append(frame.took_ms)
                        if frame.after_text >= len(lines) - 1:
                            return
                    elif isinstance(frame, ErrorFrame):
                        res.errors.append(frame.error.message)

            reader = asyncio.create_task(receive())
            await asyncio.sleep(offset)
            start = time.perf_counter()
            for index, line in enumerate(lines):
                delay = start + index * interval - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                res.sent_at.append(time.perf_counter())
                await sub.send(line)
            try:  # the recall after the last line, then close
                await asyncio.wait_for(reader, timeout=30)
            except TimeoutError:
                res.errors.append("no recall after the last line within 30 s")
                reader.cancel()


def pct(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    ms = np.asarray(values) * 1000
    return {"n": len(values), "p50_ms": round(float(np.percentile(ms, 50)), 1),
            "p95_ms": round(float(np.percentile(ms, 95)), 1),
            "max_ms": round(float(ms.max()), 1)}  # fmt: skip


async def phase(
    base: str, pid: int, n: int, args: argparse.Namespace, ids: dict[str, int], unrelated: set[str]
) -> dict[str, Any]:
    interval = 1 / args.rate
    convs = [conversation(args.turns, seed=s) for s in range(n)]
    results = [Result() for _ in range(n)]
    offsets = [(i * interval / n) if not args.no_stagger else 0.0 for i in range(n)]
    # The server's idle CPU rate, to take out of the figures (after the writes' background
    # work, such as contradiction checks, has settled).
    await asyncio.sleep(3)
    idle_cpu0, idle_t0 = cpu_seconds(pid), time.perf_counter()
    await asyncio.sleep(5)
    idle_rate = (cpu_seconds(pid) - idle_cpu0) / (time.perf_counter() - idle_t0)
    load_before = loadavg()
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(
        *(
            one_subscription(base, lines, interval, offsets[i], args.threshold, results[i])
            for i, (lines, _) in enumerate(convs)
        )
    )
    wall = time.perf_counter() - t0
    cpu = cpu_seconds(pid) - cpu0 - idle_rate * wall
    delays: list[float] = []
    early = late = missed = stray = 0
    per_sub_ok: list[bool] = []
    per_sub_max: list[float] = []
    for (_, related), res in zip(convs, results, strict=True):
        ok = not res.errors
        worst = 0.0
        for line_index, which in related.items():
            got = res.pushes.get(next(m for m, w in ids.items() if w == which))
            if got is None:
                missed += 1
                ok = False
                continue
            at, after = got
            if after < line_index:
                early += 1
                ok = False
                continue
            if after > line_index:
                late += 1
            delay = at - res.sent_at[line_index]
            delays.append(delay)
            worst = max(worst, delay)
            ok = ok and delay <= DEADLINE_S
        stray += sum(1 for m in res.pushes if m in unrelated)
        per_sub_ok.append(ok)
        per_sub_max.append(worst)
    minutes = args.turns * interval / 60
    return {
        "subscriptions": n,
        "turns": args.turns,
        "rate_lines_per_s": args.rate,
        "staggered": not args.no_stagger,
        "wall_s": round(wall, 1),
        "load_before": load_before,
        "load_after": loadavg(),
        "recalls_per_subscription": {
            "mean": round(sum(r.recalls for r in results) / n, 1),
            "min": min(r.recalls for r in results),
            "max": max(r.recalls for r in results),
        },
        "api_cpu_s_total": round(cpu, 2),
        "api_cpu_s_raw": round(cpu + idle_rate * wall, 2),
        "api_cpu_ms_per_recall": round(cpu * 1000 / max(1, sum(r.recalls for r in results)), 1),
        "api_idle_cpu_per_s": round(idle_rate, 4),
        "api_cpu_s_per_subscription_per_minute": round(cpu / n / minutes, 2),
        "api_cpu_share_of_one_core": round(cpu / wall, 3),
        "push_delay": pct(delays),
        "recall_took_ms": pct([t / 1000 for r in results for t in r.took_ms]),
        "early_pushes": early,
        "pushed_after_a_later_line": late,
        "missed": missed,
        "unrelated_pushes": stray,
        "open_p50_ms": pct([r.opened_s for r in results])["p50_ms"],
        "errors": sorted({e for r in results for e in r.errors})[:5],
        "worst_delay_per_subscription_ms": [round(w * 1000) for w in per_sub_max],
        "all_within_1s": all(per_sub_ok),
    }


def store_memories(base: str) -> tuple[dict[str, int], set[str]]:
    headers = {"Authorization": f"Bearer {KEY}"}
    memories = [{"content": m, "entity_id": ENTITY, "importance": 0.7} for m, _ in RELATED]
    memories += [{"content": m, "entity_id": ENTITY} for m in UNRELATED]
    r = httpx.post(f"{base}/v1/memories/batch", json={"memories": memories},
                   headers=headers, timeout=120)  # fmt: skip
    r.raise_for_status()
    stored: list[str] = r.json()["memory_ids"]  # in input order
    ids = {memory_id: i for i, memory_id in enumerate(stored[: len(RELATED)])}
    return ids, set(stored[len(RELATED) :])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--subs", default="1,20", help="subscription counts, in order")
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--rate", type=float, default=1.0, help="lines a second per subscription")
    parser.add_argument("--threshold", type=float, default=0.35)
    parser.add_argument("--no-stagger", action="store_true")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    uri = os.environ.get("HEBBS_NEO4J_URI")
    if not uri or urlparse(uri).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("set HEBBS_NEO4J_URI to a Neo4j on 127.0.0.1 (this never starts one)")
    counts = [int(c) for c in args.subs.split(",")]
    tenant = f"bench-subscribe-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}"
    port = free_port()
    env = os.environ | {
        "HEBBS_API_KEYS": f"{KEY}:{tenant}",
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        # room for the largest N (the default is 100 a process)
        "HEBBS_SUBSCRIBE_MAX_SUBSCRIPTIONS": str(max(100, *counts)),
    }
    base = f"http://127.0.0.1:{port}"
    phases: list[dict[str, Any]] = []
    try:
        with server(env, port) as proc:
            wait_for(f"{base}/v1/health/ready", proc)
            ids, unrelated = store_memories(base)
            log(f"API pid {proc.pid} on {base}; {len(ids) + len(unrelated)} memories stored")
            for n in counts:
                result = asyncio.run(phase(base, proc.pid, n, args, ids, unrelated))
                phases.append(result)
                log(json.dumps(result))
    finally:
        deleted = asyncio.run(purge(Settings(), tenant))
        log(f"deleted {deleted} nodes of {tenant}")
    for p in phases:
        d = p["push_delay"]
        print(
            f"N={p['subscriptions']:>3}: recalls/sub {p['recalls_per_subscription']['mean']}, "
            f"API CPU {p['api_cpu_s_per_subscription_per_minute']} s/sub/min "
            f"({p['api_cpu_share_of_one_core']:.0%} of a core, {p['api_cpu_ms_per_recall']} ms a "
            f"recall), recall took p50 "
            f"{p['recall_took_ms']['p50_ms']} p95 {p['recall_took_ms']['p95_ms']} ms, "
            f"push delay p50 {d['p50_ms']} "
            f"p95 {d['p95_ms']} max {d['max_ms']} ms (n={d['n']}), early {p['early_pushes']}, "
            f"late-line {p['pushed_after_a_later_line']}, missed {p['missed']}, "
            f"unrelated {p['unrelated_pushes']}; all within 1 s: {p['all_within_1s']}; "
            f"load {p['load_before']} -> {p['load_after']}"
        )
    result = {"args": vars(args) | {"out": str(args.out)}, "phases": phases}
    print(json.dumps(result, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
