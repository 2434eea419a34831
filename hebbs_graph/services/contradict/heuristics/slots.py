"""Statement slots across phrasings: are two statements one relation of one subject with
two different values, and does that relation hold one value at a time? Pure, no model.

"The CEO of Acme is Ann", "Acme's CEO is Ann", "Bo is the CEO of Acme", "Acme has
appointed Bo as CEO" and "Bo runs Acme as its chief executive" are one slot: compared as
bags of words, with the relation's words mapped to one key (``relations.py``: CEO /
chief executive, HQ / headquarters / is based in, reports to / manager) and the words
that only say how or when a value came (appointed, took over, moved, now) left out, the
two bags differ in the value alone. That value must sit where a value goes (not in a
subject's place: "Acme's" or "the CEO of Acme"), be the same kind on both sides (two
names, two amounts, two months), and each wording must say the relation holds one value
at a time:

- single: a definite role or attribute linked to the value ("the CEO of Acme is Ann",
  "Bo is Alice's manager", "Acme's headquarters are in Paris"); a verb whose value is
  one at a time ("lives in", "reports to", "is based in", "is due in"); the holder of a
  role ("Bo leads project Apollo", "led by Bo", "appointed Ann as CEO", "took over as
  CEO"); a value set by a change ("moved its HQ to Berlin", "changed to"); an amount
  ("has 40 employees", "a budget of $9,000");
- several: an indefinite ("has an office in", "a sibling named", "one of"), words such
  as "also", "another", "among", a verb whose values add up ("likes", "speaks",
  "visited", "sells", "works with");
- anything else is left undecided, and an undecided side never makes a slot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from hebbs_graph.services.contradict.heuristics.lexicon import (
    BE_FORMS,
    COLORS,
    FRAME_FILLERS,
    FUNCTION_WORDS,
    HAVE_FORMS,
    MONTHS,
    NEGATIONS,
    STOPWORDS,
    WEEKDAYS,
)
from hebbs_graph.services.contradict.heuristics.relations import (
    AT_ONE_PLACE,
    CHANGE_WORDS,
    CHANGING,
    COUNTED,
    DEFINITE,
    IMPLIED_BY,
    INDEFINITE,
    MULTI_VERBS,
    MULTI_WORDS,
    NAMING,
    NEUTRAL,
    ONE_HOLDER,
    RELATION_PHRASES,
    RELATION_WORDS,
    SEVERAL_BEFORE,
)
from hebbs_graph.services.contradict.heuristics.text import POSS, Token, stem

MAX_VALUE_TOKENS = 3
# Words between a value and what governs it that change nothing ("is now in").
_ADVERBS = frozenset({"now", "currently", "still", "officially", "already", "again", "today"})
_BECOME = frozenset({"became", "becomes", "become"})
_ARTICLES = frozenset({"a", "an", "the"})
_LONGEST_PHRASE = max(len(p) for p in RELATION_PHRASES)
_LEFT_OUT = STOPWORDS | FRAME_FILLERS | BE_FORMS | FUNCTION_WORDS | NEUTRAL | DEFINITE
_LEFT_OUT |= INDEFINITE | {POSS}
_RELATIONS = frozenset(RELATION_WORDS.values()) | frozenset(RELATION_PHRASES.values())
# Where a changing verb may stand before the "to" of its value ("moved its HQ to").
_CHANGE_REACH = 5


@dataclass(frozen=True)
class Slot:
    """Two statements of one single-valued relation with different values."""

    values: tuple[str, str]
    relation: tuple[str, ...]  # the shared words that name it
    changes: tuple[str, ...] = ()  # words on one side only that say a value was replaced

    @property
    def evidence(self) -> str:
        return f"{self.values[0]} / {self.values[1]} ({' '.join(self.relation)})"


@dataclass(frozen=True)
class Statement:
    """A statement's words, each with its key in the bag (None: left out)."""

    tokens: list[Token]
    words: list[str]
    keys: list[str | None]
    implied: frozenset[str]  # relation keys a verb names by itself ("moved" -> home)
    negated: bool  # holds a negation ("not", "never", "no longer")

    @cached_property
    def bag(self) -> frozenset[str]:
        return frozenset(k for k in self.keys if k is not None)

    @cached_property
    def at(self) -> dict[str, list[int]]:
        """Where each key stands."""
        out: dict[str, list[int]] = {}
        for i, k in enumerate(self.keys):
            if k is not None:
                out.setdefault(k, []).append(i)
        return out

    @cached_property
    def relation_keys(self) -> frozenset[str]:
        """Keys that may name a relation: a relation word's, or a common word's (not a
        name or a number, as it stands first)."""
        return frozenset(k for k in self.bag if _names_a_relation(self, k))


