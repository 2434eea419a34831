"""Cue-embedding latency and batch throughput: torch (sentence-transformers) vs ONNX Runtime.

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/bench/embed_latency.py --cues 200 \
        --texts 1000 --out docs/bench/embed_latency.json

Both embedders share one loaded model (the ONNX one exports to, or reuses, the cache
dir of Settings()). Single cues from corpus.py alternate between the backends so that
background load hits both alike; then each embeds the same corpus texts in one call
(batches of embedding_batch_size), twice, alternating. Prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import Corpus

from hebbs_graph.embedding.onnx_runtime import OnnxEmbedder
from hebbs_graph.embedding.sentence import (
    SentenceTransformerEmbedder,
    load_sentence_transformer,
    resolve_model_path,
)
from hebbs_graph.settings import Settings

Embed = Callable[[list[str]], list[list[float]]]


def pct(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"p50": round(statistics.median(ordered), 2), "p95": round(p95, 2)}


def timed(embed: Embed, texts: list[str]) -> float:
    start = time.perf_counter()
    embed(texts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cues", type=int, default=200)
    parser.add_argument("--texts", type=int, default=1000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    settings = Settings()
    load_start = os.getloadavg()[0]
    model = load_sentence_transformer(settings.embedding_model, settings.embedding_device)
    started = time.perf_counter()
    onnx = OnnxEmbedder(
        model,
        name=settings.embedding_model,
        model_path=resolve_model_path(settings.embedding_model),
        cache_dir=settings.cache_dir,
        batch_size=settings.embedding_batch_size,
    )
    onnx_init_s = time.perf_counter() - started
    backends: dict[str, Embed] = {
        "torch": SentenceTransformerEmbedder(
            settings.embedding_model, batch_size=settings.embedding_batch_size, loaded=model
        ).embed_sync,
        "onnx": onnx.embed_sync,
    }

    corpus = Corpus()
    cues = [cue.text for cue in corpus.cues(args.cues)]
    texts = [item.content for item in corpus.items(0, args.texts)]
    for embed in backends.values():  # warm up
        for cue in cues[:10]:
            embed([cue])
    single: dict[str, list[float]] = {name: [] for name in backends}
    for cue in cues:
        for name, embed in backends.items():
            single[name].append(timed(embed, [cue]) * 1000)
    batch: dict[str, list[float]] = {name: [] for name in backends}
    for _ in range(2):
        for name, embed in backends.items():
            batch[name].append(len(texts) / timed(embed, texts))

    cue_ms = {name: pct(values) for name, values in single.items()}
    rates = {name: round(max(values), 1) for name, values in batch.items()}
    result = {
        "cues": args.cues,
        "texts": args.texts,
        "batch_size": settings.embedding_batch_size,
        "onnx_init_s": round(onnx_init_s, 2),
        "onnx_exported": onnx.exported,
        "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        "single_cue_ms": cue_ms,
        "batch_texts_per_s": rates,
    }
    print(f"ONNX ready in {result['onnx_init_s']} s (exported: {onnx.exported}); "
          f"load average {result['load_average'][0]} -> {result['load_average'][1]}")  # fmt: skip
    print(f"{'backend':<8} {'cue p50 ms':>11} {'cue p95 ms':>11} {'batch texts/s':>14}")
    for name in backends:
        print(f"{name:<8} {cue_ms[name]['p50']:>11} {cue_ms[name]['p95']:>11} {rates[name]:>14}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
