"""What could a graph step by shared mentions add to LoCoMo recall? A simulation before
building one (issue 30, items 1 and 2).

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/locomo_graph_step.py \\
        /work/shared/data/locomo10.json --tenant-prefix lc29g- \\
        --out docs/bench/locomo_graph_step.json

Needs the conversations stored as ``locomo.py --keep`` leaves them (``--tenant-prefix``
as there). Every question is asked once of the default recall with ``top_k`` 100; the
graph step is then simulated in Python on those answers, as a walk from the leading
results to every turn of the conversation that mentions what they mention would be:

- a turn's *mentions* are its capitalised names and acronyms (the contradiction
  heuristics' tokenizer, the conversation's speakers left out: they are in every turn)
  and, with ``words``, its content words as stems (4 letters or more, no stop word);
- a mention held by more than ``cap`` turns of the conversation links nothing (the
  data's own statistics: a word every other turn says is no link);
- each of the ``leaders`` best results lends ``share`` × its score to every turn that
  shares a linking mention with it (the best lender counts), inside the top 100 or not;
- recall@10 of the evidence turns is scored as ``locomo.py`` scores it, per category.

Reported: the default's R@10/25/50/100 (how much evidence the step could still reach),
and R@10 for every combination of mention kind, share, leaders and cap. A grid's best
cell is chosen on the same questions it is scored on, so it overstates what a setting
chosen that way would give on other data.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/eval: locomo
import locomo
from locomo_data import CATEGORY_ORDER, Conversation, load

from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import load_embedder, open_services
from hebbs_graph.services.contradict.heuristics.lexicon import STOPWORDS
from hebbs_graph.services.contradict.heuristics.text import stem, tokenize
from hebbs_graph.settings import Settings

FETCH = 100
KINDS = ("names", "words", "both")
SHARES = (0.1, 0.2, 0.3)
LEADERS = (3, 5, 10)
CAPS = (3, 8, 20)

Ranked = list[tuple[str, float]]


def mentions(text: str, kind: str) -> set[str]:
    out: set[str] = set()
    for t in tokenize(text):
        if t.proper and kind in ("names", "both"):
            out.add("name:" + t.text.lower())
        elif (
            kind in ("words", "both")
            and not t.proper
            and t.number is None
            and t.text.isalpha()
            and len(t.text) > 3
            and t.text not in STOPWORDS
        ):
            out.add("word:" + stem(t.text))
    return out


def ask_all(convs: list[Conversation]) -> list[dict[str, Any]]:
    settings = Settings()
    loop = asyncio.new_event_loop()
    embedder = locomo.CachedEmbedder(load_embedder(settings))
    services = loop.run_until_complete(open_services(settings, embedder=embedder))
    rows: list[dict[str, Any]] = []
    try:
        for conv in convs:
            locomo.log(f"asking {conv.sample_id}")
            for q in conv.questions:
                request = RecallIn(
                    cue=q.text, entity_id=conv.sample_id, top_k=FETCH, reinforce=False
                )
                out = loop.run_until_complete(
                    services.recall.recall(locomo.tenant_of(conv), request)
                )
                ranked = [(str(r.memory.context.get("message_id")), r.score) for r in out.results]
                rows.append(
                    {"conv": conv.sample_id, "category": q.category, "evidence": q.evidence}
                    | {"ranked": ranked}
                )
    finally:
        loop.run_until_complete(services.close())
        loop.close()
    return rows


def stepped(
    ranked: Ranked, turns: dict[str, set[str]], df: Counter[str], cell: tuple[Any, ...]
) -> list[str]:
    """The answer after the simulated step: ``ranked`` plus the lent scores, re-sorted.
    A leader lends to the other turns that share a linking mention, not to itself."""
    _, share, leaders, cap = cell
    final = dict(ranked)
    lenders: dict[str, list[tuple[float, str]]] = defaultdict(list)  # mention -> (score, id)
    for mid, score in ranked[:leaders]:
        for m in turns.get(mid, ()):
            if df[m] <= cap:
                lenders[m].append((score, mid))
    if not lenders:
        return [mid for mid, _ in ranked]
    for mid, held in turns.items():
        lent = max(
            (score for m in held for score, by in lenders.get(m, ()) if by != mid), default=0.0
        )
        if lent > 0:
            final[mid] = final.get(mid, 0.0) + share * lent
    return sorted(final, key=lambda mid: -final[mid])


def recall_at(rows: list[dict[str, Any]], answers: list[list[str]], k: int) -> dict[str, float]:
    by: dict[str, list[float]] = defaultdict(list)
    for row, ranked in zip(rows, answers, strict=True):
        evidence = set(row["evidence"])
        got = len(evidence & set(ranked[:k])) / len(evidence)
        by[row["category"]].append(got)
        by["overall"].append(got)
    order = [*CATEGORY_ORDER, "overall"]
    return {c: round(100 * sum(by[c]) / len(by[c]), 1) for c in order if by[c]}


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--tenant-prefix", default="locomo-")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    locomo.TENANT_PREFIX[0] = args.tenant_prefix
    convs = load(args.data)
    rows = ask_all(convs)
    plain = [[mid for mid, _ in row["ranked"]] for row in rows]
    report: dict[str, Any] = {
        "default": {f"R@{k}": recall_at(rows, plain, k) for k in (10, 25, 50, 100)},
        "cells": [],
    }
    print("default", json.dumps(report["default"]))
    speakers = {c.sample_id: {"name:" + t.speaker.lower() for t in c.turns} for c in convs}
    for kind in KINDS:
        turns = {
            c.sample_id: {
                t.dia_id: mentions(t.said(), kind) - speakers[c.sample_id] for t in c.turns
            }
            for c in convs
        }
        dfs = {sid: Counter(m for held in ts.values() for m in held) for sid, ts in turns.items()}
        for cell in itertools.product([kind], SHARES, LEADERS, CAPS):
            answers = [
                stepped(row["ranked"], turns[row["conv"]], dfs[row["conv"]], cell) for row in rows
            ]
            r10 = recall_at(rows, answers, 10)
            report["cells"].append(
                {"kind": kind, "share": cell[1], "leaders": cell[2]} | {"cap": cell[3], "R@10": r10}
            )
            print(cell, json.dumps(r10))
    best = max(report["cells"], key=lambda c: c["R@10"]["overall"])
    print("best cell", json.dumps(best))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