def statement(tokens: list[Token]) -> Statement:
    """The bag of a statement: relation words by key, names and numbers as written."""
    words = [t.text for t in tokens]
    keys: list[str | None] = [None] * len(tokens)
    i = 0
    while i < len(tokens):
        phrase = _phrase_at(words, i)
        if phrase:
            keys[i] = RELATION_PHRASES[phrase]
            i += len(phrase)
            continue
        keys[i] = _key(tokens, i)
        i += 1
    implied = frozenset(IMPLIED_BY[w] for w in words if w in IMPLIED_BY)
    return Statement(tokens, words, keys, implied, any(w in NEGATIONS for w in words))


def _phrase_at(words: list[str], i: int) -> tuple[str, ...] | None:
    for size in range(min(_LONGEST_PHRASE, len(words) - i), 1, -1):
        phrase = tuple(words[i : i + size])
        if phrase in RELATION_PHRASES:
            return phrase
    return None


def _key(tokens: list[Token], i: int) -> str | None:
    token, word = tokens[i], tokens[i].text
    if token.number is not None:
        return word
    if word in RELATION_WORDS:
        return RELATION_WORDS[word]
    if word in _LEFT_OUT and not (token.capital and word in MONTHS):  # "May", not "may"
        return None
    if word in COUNTED and i and tokens[i - 1].number is not None:
        return None  # "40 people": the number is the value
    return word if token.proper or token.capital else stem(word)


def same_slot(a: Statement, b: Statement) -> Slot | None:
    """The slot ``a`` and ``b`` fill with different values, if they are one
    single-valued relation (see the module's docstring); None otherwise."""
    if a.negated or b.negated:
        return None  # a negation is the negation signal's to judge, not a value
    only_a = a.bag - b.bag - b.implied
    only_b = b.bag - a.bag - a.implied
    if not only_a or not only_b:
        return None
    if len(only_a) > MAX_VALUE_TOKENS or len(only_b) > MAX_VALUE_TOKENS:
        return None
    span_a, span_b = _span(a, only_a), _span(b, only_b)
    if span_a is None or span_b is None:
        return None
    implied = (a.bag | a.implied) & (b.bag | b.implied)
    shared = (a.relation_keys | b.relation_keys) & a.bag & b.bag
    relation = tuple(sorted(shared | implied))
    if not relation:
        return None
    if _kind(a, span_a) != _kind(b, span_b) or _kind(a, span_a) == "mixed":
        return None
    if role(a, *span_a) != "single" or role(b, *span_b) != "single":
        return None
    changes = tuple(sorted((set(a.words) ^ set(b.words)) & CHANGE_WORDS))
    named = tuple(_named(a, b, k) for k in relation)
    return Slot((_text(a, span_a), _text(b, span_b)), named, changes)


def _named(a: Statement, b: Statement, key: str) -> str:
    """The word a statement uses for a relation key (for evidence)."""
    for s in (a, b):
        if key in s.keys:
            return s.words[s.keys.index(key)]
    return key


def _names_a_relation(s: Statement, key: str) -> bool:
    if key in _RELATIONS:
        return True
    token = s.tokens[s.at[key][0]]
    return token.number is None and not (token.proper or token.capital)


def _span(s: Statement, only: frozenset[str]) -> tuple[int, int] | None:
    """Where the words of ``only`` stand, when they stand together (a value)."""
    at = [i for k in only for i in s.at[k]]
    lo, hi = min(at), max(at) + 1
    if hi - lo > MAX_VALUE_TOKENS:
        return None
    if any(i not in at and s.words[i] not in FRAME_FILLERS for i in range(lo, hi)):
        return None
    return lo, hi


