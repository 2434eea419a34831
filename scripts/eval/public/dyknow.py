"""DyKnow (Mondal et al., EMNLP 2024) time-sensitive Wikidata facts as changing facts.

``grc_generated.json`` in sislab-unitn/DyKnow holds, for heads of state and government of
countries, the teams of athletes, the CEOs of companies and the heads of organisations,
four prompts that ask for the current value (e.g. ``The President of Italy is``) and every
value Wikidata had, with its start and end (``Sergio Mattarella |S: +2015-02-03T00:00:00Z``).

A statement is DyKnow's own prompt with the value filled in (the ``contextualized`` prompt,
else the ``generic`` one, plus `` <value>.``); the other prompts are the group's cues.

- ``changed``: the values in a chain that never overlaps in time, walked back from the
  latest one (at each step the value that ended last before the next one started), in
  order of their start; the last is the current value.
- ``lookalike``: where values overlap (an athlete in a club and a national team at once),
  the values that all hold at the start date where most of them hold at once.

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/dyknow.py --mirror
/work/.mirror/sislab-unitn+DyKnow/repo --out /root/.cache/hebbs-graph/eval/dyknow.json``
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PATH = "grc_generated.json"
LICENCE = "MIT (LICENSE of sislab-unitn/DyKnow); values from Wikidata (CC0)"
MAX_PER_CHANGED_GROUP = 10
FIELD = re.compile(r" \|([SEP]): \+?(\d{4})-(\d{2})-(\d{2})T")
RELATION_OF_CATEGORY = {
    "athletes_byPayment": "team",
    "companies_byRevenue": "chief executive officer",
}


@dataclass(frozen=True)
class Value:
    name: str
    start: tuple[int, int, int]
    end: tuple[int, int, int] | None  # None: still holds


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


def iso(d: tuple[int, int, int]) -> str:
    return f"{d[0]:04d}-{d[1]:02d}-{d[2]:02d}T00:00:00Z"


def parse_value(raw: str) -> Value | None:
    """``name |S: date [|E: date] [|P: date]``; an unknown month or day (00) becomes 1.
    None without a start. An end (E) or a point in time (P) closes the validity."""
    name = raw.split(" |", 1)[0].strip()
    start: tuple[int, int, int] | None = None
    end: tuple[int, int, int] | None = None
    for kind, y, m, d in FIELD.findall(raw):
        date = (int(y), max(int(m), 1), max(int(d), 1))
        if kind == "S":
            start = date
        else:
            end = date if end is None else min(end, date)
    if start is None or not name:
        return None
    return Value(name, start, end)


FAR = (9999, 12, 31)


def until(v: Value) -> tuple[int, int, int]:
    return FAR if v.end is None else v.end


def chain(values: list[Value]) -> list[Value]:
    """A chain of values that do not overlap, walked back from the one that started last."""
    if not values:
        return []
    rest = sorted(values, key=lambda v: (v.start, until(v), v.name))
    out = [rest.pop()]
    while True:
        before = [v for v in rest if until(v) <= out[-1].start and v.start < out[-1].start]
        if not before:
            break
        pick = max(before, key=lambda v: (until(v), v.start, v.name))
        out.append(pick)
        rest = [v for v in rest if v.start < pick.start]
    out.reverse()
    deduped: list[Value] = []
    for v in out:
        if not deduped or deduped[-1].name != v.name:
            deduped.append(v)
    return deduped


def most_at_once(values: list[Value]) -> list[Value]:
    best: dict[str, Value] = {}
    for t in sorted({v.start for v in values}):
        live: dict[str, Value] = {}
        for v in values:
            if v.start <= t < until(v) or v.start == until(v) == t:
                live.setdefault(v.name, v)
        if len(live) > len(best):
            best = live
    return sorted(best.values(), key=lambda v: (v.start, v.name))


def facts(data: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(category, subject, relation, entry) for every fact of the file."""
    out = []
    for category, subjects in data.items():
        for subject, body in subjects.items():
            if "questions" in body:
                out.append((category, subject, RELATION_OF_CATEGORY.get(category, ""), body))
            else:
                for relation, entry in body.items():
                    out.append((category, subject, relation, entry))
    return out


def build(mirror: Path) -> dict[str, Any]:
    data = json.loads(git_show(mirror, PATH))
    groups: list[dict[str, Any]] = []
    for category, subject, relation, entry in facts(data):
        prompts: dict[str, str] = entry["questions"]
        key = "contextualized" if "contextualized" in prompts else "generic"
        stem = prompts[key]
        cues = [p for k, p in prompts.items() if k != key]
        values = [v for v in map(parse_value, entry["answers"]) if v is not None]

        def statement(v: Value, stem: str = stem) -> dict[str, str]:
            text = f"{stem} {v.name}" + ("" if v.name.endswith(".") else ".")
            s = {"text": text, "value": v.name, "occurred_at": iso(v.start)}
            if v.end is not None:
                s["valid_until"] = iso(v.end)
            return s

        base = {
            "subject": subject,
            "entity_id": slug(subject),
            "relation": relation or stem,
            "category": category,
            "questions": cues,
        }
        gid = f"dyknow:{slug(category)}:{slug(subject)}:{slug(relation or 'value')}"
        seq = chain(values)[-MAX_PER_CHANGED_GROUP:]
        if len(seq) >= 2:
            groups.append(
                {"id": gid, **base, "kind": "changed", "statements": [statement(v) for v in seq]}
            )
        live = most_at_once(values)
        if len(live) >= 2:
            groups.append(
                {
                    "id": gid + ":at-once",
                    **base,
                    "kind": "lookalike",
                    "statements": [statement(v) for v in live],
                }
            )
    groups.sort(key=lambda g: (g["kind"] != "changed", str(g["id"])))
    origin = f"sislab-unitn/DyKnow@{head_commit(mirror)}:{PATH}"
    return {"source": "dyknow", "origin": origin, "licence": LICENCE, "groups": groups}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of DyKnow")
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
