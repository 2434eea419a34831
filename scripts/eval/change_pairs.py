"""How well do detection's classifier and recall's changed-value check pair an old value
with its new one, on public changing-facts sets? No Neo4j: the pairs detection would
look at are found the way it finds them, in numpy.

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/change_pairs.py \\
        ~/.cache/hebbs-graph/eval/dyknow.json ~/.cache/hebbs-graph/eval/tempreason.json

Each source is a JSON file of ``scripts/eval/public/`` (groups of statements: ``changed``
ones, whose last statement is current, and ``lookalike`` ones, all true at once). For
each scope detection could use (``entity``: each subject's statements alone;
``tenant``: every statement of the source together) every statement's 10 nearest
others at cosine >= 0.5 (detection's K and min_similarity, defaults) are the candidate
pairs; each is classified as detection does (``classify`` >= 0.35) and checked as
recall does (``supersession.changed``). Reported per source and scope:

- slots: the share of changed groups where the newest statement is paired with an
  older one (what ranks it first without a verdict);
- pairs: the share of old/new pairs within changed groups that are among the
  candidates and flagged, and of those among the candidates;
- precision: flagged old/new pairs of one group over every flagged pair;
- look-alikes: flagged pairs within look-alike groups (all true).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from hebbs_graph.services.container import load_embedder
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.recall.supersession import changed
from hebbs_graph.settings import Settings

K = 10
MIN_SIMILARITY = 0.5
MIN_CONFIDENCE = 0.35


def statements(source: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for g in source["groups"]:
        for n, s in enumerate(g["statements"]):
            out.append(
                {
                    "group": g["id"],
                    "kind": g["kind"],
                    "entity": g.get("entity_id"),
                    "order": n,
                    "last": n == len(g["statements"]) - 1,
                    "text": s["text"],
                    "at": s["occurred_at"],
                }
            )
    return out


async def vectors(texts: list[str]) -> np.ndarray:
    """The model's vectors, normalised; kept in the cache folder between runs."""
    settings = Settings()
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
    path = Path(settings.cache_dir) / "eval" / f"vectors-{digest}.npy"
    if path.exists():
        kept: np.ndarray = np.load(path)
        return kept
    rows = await load_embedder(settings).embed(texts)
    m = np.asarray(rows, dtype=np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, m)
    return m


def candidate_pairs(items: list[dict[str, Any]], m: np.ndarray, scope: str) -> set[tuple[int, int]]:
    pairs: set[tuple[int, int]] = set()
    groups: dict[Any, list[int]] = {}
    for i, it in enumerate(items):
        # Changed and look-alike groups of one subject go apart (a source may hold a
        # statement in both).
        groups.setdefault((it["kind"], it["entity"] if scope == "entity" else None), []).append(i)
    for members in groups.values():
        idx = np.asarray(members)
        sims = m[idx] @ m[idx].T
        np.fill_diagonal(sims, -1)
        for row, i in enumerate(members):
            best = np.argsort(-sims[row])[:K]
            for col in best:
                if sims[row, col] >= MIN_SIMILARITY:
                    j = members[col]
                    pairs.add((min(i, j), max(i, j)))
    return pairs


def judge(
    items: list[dict[str, Any]], pairs: set[tuple[int, int]], flag: Callable[[str, str], bool]
) -> dict[str, Any]:
    def older_newer(i: int, j: int) -> tuple[int, int]:
        a, b = items[i], items[j]
        return (i, j) if (a["at"], a["order"]) <= (b["at"], b["order"]) else (j, i)

    flagged = {p for p in pairs if flag(*(items[k]["text"] for k in older_newer(*p)))}
    same = {p for p in flagged if items[p[0]]["group"] == items[p[1]]["group"]}
    changed_same = {p for p in same if items[p[0]]["kind"] == "changed"}
    look = {p for p in same if items[p[0]]["kind"] == "lookalike"}
    all_old_new = {
        (i, j)
        for i in range(len(items))
        for j in range(i + 1, len(items))
        if items[i]["group"] == items[j]["group"] and items[i]["kind"] == "changed"
    }
    slots: dict[str, bool] = {}
    for it in items:
        if it["kind"] == "changed":
            slots.setdefault(it["group"], False)
    for i, j in changed_same:
        for k in (i, j):
            if items[k]["last"]:
                slots[items[k]["group"]] = True
    return {
        "slots": len(slots),
        "slot_newest_paired": _share(sum(slots.values()), len(slots)),
        "old_new_pairs": len(all_old_new),
        "old_new_candidates": _share(len(all_old_new & pairs), len(all_old_new)),
        "old_new_flagged": _share(len(changed_same), len(all_old_new)),
        "flagged": len(flagged),
        "precision": _share(len(changed_same), len(flagged - look) + len(look)),
        "precision_without_lookalikes": _share(len(changed_same), len(flagged - look)),
        "lookalike_pairs_flagged": len(look),
        "lookalike_candidates": sum(
            1
            for p in pairs
            if items[p[0]]["group"] == items[p[1]]["group"] and items[p[0]]["kind"] == "lookalike"
        ),
    }


def _share(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None


def detection(a: str, b: str) -> bool:
    return classify(a, b).score >= MIN_CONFIDENCE


async def run(paths: list[Path], show: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in paths:
        source = json.loads(path.read_text())
        items = statements(source)
        m = await vectors([it["text"] for it in items])
        for scope in ("entity", "tenant"):
            pairs = candidate_pairs(items, m, scope)
            row = {
                "detection": judge(items, pairs, detection),
                "recall_check": judge(items, pairs, changed),
            }
            out[f"{source['source']}/{scope}"] = row
            print(f"{source['source']:14} {scope:7} {_line(row['detection'])}")
            print(f"{'':14} {'recall':7} {_line(row['recall_check'])}")
        if show:
            _show_misses(items, show)
    return out


def _line(r: dict[str, Any]) -> str:
    return (
        f"slots {r['slot_newest_paired']} of {r['slots']}, pairs flagged "
        f"{r['old_new_flagged']} (candidates {r['old_new_candidates']}), precision "
        f"{r['precision_without_lookalikes']}, look-alike pairs flagged "
        f"{r['lookalike_pairs_flagged']}/{r['lookalike_candidates']}"
    )


def _show_misses(items: list[dict[str, Any]], n: int) -> None:
    shown = 0
    by_group: dict[str, list[dict[str, Any]]] = {}
    for it in items:
        by_group.setdefault(it["group"], []).append(it)
    for members in by_group.values():
        if members[0]["kind"] != "changed" or len(members) < 2:
            continue
        new = members[-1]
        if any(detection(o["text"], new["text"]) for o in members[:-1]):
            continue
        print(f"  MISS {members[-2]['text']!r} / {new['text']!r}", file=sys.stderr)
        shown += 1
        if shown >= n:
            break


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", type=Path, nargs="+")
    parser.add_argument("--show", type=int, default=0, help="print this many misses a source")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = asyncio.run(run(args.sources, args.show))
    if args.out:
        args.out.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
