"""The ONNX graph built without torch against torch's export, on LoCoMo's texts.

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/onnx_build_parity.py [DATA] \\
        [--out docs/bench/onnx_build_parity.json]

Embeds every turn (as the LoCoMo evaluation stores it, ``speaker: text [photo: …]``) and
every question of locomo10.json with the graph onnx_build.py makes from the weights
file, with torch's export (torch.onnx, the route before issue 35) and with
sentence-transformers on torch, each in a temporary cache. Reports the lowest cosine and
the largest absolute difference per component between the vectors, and, per question,
whether the ten nearest turns of its conversation by cosine (vector-only recall@10's
candidates) are the same, in the same order, under both exports. Needs torch (the
``[torch]`` extra); runs no recall and touches no database.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eval"))
from locomo import default_data_path
from locomo_data import load

from hebbs_graph.embedding.loader import build_checked
from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.sentence import load_sentence_transformer, resolve_model_path
from hebbs_graph.settings import DEFAULT_MODEL

Array = npt.NDArray[np.float64]


def compare(a: Array, b: Array) -> dict[str, float]:
    cos = (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))
    diff = np.abs(a - b)
    return {
        "min_cosine": float(cos.min()),
        "one_minus_min_cosine": float(1.0 - cos.min()),
        "max_abs_diff": float(diff.max()),
        "mean_abs_diff": float(diff.mean()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=None)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    conversations = load(args.data or default_data_path())
    turns = [t.content() for c in conversations for t in c.turns]
    questions = [q.text for c in conversations for q in c.questions]
    texts = turns + questions
    path = resolve_model_path(DEFAULT_MODEL)
    vectors: dict[str, Array] = {}
    seconds: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="hebbs-parity-") as tmp:
        cache = Path(tmp)
        started = time.perf_counter()
        assert build_checked(DEFAULT_MODEL, cache)
        seconds["graph_build"] = time.perf_counter() - started
        built = OnnxEmbedder.from_cache(
            name=DEFAULT_MODEL, model_path=path, cache_dir=cache, builder="graph"
        )
        model: Any = load_sentence_transformer(DEFAULT_MODEL)
        started = time.perf_counter()
        exported = OnnxEmbedder(model, name=DEFAULT_MODEL, model_path=path, cache_dir=cache)
        seconds["torch_export"] = time.perf_counter() - started
        for name, embed in (
            ("graph", built.embed_sync),
            ("torch_export", exported.embed_sync),
            ("sentence_transformers", lambda xs: model.encode(xs, normalize_embeddings=True)),
        ):
            started = time.perf_counter()
            vectors[name] = np.asarray(embed(texts), dtype=np.float64)
            seconds[f"embed_{name}"] = time.perf_counter() - started
            print(
                f"{name}: {len(texts)} texts in {seconds[f'embed_{name}']:.0f} s", file=sys.stderr
            )
    same_top10 = same_order = total = 0
    at_turn = at_question = 0
    for conversation in conversations:
        n_turns, n_questions = len(conversation.turns), len(conversation.questions)
        rows = slice(at_turn, at_turn + n_turns)
        cues = slice(len(turns) + at_question, len(turns) + at_question + n_questions)
        at_turn, at_question = at_turn + n_turns, at_question + n_questions
        tops = []
        for name in ("graph", "torch_export"):
            scores = vectors[name][cues] @ vectors[name][rows].T
            tops.append(np.argsort(-scores, axis=1, kind="stable")[:, :10])
        for mine, theirs in zip(*tops, strict=True):
            total += 1
            same_top10 += set(mine) == set(theirs)
            same_order += bool((mine == theirs).all())
    result = {
        "texts": {"turns": len(turns), "questions": len(questions)},
        "graph_vs_torch_export": compare(vectors["graph"], vectors["torch_export"]),
        "graph_vs_sentence_transformers": compare(
            vectors["graph"], vectors["sentence_transformers"]
        ),
        "torch_export_vs_sentence_transformers": compare(
            vectors["torch_export"], vectors["sentence_transformers"]
        ),
        "questions_with_the_same_top10_turns": {
            "same_set": same_top10,
            "same_order": same_order,
            "of": total,
        },
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
    }
    print(json.dumps(result, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
