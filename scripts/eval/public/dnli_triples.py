"""Persona-Chat sentences with their Dialogue NLI triples as dialogue-style changing facts.

Dialogue NLI (Welleck et al., ACL 2019) annotated Persona-Chat / ConvAI2 sentences with
(e1, relation, e2) triples. Its pair files (``dialogue_nli_*.jsonl``) are over the 4 MiB
that snapshots carry, but jasonwu0731/GettingToKnowYou (Wu et al., 2020) ships the ConvAI2
valid and test dialogues with each persona sentence's DNLI triples
(``data/ConvAI2/{valid,test}_both_original_dialogueNLI.txt``). From the persona sentences
that carry exactly one first-person triple whose e2 is written in the sentence:

- ``changed``: two sentences of a single-valued relation (age, marital status, gender,
  favourite colour, season, sport, animal or drink) with different e2, the second one later
  in time
  (``i am 34 years old.`` then ``i am 52 years old.``);
- ``lookalike``: two or three sentences of a many-valued relation (likes, hobbies, pets,
  things owned ...) with different e2, all true at once;
- ``<out stem>_pairs.json``: sentence pairs labelled by the DNLI relation rule, not by DNLI's
  published labels: ``contradiction`` (same single-valued relation, different e2),
  ``entailment`` (same relation and e2, different sentences), ``neutral`` (same
  many-valued relation with different e2, or different relations).

Two e2 where one contains the other (``pizza``/``pepperoni pizza``) are never paired as
different values. The statements are of many Persona-Chat speakers; a group treats them as
said by one user. Times are synthetic: one group a day from 2024-01-01, the second
statement of a changed group 14 days after the first.

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/dnli_triples.py --mirror
/work/.mirror/jasonwu0731+GettingToKnowYou/repo/.git --out
/root/.cache/hebbs-graph/eval/dnli_triples.json``
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import subprocess
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

PATHS = [f"data/ConvAI2/{split}_both_original_dialogueNLI.txt" for split in ("valid", "test")]
LICENCE = (
    "no licence file in jasonwu0731/GettingToKnowYou; Persona-Chat/ConvAI2 text via "
    "ParlAI (MIT); triples from Dialogue NLI (Welleck et al. 2019)"
)
SEED = 0
MAX_CHANGED = 450
MAX_LOOKALIKE = 220
PAIRS_PER_STRATUM = {
    ("contradiction", True): 600,
    ("entailment", True): 600,
    ("neutral", True): 400,
    ("neutral", False): 400,
}
T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)

# Relations where one person has one value: a different e2 contradicts.
SINGLE = {
    "has_age": ("How old am I?", "What is my age?"),
    "marital_status": ("What is my marital status?", "Am I married?"),
    "gender": ("What is my gender?", "Am I a man or a woman?"),
    "favorite_color": ("What is my favorite color?", "Which colour do I like best?"),
    "favorite_season": ("What is my favorite season?", "Which season do I like best?"),
    "favorite_sport": ("What is my favorite sport?", "Which sport do I like best?"),
    "favorite_animal": ("What is my favorite animal?", "Which animal do I like best?"),
    "favorite_drink": ("What is my favorite drink?", "What do I like to drink best?"),
}
# Relations where one person has many values at once.
MANY = {
    "like_food": ("What foods do I like?", "What do I like to eat?"),
    "like_activity": ("What activities do I like?", "What do I like doing?"),
    "has_hobby": ("What are my hobbies?", "What do I do for fun?"),
    "have_pet": ("What pets do I have?", "Which animals live with me?"),
    "like_music": ("What music do I like?", "What do I listen to?"),
    "like_sports": ("What sports do I like?", "Which sports do I enjoy?"),
    "like_drink": ("What do I like to drink?", "Which drinks do I enjoy?"),
    "like_read": ("What do I like to read?", "Which books do I enjoy?"),
    "like_animal": ("What animals do I like?", "Which animals do I love?"),
    "like_goto": ("Where do I like to go?", "Which places do I visit?"),
    "own": ("What do I own?", "What things do I have?"),
}
SKIP_E2 = {"<blank>", "<none>", "", "none", "all", "everything", "anything", "other"}
NOUN = {"color": ("color", "colour"), "season": ("season",), "sport": ("sport",)}
NOUN |= {"animal": ("animal",), "drink": ("drink",)}


@dataclass(frozen=True)
class Sentence:
    text: str
    relation: str
    e2: str


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


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def first_person_statement(utterance: str) -> bool:
    """A dialogue turn that states something of the speaker: no question, no ``you``."""
    words = set(re.findall(r"[a-z']+", utterance.lower()))
    return (
        "?" not in utterance
        and not words & {"you", "your", "yours", "u"}
        and bool(words & {"i", "my", "i'm", "im", "me"})
    )


def persona_sentences(text: str) -> list[Sentence]:
    """The persona sentences, and the dialogue turns that state something of the speaker,
    with exactly one usable first-person triple, deduplicated."""
    triples: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
    turns: set[str] = set()
    for line in text.splitlines():
        parts = line.split("\t")
        if "persona: " in parts[0]:
            sentence, rest = parts[0].split("persona: ", 1)[1].strip(), parts[1:]
        elif parts[0].isdigit() and len(parts) > 2 and first_person_statement(parts[1]):
            sentence, rest = parts[1].strip(), parts[2:]
            turns.add(sentence)
        else:
            continue
        for p in rest:
            if p.startswith("["):
                t = ast.literal_eval(p)
                if isinstance(t, list) and len(t) == 3:
                    triples[sentence].add((str(t[0]), str(t[1]), str(t[2])))
    out = []
    for sentence, ts in sorted(triples.items()):
        if len(ts) != 1:
            continue
        e1, rel, e2 = next(iter(ts))
        e2 = e2.strip()
        if e1 not in {"i", "my"} or rel not in SINGLE.keys() | MANY.keys():
            continue
        if e2.lower() in SKIP_E2 or e2.lower() not in sentence.lower():
            continue
        if rel == "has_age" and not e2.isdigit():
            continue
        if (
            rel == "marital_status"
            and sentence in turns
            and not re.search(
                rf"\bi(?: am|'m| m) (?:a )?{re.escape(e2.lower())}\b", sentence.lower()
            )
        ):
            continue  # in a turn, only ``i am <status>``
        if (
            rel.startswith("favorite_")
            and sentence in turns
            and not any(n in sentence.lower() for n in NOUN[rel.removeprefix("favorite_")])
        ):
            continue  # in a turn, the favourite's kind must be named (not ``my favorite car``)
        if rel.startswith("favorite_") and not any(
            w in sentence.lower() for w in ("favorite", "favourite")
        ):
            continue
        out.append(Sentence(sentence, rel, e2))
    return out


def distinct(a: str, b: str) -> bool:
    x, y = a.lower(), b.lower()
    return x != y and x not in y and y not in x


def by_relation(sentences: list[Sentence], rng: random.Random) -> dict[str, list[Sentence]]:
    out: dict[str, list[Sentence]] = defaultdict(list)
    for s in sentences:
        out[s.relation].append(s)
    for rel in sorted(out):
        rng.shuffle(out[rel])
    return out


def take_distinct(pool: list[Sentence], n: int) -> list[Sentence] | None:
    """Pops n sentences with pairwise distinct e2 from the pool, or None."""
    picked: list[Sentence] = []
    for s in list(pool):
        if all(distinct(s.e2, p.e2) for p in picked):
            picked.append(s)
            if len(picked) == n:
                for p in picked:
                    pool.remove(p)
                return picked
    return None


def statement(s: Sentence, t: datetime) -> dict[str, str]:
    return {"text": s.text, "value": s.e2, "occurred_at": iso(t), "relation": s.relation}


def groups(sentences: list[Sentence], rng: random.Random) -> list[dict[str, Any]]:
    pools = by_relation(sentences, rng)
    raw: list[tuple[str, str, list[Sentence]]] = []
    rels = sorted(SINGLE)
    while sum(1 for k, _, _ in raw if k == "changed") < MAX_CHANGED:
        progressed = False
        for rel in rels:
            pair = take_distinct(pools.get(rel, []), 2)
            if pair is not None and sum(1 for k, _, _ in raw if k == "changed") < MAX_CHANGED:
                raw.append(("changed", rel, pair))
                progressed = True
        if not progressed:
            break
    rels = sorted(MANY)
    while sum(1 for k, _, _ in raw if k == "lookalike") < MAX_LOOKALIKE:
        progressed = False
        for i, rel in enumerate(rels):
            trio = take_distinct(pools.get(rel, []), 2 + i % 2)
            if trio is not None and sum(1 for k, _, _ in raw if k == "lookalike") < MAX_LOOKALIKE:
                raw.append(("lookalike", rel, trio))
                progressed = True
        if not progressed:
            break
    out = []
    for n, (kind, rel, members) in enumerate(raw):
        day = T0 + timedelta(days=n)
        step = timedelta(days=14) if kind == "changed" else timedelta(hours=1)
        out.append(
            {
                "id": f"dnli:{kind}:{n:04d}",
                "subject": "the user",
                "entity_id": f"dnli-user-{n:04d}",
                "relation": rel,
                "kind": kind,
                "statements": [statement(s, day + i * step) for i, s in enumerate(members)],
                "questions": list((SINGLE | MANY)[rel]),
            }
        )
    return out


def pairs(sentences: list[Sentence], rng: random.Random) -> list[dict[str, Any]]:
    pools = by_relation(sentences, rng)
    found: dict[tuple[str, bool], list[dict[str, Any]]] = defaultdict(list)
    for rel in sorted(pools):
        pool = pools[rel]
        for i, a in enumerate(pool):
            for b in pool[i + 1 : i + 40]:
                if a.e2.lower() == b.e2.lower():
                    label = "entailment"
                elif not distinct(a.e2, b.e2):
                    continue
                else:
                    label = "contradiction" if rel in SINGLE else "neutral"
                found[(label, True)].append(
                    {"a": a.text, "b": b.text, "label": label, "same_relation": True,
                     "relation_a": rel, "relation_b": rel}
                )  # fmt: skip
    flat = [s for rel in sorted(pools) for s in pools[rel]]
    for _ in range(PAIRS_PER_STRATUM[("neutral", False)] * 3):
        a, b = rng.sample(flat, 2)
        if a.relation != b.relation:
            found[("neutral", False)].append(
                {"a": a.text, "b": b.text, "label": "neutral", "same_relation": False,
                 "relation_a": a.relation, "relation_b": b.relation}
            )  # fmt: skip
    out: list[dict[str, Any]] = []
    for key, cap in PAIRS_PER_STRATUM.items():
        candidates = found[key]
        rng.shuffle(candidates)
        # Spread over relations: round-robin by relation of a.
        by_rel: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for c in candidates:
            by_rel[str(c["relation_a"])].append(c)
        taken: list[dict[str, Any]] = []
        while len(taken) < cap and any(by_rel.values()):
            for rel in sorted(by_rel):
                if by_rel[rel] and len(taken) < cap:
                    taken.append(by_rel[rel].pop())
        out.extend(taken)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of GettingToKnowYou")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--pairs-out", type=Path, help="default: <out stem>_pairs.json")
    args = parser.parse_args()
    text = "\n".join(git_show(args.mirror, p).decode("utf-8") for p in PATHS)
    sentences = persona_sentences(text)
    origin = f"jasonwu0731/GettingToKnowYou@{head_commit(args.mirror)}:" + ",".join(PATHS)
    payload: dict[str, Any] = {
        "source": "dnli_triples",
        "origin": origin,
        "licence": LICENCE,
        "groups": groups(sentences, random.Random(SEED)),
    }
    pair_payload: dict[str, Any] = {
        "source": "dnli_triples",
        "origin": origin,
        "licence": LICENCE,
        "label_rule": (
            "contradiction: same single-valued DNLI relation, different e2; entailment: same "
            "relation and e2; neutral: same many-valued relation with different e2, or "
            "different relations"
        ),
        "pairs": pairs(sentences, random.Random(SEED + 1)),
    }
    pairs_out = args.pairs_out or args.out.with_name(args.out.stem + "_pairs.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    pairs_out.write_text(json.dumps(pair_payload, ensure_ascii=False, indent=1) + "\n")
    kinds = [g["kind"] for g in payload["groups"]]
    labels = [(p["label"], p["same_relation"]) for p in pair_payload["pairs"]]
    print(
        f"{args.out}: {kinds.count('changed')} changed, {kinds.count('lookalike')} lookalike, "
        f"{sum(len(g['statements']) for g in payload['groups'])} statements; {pairs_out}: "
        + ", ".join(f"{k}={labels.count(k)}" for k in PAIRS_PER_STRATUM)
    )


if __name__ == "__main__":
    main()
