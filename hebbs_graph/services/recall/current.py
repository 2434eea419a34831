"""Cues that ask what is true now, and the candidates that answer them alike.

"What is my favorite color?", "Which party does Ene Ergma belong to?", "The current team
of Bradley Beal is", "Who owns the hotel?": a cue in the present tense (or naming the present) asks for the
current state. Two candidates of one scope that both hold every content word of such a
cue answer the same question; when they happened at different times, the older may be
superseded by the newer, whatever their wording and however long ago both happened
(issue 29: two turns months old tie on recency, and a conversation's old and new value
are rarely one sentence apart). Pure: tense and words, no model.

A cue in the past tense ("What did Ann say?", "Where was Ann born?", "When did …"), or
naming an earlier time ("before", "originally", "last year", "in 2019"), asks about its
own time, and nothing is decided from it, unless it asks for the latest of something in
any tense ("When was the last time Detroit won?", "Where did I go on my most recent
trip?", "What did I buy lately?": the newest answer is the one asked for).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from hebbs_graph.services.contradict.heuristics.lexicon import STOPWORDS
from hebbs_graph.services.contradict.heuristics.text import Token, stem, tokenize


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The present tense's auxiliaries and words that name the present.
_PRESENT = _words(
    "is are am do does has have current currently now nowadays today latest still "
    "present presently anymore"
)
# Words that name an earlier time: they win over a word asking for the latest ("the
# last thing Ann said before the launch" asks about then, not now).
_EARLIER = _words("ago before previously formerly originally initially first earlier once former")
# The past tense's auxiliaries, and the earlier time.
_PAST = _EARLIER | _words("was were did had used last")
# Words that ask for the latest of something whatever the tense ("the latest version",
# "what did I buy lately"); "most recent(ly)" and "last" are read in context (_latest).
_LATEST = _words("latest newest lately")
# Determiners before "last" that make it "the most recent" ("the last time", "my last
# trip"), where a bare "last" before a period names the one before this ("last year").
_DETERMINERS = _words("the my your his her its our their this that")
# Periods of the calendar: "last year" is an earlier time, "this year" the present one.
_PERIODS = _words(
    "year years month months week weeks weekend night day days season seasons summer "
    "winter spring fall autumn century decade quarter term semester morning evening "
    "monday tuesday wednesday thursday friday saturday sunday"
)
# Words of a cue that say which time it asks about, not what it asks.
_TIME = _PRESENT | _LATEST | _words("recent recently most newest new last")


def asks_current(cue: str | None) -> bool:
    """The cue asks for the present state: present tense or a word naming the present,
    and no past tense, earlier time or year."""
    if not cue:
        return False
    return _asks_current(cue)


@lru_cache(maxsize=4096)
def _asks_current(cue: str) -> bool:
    tokens = tokenize(cue)
    words = {t.text for t in tokens}
    if words & _EARLIER or any(t.number is not None and t.number.unit == "year" for t in tokens):
        return False
    if _latest(tokens):
        return True  # "When did Arsenal last win the cup?": the latest, whatever the tense
    if words & _PAST:
        return False
    return bool(words & _PRESENT) or _who_does(tokens)


def _latest(tokens: list[Token]) -> bool:
    """The cue asks for the most recent of something, in any tense: "latest", "newest",
    "lately", "most recent(ly)", "this year"; "last" unless it names the period before
    this one ("last year", but "the last season of …" and "when did X last win")."""
    texts = [t.text for t in tokens]
    for i, word in enumerate(texts):
        before = texts[i - 1] if i else ""
        after = texts[i + 1] if i + 1 < len(texts) else ""
        if word in _LATEST or (before == "most" and word in ("recent", "recently")):
            return True
        if word == "this" and after in _PERIODS:
            return True
        if word == "last" and (before in _DETERMINERS or after not in _PERIODS):
            return True
    return False


def _who_does(tokens: list[Token]) -> bool:
    """ "Who owns …?", "who leads the team": "who" and a verb in the present's -s form
    (what follows "who" is its verb; no auxiliary says the tense)."""
    for t, after in itertools.pairwise(tokens):
        if t.text == "who" and not after.proper and after.text not in STOPWORDS:
            word = after.text
            if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
                return True
    return False


def cue_terms(cue: str) -> tuple[frozenset[str], frozenset[str]]:
    """What the cue asks about, as (names and numbers as written, other content words as
    stems), without the words that say which time it asks about ("the last time")."""
    every = tokenize(cue)
    tokens = [
        t
        for i, t in enumerate(every)
        if _asked(t) and not (t.text == "time" and i and every[i - 1].text in ("last", "first"))
    ]
    names = frozenset(_key(t) for t in tokens if _named(t))
    return names, frozenset(_key(t) for t in tokens if not _named(t))


def _asked(t: Token) -> bool:
    return t.text not in STOPWORDS and t.text not in _TIME and t.text != "'s"


def _named(t: Token) -> bool:
    return t.number is not None or t.proper


def _key(t: Token) -> str:
    return t.text if _named(t) else stem(t.text)


@lru_cache(maxsize=8192)
def _terms_of(content: str) -> frozenset[str]:
    """Every word as written and as a stem: a name that opens a sentence is not known
    for one ("Jones said" / "Ms Jones")."""
    return frozenset(w for t in tokenize(content) for w in (t.text, _key(t)))


def answered(content: str, terms: tuple[frozenset[str], frozenset[str]]) -> frozenset[str] | None:
    """The cue's words the content holds, when it answers the cue: every name and number
    the cue gives (whose state it asks about) and at least half of its other words, one
    at the least (what it asks); None otherwise."""
    names, words = terms
    have = _terms_of(content)
    if not words or not names <= have:
        return None
    held = words & have
    if 2 * len(held) < len(words) or not held:
        return None
    return held


def numbers(content: str, terms: tuple[frozenset[str], frozenset[str]]) -> int:
    """What the content gives in numbers the cue does not name, years aside (a year dates
    a statement): 2 a quantity (a number with no capitalised word or number beside it,
    which would make it part of a name, a date or a range: "October 10", "Android 9.0",
    "18 and 19 July"), 1 other numbers, 0 none. Two candidates answer a cue alike
    unless one gives a quantity and the other no number at all: "Acme's budget is
    $5,000" answers "What is Acme's budget?", "Acme's CFO approved the budget" holds its
    words and does not."""
    return _numbers(content, terms[0])


@lru_cache(maxsize=8192)
def _numbers(content: str, names: frozenset[str]) -> int:
    tokens = tokenize(content)
    found = 0
    for i, t in enumerate(tokens):
        if t.number is None or t.number.unit == "year" or t.text in names:
            continue
        beside = tokens[max(i - 1, 0) : i] + tokens[i + 1 : i + 2]
        if not any(b.capital or b.number is not None for b in beside):
            return 2
        found = 1
    return found
