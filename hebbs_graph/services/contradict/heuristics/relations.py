"""Word lists for statement slots (``slots.py``): which words name one relation, and
which wordings say a relation holds one value at a time or several. Pure data, matched
on whole words (stems, as ``text.stem`` makes them, where the entry says so)."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words and phrases that name one relation, whatever the template: each maps to a key
# shared by its synonyms. Matched on lowercased words; phrases before single words.
# fmt: off
RELATION_PHRASES: dict[tuple[str, ...], str] = {
    tuple(phrase.split()): key
    for key, phrases in {
        "ceo": ["chief executive officer", "chief executive", "managing director"],
        "cto": ["chief technology officer", "chief technical officer"],
        "cfo": ["chief financial officer"],
        "home": ["head office", "main office", "head offices", "home city", "home town"],
        "deadline": ["due date", "due dates"],
        "manager": [
            "reports to", "report to", "reported to", "reporting to",
            "works under", "work under", "worked under", "working under",
            "line manager", "direct manager",
        ],
        "headcount": ["number of employees", "number of staff"],
    }.items()
    for phrase in phrases
}
RELATION_WORDS: dict[str, str] = {
    word: key
    for key, words in {
        "ceo": "ceo",
        # Where someone or something is: a company's seat and a person's home are one
        # relation, and "based in" names either.
        "home": "home hometown live lives lived living reside resides resided residing "
        "based headquarters headquartered hq",
        "manager": "manager boss supervisor manage manages managed managing",
        "lead": "lead leads led leader head heads headed",
        "headcount": "headcount employee employees employ employs employed staff workforce",
        "budget": "budget budgets funding funded",
        "price": "price prices priced cost costs",
        "deadline": "deadline deadlines due",
        "favourite": "favourite favorite",
        "colour": "colour color colours colors",
    }.items()
    for word in words.split()
}
# fmt: on

# A verb that says where its subject now is names that relation by itself ("Alice
# moved to Berlin": her home).
IMPLIED_BY = {"moved": "home", "relocated": "home", "moves": "home", "relocates": "home"}

# Words that carry no relation of their own: how a value came to be (appointed, took
# over, moved), or when (now, new). Left out when two statements are compared.
NEUTRAL = _words(
    "new current currently now today still officially recently again newly latest "
    "become became becomes appoint appointed appoints name named names elect elected "
    "promote promoted take took taken takes over serve serves served act acts acted "
    "run runs ran move moved moves relocate relocated relocates change changed changes "
    "switch switched switches set raise raised lower lowered increase increased "
    "decrease decreased reduce reduced cut extend extended push pushed postpone "
    "postponed reschedule rescheduled update updated revise revised grew grown rose "
    "fell join joined joins hire hired say says said told note noted"
)

# Nouns that only count what a number measures ("40 people" next to "40 employees").
COUNTED = _words("people persons workers members folks staffers")

# Verbs whose subject holds a role one at a time: "Bo leads project Apollo", "Project
# Apollo is led by Bo".
ONE_HOLDER = _words(
    "lead leads led head heads headed manage manages managed chair chairs chaired "
    "coach coaches coached captain captains captained"
)

# Verbs whose value, after one of their prepositions, is one at a time: "lives in",
# "reports to", "is based in", "works at".
_AT_ONE_PLACE = {
    "live lives lived living reside resides resided residing": "in",
    "based headquartered": "in out",
    "located": "in at",
    "report reports reported reporting": "to",
    "work works worked working": "at for under",
    "married": "to",
    "due": "in on by at",
}
AT_ONE_PLACE: dict[str, frozenset[str]] = {
    verb: _words(preps) for verbs, preps in _AT_ONE_PLACE.items() for verb in verbs.split()
}

# Verbs that set a new value, possibly some words before "to": "moved its HQ to
# Berlin", "raised the price to $9".
CHANGING = _words(
    "move moved moves relocate relocated relocates change changed changes switch switched "
    "raise raised lower lowered increase increased decrease decreased reduce reduced cut "
    "extend extended push pushed postpone postponed reschedule rescheduled update updated "
    "revise revised grow grew rise rose fall fell drop dropped set"
)

# Verbs that give someone a role: "appointed Ann as CEO", "named Bo CEO".
NAMING = _words("appoint appoints appointed name names named elect elected promote promoted")

# Words that say a value replaced another ("moved its HQ to", "took over as", "the new
# CEO"): with one of them on one side only, a slot is suggested as a revision.
CHANGE_WORDS = CHANGING | NAMING | _words("became becomes new took replaced replaces")

# Verbs whose value is one of several true at once ("likes", "speaks", "visited"), and
# words that say a value is one of several. Nouns are left to their article ("a sibling
# named", "among its customers"): "the client" alone says nothing.
MULTI_VERBS = _words(
    "like likes liked love loves loved enjoy enjoys enjoyed speak speaks spoke visit visits "
    "visited sell sells sold use uses using know knows knew play plays played collect "
    "collects collected meet meets met read reads watch watches watched attend attends "
    "attended partner partners partnered ship ships shipped study studies studied teach "
    "teaches taught write writes wrote own owns owned travel travels travelled traveled "
    "count counts counted contain contains fluent"
)
# Words after which a preposition names one of several: "works with Ann", "is friends
# with Bo", "is available in Spanish", "is sold in Spain".
SEVERAL_BEFORE: dict[str, frozenset[str]] = {
    "with": _words(
        "work works worked working friends friend collaborate collaborates collaborated "
        "partner partners partnered meet meets met play plays played"
    ),
    "in": _words("available offered sold spoken stocked"),
}
MULTI_WORDS = _words(
    "also too another other others among including include includes included both several "
    "various additional either each many some"
)
INDEFINITE = _words("a an one")
DEFINITE = _words("the its their his her our my your")

# Markers that the newer statement replaces a value rather than adds one: with one of
# them, a wording that allows several values does not keep a value disagreement out.
REPLACING = _words(
    "longer anymore instead replaced switched changed moved previously formerly used "
    "corrected correction relocated"
)
