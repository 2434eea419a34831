"""A held-out set for ``changing_facts.py --set heldout``: other phrasings of the changed
slots, three relations the original set does not have, look-alikes in other words, and
distractors that share a subject and a value-like word with a slot but are another
relation ("Acme opened an office in Lisbon" beside Acme's headquarters).

Written before the alignment it measures, and not used to tune it: report it, do not fit
it. The hard look-alikes (``HARD_LOOKALIKES``) are run with both sets: each group's facts
are all true at once though one of them reads like a single-valued slot ("Acme has an
office in Paris" / "Acme's office is in Berlin").
"""

from __future__ import annotations

from changing_facts_data import CITIES, COLOURS, MONTHS, NAMES, Relation, number

TEAMS = ["Payments", "Search", "Platform", "Growth", "Billing", "Mobile", "Security"]
STATUSES = ["blocked", "paused", "delayed", "cancelled", "approved", "shipped"]

HELDOUT_RELATIONS: dict[str, list[Relation]] = {
    "org": [
        Relation(
            "ceo",
            [
                "{s} has appointed {v} as CEO.",
                "{v} runs {s} as its chief executive.",
                "{s}'s chief executive is {v}.",
                "{v} took over as CEO of {s}.",
            ],
            ["Who leads {s} as CEO?", "Who is {s}'s chief executive?"],
            NAMES,
        ),
        Relation(
            "hq",
            [
                "{s}'s headquarters are in {v}.",
                "{s} moved its HQ to {v}.",
                "{s} is based in {v}.",
                "{s}'s headquarters moved to {v}.",
            ],
            ["Where is {s} based?", "Which city is {s}'s HQ in?"],
            CITIES,
        ),
        Relation(
            "headcount",
            [
                "{s} employs {v} people.",
                "{s}'s headcount is now {v}.",
                "There are {v} employees at {s}.",
            ],
            ["How many people work at {s}?", "How big is {s}'s staff?"],
            number(40, 900, 10),
        ),
        Relation(
            "price",
            [
                "{s}'s basic plan costs ${v} a month.",
                "The price of {s}'s basic plan is ${v} per month.",
                "{s} raised the price of its basic plan to ${v} a month.",
            ],
            ["How much does {s}'s basic plan cost?", "What is the monthly price of {s}'s plan?"],
            number(9, 99, 1),
        ),
    ],
    "person": [
        Relation(
            "manager",
            [
                "{s} reports to {v} now.",
                "{v} is {s}'s manager.",
                "{s}'s boss is {v}.",
            ],
            ["Who manages {s}?", "Who is {s}'s boss?"],
            NAMES,
        ),
        Relation(
            "home",
            [
                "{s} moved to {v}.",
                "{s} is living in {v}.",
                "{s}'s home city is {v}.",
                "{s} relocated to {v}.",
            ],
            ["Which city does {s} live in?", "Where is {s}'s home?"],
            CITIES,
        ),
        Relation(
            "colour",
            [
                "{s}'s favorite color is {v}.",
                "{s}'s favourite colour is now {v}.",
                "{v} is {s}'s favourite colour.",
            ],
            ["What colour does {s} like most?", "What is {s}'s favorite color?"],
            COLOURS,
        ),
        Relation(
            "team",
            [
                "{s} is on the {v} team.",
                "{s} joined the {v} team.",
                "{s} works in the {v} team.",
            ],
            ["Which team is {s} on?", "What team does {s} work in?"],
            TEAMS,
        ),
    ],
    "project": [
        Relation(
            "budget",
            [
                "Project {s}'s budget is ${v}.",
                "The budget for project {s} was raised to ${v}.",
                "Project {s} is funded with ${v}.",
            ],
            ["How much funding does project {s} have?", "What is project {s}'s budget?"],
            number(5_000, 90_000, 1_000),
        ),
        Relation(
            "lead",
            [
                "{v} leads project {s}.",
                "{v} is the lead of project {s}.",
                "Project {s} is now headed by {v}.",
            ],
            ["Who heads project {s}?", "Who is project {s}'s lead?"],
            NAMES,
        ),
        Relation(
            "deadline",
            [
                "Project {s} must ship by {v}.",
                "The due date of project {s} is in {v}.",
                "Project {s}'s deadline moved to {v}.",
            ],
            ["By when must project {s} ship?", "What is the due date of project {s}?"],
            MONTHS,
        ),
        Relation(
            "status",
            [
                "The status of project {s} is {v}.",
                "Project {s}'s status changed to {v}.",
                "Project {s} is currently {v}.",
            ],
            ["What is the status of project {s}?", "How is project {s} doing?"],
            STATUSES,
        ),
    ],
}

