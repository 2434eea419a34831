"""Builds the two WordNet tables the heuristics read, from Open English WordNet:
``opposites.json`` (opposite adjectives) and ``measures.json`` (nouns that measure).

    PYTHONPATH=. .venv/bin/python scripts/lexicon/wordnet.py \\
        --mirror <git dir of globalwordnet/english-wordnet> \\
        --out-dir hebbs_graph/services/contradict/heuristics

WordNet keeps adjectives in clusters: a head synset ("married", "unmarried") and the
satellites similar to it ("divorced", "widowed" are similar to "unmarried"; "single" is a
member of the head itself), and an antonym between two heads names one attribute with two
opposite values (marital status, temperature, size). Two words are opposite values when
one of them belongs to a cluster whose head is the antonym of the head of a cluster the
other belongs to ("married" / "single", "married" / "divorced", "hot" / "chilly").

Kept: single-word lowercase lemmas of clusters that have an opposite. The file holds the
word -> cluster numbers and the opposite cluster pairs.

**Measures.** A number before a noun counts things ("two kids") or measures ("100 years",
"5 feet", "45 minutes"). The nouns that measure are WordNet's: every noun of its time file
(``noun.time``: "year", "month", "hour", "summer") and every hyponym of "unit of
measurement" wherever it is filed ("foot", "mile", "kilogram", "dollar"). Kept:
single-word lowercase lemmas.

Both files carry the source commit and licence (CC BY 4.0: derived from Princeton WordNet
and the Open English Wordnet).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

WORD = re.compile(r"^[a-z][a-z'-]*$")
UNIT_OF_MEASUREMENT = "13604927-n"
LICENCE = (
    "CC BY 4.0; derived from Princeton WordNet (WordNet License) and the Open English "
    "Wordnet (globalwordnet/english-wordnet)"
)


def show(mirror: Path, path: str) -> str:
    out = subprocess.run(
        ["git", "--git-dir", str(mirror), "show", f"HEAD:{path}"], check=True, capture_output=True
    )
    return out.stdout.decode()


def load(mirror: Path, path: str) -> dict[str, Any]:
    data = yaml.load(show(mirror, path), Loader=yaml.CSafeLoader)
    return data if isinstance(data, dict) else {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", type=Path, required=True, help="git dir of english-wordnet")
    ap.add_argument("--out-dir", type=Path, required=True)
    args = ap.parse_args()
    commit = subprocess.run(
        ["git", "--git-dir", str(args.mirror), "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    files = subprocess.run(
        ["git", "--git-dir", str(args.mirror), "ls-tree", "--name-only", "HEAD", "src/yaml/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    source = {"source": "globalwordnet/english-wordnet", "commit": commit, "licence": LICENCE}
    write(args.out_dir / "opposites.json", source | opposites(args.mirror, files))
    write(args.out_dir / "measures.json", source | measures(args.mirror, files))


def write(path: Path, table: dict[str, Any]) -> None:
    path.write_text(
        json.dumps(table | {"built_by": "scripts/lexicon/wordnet.py"}, separators=(",", ":")) + "\n"
    )
    print(
        f"{path}: "
        + ", ".join(f"{len(v)} {k}" for k, v in table.items() if isinstance(v, (list, dict)))
    )


def measures(mirror: Path, files: list[str]) -> dict[str, Any]:
    nouns: dict[str, dict[str, Any]] = {}
    timed: set[str] = set()
    for path in sorted(f for f in files if Path(f).name.startswith("noun.")):
        part = load(mirror, path)
        nouns |= part
        if Path(path).name == "noun.time.yaml":
            timed |= set(part)
    below: dict[str, list[str]] = defaultdict(list)
    for sid, s in nouns.items():
        for h in s.get("hypernym", []) + s.get("instance_hypernym", []):
            below[h].append(sid)
    units, todo = set(), [UNIT_OF_MEASUREMENT]
    while todo:
        sid = todo.pop()
        if sid not in units:
            units.add(sid)
            todo += below.get(sid, [])
    words = {
        m.lower()
        for sid in units | timed
        for m in nouns.get(sid, {}).get("members", [])
        if WORD.match(m.lower()) and m == m.lower()
    }
    return {"words": sorted(words)}


def opposites(mirror: Path, files: list[str]) -> dict[str, Any]:
    synsets = load(mirror, "src/yaml/adj.all.yaml")
    # Each synset's cluster heads: a head is its own, a satellite is in its heads'.
    heads: dict[str, set[str]] = {}
    for sid, s in synsets.items():
        if s.get("partOfSpeech") == "a":
            heads.setdefault(sid, set()).add(sid)
        elif s.get("partOfSpeech") == "s":
            heads.setdefault(sid, set()).update(
                h for h in s.get("similar", []) if synsets.get(h, {}).get("partOfSpeech") == "a"
            )
    # Antonyms are kept on senses: sense id -> synset, and sense -> antonym senses.
    sense_synset: dict[str, str] = {}
    antonyms: list[tuple[str, str]] = []
    for path in sorted(f for f in files if Path(f).name.startswith("entries-")):
        for entry in load(mirror, path).values():
            for pos in ("a", "s"):
                for sense in entry.get(pos, {}).get("sense", []):
                    sense_synset[sense["id"]] = sense["synset"]
                    antonyms += [(sense["id"], t) for t in sense.get("antonym", [])]
    opposite: set[tuple[str, str]] = set()
    for a, b in antonyms:
        sa, sb = sense_synset.get(a), sense_synset.get(b)
        if sa in heads and sb in heads:
            for ha in heads[sa]:
                for hb in heads[sb]:
                    if ha != hb:
                        opposite.add((min(ha, hb), max(ha, hb)))
    used = sorted({h for pair in opposite for h in pair})
    number = {h: i for i, h in enumerate(used)}
    words: dict[str, set[int]] = defaultdict(set)
    for sid, s in synsets.items():
        for h in heads.get(sid, ()):
            if h in number:
                for member in s.get("members", []):
                    if WORD.match(member):
                        words[member].add(number[h])
    return {
        "words": {w: sorted(c) for w, c in sorted(words.items())},
        "opposite": sorted([number[a], number[b]] for a, b in opposite),
    }


if __name__ == "__main__":
    main()
