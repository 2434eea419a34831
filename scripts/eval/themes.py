"""Do reflection's clusters follow themes? Labelled theme sets against the clustering.

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/themes.py \\
        [--trials 20] [--alternatives | --choices] [--out docs/bench/themes.json]

Each set (``themes_data.TUNE``, the sets the method was tuned on, and
``themes_heldout.HELD_OUT``, written after it was frozen) is what an agent remembers of
one entity, a few themes each, with a schedule: when each episode occurred. Sessions
are a day apart, their episodes one to five minutes apart: ``blocks`` gives each theme
sessions of its own (3-5 episodes), ``interleaved`` mixes every session (5-8 episodes
drawn across the themes), ``recurring:<theme>`` is blocks where that theme's later
half comes back 45 days after the rest, ``paired`` is blocks where the first two themes
share every session (time then ties two different themes together).

Trial 0 is each set whole; trials 1.. drop 15 % of each theme's episodes at random and
draw the schedule again (seeded). Every trial is clustered by:

- **ours**: ``cluster_embeddings`` with the default settings (time on);
- **ours, no time**: the same with ``reflect_time_weight`` 0;
- **k-means, true k**: k-means (10 k-means++ starts, seed 42) on the L2-normalised
  embeddings, told the true number of themes: the baseline issues 15 and 29 name;
- **0021**: decision 0021 as first shipped, k by the silhouette of the centred
  embeddings instead of the graph's modularity (the same partitions; before issue 29);
- **before**: what reflection did before decision 0021 (k-means, k in 2..⌈√n⌉ by
  silhouette);
- with ``--alternatives``, the other candidates measured for decision 0021 and issue 29
  (``themes_alternatives.py``, ``themes_choices.py``); with ``--choices``, issue 29's only.

The embeddings are the real model's (the default embedder), computed once per set; no
Neo4j is needed (the service's path is tested in tests/integration/test_reflect.py).
Reported per set and overall: true k, chosen k (trial 0, and the mean over trials), the
share of trials with too few clusters, ARI and purity (share of episodes whose cluster's
commonest theme is their own), means over trials. Also a sweep of the time weight.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/eval: the data
import numpy as np
from themes_data import TUNE, ThemeSet
from themes_heldout import HELD_OUT

from hebbs_graph.services.container import load_embedder
from hebbs_graph.services.reflect.clustering import candidate_ks, cluster_embeddings, normalise
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
KEEP = 0.85  # share of each theme's episodes a trial keeps (trial 0 keeps all)
WEIGHTS = (0.0, 1.0, 2.0, 3.0, 4.0, 8.0)  # the time-weight sweep
STARTED = time.perf_counter()

# One trial: embeddings, true theme per episode, occurred_at, in time order.
Trial = tuple[np.ndarray, np.ndarray, list[datetime]]
Method = Callable[[Trial, int], np.ndarray]  # (trial, true k) -> a label per episode


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


# -- trials -----------------------------------------------------------------------------


Session = tuple[float, list[tuple[int, int]]]  # days after the last, (theme, episode)s


def schedule(s: ThemeSet, rng: random.Random) -> list[Session]:
    """Sessions in time order, each with the (theme, episode)s in the order they came."""
    episodes = [[(t, i) for i in range(len(texts))] for t, texts in enumerate(s.themes.values())]
    if s.schedule == "interleaved":
        mixed = [e for theme in episodes for e in theme]
        rng.shuffle(mixed)
        return [(1.0, session) for session in cut(mixed, rng, 5, 8)]
    if s.schedule == "paired":  # the first two themes share every sitting
        shared = episodes[0] + episodes[1]
        rng.shuffle(shared)
        episodes = [shared, *episodes[2:]]
    blocks = [cut(theme, rng, 3, 5) for theme in episodes]
    later: list[list[tuple[int, int]]] = []
    if s.schedule.startswith("recurring:"):
        t = list(s.themes).index(s.schedule.split(":", 1)[1])
        half = max(1, len(blocks[t]) // 2)
        blocks[t], later = blocks[t][:half], blocks[t][half:]
    order: list[list[tuple[int, int]]] = []
    while any(blocks):
        turn = [b for b in blocks if b]
        rng.shuffle(turn)
        order.extend(b.pop(0) for b in turn)
    return [(1.0, b) for b in order] + [(45.0 if n == 0 else 1.0, b) for n, b in enumerate(later)]


def cut(items: list[tuple[int, int]], rng: random.Random, lo: int, hi: int) -> list[Any]:
    out, i = [], 0
    while i < len(items):
        size = rng.randint(lo, hi)
        out.append(items[i : i + size])
        i += size
    return out


def trial(s: ThemeSet, vectors: np.ndarray, n: int) -> Trial:
    rng = random.Random(f"{s.name}/{n}")
    offsets = np.cumsum([0] + [len(t) for t in s.themes.values()])
    now, rows = START, []
    for days, session in schedule(s, rng):
        now += timedelta(days=days, hours=rng.uniform(-3, 3))
        for t, i in session:
            now += timedelta(minutes=rng.uniform(1, 5))
            rows.append((t, i, now))
    if n > 0:
        dropped: set[tuple[int, int]] = set()
        for t, texts in enumerate(s.themes.values()):
            drop = round(len(texts) * (1 - KEEP))
            dropped |= {(t, i) for i in rng.sample(range(len(texts)), drop)}
        rows = [r for r in rows if (r[0], r[1]) not in dropped]
    x = np.stack([vectors[offsets[t] + i] for t, i, _ in rows])
    return x, np.array([t for t, _, _ in rows]), [at for _, _, at in rows]


# -- methods ----------------------------------------------------------------------------


def ours(settings: Settings, weight: float | None = None) -> Method:
    def run(t: Trial, true_k: int) -> np.ndarray:
        found = cluster_embeddings(
            t[0],
            times=t[2],
            time_weight=settings.reflect_time_weight if weight is None else weight,
            time_scale_s=settings.reflect_time_scale_s,
            seed=settings.reflect_seed,
            max_k=settings.reflect_max_k,
        )
        return np.array(found.labels)

    return run


def kmeans_true_k(t: Trial, true_k: int) -> np.ndarray:
    from sklearn.cluster import KMeans

    labels: np.ndarray = KMeans(true_k, n_init=10, random_state=42).fit_predict(normalise(t[0]))
    return labels


def before(t: Trial, true_k: int) -> np.ndarray:
    """k-means on L2-normalised embeddings, k in 2..⌈√n⌉ by silhouette (the old rule)."""
    from sklearn.cluster import KMeans
    from sklearn.metrics import silhouette_score

    x = normalise(t[0])
    best: tuple[float, np.ndarray] | None = None
    for k in candidate_ks(len(x)):
        labels = KMeans(k, n_init=10, random_state=42).fit_predict(x)
        if len(set(labels.tolist())) > 1:
            score = float(silhouette_score(x, labels))
            if best is None or score > best[0]:
                best = (score, labels)
    assert best is not None
    return best[1]


# -- scoring ----------------------------------------------------------------------------


def purity(truth: np.ndarray, labels: np.ndarray) -> float:
    common = sum(np.bincount(truth[labels == c]).max() for c in np.unique(labels))
    return float(common / len(truth))


def score(method: Method, trials: list[Trial], true_k: int) -> dict[str, Any]:
    from sklearn.metrics import adjusted_rand_score

    rows, took = [], []
    for t in trials:
        started = time.perf_counter()
        labels = method(t, true_k)
        took.append(time.perf_counter() - started)
        k = len(np.unique(labels))
        rows.append((adjusted_rand_score(t[1], labels), purity(t[1], labels), k))
    ari, pure, ks = (np.array(c, dtype=float) for c in zip(*rows, strict=True))
    return {
        "true_k": true_k,
        "k_whole": int(ks[0]),
        "k_mean": round(float(ks.mean()), 2),
        "too_few_k": round(float((ks < true_k).mean()), 3),
        "ari": round(float(ari.mean()), 3),
        "ari_whole": round(float(ari[0]), 3),
        "purity": round(float(pure.mean()), 3),
        "purity_whole": round(float(pure[0]), 3),
        "ms_mean": round(1000 * float(np.mean(took)), 1),
    }


def overall(per_set: dict[str, dict[str, Any]]) -> dict[str, Any]:
    rows = list(per_set.values())
    mean = {key: round(float(np.mean([r[key] for r in rows])), 3) for key in ("ari", "purity")}
    return mean | {
        "too_few_k": round(float(np.mean([r["too_few_k"] for r in rows])), 3),
        "exact_k_whole": sum(r["k_whole"] == r["true_k"] for r in rows),
        "sets": len(rows),
    }


def table(split: str, results: dict[str, dict[str, dict[str, Any]]]) -> str:
    names = list(results)
    head = "| set | true k | " + " | ".join(f"{n}: k · ARI · purity" for n in names) + " |"
    lines = [f"**{split}**", "", head, "|---|---:|" + "---|" * len(names)]
    for set_name in next(iter(results.values())):
        if set_name == "overall":
            continue
        cells = [
            f"{r['k_whole']} ({r['k_mean']:.1f}) · {r['ari']:.2f} · {r['purity']:.2f}"
            for r in (results[n][set_name] for n in names)
        ]
        true_k = results[names[0]][set_name]["true_k"]
        lines.append(f"| {set_name} | {true_k} | " + " | ".join(cells) + " |")
    cells = [
        f"too few {r['too_few_k']:.0%} · **{r['ari']:.3f}** · {r['purity']:.3f}"
        for r in (results[n]["overall"] for n in names)
    ]
    lines.append("| **overall** | | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# -- main -------------------------------------------------------------------------------


def evaluate(
    sets: list[ThemeSet], vectors: dict[str, np.ndarray], methods: dict[str, Method], n: int
) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in methods}
    for s in sets:
        trials = [trial(s, vectors[s.name], i) for i in range(n)]
        for name, method in methods.items():
            out[name][s.name] = score(method, trials, len(s.themes))
        log(f"{s.name}: " + ", ".join(f"{m} {out[m][s.name]['ari']:.2f}" for m in methods))
    for name in methods:
        out[name]["overall"] = overall(out[name])
    return out


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="per set, the first whole")
    parser.add_argument("--alternatives", action="store_true", help="also the rejected methods")
    parser.add_argument("--choices", action="store_true", help="also issue 29's ways to pick k")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "themes.json")
    args = parser.parse_args()

    settings = Settings()
    embedder = load_embedder(settings)
    splits = {"tune": TUNE, "held_out": HELD_OUT}
    vectors = {
        s.name: np.asarray(asyncio.run(embedder.embed([t for ts in s.themes.values() for t in ts])))
        for sets in splits.values()
        for s in sets
    }
    from themes_alternatives import ALTERNATIVES
    from themes_choices import CHOICES

    methods: dict[str, Method] = {
        "ours": ours(settings),
        "ours, no time": ours(settings, 0.0),
        "k-means, true k": kmeans_true_k,
        "0021": CHOICES["0021: k by silhouette of meaning"],
        "before": before,
    }
    sweep = {f"time weight {w:g}": ours(settings, w) for w in WEIGHTS}
    if args.alternatives or args.choices:
        sweep |= CHOICES
    if args.alternatives:
        sweep |= ALTERNATIVES
    results, sweeps = {}, {}
    for split, sets in splits.items():
        if not sets:
            continue
        results[split] = evaluate(sets, vectors, methods, args.trials)
        sweeps[split] = evaluate(sets, vectors, sweep, args.trials)
        print(table(split, results[split]), end="\n\n")
        print(table(f"{split}: sweep", sweeps[split]), end="\n\n")
    report = {
        "what": "reflection clusters against labelled themes (scripts/eval/themes.py)",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "embedding_model": settings.embedding_model,
        "settings": {
            k: getattr(settings, k)
            for k in ("reflect_time_weight", "reflect_time_scale_s", "reflect_seed")
        },
        "trials_per_set": args.trials,
        "keep_per_trial": KEEP,
        "sets": {
            split: {
                s.name: {
                    "schedule": s.schedule,
                    "themes": {name: len(texts) for name, texts in s.themes.items()},
                    "note": s.note,
                }
                for s in sets
            }
            for split, sets in splits.items()
        },
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "results": results,
        "sweep": sweeps,
        "seconds": round(time.perf_counter() - STARTED, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
