"""Pictures for docs/benchmarks.md from the benchmark JSON files.

    .venv/bin/python scripts/bench/plots.py [--locomo docs/bench/locomo.json]
        [--scale docs/bench/scale.json] [--out docs/bench]

Writes ``locomo_recall_at_k.png`` (evidence recall@k per category, one line per
retriever) and, when the scale figures exist, ``scale_latency.png`` (recall p50 per
strategy against corpus size, log-log).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

REPO = Path(__file__).resolve().parents[2]
KS = (1, 5, 10, 25)
CATEGORIES = ["overall", "single-hop", "multi-hop", "temporal", "open-domain", "adversarial"]


def locomo_figure(report: dict[str, Any], out: Path) -> Path:
    results = {k: v for k, v in report["results"].items() if not k.startswith("ablation:")}
    fig, axes = plt.subplots(2, 3, figsize=(12, 7), sharex=True, sharey=True)
    for ax, category in zip(axes.flat, CATEGORIES, strict=True):
        for name, summary in results.items():
            row = summary[category]
            ax.plot(KS, [row[f"R@{k}"] for k in KS], marker="o", label=name)
        ax.set_title(f"{category} (n={next(iter(results.values()))[category]['n']})")
        ax.set_xscale("log")
        ax.set_xticks(KS, [str(k) for k in KS])
        ax.set_ylim(0, 100)
        ax.grid(alpha=0.3)
    for ax in axes[1]:
        ax.set_xlabel("k")
    for ax in axes[:, 0]:
        ax.set_ylabel("evidence recall@k (%)")
    axes.flat[0].legend(loc="lower right", fontsize=8)
    fig.suptitle("LoCoMo evidence recall@k, per category (10 conversations, 1,982 questions)")
    fig.tight_layout()
    path = out / "locomo_recall_at_k.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def scale_figure(report: dict[str, Any], out: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 4.5))
    series: dict[str, list[tuple[int, float]]] = {}
    for size in report["sizes"]:
        # Tenant-wide strategies, the two with the cue's embedding, and the baselines:
        # the entity-scoped lines sit on top of these and only crowd the picture.
        shown = {k: v for k, v in size["recall"].items() if not k.endswith("/entity")}
        shown |= {f"baseline: {k}": v for k, v in size.get("baselines", {}).items()}
        for name, stats in shown.items():
            series.setdefault(name, []).append((size["memories"], stats["p50_ms"]))
    for name, points in sorted(series.items()):
        points.sort()
        style = "--" if name.startswith("baseline") else "-"
        ax.plot([p[0] for p in points], [p[1] for p in points], style, marker="o", label=name)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memories in the tenant")
    ax.set_ylabel("recall p50 (ms)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    ax.set_title("Recall latency against corpus size (2 cores, shared machine)")
    fig.tight_layout()
    path = out / "scale_latency.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--locomo", type=Path, default=REPO / "docs" / "bench" / "locomo.json")
    parser.add_argument("--scale", type=Path, default=REPO / "docs" / "bench" / "scale.json")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.locomo.exists():
        print(locomo_figure(json.loads(args.locomo.read_text()), args.out))
    if args.scale.exists():
        print(scale_figure(json.loads(args.scale.read_text()), args.out))


if __name__ == "__main__":
    main()
