"""Reflection's clusters against public intent sets (issue 29, item 4).

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/themes_public.py \\
        [--sets clinc150,hwu64] [--trials 100] [--alternatives] \\
        [--out docs/bench/themes_public.json]

The sets are public intent-classification data converted by ``scripts/eval/public/``
(``clinc150``: 150 intents in 10 domains; ``hwu64``: 63 intents, ``<scenario>_<intent>``,
18 scenarios), read from ``Settings().cache_dir/eval/<set>.json`` and never committed. An
intent is a theme, an utterance an episode, all of one entity.

Each trial (seeded by set, kind and number) draws its themes:

- *mixed*: 3..8 intents at random, 6..15 utterances each;
- *ten each*: 3..8 intents at random, 10 utterances each;
- *one domain*: 3..8 intents of one CLINC domain or HWU scenario, 6..15 each: close
  themes, as a set of one domain (Banking77) is;
- *3 clear × 10*: three intents of three different domains, ten each: the issue's first
  report;
- *large*: 10..20 intents at random, 15..40 utterances each (about the 500 episodes one
  prepare takes by default); ``--large-trials`` of them (20).

and a schedule as ``themes.py`` makes them (sessions a day apart, episodes one to five
minutes apart): *interleaved* (every session mixes themes), *blocks* (each theme in
sessions of its own) or *paired* (blocks, but two of the three clear themes share every
session: time must not glue them); the *mixed* draws are run under interleaved and
blocks.

Each trial is clustered as reflect/prepare clusters (``cluster_embeddings`` with the
settings' time weight, time scale, seed, max k and minimum cluster size) and scored as
prepare hands the clusters out: clusters under ``reflect_min_cluster`` are dropped, so
their episodes are in no cluster. ARI counts each such episode as a cluster of its own;
purity is the share of all episodes that sit in a kept cluster whose commonest theme is
theirs; k is the number of clusters kept. The baseline is k-means told the true k
(scikit-learn, k-means++, n_init 10, seed 42, on the L2-normalised embeddings), scored the
same way; *vs k-means* is the mean of the per-trial differences in ARI ± its standard
error. *0021* is the clustering as decision 0021 shipped it (k by silhouette), the figure
before issue 29. ``--alternatives`` adds ``themes_alternatives.CHOICES``.

Vectors come from the default embedder, once per text, cached in
``cache_dir/eval/themes-<model>.npz``; one thread throughout.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")  # before numpy / onnxruntime start threads

import argparse
import asyncio
import hashlib
import json
import platform
import random
import sys
import time
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/eval
import numpy as np
from themes import Method, Trial, kmeans_true_k, ours, trial
from themes_data import ThemeSet

from hebbs_graph.services.container import load_embedder
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
STARTED = time.perf_counter()

# CLINC150's domains, for the draws by domain: the intent names of clinc/oos-eval
# @ 828f8093 data/domains.json (CC BY 3.0, Larson et al. 2019), regrouped here.
CLINC_DOMAINS = {
    "banking": "freeze_account routing pin_change bill_due pay_bill account_blocked "
    "interest_rate min_payment bill_balance transfer order_checks balance "
    "spending_history transactions report_fraud",
    "credit_cards": "replacement_card_duration expiration_date damaged_card "
    "improve_credit_score report_lost_card card_declined credit_limit_change apr "
    "redeem_rewards credit_limit rewards_balance application_status credit_score new_card "
    "international_fees",
    "kitchen_and_dining": "food_last confirm_reservation how_busy ingredients_list calories "
    "nutrition_info recipe restaurant_reviews restaurant_reservation meal_suggestion "
    "restaurant_suggestion cancel_reservation ingredient_substitution cook_time "
    "accept_reservations",
    "home": "what_song play_music todo_list_update reminder reminder_update calendar_update "
    "order_status update_playlist shopping_list calendar next_song order todo_list "
    "shopping_list_update smart_home",
    "auto_and_commute": "current_location oil_change_when oil_change_how uber traffic "
    "tire_pressure schedule_maintenance gas mpg distance directions last_maintenance "
    "gas_type tire_change jump_start",
    "travel": "plug_type travel_notification translate flight_status international_visa "
    "timezone exchange_rate travel_suggestion travel_alert vaccines lost_luggage "
    "book_flight book_hotel carry_on car_rental",
    "utility": "weather alarm date find_phone share_location timer make_call calculator "
    "definition measurement_conversion flip_coin spelling time roll_dice text",
    "work": "pto_request_status next_holiday insurance_change insurance meeting_schedule "
    "payday taxes income rollover_401k pto_balance pto_request w2 schedule_meeting "
    "direct_deposit pto_used",
    "small_talk": "who_made_you meaning_of_life who_do_you_work_for do_you_have_pets "
    "what_are_your_hobbies fun_fact what_is_your_name where_are_you_from goodbye "
    "thank_you greeting tell_joke are_you_a_bot how_old_are_you what_can_i_ask_you",
    "meta": "change_speed user_name whisper_mode yes change_volume no change_language "
    "repeat change_accent cancel sync_device change_user_name change_ai_name "
    "reset_settings maybe",
}


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


# -- data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Public:
    name: str
    by_label: dict[str, list[str]]  # texts per intent, in file order

    def domain(self, label: str) -> str:
        if self.name == "clinc150":
            return next(d for d, names in CLINC_DOMAINS.items() if label in names.split())
        return label.split("_", 1)[0]  # hwu64: <scenario>_<intent>


def load_set(settings: Settings, name: str) -> Public:
    path = settings.cache_dir / "eval" / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    by_label: dict[str, list[str]] = {}
    for item in data["items"]:
        by_label.setdefault(item["label"], []).append(item["text"])
    return Public(name, {k: list(dict.fromkeys(v)) for k, v in sorted(by_label.items())})


ROWS = (  # (kind, schedule)
    ("mixed", "interleaved"),
    ("mixed", "blocks"),
    ("ten each", "interleaved"),
    ("one domain", "interleaved"),
    ("3 clear × 10", "interleaved"),
    ("3 clear × 10", "paired"),
    ("large", "interleaved"),
    ("large", "blocks"),
)


def draw(p: Public, kind: str, number: int) -> dict[str, list[str]]:
    """One trial's themes (see the module's docstring)."""
    rng = random.Random(f"{p.name}/{kind}/{number}")
    labels = sorted(p.by_label)
    if kind == "3 clear × 10":
        domains = sorted({p.domain(label) for label in labels})
        chosen = [
            rng.choice([label for label in labels if p.domain(label) == d])
            for d in rng.sample(domains, 3)
        ]
        sizes = [10, 10, 10]
    else:
        if kind == "one domain":
            by_domain: dict[str, list[str]] = {}
            for label in labels:
                by_domain.setdefault(p.domain(label), []).append(label)
            labels = rng.choice([ls for _, ls in sorted(by_domain.items()) if len(ls) >= 3])
        if kind == "large":
            chosen = rng.sample(labels, rng.randint(10, 20))
            sizes = [min(rng.randint(15, 40), len(p.by_label[label])) for label in chosen]
        else:
            chosen = rng.sample(labels, rng.randint(3, min(8, len(labels))))
            sizes = [10 if kind == "ten each" else rng.randint(6, 15) for _ in chosen]
    return {label: rng.sample(p.by_label[label], n) for label, n in zip(chosen, sizes, strict=True)}


# -- vectors ------------------------------------------------------------------------------


class Vectors:
    """The embedder's vector of each text, cached on disk."""

    def __init__(self, settings: Settings) -> None:
        model = hashlib.sha1(settings.embedding_model.encode()).hexdigest()[:12]
        self.path = settings.cache_dir / "eval" / f"themes-{model}.npz"
        self.settings = settings
        self.known: dict[str, np.ndarray] = {}
        if self.path.exists():
            with np.load(self.path) as saved:
                self.known = dict(zip(saved["texts"].tolist(), saved["vectors"], strict=True))
        self.embedder: Any = None

    def need(self, texts: list[str]) -> None:
        missing = sorted({t for t in texts if t not in self.known})
        if not missing:
            return
        if self.embedder is None:
            self.embedder = load_embedder(self.settings)
        log(f"embedding {len(missing)} texts")
        found = asyncio.run(self.embedder.embed(missing))
        self.known |= dict(zip(missing, np.asarray(found, dtype=np.float32), strict=True))
        texts_all = sorted(self.known)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("wb") as out:
            np.savez(
                out,
                texts=np.array(texts_all),
                vectors=np.stack([self.known[t] for t in texts_all]),
            )

    def of(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.known[t] for t in texts]).astype(np.float64)