# Facts about the same subjects that share a word or a value kind with a slot but are
# another relation: none of them may take a slot's place.
HELDOUT_DISTRACTORS = {
    "org": [
        "{s} opened a sales office in Lisbon.",
        "{s}'s CFO is Gwen.",
        "{s} hired 12 interns this summer.",
        "{s} sponsored a charity run last spring.",
        "{s} published its annual sustainability report.",
    ],
    "person": [
        "{s} visited Berlin last month.",
        "{s}'s sister lives in Oslo.",
        "{s} gave a talk about testing at the meetup.",
        "{s} mentors Quinn on Fridays.",
        "{s} is learning to play the cello.",
    ],
    "project": [
        "Project {s} has a design review in June.",
        "Project {s}'s demo is on Friday.",
        "Project {s} added integration tests to its pipeline.",
        "Project {s} wrote a new onboarding guide.",
        "Ann gave project {s} feedback on the API.",
    ],
}

# Multi-valued relations in other words: every value is true at once.
HELDOUT_LOOKALIKES: list[tuple[str, str, str, list[str]]] = [
    ("enjoys", "{s} enjoys {v}.", "What does {s} enjoy?",
     ["swimming", "cooking", "opera", "skiing", "painting", "sudoku"]),
    ("fluent", "{s} is fluent in {v}.", "Which languages is {s} fluent in?",
     ["French", "German", "Spanish", "Japanese", "Arabic", "Polish"]),
    ("been", "{s} has been to {v}.", "Where has {s} been?", CITIES),
    ("store", "{s} opened a store in {v}.", "Where does {s} have stores?", CITIES),
    ("ships", "{s} ships to {v}.", "Which countries does {s} ship to?",
     ["Canada", "Mexico", "Brazil", "Japan", "Norway", "Kenya"]),
    ("partner", "{s} partners with {v}.", "Who does {s} partner with?",
     ["Globex", "Initech", "Hooli", "Vandelay", "Soylent", "Wonka"]),
    ("plays", "{s} plays the {v}.", "Which instruments does {s} play?",
     ["piano", "guitar", "violin", "drums", "flute", "cello"]),
    ("friend", "{s} is friends with {v}.", "Who are {s}'s friends?", NAMES),
]  # fmt: skip
HELDOUT_LOOKALIKE_SUBJECTS = {
    "enjoys": ["Alice", "Brian", "Chen"], "fluent": ["Dana", "Emeka", "Fatima"],
    "been": ["Gwen", "Henrik"], "store": ["Acme", "Globex", "Initech"],
    "ships": ["Umbrella", "Hooli"], "partner": ["Vandelay", "Soylent"],
    "plays": ["Alice", "Dana", "Gwen"], "friend": ["Brian", "Emeka"],
}  # fmt: skip

# Groups whose facts are all true at once, one of them worded like a single-valued slot:
# (subject, entity_id or None, question, facts oldest first).
HARD_LOOKALIKES: list[tuple[str, str | None, str, list[str]]] = [
    ("Acme", "hard-acme", "Where does Acme have offices?",
     ["Acme has an office in Paris.", "Acme's office is in Berlin."]),
    ("Globex", None, "Who are Globex's founders?",
     ["Bo is one of Globex's founders.", "Carla is one of Globex's founders."]),
    ("Initech", "hard-initech", "Who are the managers at Initech?",
     ["Ann is a manager at Initech.", "Bo is a manager at Initech."]),
    ("Alice", None, "Which projects does Alice lead?",
     ["Alice is the lead of project Apollo.", "Alice is the lead of project Borealis."]),
    ("Brian", "hard-brian", "When does Brian have meetings?",
     ["Brian has a meeting on Monday.", "Brian has a meeting on Friday."]),
    ("Chen", None, "Where does Chen's family live?",
     ["Chen lives in Paris.", "Chen's sister lives in Berlin."]),
    ("Hooli", "hard-hooli", "Who leads Hooli's offices?",
     ["Hooli's Berlin office is led by Ann.", "Hooli's Paris office is led by Bo."]),
    ("Dana", None, "Which languages does Dana use?",
     ["Dana speaks French at home.", "Dana also speaks German."]),
    ("Wonka", "hard-wonka", "In which languages is the Wonka app available?",
     ["The Wonka app is available in English.", "The Wonka app is available in Spanish."]),
    ("Emeka", None, "Which projects is Emeka working on?",
     ["Emeka is working on project Cobalt.", "Emeka is working on project Delta."]),
    ("Umbrella", "hard-umbrella", "Where are Umbrella's warehouses?",
     ["Umbrella has a warehouse in Denver.", "Umbrella's warehouse is in Austin.",
      "Umbrella's other warehouse is in Boston."]),
    ("Fatima", None, "Who does Fatima work with?",
     ["Fatima works with Ann.", "Fatima works with Bo.", "Fatima now works with Carla too."]),
]  # fmt: skip