def _kind(s: Statement, span: tuple[int, int]) -> str:
    tokens = [t for t in s.tokens[span[0] : span[1]] if t.text not in FRAME_FILLERS]
    numbers = [t.number for t in tokens if t.number is not None]
    if numbers:
        return f"number:{numbers[0].unit or ''}" if len(numbers) == len(tokens) else "mixed"
    for name, words in (("day", WEEKDAYS), ("month", MONTHS), ("colour", COLORS)):
        if all(t.text in words for t in tokens):
            return name
    if all(t.proper or t.capital for t in tokens):
        return "name"
    return "word"


def _text(s: Statement, span: tuple[int, int]) -> str:
    return " ".join(s.words[span[0] : span[1]])


# -- one value at a time, or several? -------------------------------------------------


def role(s: Statement, lo: int, hi: int) -> str:
    """What the words s.tokens[lo:hi] are to their statement: "subject" (whose the
    relation is), "several" (one of the values it holds at once), "single" (the one
    value it holds), or "undecided"."""
    words = s.words
    if hi < len(words) and words[hi] == POSS:
        return "subject"  # "Acme's CEO"
    if _after_of(s, lo) and _kind(s, (lo, hi)) == "name":
        return "subject"  # "the CEO of Acme"
    if several(s, lo, hi):
        return "several"
    checks = (_measured, _of_a_definite, _holder, _at_one_place, _set_by_change)
    return "single" if any(check(s, lo, hi) for check in checks) else "undecided"


def several(s: Statement, lo: int, hi: int) -> bool:
    """The wording says the value is one of several true at once."""
    words = s.words
    outside = [w for i, w in enumerate(words) if not lo <= i < hi]
    if any(w in MULTI_WORDS or w in MULTI_VERBS for w in outside):
        return True
    if (lo and words[lo - 1] in ("and", "or")) or (hi < len(words) and words[hi] in ("and", "or")):
        return True  # a list: "offices in Paris and Berlin"
    prep = _left(s, lo - 1, DEFINITE)
    if prep > 0 and words[prep - 1] in SEVERAL_BEFORE.get(words[prep], ()):
        return True
    if _amount(s, lo, hi):
        return False  # "has a budget of $9,000", "$9 a month"
    # The value's own article ("the result was a loss") says nothing about the relation.
    return any(_indefinite(s, i) for i in range(len(words)) if not lo - 1 <= i < hi)


def _indefinite(s: Statement, i: int) -> bool:
    """An indefinite article or "one of", but not "a new CEO" (a role replaced)."""
    words = s.words
    if words[i] == "one":
        return i + 1 < len(words) and words[i + 1] == "of"
    if words[i] not in INDEFINITE:
        return False
    nxt = words[i + 1 : i + 3]
    return not (len(nxt) == 2 and nxt[0] == "new" and s.keys[i + 2] in _RELATIONS)


def _after_of(s: Statement, lo: int) -> bool:
    """The value follows "of"/"for" (and maybe a determiner and one common noun) that
    belong to a noun: "the lead of project Apollo", "the budget for the Acme account";
    not "works for Globex"."""
    i = lo - 1
    skipped = 0
    while i >= 0 and skipped < 2 and s.words[i] not in ("of", "for"):
        token = s.tokens[i]
        if s.words[i] in DEFINITE or not (token.proper or token.capital or s.keys[i] is None):
            skipped += s.words[i] not in DEFINITE
            i -= 1
            continue
        return False
    if i < 0 or s.words[i] not in ("of", "for"):
        return False
    return not (i and s.words[i] in AT_ONE_PLACE.get(s.words[i - 1], ()))


def _amount(s: Statement, lo: int, hi: int) -> bool:
    """An amount: a number that measures (not a time, a year or a name like "sprint 5")."""
    numbers = [t.number for t in s.tokens[lo:hi]]
    return all(
        n is not None and not n.identifier and n.unit not in ("time", "year") for n in numbers
    )


