"""The two labelled sets of ``changing_facts.py``, generated from a seeded RNG: facts whose
value changes over time (subjects × relations, several templates, distractors) and
look-alike facts that are all true at once; each with its questions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

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


def changing_set(
    rng: random.Random,
    start: datetime,
    relations: dict[str, list[Relation]] = RELATIONS,
    distractors: dict[str, list[str]] = DISTRACTORS,
) -> tuple[list[Fact], list[Question]]:
    """Each subject's slots filled over time, and all but one of its distractors."""
    facts: list[Fact] = []
    questions: list[Question] = []
    for kind, subjects in SUBJECTS.items():
        for n, subject in enumerate(subjects):
            entity = f"{kind}-{subject.lower()}" if n % 2 == 0 else None
            for text in rng.sample(distractors[kind], len(distractors[kind]) - 1):
                when = start + timedelta(hours=rng.uniform(0, 24 * 40))
                facts.append(Fact(text.format(s=subject), when, entity))
            for rel in relations[kind]:
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


def lookalike_set(
    rng: random.Random,
    start: datetime,
    groups: list[tuple[str, str, str, list[str]]] = LOOKALIKES,
    subjects: dict[str, list[str]] = LOOKALIKE_SUBJECTS,
) -> tuple[list[Fact], list[Question]]:
    facts: list[Fact] = []
    questions: list[Question] = []
    for kind, statement, question, values in groups:
        for n, subject in enumerate(subjects[kind]):
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


def fixed_groups(
    rng: random.Random, start: datetime, groups: list[tuple[str, str | None, str, list[str]]]
) -> tuple[list[Fact], list[Question]]:
    """Look-alike groups written out in full: (subject, entity, question, facts oldest first)."""
    facts: list[Fact] = []
    questions: list[Question] = []
    for subject, entity, question, texts in groups:
        slot = f"{subject}/hard"
        when = start + timedelta(hours=rng.uniform(0, 24 * 10))
        mine = []
        for order, text in enumerate(texts):
            mine.append(Fact(text, when, entity, slot, order))
            when += timedelta(hours=rng.choice([1, 3, 20, 72, 240]))
        facts += mine
        for scope in [None, entity] if entity else [None]:
            questions.append(Question(slot, question, scope, mine))
    return facts, questions
