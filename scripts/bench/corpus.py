"""A deterministic synthetic corpus of agent-memory-like sentences, for benchmarks.

Memories are built from templates × vocabulary with a seeded RNG. Item ``i`` depends
only on (seed, i), so ``items(0, 10_000)`` and then ``items(10_000, 100_000)`` give
exactly the same memories as ``items(0, 100_000)``: a benchmark can grow a corpus in
steps and another benchmark can rebuild the same one.

Shape of the corpus (defaults):

- 500 entities (``user:<first>-<last>``), chosen with weight ∝ 1/√rank, so the biggest
  entity holds about 2.3 % of the memories and the smallest about 0.1 %; 10 % of the
  memories have no entity;
- importance ~ Beta(2, 3), rounded to 3 places;
- occurred_at uniform over the ``days`` (90) before ``anchor``;
- 40 % carry a context dict (channel, session, turn, sometimes sentiment / source);
  30 % carry one or two tags.

Cues for recall come from the same vocabulary (``cues``), optionally tied to an
entity drawn with the same weights as the memories.

Only the standard library is used; ``CorpusItem.as_memory_in`` gives the keyword
arguments of ``hebbs_graph.models.memory.MemoryIn``, ``as_json`` the REST body.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import string
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

FIRST_NAMES = [
    "alice", "bob", "carol", "david", "erin", "farid", "grace", "hiro", "ines", "jamal",
    "kate", "liam", "mei", "nora", "omar", "priya", "quinn", "rosa", "sam", "tariq",
    "uma", "victor", "wen", "ximena", "yusuf", "zoe", "anton", "bea", "chen", "dara",
    "emil", "fatima", "goran", "hana", "ivan", "julia", "kofi", "lena", "marco", "nadia",
]  # fmt: skip
LAST_NAMES = [
    "chen", "smith", "garcia", "okafor", "novak", "tanaka", "muller", "silva", "khan", "rossi",
    "dubois", "kim", "larsen", "nguyen", "popescu", "haddad", "ivanova", "mendes", "osei",
    "park", "quispe", "reyes", "schmidt", "torres", "ueda", "varga", "walsh", "yilmaz",
    "zhang", "andersen", "becker", "costa", "diaz", "evans", "fischer", "gupta", "hughes",
    "ito", "jensen", "kowalski",
]  # fmt: skip

VOCAB: dict[str, list[str]] = {
    "drink": ["black coffee", "green tea", "oat latte", "espresso", "chai", "sparkling water",
              "matcha", "hot chocolate", "cold brew", "rooibos tea"],
    "service": ["billing", "auth", "search", "checkout", "notifications", "payments", "ingest",
                "reporting", "gateway", "scheduler", "inventory", "analytics", "mailer",
                "recommendations", "storage"],
    "cause": ["the database migration timed out", "a certificate expired",
              "the config map was missing a key", "the disk filled up",
              "a dependency was pinned to the wrong version", "the health check was too strict",
              "the load balancer dropped connections", "a feature flag was left on",
              "the cache warmed too slowly", "DNS resolution failed"],
    "cause2": ["their token expired", "the VPN was down", "two-factor codes were delayed",
               "their account was locked", "the SSO provider had an outage",
               "the firewall blocked the port"],
    "project": ["atlas", "borealis", "cobalt", "delta", "ember", "falcon", "granite", "helios",
                "indigo", "juniper", "kestrel", "lumen", "meridian", "nimbus", "orion", "pulsar",
                "quartz", "redwood", "sierra", "tundra"],
    "action": ["ship the beta", "freeze the scope", "write the design doc", "hire a contractor",
               "run a load test", "migrate the data", "review the contract",
               "prepare the demo", "cut the release branch", "draft the budget"],
    "weekday": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "month": ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"],
    "currency": ["euros", "dollars", "pounds", "yen", "francs"],
    "event": ["quarterly review", "offsite", "board meeting", "sprint demo", "launch",
              "all-hands", "retrospective", "conference", "hackathon", "team dinner",
              "product review", "security audit"],
    "allergen": ["peanuts", "shellfish", "gluten", "lactose", "eggs", "soy", "sesame",
                 "tree nuts"],
    "food": ["pad thai", "cheesecake", "pesto pasta", "sushi", "croissants", "falafel",
             "ramen", "tiramisu", "burritos", "dumplings"],
    "setting": ["the connection pool size", "the retry policy", "the thread count",
                "the cache TTL", "the batch size", "the garbage collector", "the index layout",
                "the request timeout"],
    "tool": ["Jira", "Linear", "Notion", "Slack", "Figma", "VS Code", "Vim", "Postman",
             "Grafana", "Excel", "Trello", "Obsidian", "PyCharm", "Confluence", "Miro"],
    "task": ["tracking bugs", "writing specs", "sketching wireframes", "taking notes",
             "monitoring dashboards", "planning sprints", "editing code", "testing APIs",
             "budget planning", "design reviews"],
    "city": ["Lisbon", "Berlin", "Nairobi", "Tokyo", "Toronto", "Lima", "Seoul", "Oslo",
             "Mumbai", "Austin", "Cape Town", "Warsaw", "Istanbul", "Melbourne", "Dublin"],
    "channel": ["email", "Slack", "SMS", "Teams", "the weekly newsletter"],
    "opinion": ["very useful", "too slow", "confusing at first", "a big time saver",
                "overpriced", "easy to learn", "buggy", "just right"],
    "opinion2": ["too risky", "overdue", "on track", "underfunded", "a good idea",
                 "behind schedule"],
    "relative": ["daughter", "son", "sister", "brother", "partner", "mother", "father"],
    "activity": ["university", "a new job", "piano lessons", "swimming classes",
                 "kindergarten", "a coding bootcamp", "night school"],
    "lang": ["Python", "Go", "Rust", "Java", "TypeScript", "Kotlin", "C#", "Elixir"],
    "product": ["laptop", "standing desk", "headphones", "monitor", "keyboard", "office chair",
                "webcam", "docking station"],
    "problem": ["damaged", "two weeks late", "without a charger", "in the wrong colour",
                "with a cracked screen", "at the wrong address"],
    "committee": ["budget", "hiring", "safety", "architecture", "events", "ethics",
                  "procurement"],
    "restaurant": ["Casa Lola", "The Green Fig", "Sakura House", "Blue Door Bistro",
                   "Nonna's Kitchen", "Spice Route", "Harbour Grill"],
    "tz": ["UTC", "CET", "EST", "PST", "JST", "IST"],
    "course": ["machine learning", "public speaking", "Kubernetes", "negotiation",
               "data privacy", "leadership", "statistics", "UX research"],
    "category": ["book", "film", "holiday spot", "board game", "podcast", "hiking trail",
                 "band", "programming language"],
    "favourite": ["Dune", "Spirited Away", "the Azores", "Catan", "Hardcore History",
                  "the West Highland Way", "Radiohead", "Haskell", "Middlemarch",
                  "Paddington 2", "Kyoto", "Wingspan"],
    "component": ["the retry loop", "error handling", "the SQL migrations", "the public API",
                  "logging", "the test fixtures", "the caching layer", "input validation"],
    "concern": ["on-call load", "data retention", "vendor lock-in", "test coverage",
                "hiring pace", "cloud costs", "accessibility", "release cadence"],
    "genre": ["jazz", "techno", "classical", "folk", "hip hop", "bossa nova", "metal"],
    "instrument": ["guitar", "piano", "drums", "violin", "bass", "saxophone", "cello"],
    "tag": ["preference", "incident", "meeting", "budget", "travel", "health", "personal",
            "tooling", "decision", "follow-up", "customer", "hr"],
    "source": ["chat", "email", "meeting-notes", "voice", "ticket"],
}  # fmt: skip

TEMPLATES = [
    "{name} prefers {drink} in the morning and {drink2} after lunch.",
    "{name} said the {service} deploy failed because {cause}.",
    "Met with {name} about project {project}; we agreed to {action} by {weekday}.",
    "{name}'s budget for project {project} is {amount} {currency}.",
    "{name} asked me to remind them about the {event} on {weekday} at {hour}:00.",
    "{name} is allergic to {allergen} and avoids {food}.",
    "The {service} latency went from {n1} ms to {n2} ms after {name} changed {setting}.",
    "{name} does not like {tool}; they switched to {tool2} for {task}.",
    "{name} is travelling to {city} next {weekday} for the {event}.",
    "{name} reported {count} errors in the {service} logs during the {event}.",
    "{name} wants weekly summaries of project {project} sent by {channel}.",
    "I recommended {tool} to {name} for {task}, and they found it {opinion}.",
    "{name} mentioned that their {relative} is starting {activity} in {month}.",
    "{name} decided to move project {project} from {lang} to {lang2}.",
    "Customer {name} complained that the {product} arrived {problem}.",
    "{name} has been working on project {project} with {name2} since {month}.",
    "{name} thinks the {service} migration is {opinion2} and wants a rollback plan.",
    "The chair of the {committee} committee is now {name}.",
    "{name} booked a table at {restaurant} in {city} for {count} people.",
    "{name} usually works from {city} and is online from {hour}:00 {tz}.",
    "{name} finished the {course} course with a score of {score} percent.",
    "{name}'s favourite {category} is {favourite}.",
    "{name} reviewed the pull request for {project} and asked for changes to {component}.",
    "{name} approved a {percent} percent increase in the {project} budget.",
    "{name} no longer uses {tool}; they moved to {tool2} in {month}.",
    "During the {event}, {name} raised concerns about {concern}.",
    "{name} is on leave until {weekday}; {name2} covers project {project} meanwhile.",
    "{name} set the {service} alert threshold to {percent} percent CPU.",
    "{name} likes {genre} music and plays the {instrument} at weekends.",
    "{name} could not log in to {service} because {cause2}.",
]

CUE_TEMPLATES = [
    "what does {name} drink in the morning",
    "why did the {service} deploy fail",
    "budget for project {project}",
    "who is travelling to {city}",
    "which tool does {name} use for {task}",
    "errors in the {service} logs",
    "{name} allergies and food",
    "latency of {service} after a config change",
    "who chairs the {committee} committee",
    "{name} favourite {category}",
    "concerns raised about {concern}",
    "project {project} migration from {lang}",
    "restaurant booking in {city}",
    "{name} opinion of {tool}",
    "when is the {event}",
    "{service} alert threshold",
    "{name} working hours and timezone",
    "pull request review for {project}",
    "customer complaint about a {product}",
    "{name} family news",
]

ENTITY_PREFIX = "user:"
DEFAULT_ANCHOR = datetime(2025, 6, 1, tzinfo=UTC)


@dataclass(frozen=True)
class CorpusItem:
    index: int
    content: str
    entity_id: str | None
    importance: float
    occurred_at: datetime
    context: dict[str, Any] | None
    tags: list[str] = field(default_factory=list)

    def as_memory_in(self) -> dict[str, Any]:
        """Keyword arguments for ``MemoryIn``."""
        return {
            "content": self.content,
            "entity_id": self.entity_id,
            "importance": self.importance,
            "occurred_at": self.occurred_at,
            "context": self.context,
            "tags": list(self.tags),
        }

    def as_json(self) -> dict[str, Any]:
        """The same, JSON-ready (the REST body of one memory)."""
        body = self.as_memory_in()
        body["occurred_at"] = self.occurred_at.isoformat()
        return body


@dataclass(frozen=True)
class Cue:
    text: str
    entity_id: str | None


class Corpus:
    """Item ``i`` is a pure function of (seed, i, the constructor's parameters)."""

    def __init__(
        self,
        seed: int = 42,
        n_entities: int = 500,
        *,
        days: float = 90.0,
        anchor: datetime = DEFAULT_ANCHOR,
        no_entity_share: float = 0.10,
        context_share: float = 0.40,
        tag_share: float = 0.30,
    ) -> None:
        if not 1 <= n_entities <= len(FIRST_NAMES) * len(LAST_NAMES):
            raise ValueError(f"n_entities must be 1..{len(FIRST_NAMES) * len(LAST_NAMES)}")
        self.seed = seed
        self.days = days
        self.anchor = anchor
        self.no_entity_share = no_entity_share
        self.context_share = context_share
        self.tag_share = tag_share
        pairs = list(itertools.product(FIRST_NAMES, LAST_NAMES))
        random.Random(f"entities:{seed}").shuffle(pairs)
        chosen = pairs[:n_entities]
        self.entities = [f"{ENTITY_PREFIX}{first}-{last}" for first, last in chosen]
        self.display = {
            eid: f"{first.title()} {last.title()}"
            for eid, (first, last) in zip(self.entities, chosen, strict=True)
        }
        weights = [1.0 / math.sqrt(rank + 1) for rank in range(n_entities)]
        total = sum(weights)
        self.entity_share = {e: w / total for e, w in zip(self.entities, weights, strict=True)}
        self._cum = list(itertools.accumulate(weights))
        self._names = [f"{f.title()} {last.title()}" for f, last in pairs[n_entities:][:300]]

    def describe(self) -> dict[str, Any]:
        return {
            "generator": "scripts/bench/corpus.py",
            "seed": self.seed,
            "entities": len(self.entities),
            "entity_weights": "1/sqrt(rank)",
            "largest_entity_share": round(max(self.entity_share.values()), 5),
            "smallest_entity_share": round(min(self.entity_share.values()), 5),
            "no_entity_share": self.no_entity_share,
            "context_share": self.context_share,
            "tag_share": self.tag_share,
            "days": self.days,
            "anchor": self.anchor.isoformat(),
            "templates": len(TEMPLATES),
            "cue_templates": len(CUE_TEMPLATES),
        }

    # -- memories ---------------------------------------------------------------------

    def _rng(self, kind: str, i: int) -> random.Random:
        return random.Random(f"{kind}:{self.seed}:{i}")

    def _entity(self, rng: random.Random) -> str:
        x = rng.random() * self._cum[-1]
        return self.entities[min(bisect.bisect_right(self._cum, x), len(self.entities) - 1)]

    def item(self, i: int) -> CorpusItem:
        rng = self._rng("memory", i)
        entity = None if rng.random() < self.no_entity_share else self._entity(rng)
        name = self.display[entity] if entity else rng.choice(self._names)
        content = _fill(rng.choice(TEMPLATES), rng, name, self._names)
        importance, occurred_at, context, tags = draw_details(
            rng, self.anchor, self.days, self.context_share, self.tag_share
        )
        return CorpusItem(i, content, entity, importance, occurred_at, context, tags)

    def items(self, start: int, stop: int) -> list[CorpusItem]:
        return [self.item(i) for i in range(start, stop)]

    # -- cues -------------------------------------------------------------------------

    def cues(self, n: int, *, seed: int | str = 0, entity_scoped: bool = False) -> list[Cue]:
        """``n`` recall cues from the corpus vocabulary; entity-scoped ones name an entity
        drawn with the memories' weights (the cue names the entity when its template
        has a name slot)."""
        out = []
        for j in range(n):
            rng = random.Random(f"cue:{self.seed}:{seed}:{int(entity_scoped)}:{j}")
            entity = self._entity(rng) if entity_scoped else None
            name = self.display[entity] if entity else rng.choice(list(self.display.values()))
            out.append(Cue(_fill(rng.choice(CUE_TEMPLATES), rng, name, self._names), entity))
        return out


def draw_details(
    rng: random.Random, anchor: datetime, days: float = 90.0, context_share: float = 0.40,
    tag_share: float = 0.30,
) -> tuple[float, datetime, dict[str, Any] | None, list[str]]:  # fmt: skip
    """A memory's importance, occurred_at, context and tags, drawn from ``rng`` in that
    order (after its content): how ``Corpus.item`` and other seeded corpora fill them."""
    importance = round(rng.betavariate(2, 3), 3)
    occurred_at = anchor - timedelta(seconds=rng.uniform(0, days * 86_400))
    context: dict[str, Any] | None = None
    if rng.random() < context_share:
        context = {
            "channel": rng.choice(["chat", "email", "slack", "voice", "ticket"]),
            "session_id": f"s-{rng.randrange(100_000):05d}",
            "turn": rng.randrange(1, 60),
        }
        if rng.random() < 0.3:
            context["sentiment"] = round(rng.uniform(-1, 1), 2)
        if rng.random() < 0.3:
            context["source"] = rng.choice(VOCAB["source"])
    tags = rng.sample(VOCAB["tag"], rng.choice([1, 2])) if rng.random() < tag_share else []
    return importance, occurred_at, context, tags


def _fill(template: str, rng: random.Random, name: str, others: list[str]) -> str:
    values: dict[str, Any] = {"name": name}
    for slot in _slots(template):
        if slot in values:
            continue
        base = slot[:-1] if slot.endswith("2") else slot
        if slot == "name2":
            values[slot] = rng.choice(others)
        elif slot in VOCAB:
            values[slot] = rng.choice(VOCAB[slot])
        elif base in VOCAB:  # a second, different value of the same kind ("tool2")
            first = values.get(base)
            values[slot] = rng.choice([v for v in VOCAB[base] if v != first])
        elif slot == "amount":
            values[slot] = f"{rng.randrange(5, 500) * 1000:,}"
        elif slot == "hour":
            values[slot] = rng.randrange(7, 20)
        elif slot in ("n1", "n2"):
            values[slot] = rng.randrange(20, 2000)
        elif slot == "count":
            values[slot] = rng.randrange(2, 400)
        elif slot in ("score", "percent"):
            values[slot] = rng.randrange(5, 100)
        else:
            raise KeyError(f"no vocabulary for slot {slot!r}")
    return template.format(**values)


def _slots(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


if __name__ == "__main__":  # a quick look: python scripts/bench/corpus.py
    corpus = Corpus()
    for it in corpus.items(0, 8):
        print(it.entity_id, "|", it.content, "|", it.importance, it.occurred_at.date(), it.context)
    for cue in corpus.cues(4) + corpus.cues(4, entity_scoped=True):
        print("cue:", cue)