# -- scoring ------------------------------------------------------------------------------


def as_prepared(labels: np.ndarray, min_size: int) -> np.ndarray:
    """Labels as reflect/prepare hands them out: a cluster under ``min_size`` is no
    cluster, each of its episodes a label of its own (negative)."""
    names, counts = np.unique(labels, return_counts=True)
    small = set(names[counts < min_size].tolist())
    out = np.asarray(labels).copy()
    for n, i in enumerate(i for i, label in enumerate(labels.tolist()) if label in small):
        out[i] = -1 - n
    return out


def scores(truth: np.ndarray, labels: np.ndarray, min_size: int) -> tuple[float, float, int]:
    """ARI, purity and clusters kept, as prepare's clusters are read."""
    from sklearn.metrics import adjusted_rand_score

    shown = as_prepared(labels, min_size)
    kept = [c for c in np.unique(shown) if c >= 0]
    common = sum(int(np.bincount(truth[shown == c]).max()) for c in kept)
    return float(adjusted_rand_score(truth, shown)), common / len(truth), len(kept)


def summary(rows: list[tuple[float, float, int, int]], baseline: list[float]) -> dict[str, Any]:
    ari, pure, k, true_k = (np.array(c, dtype=float) for c in zip(*rows, strict=True))
    diff = ari - np.asarray(baseline)
    return {
        "trials": len(rows),
        "ari": round(float(ari.mean()), 3),
        "vs_kmeans_true_k": round(float(diff.mean()), 3),
        "vs_kmeans_se": round(float(diff.std(ddof=1) / np.sqrt(len(diff))), 3),
        "purity": round(float(pure.mean()), 3),
        "too_few": round(float((k < true_k).mean()), 3),
        "too_many": round(float((k > true_k).mean()), 3),
        "exact_and_pure": round(float(((k == true_k) & (pure == 1.0)).mean()), 3),
    }


