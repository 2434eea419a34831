"""Does recall put a fact's current value first when nobody has reviewed anything?

    PYTHONPATH=. .venv/bin/python scripts/eval/changing_facts.py --label after \\
        --out docs/bench/changing_facts.json

Two generated, labelled sets, each in a tenant of its own (purged afterwards):

- *changing facts*: subjects (companies, people, projects) × relations (CEO,
  headquarters, headcount, manager, home city, budget, lead, ...), each slot filled with
  1–4 values over time ("The CEO of Acme is Ann" ... later "Acme's CEO is Bo"), in
  several templates, with distractor facts about the same subjects. Half the subjects
  are stored under an entity_id, half without one. Everything is stored one memory at
  a time in occurred_at order through the real service (real model, detection on,
  default settings); no verdict is ever committed. Each changed slot is asked with two
  paraphrased questions, tenant-wide and (when it has one) scoped to its entity.
- *look-alike but both true*: groups of 2–4 facts about one subject that share a frame
  and differ in one value, all true at once ("Ann likes tea" / "Ann likes hiking",
  "Acme has an office in Paris" / "... in Berlin"), asked with one question per group.

Reported: for changed slots, the share where the newest value ranks above every older
value of its slot, where it ranks first overall, where it is in the top 10, and where
detection had raised a pending pair on the slot; for look-alikes, the share of true
memories in the top 10 and how many were marked as possibly superseded (and, with
on_conflict "current", left out). With --label the figures go under that key of the
JSON file, so the same script run on an older checkout records the "before".
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
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
TOP_K = 10

NAMES = [
    "Ann", "Bo", "Carla", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ingrid", "Jamal",
    "Keiko", "Luis", "Mona", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tariq",
]  # fmt: skip
CITIES = [
    "Paris", "Berlin", "Lisbon", "Oslo", "Madrid", "Vienna", "Dublin", "Prague", "Warsaw",
    "Zurich", "Toronto", "Austin", "Denver", "Seattle", "Boston", "Chicago",
]  # fmt: skip
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange", "black", "white"]
MONTHS = ["March", "April", "May", "June", "July", "September", "October", "November"]

ORGS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Soylent", "Wonka"]
PEOPLE = ["Alice", "Brian", "Chen", "Dana", "Emeka", "Fatima", "Gwen", "Henrik"]
PROJECTS = ["Apollo", "Borealis", "Cobalt", "Delta", "Ember", "Falcon", "Granite", "Helix"]


@dataclass(frozen=True)
class Relation:
    name: str
    statements: list[str]
    questions: list[str]
    values: Any  # a list, or a callable(rng) -> str


def number(lo: int, hi: int, step: int, fmt: str = "{:,}") -> Any:
    return lambda rng: fmt.format(rng.randrange(lo, hi, step))


RELATIONS: dict[str, list[Relation]] = {
    "org": [
        Relation(
            "ceo",
            ["The CEO of {s} is {v}.", "{s}'s CEO is {v}.", "{v} is the CEO of {s}."],
            ["Who is the CEO of {s}?", "Who runs {s} as chief executive?"],
            NAMES,
        ),
        Relation(
            "hq",
            [
                "{s} is headquartered in {v}.",
                "The headquarters of {s} is in {v}.",
                "{s}'s head office is in {v}.",
            ],
            ["Where is {s} headquartered?", "In which city is the head office of {s}?"],
            CITIES,
        ),
        Relation(
            "headcount",
            ["{s} has {v} employees.", "The headcount of {s} is {v} people."],
            ["How many employees does {s} have?", "What is the headcount at {s}?"],
            number(40, 900, 10),
        ),
    ],
    "person": [
        Relation(
            "manager",
            ["{s}'s manager is {v}.", "{s} reports to {v}.", "The manager of {s} is {v}."],
            ["Who is {s}'s manager?", "Who does {s} report to?"],
            NAMES,
        ),
        Relation(
            "home",
            ["{s} lives in {v}.", "{s}'s home is in {v}.", "{s} has an apartment in {v}."],
            ["Where does {s} live?", "Which city is {s}'s home?"],
            CITIES,
        ),
        Relation(
            "colour",
            ["{s}'s favourite colour is {v}.", "The favourite colour of {s} is {v}."],
            ["What is {s}'s favourite colour?", "Which colour does {s} like best?"],
            COLOURS,
        ),
    ],
    "project": [
        Relation(
            "budget",
            ["The budget of project {s} is ${v}.", "Project {s} has a budget of ${v}."],
            ["What is the budget of project {s}?", "How much money does project {s} have?"],
            number(5_000, 90_000, 1_000),
        ),
        Relation(
            "lead",
            ["The lead of project {s} is {v}.", "Project {s} is led by {v}."],
            ["Who leads project {s}?", "Who is the lead of project {s}?"],
            NAMES,
        ),
        Relation(
            "deadline",
            ["The deadline for project {s} is in {v}.", "Project {s} is due in {v}."],
            ["When is project {s} due?", "What is the deadline for project {s}?"],
            MONTHS,
        ),
    ],
}
SUBJECTS = {"org": ORGS, "person": PEOPLE, "project": PROJECTS}
DISTRACTORS = {
    "org": [
        "{s} sponsored a charity run last spring.",
        "{s} switched its payroll to a new provider.",
        "{s} holds an all-hands meeting every quarter.",
        "{s} published its annual sustainability report.",
    ],
    "person": [
        "{s} enjoys cycling on weekends.",
        "{s} gave a talk about testing at the meetup.",
        "{s} is learning to play the cello.",
        "{s} brought cake for the team on Friday.",
    ],
    "project": [
        "Project {s} moved its standup to the morning.",
        "Project {s} wrote a new onboarding guide.",
        "Project {s} had a retrospective after the release.",
        "Project {s} added integration tests to its pipeline.",
    ],
}

# Look-alike groups: (kind, statement, question, values); every value is true at once.
LOOKALIKES: list[tuple[str, str, str, list[str]]] = [
    ("likes", "{s} likes {v}.", "What does {s} like?",
     ["tea", "hiking", "jazz", "chess", "gardening", "poetry"]),
    ("office", "{s} has an office in {v}.", "Where does {s} have offices?", CITIES),
    ("speaks", "{s} speaks {v}.", "Which languages does {s} speak?",
     ["French", "German", "Spanish", "Japanese", "Arabic", "Polish"]),
    ("stack", "The {s} team uses {v}.", "What does the {s} team use?",
     ["Python", "Rust", "Kotlin", "Postgres", "Kafka", "Terraform"]),
    ("visited", "{s} visited {v} last year.", "Which cities has {s} visited?", CITIES),
    ("sells", "{s} sells {v}.", "What does {s} sell?",
     ["shoes", "hats", "bicycles", "umbrellas", "lamps", "backpacks"]),
    ("sibling", "{s} has a sibling named {v}.", "What are the names of {s}'s siblings?", NAMES),
    ("customer", "{s} counts {v} among its customers.", "Who are {s}'s customers?",
     ["Globex", "Initech", "Hooli", "Vandelay", "Soylent", "Wonka"]),
]  # fmt: skip
LOOKALIKE_SUBJECTS = {
    "likes": PEOPLE, "office": ORGS, "speaks": PEOPLE, "stack": ["data", "web", "mobile"],
    "visited": PEOPLE, "sells": ORGS, "sibling": PEOPLE, "customer": ["Acme", "Umbrella"],
}  # fmt: skip


@dataclass
class Fact:
    content: str
    occurred_at: datetime
    entity_id: str | None
    slot: str | None = None  # subject/relation of a changing fact or a look-alike group
    order: int = 0  # 0 the oldest value of its slot
    id: str = ""


@dataclass
class Question:
    slot: str
    text: str
    entity_id: str | None
    facts: list[Fact] = field(default_factory=list)  # the slot's values, oldest first


def changing_set(rng: random.Random, start: datetime) -> tuple[list[Fact], list[Question]]:
    facts: list[Fact] = []
    questions: list[Question] = []
    for kind, subjects in SUBJECTS.items():
        for n, subject in enumerate(subjects):
            entity = f"{kind}-{subject.lower()}" if n % 2 == 0 else None
            for text in rng.sample(DISTRACTORS[kind], 3):
                when = start + timedelta(hours=rng.uniform(0, 24 * 40))
                facts.append(Fact(text.format(s=subject), when, entity))
            for rel in RELATIONS[kind]:
                slot = f"{subject}/{rel.name}"
                count = rng.choice([1, 2, 2, 3, 3, 4])
                values = distinct_values(rng, rel.values, count)
                when = start + timedelta(hours=rng.uniform(0, 24 * 10))
                mine = []
                for order, value in enumerate(values):
                    template = rng.choice(rel.statements)
                    mine.append(
                        Fact(template.format(s=subject, v=value), when, entity, slot, order)
                    )
                    # an hour to ten days later, the value changes
                    when += timedelta(hours=rng.choice([1, 3, 20, 72, 240]))
                facts += mine
                if count < 2:
                    continue
                for q in rel.questions:
                    for scope in [None, entity] if entity else [None]:
                        questions.append(Question(slot, q.format(s=subject), scope, mine))
    return facts, questions


def distinct_values(rng: random.Random, values: Any, count: int) -> list[str]:
    if callable(values):
        out: list[str] = []
        while len(out) < count:
            v = values(rng)
            if v not in out:
                out.append(v)
        return out
    return rng.sample(values, count)


def lookalike_set(rng: random.Random, start: datetime) -> tuple[list[Fact], list[Question]]:
    facts: list[Fact] = []
    questions: list[Question] = []
    for kind, statement, question, values in LOOKALIKES:
        for n, subject in enumerate(LOOKALIKE_SUBJECTS[kind]):
            entity = f"{kind}-{subject.lower()}" if n % 2 == 0 else None
            slot = f"{subject}/{kind}"
            when = start + timedelta(hours=rng.uniform(0, 24 * 10))
            mine = []
            for order, value in enumerate(rng.sample(values, rng.choice([2, 3, 4]))):
                mine.append(Fact(statement.format(s=subject, v=value), when, entity, slot, order))
                when += timedelta(hours=rng.choice([1, 3, 20, 72, 240]))
            facts += mine
            for scope in [None, entity] if entity else [None]:
                questions.append(Question(slot, question.format(s=subject), scope, mine))
    return facts, questions


async def store(services: Services, tenant: str, facts: list[Fact]) -> float:
    """One memory at a time, in occurred_at order, as an agent would write them."""
    started = time.perf_counter()
    for f in sorted(facts, key=lambda f: f.occurred_at):
        m = await services.memory.remember(
            tenant, MemoryIn(content=f.content, entity_id=f.entity_id, occurred_at=f.occurred_at)
        )
        f.id = m.id
    return time.perf_counter() - started


async def pending_pairs(services: Services, tenant: str) -> set[frozenset[str]]:
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id "
        "RETURN p.memory_id_a AS a, p.memory_id_b AS b",
        tenant_id=tenant,
    )
    return {frozenset((r["a"], r["b"])) for r in rows}


async def ask(services: Services, tenant: str, q: Question, on_conflict: str) -> list[Any]:
    request = RecallIn(
        cue=q.text, entity_id=q.entity_id, top_k=TOP_K, reinforce=False, on_conflict=on_conflict
    )
    return (await services.recall.recall(tenant, request)).results


def ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


async def score_changing(
    services: Services, tenant: str, questions: list[Question], pending: set[frozenset[str]]
) -> dict[str, Any]:
    modes = ["keep"] + (["current"] if supports_current() else [])
    out: dict[str, Any] = {}
    for mode in modes:
        rows = []
        for q in questions:
            ids = [r.memory.id for r in await ask(services, tenant, q, mode)]
            newest = q.facts[-1].id
            older = [f.id for f in q.facts[:-1]]
            rank = ids.index(newest) if newest in ids else None
            older_ranks = [ids.index(o) for o in older if o in ids]
            rows.append(
                {
                    "slot": q.slot,
                    "scope": "entity" if q.entity_id else "tenant",
                    "values": len(q.facts),
                    "newest_above_older": rank is not None and all(rank < r for r in older_ranks),
                    "newest_first": rank == 0,
                    "newest_in_top10": rank is not None,
                    "older_in_top10": len(older_ranks),
                    "pending_on_slot": any(newest in p and p & set(older) for p in pending),
                }
            )
        out[mode] = summarise_changing(rows)
    return out


def summarise_changing(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def share(key: str, mine: list[dict[str, Any]]) -> float | None:
        return ratio(sum(bool(r[key]) for r in mine), len(mine))

    def block(mine: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "questions": len(mine),
            "newest_above_older": share("newest_above_older", mine),
            "newest_first": share("newest_first", mine),
            "newest_in_top10": share("newest_in_top10", mine),
            "older_values_in_top10": ratio(
                sum(r["older_in_top10"] for r in mine), sum(r["values"] - 1 for r in mine)
            ),
            "pending_pair_on_slot": share("pending_on_slot", mine),
        }

    result = {"all": block(rows)}
    for scope in ("tenant", "entity"):
        result[scope] = block([r for r in rows if r["scope"] == scope])
    no_pending = [r for r in rows if not r["pending_on_slot"]]
    result["slots_without_pending_pair"] = block(no_pending)
    return result


async def score_lookalikes(
    services: Services, tenant: str, questions: list[Question], pending: set[frozenset[str]]
) -> dict[str, Any]:
    modes = ["keep"] + (["current"] if supports_current() else [])
    out: dict[str, Any] = {}
    all_ids = {f.id for q in questions for f in q.facts}
    out["pending_pairs_raised"] = sum(1 for p in pending if p <= all_ids)
    for mode in modes:
        true_total = in_top = marked = demoted = 0
        for q in questions:
            results = await ask(services, tenant, q, mode)
            mine = {f.id for f in q.facts}
            ids = [r.memory.id for r in results]
            true_total += len(mine)
            in_top += len(mine & set(ids))
            for r in results:
                if r.memory.id not in mine:
                    continue
                marked += bool(getattr(r, "may_be_superseded_by", None))
                note = getattr(r.breakdown, "conflict", None)
                demoted += bool(note and note.ranked_below)
        out[mode] = {
            "questions": len(questions),
            "true_memories": true_total,
            "true_in_top10": ratio(in_top, true_total),
            "true_left_out_of_top10": true_total - in_top,
            "true_marked_may_be_superseded": marked,
            "true_demoted": demoted,
        }
    return out


def supports_current() -> bool:
    annotation = str(RecallIn.model_fields["on_conflict"].annotation)
    return "current" in annotation


async def purge(services: Services, tenant_id: str) -> None:
    while True:
        rows = await services.store.write_rows("tenant/purge", tenant_id=tenant_id, limit=5000)
        if not rows or rows[0]["deleted"] == 0:
            return


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    start = datetime.now(UTC) - timedelta(days=45)
    changing, changing_q = changing_set(rng, start)
    alike, alike_q = lookalike_set(rng, start)
    settings = Settings()
    if args.pending_only:
        settings = settings.model_copy(update={"recall_supersession_classifier": False})
    services = await open_services(settings, embedder=load_embedder(settings))
    run_id = uuid.uuid4().hex[:8]
    tenants = (f"eval-changing-{run_id}", f"eval-lookalike-{run_id}")
    try:
        took = await store(services, tenants[0], changing)
        took += await store(services, tenants[1], alike)
        pend = [await pending_pairs(services, t) for t in tenants]
        print(f"stored {len(changing) + len(alike)} memories in {took:.0f}s", file=sys.stderr)
        figures = {
            "changing": await score_changing(services, tenants[0], changing_q, pend[0]),
            "lookalike": await score_lookalikes(services, tenants[1], alike_q, pend[1]),
        }
    finally:
        await services.recall.drain()
        for t in tenants:
            await purge(services, t)
        await services.close()
    figures["set"] = {
        "seed": args.seed,
        "changing_memories": len(changing),
        "changing_slots": len({f.slot for f in changing if f.slot}),
        "changed_slots": len({q.slot for q in changing_q}),
        "changing_questions": len(changing_q),
        "pending_pairs_changing_tenant": len(pend[0]),
        "lookalike_memories": len(alike),
        "lookalike_groups": len({q.slot for q in alike_q}),
        "lookalike_questions": len(alike_q),
        "top_k": TOP_K,
        "pending_only": args.pending_only,
    }
    return figures


def table(label: str, f: dict[str, Any]) -> str:
    lines = [f"{label}: changed slots (no verdicts), top_k {TOP_K}"]
    lines.append(f"{'mode':8} {'scope':10} {'n':>4} {'new>old':>8} {'new#1':>6} {'new@10':>7}")
    for mode, blocks in f["changing"].items():
        for scope, b in blocks.items():
            lines.append(
                f"{mode:8} {scope:10} {b['questions']:>4} {fmt(b['newest_above_older']):>8} "
                f"{fmt(b['newest_first']):>6} {fmt(b['newest_in_top10']):>7}"
            )
    lines.append("look-alike but both true")
    for mode, b in f["lookalike"].items():
        if isinstance(b, dict):
            lines.append(
                f"{mode:8} true in top 10 {fmt(b['true_in_top10'])}, left out "
                f"{b['true_left_out_of_top10']}, marked {b['true_marked_may_be_superseded']}, "
                f"demoted {b['true_demoted']} of {b['true_memories']}"
            )
    return "\n".join(lines)


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "changing_facts.json")
    parser.add_argument("--label", default="after", help="key the figures go under")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--pending-only", action="store_true", help="recall reads pending pairs, no classifier"
    )
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    print(table(args.label, figures))
    saved = json.loads(args.out.read_text()) if args.out.exists() else {}
    saved[args.label] = figures | {"when": datetime.now(UTC).isoformat(timespec="seconds")}
    args.out.write_text(json.dumps(saved, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
