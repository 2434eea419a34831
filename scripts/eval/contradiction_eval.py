"""Evaluate the heuristic contradiction classifier on hand-written labelled pairs.

    PYTHONPATH=. .venv/bin/python scripts/eval/contradiction_eval.py \\
        --out docs/bench/contradiction_eval.json

A pair is *flagged* when its score reaches min_confidence (0.35, as Phase 1 stores it).
Positives are the contradictions (negation, antonym, number, value) and revisions;
negatives are consistent paraphrases and unrelated statements on the same topic.
Prints, for the dev set, the held-out set and both together: overall precision and
recall, recall per category (false-positive rate for the negatives), precision and
recall per signal, and how often the suggested verdict matched (revision vs
contradiction). Runs no model and no database: the classifier is pure.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from contradiction_pairs import DEV, HOLDOUT, POSITIVE

from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.settings import Settings

# Which signal each contradiction category is meant to exercise.
CATEGORY_SIGNAL = {
    "negation": "negation",
    "antonym": "antonym",
    "number": "numeric",
    "value": "value",
}
SIGNALS = ["negation", "antonym", "numeric", "value", "revision"]


def judge(pairs: dict[str, list[tuple[str, str]]], threshold: float) -> list[dict[str, Any]]:
    rows = []
    for category, items in pairs.items():
        for a, b in items:
            c = classify(a, b)
            rows.append(
                {
                    "category": category,
                    "positive": category in POSITIVE,
                    "a": a,
                    "b": b,
                    "score": c.score,
                    "flagged": c.score >= threshold,
                    "signals": c.names,
                    "suggested_verdict": c.suggested_verdict,
                    "symmetric": classify(b, a).score == c.score,
                }
            )
    return rows


def ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    tp = sum(r["flagged"] and r["positive"] for r in rows)
    fp = sum(r["flagged"] and not r["positive"] for r in rows)
    fn = sum(not r["flagged"] and r["positive"] for r in rows)
    precision, recall = ratio(tp, tp + fp), ratio(tp, tp + fn)
    f1 = round(2 * precision * recall / (precision + recall), 3) if precision and recall else None
    categories = {}
    for category in dict.fromkeys(r["category"] for r in rows):
        mine = [r for r in rows if r["category"] == category]
        categories[category] = {
            "pairs": len(mine),
            "flagged": sum(r["flagged"] for r in mine),
            "share_flagged": ratio(sum(r["flagged"] for r in mine), len(mine)),
        }
    signals = {}
    for signal in SIGNALS:
        fired = [r for r in rows if r["flagged"] and signal in r["signals"]]
        own = [r for r in rows if CATEGORY_SIGNAL.get(r["category"]) == signal]
        if signal == "revision":
            own = [r for r in rows if r["category"] == "revision"]
        signals[signal] = {
            "fired_in_flagged": len(fired),
            "precision": ratio(sum(r["positive"] for r in fired), len(fired)),
            # recall: share of the pairs this signal exists for that it fired on and flagged
            "recall": ratio(sum(r["flagged"] and signal in r["signals"] for r in own), len(own)),
        }
    flagged_pos = [r for r in rows if r["flagged"] and r["positive"]]
    verdict_ok = sum(
        (r["suggested_verdict"] == "revision") == (r["category"] == "revision") for r in flagged_pos
    )
    return {
        "pairs": len(rows),
        "positives": sum(r["positive"] for r in rows),
        "true_positives": tp,
        "false_positives": fp,
        "false_negatives": fn,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "suggested_verdict_accuracy": ratio(verdict_ok, len(flagged_pos)),
        "asymmetric_scores": sum(not r["symmetric"] for r in rows),
        "categories": categories,
        "signals": signals,
    }


def table(name: str, s: dict[str, Any]) -> str:
    lines = [
        f"### {name}: {s['pairs']} pairs, {s['positives']} positive",
        "",
        f"precision {s['precision']}, recall {s['recall']}, F1 {s['f1']}; "
        f"suggested verdict right on {s['suggested_verdict_accuracy']} of true positives",
        "",
        "| category | pairs | flagged | share flagged |",
        "|---|---:|---:|---:|",
    ]
    for category, c in s["categories"].items():
        lines.append(f"| {category} | {c['pairs']} | {c['flagged']} | {c['share_flagged']} |")
    lines += ["", "| signal | fired (flagged) | precision | recall |", "|---|---:|---:|---:|"]
    for signal, c in s["signals"].items():
        lines.append(f"| {signal} | {c['fired_in_flagged']} | {c['precision']} | {c['recall']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    parser.add_argument("--show-errors", action="store_true", help="list every wrong pair")
    args = parser.parse_args()
    threshold = Settings().contradiction_min_confidence
    sets = {"dev": judge(DEV, threshold), "holdout": judge(HOLDOUT, threshold)}
    sets["all"] = sets["dev"] + sets["holdout"]
    report = {name: summarise(rows) for name, rows in sets.items()}
    for name in ("dev", "holdout", "all"):
        print(table(name, report[name]), end="\n\n")
    errors = [r for r in sets["all"] if r["flagged"] != r["positive"]]
    if args.show_errors:
        for r in errors:
            kind = "FP" if r["flagged"] else "FN"
            print(
                f"{kind} [{r['category']}] {r['score']:.2f} {r['signals']}: {r['a']!r} / {r['b']!r}"
            )
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "min_confidence": threshold,
            **report,
            "errors": [
                {k: r[k] for k in ("category", "a", "b", "score", "signals")} for r in errors
            ],
        }
        args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    ok = (report["all"]["recall"] or 0) >= 0.8 and (report["all"]["precision"] or 0) >= 0.7
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
