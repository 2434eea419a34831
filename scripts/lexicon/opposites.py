"""Builds the table of opposite adjectives the contradiction heuristics read
(``hebbs_graph/services/contradict/heuristics/opposites.json``) from Open English WordNet.

    PYTHONPATH=. .venv/bin/python scripts/lexicon/opposites.py \\
        --mirror /work/.mirror/globalwordnet+english-wordnet/repo/.git \\
        --out hebbs_graph/services/contradict/heuristics/opposites.json

WordNet keeps adjectives in clusters: a head synset ("married", "unmarried") and the
satellites similar to it ("divorced", "widowed" are similar to "unmarried"; "single" is a
member of the head itself), and an antonym between two heads names one attribute with two
opposite values (marital status, temperature, size). Two words are opposite values when
one of them belongs to a cluster whose head is the antonym of the head of a cluster the
other belongs to ("married" / "single", "married" / "divorced", "hot" / "chilly").

Kept: single-word lowercase lemmas of clusters that have an opposite. The file holds the
word -> cluster numbers and the opposite cluster pairs, with the source commit and licence
(CC BY 4.0: derived from Princeton WordNet and the Open English Wordnet).
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
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    commit = subprocess.run(
        ["git", "--git-dir", str(args.mirror), "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    synsets = load(args.mirror, "src/yaml/adj.all.yaml")
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
    files = subprocess.run(
        ["git", "--git-dir", str(args.mirror), "ls-tree", "--name-only", "HEAD", "src/yaml/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for path in sorted(f for f in files if Path(f).name.startswith("entries-")):
        for entry in load(args.mirror, path).values():
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
    table = {
        "source": "globalwordnet/english-wordnet",
        "commit": commit,
        "licence": LICENCE,
        "built_by": "scripts/lexicon/opposites.py",
        "words": {w: sorted(c) for w, c in sorted(words.items())},
        "opposite": sorted([number[a], number[b]] for a, b in opposite),
    }
    args.out.write_text(json.dumps(table, separators=(",", ":")) + "\n")
    print(f"{len(words)} words, {len(used)} clusters, {len(opposite)} opposite pairs -> {args.out}")


if __name__ == "__main__":
    main()
