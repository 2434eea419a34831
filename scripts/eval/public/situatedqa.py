"""SituatedQA (Zhang & Choi, EMNLP 2021) temporal questions as changing facts.

The temporal part of SituatedQA takes Natural Questions whose answer depends on when they
are asked; crowd workers annotated, for each, the previous and the current answer and the
date each became true (``data/raw_data/temp.{train,dev,test}.jsonl`` in
mikejqzhang/SituatedQA, field ``timelines``).

SituatedQA has no declarative sentences, only questions, so a statement is formed by the
simplest faithful rule: the question (first letter capitalised, with a question mark)
followed by the answer as annotated, ``Who is president of india in present time? Ram Nath
Kovind.``. Each question gives one ``changed`` group of two statements: the previous
answer at its start date, then the current answer at its start date. The group's question
is the original one. No lookalike groups (the data has none).

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/situatedqa.py --mirror
/work/.mirror/mikejqzhang+SituatedQA/repo --out /root/.cache/hebbs-graph/eval/situatedqa.json``
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any

PATHS = [f"data/raw_data/temp.{split}.jsonl" for split in ("train", "dev", "test")]
LICENCE = (
    "no licence file in mikejqzhang/SituatedQA; questions from Natural Questions (CC BY-SA 3.0)"
)
SEED = 0
MAX_GROUPS = 1000


def git_show(mirror: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirror), "show", f"HEAD:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def head_commit(mirror: Path) -> str:
    out = subprocess.run(
        ["git", "--git-dir", str(mirror), "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def slug(text: str) -> str:
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def date(d: dict[str, int | None] | None) -> tuple[int, int, int, int] | None:
    """(year, month, day, precision): unknown month or day become 1; None without a year."""
    if not d or not d.get("year"):
        return None
    y, m, dd = d["year"], d.get("month"), d.get("date")
    assert y is not None
    precision = 1 + (m is not None) + (m is not None and dd is not None)
    return y, m or 1, (dd or 1) if m else 1, precision


def iso(d: tuple[int, int, int, int]) -> str:
    return f"{d[0]:04d}-{d[1]:02d}-{d[2]:02d}T00:00:00Z"


def sentence(question: str, answer: str) -> str:
    q = question.strip().rstrip("?").strip()
    return f"{q[:1].upper()}{q[1:]}? {answer.strip()}" + (
        "" if answer.strip().endswith((".", "!", "?")) else "."
    )


def group(row: dict[str, Any]) -> dict[str, Any] | None:
    """The changed group of one question: its most precisely dated usable timeline."""
    best: tuple[int, dict[str, Any]] | None = None
    for t in row.get("timelines") or []:
        prev, cur = date(t.get("prev_start")), date(t.get("cur_start"))
        old, new = (
            (t.get("prev_answers_full") or "").strip(),
            (t.get("cur_answers_full") or "").strip(),
        )
        if prev is None or cur is None or not old or not new or old == new:
            continue
        if prev[:3] >= cur[:3]:
            continue
        score = prev[3] + cur[3]
        if best is None or score > best[0]:
            best = (
                score,
                {
                    "statements": [
                        {
                            "text": sentence(row["question"], old),
                            "value": old,
                            "occurred_at": iso(prev),
                        },
                        {
                            "text": sentence(row["question"], new),
                            "value": new,
                            "occurred_at": iso(cur),
                        },
                    ]
                },
            )
    if best is None:
        return None
    q = row["question"].strip()
    return {
        "id": f"situatedqa:{row['id']}",
        "subject": q,
        "entity_id": slug(q)[:80],
        "kind": "changed",
        "statements": best[1]["statements"],
        "questions": [q if q.endswith("?") else q + "?"],
    }


def build(mirror: Path) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    for path in PATHS:
        for line in git_show(mirror, path).decode("utf-8").splitlines():
            row = json.loads(line)
            g = group(row)
            if g is not None:
                groups.setdefault(row["question"].strip().lower(), g)
    picked = sorted(groups.values(), key=lambda g: str(g["id"]))
    random.Random(SEED).shuffle(picked)
    picked = sorted(picked[:MAX_GROUPS], key=lambda g: str(g["id"]))
    origin = f"mikejqzhang/SituatedQA@{head_commit(mirror)}:" + ",".join(PATHS)
    return {"source": "situatedqa", "origin": origin, "licence": LICENCE, "groups": picked}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of SituatedQA")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    payload = build(args.mirror)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    print(
        f"{args.out}: {len(payload['groups'])} changed, "
        f"{sum(len(g['statements']) for g in payload['groups'])} statements"
    )


if __name__ == "__main__":
    main()
