"""Does detection keep quiet about facts of different subjects, and still raise real conflicts?

    PYTHONPATH=. .venv/bin/python scripts/eval/cross_entity.py --label after \\
        --out docs/bench/cross_entity.json

Two generated, labelled sets, each in a tenant of its own (purged afterwards), stored
one memory at a time in occurred_at order through the real service (real model,
detection on); no verdict is ever committed:

- *entities*: companies, each stored under its own entity_id, with the same relations
  (budget, headquarters, headcount, CEO, kickoff day, renewal month, whether the
  support contract was renewed, whether the last deploy succeeded) and different
  values, all true. Most texts do not name the company ("The budget is $5,000 per
  quarter"), some do ("Acme's budget is ..."). For some slots an older value comes
  first: a true conflict within one entity.
- *tenant-wide*: the same relations about companies and people stored without an
  entity, every text naming its subject ("Acme's budget is ...", "The budget for Acme
  is ...", "The CEO of Acme is ...", "Alice Smith lives in ...", "Alice Smith will not
  attend ..."), all true; and for some slots an older value of the same subject in the
  same words: a true conflict.

Reported, per set: how many pending pairs were raised between facts of different
subjects (all false: both are true; the pairs of the same relation that could have
been raised are counted too), between unrelated facts, and how many of the true
conflicts were raised. With --label the figures go under that key of the JSON file,
so the same script run on an older checkout records the "before"; --scope sets
HEBBS_CONTRADICTION_SCOPE (ignored by a checkout without it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]

COMPANIES = [
    "Acme", "Initech", "Globex", "Umbrella", "Hooli", "Vandelay", "Stark", "Wonka",
    "Soylent", "Tyrell",
]  # fmt: skip
PEOPLE = [
    "Alice Smith", "Bob Jones", "Carla Diaz", "Dmitri Ivanov", "Elena Rossi", "Farid Khan",
    "Grace Lee", "Hugo Martin",
]  # fmt: skip
CITIES = ["Paris", "Berlin", "Lisbon", "Oslo", "Madrid", "Vienna", "Dublin", "Prague"]
CEOS = ["Ann", "Bo", "Carla", "Ingrid", "Jamal", "Keiko", "Luis", "Mona", "Nils", "Olga"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
MONTHS = ["March", "April", "June", "July", "September", "October", "November"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]

Template = Callable[[str, Any], str]


@dataclass(frozen=True)
class Relation:
    name: str
    values: list[Any]
    unnamed: list[Template]  # the subject left to the entity
    named: list[Template]  # the subject in the text


def _yes_no(yes: str, no: str) -> Template:
    return lambda s, v: (yes if v else no).format(s=s)


COMPANY_RELATIONS = [
    Relation(
        "budget",
        [3000, 5000, 7000, 9000, 12000, 15000],
        [lambda s, v: f"The budget is ${v:,} per quarter"],
        [
            lambda s, v: f"{s}'s budget is ${v:,} per quarter",
            lambda s, v: f"The customer budget for {s} is ${v:,} per quarter",
            lambda s, v: f"The budget of {s} is ${v:,} per quarter",
        ],
    ),
    Relation(
        "headquarters",
        CITIES,
        [lambda s, v: f"The headquarters is in {v}"],
        [
            lambda s, v: f"{s}'s headquarters is in {v}",
            lambda s, v: f"The headquarters of {s} is in {v}",
        ],
    ),
    Relation(
        "headcount",
        [12, 25, 40, 60, 85, 120],
        [lambda s, v: f"The engineering team has {v} engineers"],
        [lambda s, v: f"{s}'s engineering team has {v} engineers"],
    ),
    Relation(
        "ceo",
        CEOS,
        [lambda s, v: f"The CEO is {v}"],
        [lambda s, v: f"The CEO of {s} is {v}", lambda s, v: f"{s}'s CEO is {v}"],
    ),
    Relation(
        "kickoff",
        DAYS,
        [lambda s, v: f"The kickoff meeting is on {v}"],
        [
            lambda s, v: f"The kickoff meeting for {s} is on {v}",
            lambda s, v: f"{s}'s kickoff meeting is on {v}",
        ],
    ),
    Relation(
        "renewal",
        MONTHS,
        [lambda s, v: f"The contract renews in {v}"],
        [lambda s, v: f"{s}'s contract renews in {v}"],
    ),
    Relation(
        "renewed",
        [True, False],
        [_yes_no("They renewed the support contract", "They did not renew the support contract")],
        [_yes_no("{s} renewed its support contract", "{s} did not renew its support contract")],
    ),
    Relation(
        "deploy",
        [True, False],
        [_yes_no("The last deploy of the billing service succeeded",
                 "The last deploy of the billing service failed")],
        [_yes_no("{s}'s last deploy of the billing service succeeded",
                 "{s}'s last deploy of the billing service failed")],
    ),
]  # fmt: skip

PEOPLE_RELATIONS = [
    Relation("home", CITIES, [], [lambda s, v: f"{s} lives in {v}"]),
    Relation("colour", COLOURS, [], [lambda s, v: f"{s}'s favourite colour is {v}"]),
    Relation(
        "attends",
        [True, False],
        [],
        [
            _yes_no(
                "{s} will attend the quarterly planning meeting",
                "{s} will not attend the quarterly planning meeting",
            )
        ],
    ),
    Relation(
        "approves",
        [True, False],
        [],
        [
            _yes_no(
                "{s} approved the marketing budget for the spring campaign",
                "{s} rejected the marketing budget for the spring campaign",
            )
        ],
    ),
]


@dataclass
class Fact:
    content: str
    subject: str
    relation: str
    entity_id: str | None
    occurred_at: datetime
    conflict: bool = False  # an older value of a slot that a newer fact replaces
    id: str = ""


def build(
    rng: random.Random, start: datetime, *, entities: bool, conflict_share: float
) -> list[Fact]:
    """Every subject with every relation (values differ between subjects where the
    relation allows it); for ``conflict_share`` of the slots an older, different value
    first, in the same words."""
    subjects = [(c, COMPANY_RELATIONS) for c in COMPANIES]
    if not entities:
        subjects += [(p, PEOPLE_RELATIONS) for p in PEOPLE]
    facts: list[Fact] = []
    when = start
    for subject, relations in subjects:
        entity = subject.lower() if entities else None
        for rel in relations:
            templates = rel.unnamed + rel.named if entities else rel.named
            if entities and rel.unnamed and rng.random() < 0.7:
                templates = rel.unnamed
            template = rng.choice(templates)
            value = rng.choice(rel.values)
            if rng.random() < conflict_share:
                older = rng.choice([v for v in rel.values if v != value])
                facts.append(
                    Fact(template(subject, older), subject, rel.name, entity, when, conflict=True)
                )
                when += timedelta(hours=rng.choice([3, 20, 72]))
            facts.append(Fact(template(subject, value), subject, rel.name, entity, when))
            when += timedelta(hours=rng.choice([1, 3, 20]))
    return facts


async def store(services: Services, tenant: str, facts: list[Fact]) -> float:
    """One memory at a time, in occurred_at order, as an agent would write them."""
    started = time.perf_counter()
    for f in facts:
        m = await services.memory.remember(
            tenant, MemoryIn(content=f.content, entity_id=f.entity_id, occurred_at=f.occurred_at)
        )
        f.id = m.id
    await services.contradict.drain()
    return time.perf_counter() - started


async def pending_pairs(services: Services, tenant: str) -> list[tuple[str, str]]:
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id "
        "RETURN p.memory_id_a AS a, p.memory_id_b AS b",
        tenant_id=tenant,
    )
    return [(r["a"], r["b"]) for r in rows]


def score(facts: list[Fact], pairs: list[tuple[str, str]]) -> dict[str, Any]:
    by_id = {f.id: f for f in facts}
    slots = {(f.subject, f.relation) for f in facts if f.conflict}
    same_relation = sum(
        1
        for i, a in enumerate(facts)
        for b in facts[i + 1 :]
        if a.relation == b.relation and a.subject != b.subject
    )
    across, unrelated, raised = 0, 0, set()
    examples: list[list[str]] = []
    for x, y in pairs:
        a, b = by_id[x], by_id[y]
        if a.subject == b.subject and a.relation == b.relation:
            raised.add((a.subject, a.relation))
        elif a.relation == b.relation:
            across += 1
            if len(examples) < 5:
                examples.append([a.content, b.content])
        else:
            unrelated += 1
    return {
        "memories": len(facts),
        "subjects": len({f.subject for f in facts}),
        "same_relation_pairs_across_subjects": same_relation,
        "pending_across_subjects": across,
        "pending_unrelated": unrelated,
        "true_conflicts": len(slots),
        "true_conflicts_raised": len(raised & slots),
        "true_conflict_recall": round(len(raised & slots) / len(slots), 3) if slots else None,
        "examples_across": examples,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    start = datetime.now(UTC) - timedelta(days=45)
    sets = {
        "entities": build(rng, start, entities=True, conflict_share=0.3),
        "tenant_wide": build(rng, start, entities=False, conflict_share=0.3),
    }
    settings = Settings()
    if args.scope and "contradiction_scope" in Settings.model_fields:
        settings = settings.model_copy(update={"contradiction_scope": args.scope})
    services = await open_services(settings, embedder=load_embedder(settings))
    run_id = uuid.uuid4().hex[:8]
    tenants = {name: f"eval-cross-{name.replace('_', '-')}-{run_id}" for name in sets}
    figures: dict[str, Any] = {}
    try:
        for name, facts in sets.items():
            took = await store(services, tenants[name], facts)
            print(f"{name}: stored {len(facts)} memories in {took:.0f}s", file=sys.stderr)
            figures[name] = score(facts, await pending_pairs(services, tenants[name]))
    finally:
        await services.recall.drain()
        for t in tenants.values():
            await purge_tenant(services, t)
        await services.close()
    figures["settings"] = {
        "seed": args.seed,
        "contradiction_scope": getattr(settings, "contradiction_scope", "tenant (no setting)"),
    }
    return figures


def table(label: str, f: dict[str, Any]) -> str:
    lines = [f"{label} (scope {f['settings']['contradiction_scope']})"]
    lines.append(
        f"{'set':12} {'memories':>8} {'could':>6} {'across':>6} {'unrel':>6} {'conflicts':>9}"
    )
    for name in ("entities", "tenant_wide"):
        b = f[name]
        lines.append(
            f"{name:12} {b['memories']:>8} {b['same_relation_pairs_across_subjects']:>6} "
            f"{b['pending_across_subjects']:>6} {b['pending_unrelated']:>6} "
            f"{b['true_conflicts_raised']:>4}/{b['true_conflicts']:<4}"
        )
    return "\n".join(lines)


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "cross_entity.json")
    parser.add_argument("--label", default="after", help="key the figures go under")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--scope", choices=["entity", "tenant"], default=None)
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    print(table(args.label, figures))
    saved = json.loads(args.out.read_text()) if args.out.exists() else {}
    saved[args.label] = {"generated_at": datetime.now(UTC).isoformat(), **figures}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(saved, indent=2, sort_keys=True) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
