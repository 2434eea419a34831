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
recall does (``pairchecks.changed``). Reported per source and scope:

- slots: the share of changed groups where the newest statement is paired with an
  older one (what ranks it first without a verdict);
- pairs: the share of old/new pairs within changed groups that are among the
  candidates and flagged, and of those among the candidates;
- precision: flagged old/new pairs of one group over every flagged pair; and, as a
  separate figure, counting a flagged pair between two changed groups that ask the same
  question (``same_question``: a source may ask one question twice, "When does the new
  episodes of supernatural start?" / "When do the new …") as a change; the pairs it
  counts so are printed, for a reader to check;
- look-alikes: flagged pairs within look-alike groups (all true).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from hebbs_graph.services.container import load_embedder
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.recall.pairchecks import changed
from hebbs_graph.settings import Settings

K = 10
MIN_SIMILARITY = 0.5
MIN_CONFIDENCE = 0.35

# Which question a group asks: its questions' words, lowercased, without the words that
# do not change the question (articles, prepositions, forms of "be", "do", "have" and
# the other auxiliaries; "when", "where", "who" … do, and stay) nor those that only say
# "now" (SituatedQA asks every question about when it is asked: "… right now", "the
# current …" restate it), plurals made singular. Two groups ask the same question when
# one question of each has the same words: equal, not a share of them, as one word more
# can make another question ("… the last world cup" / "… the last 10 world cups",
# "… olympics" / "… winter olympics"). A question two groups of a source share word for
# word is a template asked of every subject (Dialogue NLI's "How old am I?", of many
# speakers), not one question asked twice: it joins no groups (``own_questions``).
_FUNCTION_WORDS = frozenset(
    str.split(
        "a an the of in on at to for and or by with from as into about is are was were be "
        "been being am do does did has have had will would shall should can could may "
        "might must it its this that these those there"
    )
)
_NOW_WORDS = frozenset({"now", "current", "currently", "today", "presently"})
_WORD = re.compile(r"[a-z0-9]+")


def question_words(question: str) -> frozenset[str]:
    """The words that say which question is asked (see ``_FUNCTION_WORDS``)."""
    text = question.lower().replace("\u2019", "'")
    text = re.sub(r"n't\b", " not", text)  # "didn't go" keeps its "not"
    text = re.sub(r"'s\b", "", text)
    text = re.sub(r"\bright now\b", "now", text)
    words = set()
    for w in _WORD.findall(text):
        if w in _FUNCTION_WORDS or w in _NOW_WORDS:
            continue
        if len(w) > 4 and w.endswith("ies"):
            w = w[:-3] + "y"
        elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        words.add(w)
    return frozenset(words)


def own_questions(groups: list[dict[str, Any]]) -> list[list[str]]:
    """Each group's questions that no other group of the source has word for word."""
    seen: dict[str, int] = {}
    for g in groups:
        for q in set(g.get("questions", [])):
            seen[q] = seen.get(q, 0) + 1
    return [[q for q in g.get("questions", []) if seen[q] == 1] for g in groups]


def same_question(a: list[str], b: list[str]) -> bool:
    """Whether two groups (their questions) ask one question in other words."""
    asked = {question_words(q) for q in a} - {frozenset()}
    return any(question_words(q) in asked for q in b)


def statements(source: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for g, own in zip(source["groups"], own_questions(source["groups"]), strict=True):
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
                    "questions": own,
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
    asked_alike = {
        p
        for p in flagged - same
        if items[p[0]]["kind"] == items[p[1]]["kind"] == "changed"
        and same_question(items[p[0]]["questions"], items[p[1]]["questions"])
    }
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
        # Not instead of the strict figure: beside it, with the pairs it counts shown.
        "precision_same_question_merged": _share(
            len(changed_same) + len(asked_alike), len(flagged - look)
        ),
        "flagged_across_same_question": len(asked_alike),
        "same_question_pairs": sorted(
            {(items[i]["questions"][0], items[j]["questions"][0]) for i, j in asked_alike}
        ),
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
            for a, b in row["detection"]["same_question_pairs"]:
                print(f"  SAME QUESTION {a!r} / {b!r}")
        if show:
            _show_misses(items, show)
    return out


def _line(r: dict[str, Any]) -> str:
    return (
        f"slots {r['slot_newest_paired']} of {r['slots']}, pairs flagged "
        f"{r['old_new_flagged']} (candidates {r['old_new_candidates']}), precision "
        f"{r['precision_without_lookalikes']} ({r['precision_same_question_merged']} with "
        f"{r['flagged_across_same_question']} pairs of groups asking the same question), "
        f"look-alike pairs flagged "
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