# -- main ---------------------------------------------------------------------------------

BASELINE = "k-means, true k"


def evaluate(
    trials: list[tuple[Trial, int]], methods: dict[str, Method], min_size: int
) -> dict[str, dict[str, Any]]:
    found: dict[str, list[tuple[float, float, int, int]]] = {}
    took: dict[str, float] = {}
    for name, method in methods.items():
        started = time.perf_counter()
        found[name] = []
        for t, true_k in trials:
            ari, pure, k = scores(t[1], np.asarray(method(t, true_k)), min_size)
            found[name].append((ari, pure, k, true_k))
        took[name] = time.perf_counter() - started
    baseline = [r[0] for r in found[BASELINE]]
    return {
        name: summary(rows, baseline) | {"ms_mean": round(1000 * took[name] / len(rows), 1)}
        for name, rows in found.items()
    }


def table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    lines = [
        "| set · trials | method | ARI | vs k-means, true k | purity | too few k | too many k "
        "| k right, pure |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row, methods in results.items():
        for name, r in methods.items():
            versus = (
                ""
                if name == BASELINE
                else f"{r['vs_kmeans_true_k']:+.3f} ± {r['vs_kmeans_se']:.3f}"
            )
            lines.append(
                f"| {row} | {name} | {r['ari']:.3f} | {versus} | {r['purity']:.3f} "
                f"| {r['too_few']:.0%} | {r['too_many']:.0%} | {r['exact_and_pure']:.0%} |"
            )
    return "\n".join(lines)


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="clinc150,hwu64")
    parser.add_argument("--trials", type=int, default=100, help="per row")
    parser.add_argument("--large-trials", type=int, default=20, help="per large row")
    parser.add_argument("--alternatives", action="store_true")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "themes_public.json")
    args = parser.parse_args()

    from themes_choices import CHOICES

    settings = Settings()
    min_size = settings.reflect_min_cluster
    methods: dict[str, Method] = {
        "ours": ours(settings),
        "ours, no time": ours(settings, 0.0),
        BASELINE: kmeans_true_k,
        "0021": CHOICES["0021: k by silhouette of meaning"],
    }
    if args.alternatives:
        methods |= {name: m for name, m in CHOICES.items() if not name.startswith("0021")}
    vectors = Vectors(settings)
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for name in args.sets.split(","):
        p = load_set(settings, name)
        draws = {
            kind: [
                draw(p, kind, i)
                for i in range(args.large_trials if kind == "large" else args.trials)
            ]
            for kind, _ in ROWS
        }
        vectors.need([t for ds in draws.values() for d in ds for ts in d.values() for t in ts])
        for kind, schedule in ROWS:
            trials = []
            for i, themes in enumerate(draws[kind]):
                s = ThemeSet(f"{name}/{kind}/{i}", name, themes, schedule, "")
                texts = [t for ts in themes.values() for t in ts]
                trials.append((trial(s, vectors.of(texts), 0), len(themes)))
            row = f"{name} · {kind} · {schedule}"
            results[row] = evaluate(trials, methods, min_size)
            log(f"{row}: " + ", ".join(f"{m} {r['ari']:.3f}" for m, r in results[row].items()))
    print(table(results))
    report = {
        "what": "reflection clusters against public intent sets (scripts/eval/themes_public.py)",
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "embedding_model": settings.embedding_model,
        "settings": {
            k: getattr(settings, k)
            for k in (
                "reflect_time_weight",
                "reflect_time_scale_s",
                "reflect_seed",
                "reflect_max_k",
                "reflect_min_cluster",
            )
        },
        "trials_per_row": args.trials,
        "trials_per_large_row": args.large_trials,
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "results": results,
        "seconds": round(time.perf_counter() - STARTED, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
