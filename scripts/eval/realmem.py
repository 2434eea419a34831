"""Recall on RealMem, a public long-term chat set nobody here wrote: does the memory of
earlier sessions come back when a later question needs it?

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/realmem.py \\
        ~/.cache/hebbs-graph/eval/realmem.json --out docs/bench/realmem.json

(the JSON from ``scripts/eval/public/realmem.py``). Each simulated user is a tenant of its
own, the user an entity; the history is replayed in order through the conversation
service (one call per session, turns as ``user`` / ``assistant``, a turn's first 16,000
characters, a control character other than tab and newline as a space). A session's queries are asked *before* the session is stored, so memory
holds exactly the earlier sessions, as it would have when the user asked: the query's
text is the cue (``entity_id`` the user, ``top_k`` 25, ``reinforce: false``, default
settings otherwise), and the score is **session recall@k**: the share of the sessions
the source says the answer used that have at least one turn in the top k, per query,
averaged per category and overall. Contradiction checks are drained before each
session's queries, so what recall reads does not depend on timing. BM25 (as
``locomo.py``'s, over the same earlier turns) is the baseline. Tenants ``realmem-*`` are
purged first and, unless ``--keep``, afterwards. Each user's rows are saved as it ends, so
a run that stopped is taken up again where it stopped (``--fresh``: from the start); a
finished run keeps only its figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from baselines import BM25
from common import database_note, purge_tenant

from hebbs_graph.models.conversation import ConversationIn, MessageIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

TOP_K = 25
KS = (5, 10, 25)
MAX_CHARS = 16_000
# Control characters other than tab and newlines (a pasted web page's U+0002): the API
# refuses them, as it should; the replay writes a space instead.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
STARTED = time.perf_counter()


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


def said(text: str) -> str:
    return CONTROL.sub(" ", text[:MAX_CHARS])


def request(name: str, n: int, session: dict[str, Any]) -> ConversationIn:
    """One session; its turns a second apart from its day (plus its place in the day)."""
    start = datetime.fromisoformat(session["date"]).replace(tzinfo=UTC) + timedelta(minutes=n)
    return ConversationIn(
        entity_id=name,
        session_id=session["uuid"],
        started_at=start,
        messages=[
            MessageIn(
                role=t["role"],
                content=said(t["content"]),
                message_id=f"{session['uuid']}:{i}",
            )
            for i, t in enumerate(session["turns"])
            if t["content"].strip()
        ],
    )


def hits(ranked: list[str], evidence: list[str]) -> dict[int, float]:
    """Session recall at each k: the share of evidence sessions among the first k."""
    return {k: sum(e in set(ranked[:k]) for e in evidence) / len(evidence) for k in KS}


async def run_persona(
    services: Services, persona: dict[str, Any], prefix: str, keep: bool
) -> list[dict[str, Any]]:
    tenant, name = f"{prefix}{persona['name']}", persona["name"]
    await purge_tenant(services, tenant)
    rows: list[dict[str, Any]] = []
    docs: list[str] = []  # every stored turn, for BM25
    doc_session: list[str] = []
    try:
        for n, session in enumerate(persona["sessions"]):
            queries = [t for t in session["turns"] if "query" in t]
            if queries:
                await services.contradict.drain(timeout_s=120)
                bm25 = BM25(docs) if docs else None
            for turn in queries:
                q = turn["query"]
                cue = said(turn["content"])
                out = await services.recall.recall(
                    tenant, RecallIn(cue=cue, entity_id=name, top_k=TOP_K, reinforce=False)
                )
                ours = [str(r.memory.context.get("session_id")) for r in out.results]
                theirs = [doc_session[i] for i in bm25.top(cue, TOP_K)] if bm25 else []
                rows.append(
                    {
                        "persona": name,
                        "id": q["id"],
                        "category": q["category"],
                        "evidence": q["evidence"],
                        "hebbs-graph": hits(ours, q["evidence"]),
                        "bm25": hits(theirs, q["evidence"]),
                    }
                )
            call = request(name, n, session)
            stored = await services.conversation.remember_conversation(tenant, call)
            docs += [m.content for m in call.messages]
            doc_session += [session["uuid"]] * len(call.messages)
            if stored.stored != len(call.messages):
                log(f"warning: {name} {session['uuid']} stored {stored.stored}")
    finally:
        if not keep:  # the checks first: a purge under a running check fails it
            await services.contradict.drain(timeout_s=120)
            await services.recall.drain()
            await purge_tenant(services, tenant)
    return rows


def table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    categories = [*sorted({r["category"] for r in rows}), "overall"]
    for category in categories:
        mine = [r for r in rows if category in ("overall", r["category"])]
        out[category] = {"n": len(mine)} | {
            f"{who} R@{k}": round(100 * sum(r[who][k] for r in mine) / len(mine), 1)
            for who in ("hebbs-graph", "bm25")
            for k in KS
        }
    return out


async def run(args: argparse.Namespace, done: list[dict[str, Any]]) -> dict[str, Any]:
    """Every persona not in ``done`` (an earlier run's rows under the same label): a run
    that stops half-way is taken up again where it stopped."""
    data = json.loads(args.data.read_text())
    personas = data["personas"][: args.personas or None]
    settings = Settings()
    services = await open_services(settings, embedder=load_embedder(settings))
    database = await database_note(services, args.tenant_prefix)
    finished = {r["persona"] for r in done}
    rows = list(done)
    try:
        for persona in personas:
            if persona["name"] in finished:
                continue
            started = time.perf_counter()
            rows += await run_persona(services, persona, args.tenant_prefix, args.keep)
            took = time.perf_counter() - started
            log(f"{persona['name']}: {len(rows)} queries so far, {took:.0f}s")
            save(args, {"origin": data["origin"], "rows": rows})
    finally:
        await services.close()
    figures = {"origin": data["origin"], "top_k": TOP_K, "by_category": table(rows)}
    return figures | database | {"rows": rows}


def save(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    if not args.out:
        return
    saved = json.loads(args.out.read_text()) if args.out.exists() else {}
    saved[args.label] = figures | {"when": datetime.now(UTC).isoformat(timespec="seconds")}
    args.out.write_text(json.dumps(saved, indent=1) + "\n")


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--personas", type=int, default=0, help="the first N only (debug)")
    parser.add_argument("--tenant-prefix", default="realmem-")
    parser.add_argument("--keep", action="store_true", help="keep the tenants afterwards")
    parser.add_argument("--label", default="default")
    parser.add_argument(
        "--fresh", action="store_true", help="ignore the rows an earlier run left under the label"
    )
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    earlier = json.loads(args.out.read_text()) if args.out and args.out.exists() else {}
    done = [] if args.fresh else earlier.get(args.label, {}).get("rows", [])
    figures = asyncio.run(run(args, done))
    print("| category | n | hebbs-graph R@5 / R@10 / R@25 | BM25 R@5 / R@10 / R@25 |")
    print("|---|---:|---|---|")
    for category, f in figures["by_category"].items():
        ours = " / ".join(str(f[f"hebbs-graph R@{k}"]) for k in KS)
        bm25 = " / ".join(str(f[f"bm25 R@{k}"]) for k in KS)
        print(f"| {category} | {f['n']} | {ours} | {bm25} |")
    figures.pop("rows")  # kept only while a run is unfinished (to take it up again)
    save(args, figures)
    if args.out:
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
