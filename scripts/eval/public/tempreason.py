"""TempReason (Tan et al., ACL 2023) changing facts, as TimeBench (Chu et al., 2023) ships them.

TempReason's L2 (event-time) and L3 (event-event) questions each carry a ``fact_context``:
the Wikidata facts of one subject and relation as TempReason's own sentences with their
validity, e.g. ``Mark Gower plays for Barnet F.C. from Jan, 2001 to Jan, 2003.``. This
converter reads them from ``TimeBench-full-19000.zip`` in a snapshot of zchuz/TimeBench,
merges the facts of each (subject, relation), and writes

- a ``changed`` group where no two facts of the subject overlap in time: the sentences
  without their ``from .. to ..`` clause, in order of the start of their validity (the last
  is the current value);
- a ``lookalike`` group where they do overlap: the facts that all hold at the time point
  where most of them hold at once (e.g. several positions held, several employers).

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/tempreason.py --mirror
/work/.mirror/zchuz+TimeBench/repo --out /root/.cache/hebbs-graph/eval/tempreason.json``
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ZIP_PATH = "TimeBench-full-19000.zip"
MEMBERS = [
    "TimeBench-full-19000/event-time/tempreason/event-time_1037.jsonl",
    "TimeBench-full-19000/event-time/tempreason/event-event_839.jsonl",
]
LICENCE = (
    "TimeBench: MIT (LICENSE in the repository); TempReason is built from Wikidata (CC0) "
    "and Wikipedia; the TempReason repository states no licence of its own"
)
SEED = 0
MAX_STATEMENTS = 2000
MAX_LOOKALIKE_GROUPS = 150
MAX_PER_CHANGED_GROUP = 6

MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )
}
FACT = re.compile(r"^(?P<body>.+?) from (?P<start>\w{3}, \d{4}) to (?P<end>\w{3}, \d{4})\.$")


@dataclass(frozen=True)
class Relation:
    """One TempReason sentence template: ``subject_first`` when the subject opens it."""

    name: str
    pattern: re.Pattern[str]
    subject_first: bool
    questions: tuple[str, ...]


def _rel(name: str, regex: str, subject_first: bool, *questions: str) -> Relation:
    return Relation(name, re.compile(regex), subject_first, questions)


# Object-first templates go first: their phrase is the more specific one.
RELATIONS = [
    _rel(
        "P6 head of government",
        r"^(?P<o>.+?) is the head of the government of (?P<s>.+)$",
        False,
        "Who is the head of the government of {s}?",
        "Who leads the government of {s}?",
    ),
    _rel(
        "P286 head coach",
        r"^(?P<o>.+?) is the head coach of (?P<s>.+)$",
        False,
        "Who is the head coach of {s}?",
        "Who coaches {s}?",
    ),
    _rel(
        "P488 chairperson",
        r"^(?P<o>.+?) is the chair of (?P<s>.+)$",
        False,
        "Who is the chair of {s}?",
        "Who chairs {s}?",
    ),
    _rel(
        "P54 member of sports team",
        r"^(?P<s>.+?) plays for (?P<o>.+)$",
        True,
        "Which team does {s} play for?",
        "{s} plays for which team?",
    ),
    _rel(
        "P108 employer",
        r"^(?P<s>.+?) works for (?P<o>.+)$",
        True,
        "Who does {s} work for?",
        "Which employer does {s} work for?",
    ),
    _rel(
        "P39 position held",
        r"^(?P<s>.+?) holds the position of (?P<o>.+)$",
        True,
        "Which position does {s} hold?",
        "What is the position of {s}?",
    ),
    _rel(
        "P69 educated at",
        r"^(?P<s>.+?) attended (?P<o>.+)$",
        True,
        "Which school does {s} attend?",
        "Where is {s} educated?",
    ),
    _rel(
        "P102 member of political party",
        r"^(?P<s>.+?) is a member of the (?P<o>.+)$",
        True,
        "Which political party does {s} belong to?",
        "{s} is a member of which party?",
    ),
    _rel(
        "P127 owned by",
        r"^(?P<s>.+?) is owned by (?P<o>.+)$",
        True,
        "Who owns {s}?",
        "Who is the owner of {s}?",
    ),
]


@dataclass(frozen=True)
class Fact:
    text: str
    value: str
    start: tuple[int, int]
    end: tuple[int, int]


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


def month(text: str) -> tuple[int, int]:
    name, year = text.split(", ")
    return int(year), MONTHS[name]


def iso(ym: tuple[int, int]) -> str:
    return f"{ym[0]:04d}-{ym[1]:02d}-01T00:00:00Z"


def parse_context(context: str) -> tuple[Relation, str, list[Fact]] | None:
    """The relation, subject and facts of one ``fact_context``; None when its lines do not
    share one template and one subject."""
    lines = [line.strip() for line in context.split("\n") if line.strip()]
    matches = [FACT.match(line) for line in lines]
    if not lines or any(m is None for m in matches):
        return None
    for rel in RELATIONS:
        facts: list[Fact] = []
        subjects: set[str] = set()
        for m in matches:
            assert m is not None
            r = rel.pattern.match(m["body"])
            if r is None:
                break
            subjects.add(r["s"])
            facts.append(
                Fact(m["body"] + ".", r["o"], month(m["start"]), month(m["end"])),
            )
        else:
            if len(subjects) == 1:
                return rel, subjects.pop(), facts
            return None
    return None


def overlaps(a: Fact, b: Fact) -> bool:
    return a.start < b.end and b.start < a.end


def most_at_once(facts: list[Fact]) -> list[Fact]:
    """The facts that hold at the start of validity where most facts hold at once."""
    best: list[Fact] = []
    for t in sorted({f.start for f in facts}):
        live: dict[str, Fact] = {}
        for f in facts:
            if f.start <= t < f.end or f.start == f.end == t:
                live.setdefault(f.value, f)
        if len(live) > len(best):
            best = list(live.values())
    return sorted(best, key=lambda f: (f.start, f.value))


def statement(f: Fact) -> dict[str, str]:
    return {
        "text": f.text,
        "value": f.value,
        "occurred_at": iso(f.start),
        "valid_until": iso(f.end),
    }


def build(mirror: Path) -> dict[str, Any]:
    archive = zipfile.ZipFile(io.BytesIO(git_show(mirror, ZIP_PATH)))
    merged: dict[tuple[str, str], tuple[Relation, set[Fact]]] = {}
    for member in MEMBERS:
        for line in archive.read(member).decode("utf-8").splitlines():
            parsed = parse_context(json.loads(line)["fact_context"])
            if parsed is None:
                continue
            rel, subject, facts = parsed
            merged.setdefault((rel.name, subject), (rel, set()))[1].update(facts)

    changed: list[dict[str, Any]] = []
    lookalike: list[dict[str, Any]] = []
    for (rel_name, subject), (rel, fact_set) in sorted(merged.items()):
        facts = sorted(fact_set, key=lambda f: (f.start, f.end, f.value))
        base = {
            "subject": subject,
            "entity_id": slug(subject),
            "relation": rel_name,
            "questions": [q.format(s=subject) for q in rel.questions],
        }
        clash = any(overlaps(a, b) for i, a in enumerate(facts) for b in facts[i + 1 :])
        if not clash:
            chain: list[Fact] = []
            for f in facts:
                if chain and f.value == chain[-1].value:
                    continue
                chain.append(f)
            starts = [f.start for f in chain]
            if len(chain) >= 2 and len(set(starts)) == len(starts):
                chain = chain[-MAX_PER_CHANGED_GROUP:]
                changed.append(
                    {
                        "id": f"tempreason:{slug(rel_name)}:{slug(subject)}",
                        **base,
                        "kind": "changed",
                        "statements": [statement(f) for f in chain],
                    }
                )
        else:
            live = most_at_once(facts)
            if len(live) >= 2:
                lookalike.append(
                    {
                        "id": f"tempreason:{slug(rel_name)}:{slug(subject)}:at-once",
                        **base,
                        "kind": "lookalike",
                        "statements": [statement(f) for f in live],
                    }
                )

    rng = random.Random(SEED)
    rng.shuffle(changed)
    rng.shuffle(lookalike)
    lookalike = lookalike[:MAX_LOOKALIKE_GROUPS]
    budget = MAX_STATEMENTS - sum(len(g["statements"]) for g in lookalike)
    kept: list[dict[str, Any]] = []
    for g in changed:
        if len(g["statements"]) <= budget:
            kept.append(g)
            budget -= len(g["statements"])
    groups = sorted(kept, key=lambda g: str(g["id"])) + sorted(
        lookalike, key=lambda g: str(g["id"])
    )
    origin = f"zchuz/TimeBench@{head_commit(mirror)}:{ZIP_PATH}!" + ",".join(MEMBERS)
    return {"source": "tempreason", "origin": origin, "licence": LICENCE, "groups": groups}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of zchuz/TimeBench")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    payload = build(args.mirror)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    kinds = [g["kind"] for g in payload["groups"]]
    print(
        f"{args.out}: {kinds.count('changed')} changed, {kinds.count('lookalike')} lookalike, "
        f"{sum(len(g['statements']) for g in payload['groups'])} statements"
    )


if __name__ == "__main__":
    main()
