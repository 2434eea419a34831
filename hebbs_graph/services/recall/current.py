"""Cues that ask what is true now, and the candidates that answer them alike.

"What is my favorite color?", "Which party does Ene Ergma belong to?", "The current team
of Bradley Beal is", "Who owns the hotel?": a cue in the present tense (or naming the present) asks for the
current state. Two candidates of one scope that both hold every content word of such a
cue answer the same question; the older of them (on the timeline) may be
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

from hebbs_graph.services.contradict.heuristics.lexicon import (
    BE_FORMS,
    FUNCTION_WORDS,
    HAVE_FORMS,
    STOPWORDS,
)
from hebbs_graph.services.contradict.heuristics.measures import measures
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


@lru_cache(maxsize=1024)
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
    return frozenset(w for t in _tokens(content) for w in (t.text, _key(t)))


@lru_cache(maxsize=8192)
def _tokens(content: str) -> tuple[Token, ...]:
    """A candidate's tokens, read once for the words rule, its numbers and every pair it is
    in (50 candidates: 1,225)."""
    return tuple(tokenize(content))


def answered(content: str, terms: tuple[frozenset[str], frozenset[str]]) -> frozenset[str] | None:
    """The cue's words the content holds, when it answers the cue: every name and number
    the cue gives (whose state it asks about) and at least half of its other words, one
    at the least (what it asks); None otherwise."""
    words = terms[1]
    if not words or not names_held(content, terms):
        return None
    held = words & _terms_of(content)
    if 2 * len(held) < len(words) or not held:
        return None
    return held


def sentence_answers(tokens: list[Token], terms: tuple[frozenset[str], frozenset[str]]) -> bool:
    """One sentence of a document is about what the cue asks: it holds every name and
    number of the cue (whose state: "Which party does Gad Yaacobi belong to?" / "Gad
    Yaacobi is a member of the Labor Party."), or, when the cue names none, at least half
    its other words."""
    held = frozenset(w for t in tokens for w in (t.text, _key(t)))
    if terms[0]:
        return terms[0] <= held
    words = terms[1] & held
    return bool(words) and 2 * len(words) >= len(terms[1])


def names_held(content: str, terms: tuple[frozenset[str], frozenset[str]]) -> bool:
    """The content holds every name and number the cue gives (whose state it asks
    about)."""
    return terms[0] <= _terms_of(content)


def numbers(content: str, terms: tuple[frozenset[str], frozenset[str]]) -> int:
    """What the content gives in numbers the cue does not name, years aside (a year dates
    a statement): 2 a quantity (a number with no capitalised word or number beside it,
    which would make it part of a name, a date or a range: "October 10", "Android 9.0",
    "18 and 19 July"), 1 other numbers, 0 none. Two candidates answer a cue alike
    unless one gives a quantity and the other no number at all: "Acme's budget is
    $5,000" answers "What is Acme's budget?", "Acme's CFO approved the budget" holds its
    words and does not. A number that counts a thing the cue does not name is not its
    answer's kind ("i am married with two kids" for "Am I married?": 1)."""
    return _numbers(content, *terms)


@lru_cache(maxsize=8192)
def _numbers(content: str, names: frozenset[str], words: frozenset[str]) -> int:
    tokens = _tokens(content)
    found = 0
    for i, t in enumerate(tokens):
        if t.number is None or t.number.unit == "year" or t.text in names:
            continue
        beside = tokens[max(i - 1, 0) : i] + tokens[i + 1 : i + 2]
        if not any(b.capital or b.number is not None for b in beside) and not _counts_other(
            tokens[i + 1 : i + 3], words
        ):
            return 2
        found = 1
    return found


def _counts_other(after: tuple[Token, ...], words: frozenset[str]) -> bool:
    """The number counts a thing the cue does not ask about: the next word (or the one
    after an adjective: "two little boys") is a plural content word the cue lacks, and
    no content word follows it (which would make it a measure: "34 years old", "5 feet
    tall"), and it is no unit of time or measurement (``heuristics/measures.py``: "100
    years", "45 minutes")."""
    for i, t in enumerate(after):
        if t.text in STOPWORDS or t.number is not None:
            return False
        if t.text.endswith("s") and not t.text.endswith("ss"):
            if measures(t.text):
                return False  # an amount, not things counted: "i have lived for 100 years"
            following = after[i + 1 : i + 2]
            measure = any(
                f.text not in STOPWORDS and f.number is None and not f.opens for f in following
            )
            return stem(t.text) not in words and not measure
    return False


# A value that two statements of one frame differ in is a name, a number, or at most this
# many words without a function word, and never holds a verb "to be" or "to have" (which
# would make it a clause: "Acme's budget is $5,000" / "Acme's headcount is 40").
SHORT_VALUE = 3
# A frame holds at least this many content words besides the values, one of them not a
# name the cue gives.
FRAME_WORDS = 2


def framed_pairs(
    contents: list[str], terms: tuple[frozenset[str], frozenset[str]]
) -> list[tuple[int, int]]:
    """The pairs (i < j) of ``contents`` that are ``framed``: only those that begin or end
    with the same word are compared (a frame holds two words at least)."""
    ends: dict[tuple[int, str], list[int]] = {}
    for i, content in enumerate(contents):
        tokens = _tokens(content)
        if tokens:
            ends.setdefault((0, tokens[0].text), []).append(i)
            ends.setdefault((-1, tokens[-1].text), []).append(i)
    alike = {pair for group in ends.values() for pair in itertools.combinations(group, 2)}
    return sorted(p for p in alike if framed(contents[p[0]], contents[p[1]], terms))


def framed(first: str, second: str, terms: tuple[frozenset[str], frozenset[str]]) -> bool:
    """The two say one thing in one frame with different values: the same words before
    and after one differing span each ("Adolf Born attended Wiley College." / "Adolf Born
    attended Cornell University."), each span a value, the frame holding two content
    words at least and every name the cue gives (every other word of it too when it names
    no one: "how many episodes of touching evil are there?" is not answered by a frame
    of another show's episodes). They answer a question about now alike
    whatever words of the cue the values happen to hold ("Which school does Audrey Eagle
    attend?": "… Tanbridge House School." / "… Banbury Academy.")."""
    return _framed(first, second, *terms)


def _framed(a: str, b: str, names: frozenset[str], words: frozenset[str]) -> bool:
    ta, tb = _tokens(a), _tokens(b)
    if not (ta and tb) or (ta[0].text != tb[0].text and ta[-1].text != tb[-1].text):
        return False  # most pairs: no frame can hold two words
    shortest = min(len(ta), len(tb))
    before = 0
    while before < shortest and ta[before].text == tb[before].text:
        before += 1
    after = 0
    while after < shortest - before and ta[-1 - after].text == tb[-1 - after].text:
        after += 1
    value_a, value_b = ta[before : len(ta) - after], tb[before : len(tb) - after]
    if not (_value(value_a) and _value(value_b)):
        return False
    frame = ta[:before] + ta[len(ta) - after :]
    held = {w for t in frame for w in (t.text, _key(t))}
    # The frame pins down what the cue asks: its names, and all its other words when it
    # names no one (a number alone pins nothing: "the most 3 pointers in a season").
    named = any(not n[:1].isdigit() for n in names)
    if not names <= held or not (named or words <= held):
        return False
    content = [t.text for t in frame if t.text not in STOPWORDS]
    # Besides whom it is about, the frame says what of them: "Audrey Eagle paints birds."
    # and "Audrey Eagle sings." share a subject, not a frame.
    return len(content) >= FRAME_WORDS and any(w not in names for w in content)


def _value(span: tuple[Token, ...]) -> bool:
    """A name (capitalised words or numbers, function words between them), or a few words
    with no function word ("due in July" / "led by Luis" differ in more than a value); no
    verb "to be" or "to have"."""
    if not span or any(t.text in BE_FORMS or t.text in HAVE_FORMS for t in span):
        return False
    if any(t.opens for t in span[1:]):
        return False  # the end of one sentence and the start of the next: not one value
    if len(span) <= SHORT_VALUE and not any(t.text in FUNCTION_WORDS for t in span):
        return True
    ends = (span[0], span[-1])
    if not all(t.capital or t.number is not None for t in ends):
        return False
    return all(
        t.capital or t.number is not None or t.text in STOPWORDS or t.text in FUNCTION_WORDS
        for t in span
    )