def _measured(s: Statement, lo: int, hi: int) -> bool:
    """An amount something has or is ("has 40 employees", "the budget is $9,000",
    "employs 40 people"), not an amount of an event ("ran 5 km", "bought 3 lamps")."""
    stative = any(w in BE_FORMS or w in HAVE_FORMS for w in s.words)
    return _amount(s, lo, hi) and (stative or any(k in _RELATIONS for k in s.keys))


def _left(s: Statement, i: int, skip: frozenset[str]) -> int:
    """The first position left of ``i`` whose word is not in ``skip`` (-1: none)."""
    while i >= 0 and s.words[i] in skip:
        i -= 1
    return i


def _right(s: Statement, i: int, skip: frozenset[str]) -> int:
    while i < len(s.words) and s.words[i] in skip:
        i += 1
    return i


def _of_a_definite(s: Statement, lo: int, hi: int) -> bool:
    """A definite role or attribute is linked to the value: "Acme's CEO is Ann", "the
    headquarters of Acme is in Paris", "Bo is the CEO of Acme", "Red is Ann's favourite
    colour", "Acme has its head office in Paris"."""
    words = s.words
    at = _left(s, lo - 1, FUNCTION_WORDS | _ADVERBS | _ARTICLES)
    if at >= 0 and words[at] in BE_FORMS:  # "<the CEO of Acme> is <value>"
        return _definite(s, 0, at)
    if 0 <= at < lo - 1:  # "has <its head office> in <value>"
        start = max(0, at - 3)
        has = any(w in HAVE_FORMS for w in s.words[start:at])
        named = any(k in _RELATIONS for k in s.keys[start : at + 1])
        return (has or named) and _definite(s, start, at + 1)
    if any(w not in _ADVERBS for w in words[:lo]):
        return False
    be = _right(s, hi, _ADVERBS)  # "<value> is <the CEO of Acme>"
    return be < len(words) and words[be] in BE_FORMS and _definite(s, be + 1, len(words))


def _definite(s: Statement, start: int, end: int) -> bool:
    """s.words[start:end] hold a definite noun phrase with a relation word in it."""
    if any(w in BE_FORMS for w in s.words[start:end]):
        return False
    definite = any(w in DEFINITE or w == POSS for w in s.words[start:end])
    return definite and any(k in s.relation_keys for k in s.keys[start:end])


def _holder(s: Statement, lo: int, hi: int) -> bool:
    """The value holds a role: "Bo leads project Apollo", "led by Bo", "appointed Ann as
    CEO", "Bo took over as CEO", "Bo runs Acme as its chief executive"."""
    words = s.words
    after = _right(s, hi, _ADVERBS | BE_FORMS | HAVE_FORMS | {"will"})
    if after < len(words) and (words[after] in ONE_HOLDER | NAMING or words[after] in _BECOME):
        return True  # "Bo leads ...", "Ann was named CEO", "Bo became CEO"
    before = _left(s, lo - 1, _ADVERBS)
    if before >= 0 and words[before] in NAMING:
        return True
    if before >= 0 and words[before] == "by":
        verb = _left(s, before - 1, _ADVERBS | BE_FORMS)
        return verb >= 0 and words[verb] in ONE_HOLDER
    # "<value> ... as <its CEO>", "<value> became <CEO>": a role named after the word
    turn = next((i for i in range(hi, len(words)) if words[i] == "as" or words[i] in _BECOME), -1)
    return turn >= 0 and any(k in s.relation_keys for k in s.keys[turn:])


def _at_one_place(s: Statement, lo: int, hi: int) -> bool:
    """The value follows a verb that holds one at a time: "lives in", "reports to"."""
    prep = _left(s, lo - 1, DEFINITE | _ADVERBS)
    if prep < 1 or s.words[prep] not in FUNCTION_WORDS:
        return False
    verb = _left(s, prep - 1, _ADVERBS)
    return verb >= 0 and s.words[prep] in AT_ONE_PLACE.get(s.words[verb], ())


def _set_by_change(s: Statement, lo: int, hi: int) -> bool:
    """The value was set by a change: "moved its HQ to Berlin", "changed to paused"."""
    to = _left(s, lo - 1, DEFINITE | _ADVERBS)
    if to < 1 or s.words[to] != "to":
        return False
    return any(w in CHANGING for w in s.words[max(0, to - _CHANGE_REACH) : to])
