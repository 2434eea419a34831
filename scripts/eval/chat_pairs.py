"""False alarms in conversation: how many pairs of one speaker's turns the heuristic
classifier would raise, and how many the read-side ``changed`` check would order, in
public chat sets that hold no contradiction labels.

Every pair of one speaker's turns of one conversation (LoCoMo: all ten conversations,
each turn as ``locomo.py`` stores it, ``Speaker: text``; RealMem: each user's first
``--realmem-turns`` messages, as ``user: text``). Chat says the same things again and
again ("Take care!", "Thanks, Jon!"), and a speaker's facts rarely change inside one
set, so nearly every pair raised is a false alarm an agent reviewing contradictions
would have to dismiss: fewer is better, and ``--show`` prints a sample to read. Detection
compares a write with its nearest neighbours only, so the counts are an upper bound of
what a write raises (``locomo.py --keep`` and the ``PendingContradiction`` count give
the real one).

    PYTHONPATH=.:scripts/eval .venv/bin/python scripts/eval/chat_pairs.py \
        /work/shared/data/locomo10.json --realmem ~/.cache/hebbs-graph/eval/realmem.json \
        --label after --out docs/bench/chat_pairs.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import locomo_data

from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.recall.pairchecks import changed

MIN_CONFIDENCE = 0.35


def locomo_turns(path: Path) -> list[list[str]]:
    """Each conversation's turns, grouped by speaker."""
    out = []
    for conv in locomo_data.load(path):
        for speaker in conv.speakers:
            out.append([t.content() for t in conv.turns if t.speaker == speaker])
    return out


def realmem_turns(path: Path, limit: int) -> list[list[str]]:
    """Each user's first ``limit`` messages."""
    data = json.loads(path.read_text())
    out = []
    for persona in data["personas"]:
        said = [
            f"user: {t['content'].strip()}"
            for s in persona["sessions"]
            for t in s["turns"]
            if t["role"] == "user" and t["content"].strip()
        ]
        out.append(said[:limit])
    return out


def count(groups: list[list[str]], show: int, seed: int) -> dict[str, Any]:
    pairs = raised = ordered = 0
    signals: Counter[str] = Counter()
    sample: list[tuple[str, str, list[str]]] = []
    started = time.perf_counter()
    for turns in groups:
        for a, b in itertools.combinations(turns, 2):
            pairs += 1
            c = classify(a, b)
            if c.score >= MIN_CONFIDENCE:
                raised += 1
                signals.update(c.names)
                sample.append((a, b, c.names))
            ordered += changed(a, b)
    random.Random(seed).shuffle(sample)
    for a, b, names in sample[:show]:
        print(f"  {names} {a[:100]!r} / {b[:100]!r}")
    return {
        "pairs": pairs,
        "raised": raised,
        "raised_per_100k": round(raised / max(1, pairs) * 1e5, 2),
        "changed": ordered,
        "signals": dict(signals.most_common()),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--realmem", type=Path)
    parser.add_argument("--realmem-turns", type=int, default=300)
    parser.add_argument("--show", type=int, default=0, help="print this many raised pairs")
    parser.add_argument("--label", default="after")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    figures = {"locomo": count(locomo_turns(args.locomo), args.show, 0)}
    if args.realmem is not None:
        groups = realmem_turns(args.realmem, args.realmem_turns)
        figures["realmem"] = count(groups, args.show, 0)
    for name, f in figures.items():
        print(f"{name}: {json.dumps(f)}")
    if args.out is not None:
        kept = json.loads(args.out.read_text()) if args.out.exists() else {}
        kept[args.label] = figures
        args.out.write_text(json.dumps(kept, indent=2) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
