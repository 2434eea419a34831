"""CLINC150 (Larson et al., EMNLP 2019) intents as themes.

``data/data_full.json`` of clinc/oos-eval: 150 in-scope intents with 150 queries each over
train, val and test, plus out-of-scope queries. Every in-scope query of every split is
kept with its intent as the label; the out-of-scope ones (``oos_*`` splits, label ``oos``)
are dropped. Exact duplicate (text, label) pairs are kept once.

Run: ``PYTHONPATH=. .venv/bin/python scripts/eval/public/clinc150.py --mirror
/work/.mirror/clinc+oos-eval/repo --out /root/.cache/hebbs-graph/eval/clinc150.json``
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any

PATH = "data/data_full.json"
LICENCE = "CC BY 3.0 (LICENSE of clinc/oos-eval)"
SPLITS = ("train", "val", "test")


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


def build(mirror: Path) -> dict[str, Any]:
    data = json.loads(git_show(mirror, PATH))
    items: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for split in SPLITS:
        for text, label in data[split]:
            key = (str(text).strip(), str(label))
            if label == "oos" or key in seen:
                continue
            seen.add(key)
            items.append({"text": key[0], "label": key[1], "split": split})
    origin = f"clinc/oos-eval@{head_commit(mirror)}:{PATH}"
    return {"source": "clinc150", "origin": origin, "licence": LICENCE, "items": items}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of clinc/oos-eval")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    payload = build(args.mirror)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    labels = {i["label"] for i in payload["items"]}
    print(f"{args.out}: {len(payload['items'])} items, {len(labels)} labels")


if __name__ == "__main__":
    main()
