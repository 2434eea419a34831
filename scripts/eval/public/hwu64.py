"""HWU64 (Liu et al., IWSDS 2019) home-assistant intents as themes.

xliuhw/NLU-Evaluation-Data holds its full annotated CSV as a file over the 4 MiB that
snapshots carry, so the items are read from the 10-fold cross-validation split that the
repository also ships: fold 1's ``trainset`` and ``testset/csv`` files together are every
utterance of the benchmark (11,036 rows). The text is ``answer_from_anno`` (the annotated answer
with the entity markup removed); the label is ``<scenario>_<intent>``. The catch-all
``general_quirky`` (chit-chat that fits no intent) is dropped, like an out-of-scope label.
Exact duplicate (text, label) pairs are kept once.

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/hwu64.py --mirror
/work/.mirror/xliuhw+NLU-Evaluation-Data/repo --out /root/.cache/hebbs-graph/eval/hwu64.json``
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
from pathlib import Path
from typing import Any

FOLD = (
    "CrossValidation/autoGeneFromRealAnno/autoGene_2018_03_22-13_01_25_169/CrossValidation/KFold_1"
)
DIRS = (f"{FOLD}/trainset/", f"{FOLD}/testset/csv/")
LICENCE = "CC BY 4.0 (LICENSE of xliuhw/NLU-Evaluation-Data)"
DROP = {"general_quirky"}


def git(mirror: Path, *args: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirror), *args], check=True, capture_output=True
    ).stdout


def build(mirror: Path) -> dict[str, Any]:
    names = git(mirror, "ls-tree", "-r", "--name-only", "HEAD").decode("utf-8").splitlines()
    files = sorted(n for n in names if n.endswith(".csv") and any(n.startswith(d) for d in DIRS))
    items: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for name in files:
        text = git(mirror, "show", f"HEAD:{name}").decode("utf-8")
        for row in csv.DictReader(io.StringIO(text), delimiter=";"):
            label = f"{row['scenario']}_{row['intent']}"
            key = (row["answer_from_anno"].strip(), label)
            if label in DROP or not key[0] or key in seen:
                continue
            seen.add(key)
            items.append({"text": key[0], "label": label})
    commit = git(mirror, "rev-parse", "HEAD").decode().strip()
    origin = f"xliuhw/NLU-Evaluation-Data@{commit}:{DIRS[0]}*.csv,{DIRS[1]}*.csv"
    return {"source": "hwu64", "origin": origin, "licence": LICENCE, "items": items}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of the HWU data")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    payload = build(args.mirror)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    labels = {i["label"] for i in payload["items"]}
    print(f"{args.out}: {len(payload['items'])} items, {len(labels)} labels")


if __name__ == "__main__":
    main()
