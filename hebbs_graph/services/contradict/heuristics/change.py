"""Changed values, whatever the relation: two statements that say the same thing of the
same subject and differ in one value ("… was born in the city of London." / "… Leeds.",
"i have two dogs" / "i have three dogs", "The CEO of Acme is Ann" / "Bo is the CEO of
Acme"). Pure, no model, no word list of relations.

The mechanism is the statements' shape:

1. **Alignment.** The two statement frames (``text.frame``: copulas and setting verbs as
   one BE, fillers such as "now" and "the" left out) are aligned word by word. They are
   one template with a changed value when what differs is one span on each side (several
   differing blocks inside one name count as one: "Duke University" / "University of
   Colorado Boulder"), and everything else agrees (apart from a word or two that carry no
   claim). When the wording differs, the statements are compared as bags: the names and
   numbers each holds alone must be one span on each side, and the rest of their content
   words must agree, but for a word or two on one side ("appointed", "moved": how the
   value came). Pairs that differ in more are ruled out on their word sets first.
2. **What agrees.** The agreeing part must name a relation (a content word: "born",
   "plays", "dogs", "CEO"; or a copula, or "have" before a number: "Ann is 34") and say it
   of something: two words at the least.
3. **What differs.** The two values must be of one kind: two names (which may hold short
   words and numbers: "37th Parliament of the United Kingdom"), two numbers of one unit
   (a number and the noun it counts is one: "60 years old"),
   two dates, months, weekdays or colours, or one or two common words. What a value's
   place says is ``roles.py``'s: a span in a subject's place ("Acme's CEO", "the CEO of
   Acme is …", what a statement opens with) is whose the statement is, unless the rest is
   a definite role ("Ann is the CEO of Acme" / "Bo is the CEO of Acme": one role, two
   holders); a name right before a common noun says which thing ("the Q2 results").
4. **One value at a time, or several?** Grammar says several when a word adds to what
   was said ("also", "another", "too"), when the value is one of a list ("X and Y"), when
   it hangs on an indefinite noun ("an office in Lisbon", "a dog named Rex"), is the
   indefinite object of a verb other than a copula ("has a dog" / "has a cat"), or the
   object of a verb whose objects add up (the slots' ``MULTI_VERBS``: "speaks French").
   A definite noun phrase the value hangs on ("the city of London"), a count or amount, a
   copula before a name or number, or a definite role after it says one. Anything else
   is undecided.

A change is ``strong`` when the values are names, numbers or dates and nothing says
several, or when the shape says one value at a time; two common words in an undecided
shape ("i like pizza" / "i like pasta") are ``weak``: evidence for another signal, not a
change alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hebbs_graph.services.contradict.heuristics.align import opcodes
from hebbs_graph.services.contradict.heuristics.lexicon import (
    BE_FORMS,
    COLORS,
    FUNCTION_WORDS,
    MONTHS,
    WEEKDAYS,
)
from hebbs_graph.services.contradict.heuristics.roles import (
    HAVE,
    is_subject,
    light,
    names_which,
    replaced,
    several,
    single,
)
from hebbs_graph.services.contradict.heuristics.side import Side
from hebbs_graph.services.contradict.heuristics.text import BE, POSS, Token, stem

# A run of names the two-wordings path reads as one value, at most.
MAX_VALUE_TOKENS = 4
# A name may run longer ("Charles III of the United Kingdom", "Luiz Inácio Lula da Silva").
MAX_NAME_TOKENS = 8
# Words on one side only, outside the value, that may differ in one template.
MAX_SLACK = 2
# In other wordings: content words one side alone holds besides its value (a verb of
# change, a synonym), both sides together.
MAX_REWORDED_EXTRA = 2
# Common (not name) content words one side alone may hold: a two-word value and two more.
MAX_COMMON_DIFFERENCE = 4

Strength = Literal["strong", "weak"]
# The kinds of value that only say when (``_kind_of``).
WHEN_KINDS = frozenset({"date", "day", "month", "number:year", "number:time", "number:date"})


@dataclass(frozen=True)
class Change:
    """One value of one relation of one subject, changed."""

    values: tuple[str, str]
    relation: tuple[str, ...]  # the agreeing words that name it
    kind: str
    strength: Strength
    reworded: bool  # found across two wordings, not in one template
    single: bool  # the shape says one value at a time ("i am 34", "my X is Y")

    @property
    def evidence(self) -> str:
        return f"{self.values[0]} / {self.values[1]} ({' '.join(self.relation)})"


def changed_value(left: Side, right: Side) -> Change | None:
    """The value ``left`` and ``right`` give one relation of one subject, if that is all
    that differs between them (see the module's docstring); None otherwise."""
    if left.negated != right.negated:
        return None  # a negation is the negation signal's to judge
    # Most pairs differ in far more than a value and a word or two: ruled out on their
    # content words (sets, ~1 µs) before any alignment (~100 µs).
    ca, cb = left.content_stems, right.content_stems
    most = MAX_NAME_TOKENS + MAX_REWORDED_EXTRA
    if (ca and cb and not ca & cb) or len(ca - cb) > most or len(cb - ca) > most:
        return None
    # Common words one side alone holds: a value's (two at most) and a word or two of
    # how it is said, or a name's own ("men's basketball").
    wa, wb = left.common_stems, right.common_stems
    if len(wa - wb) > MAX_COMMON_DIFFERENCE or len(wb - wa) > MAX_COMMON_DIFFERENCE:
        return None
    found = _in_one_template(left, right)
    if found is None:
        found = _in_two_wordings(left, right)
    return found


# -- one template ---------------------------------------------------------------------


def _in_one_template(left: Side, right: Side) -> Change | None:
    fa, fb = left.frame, right.frame
    ka, kb = left.frame_keys, right.frame_keys
    blocks: list[tuple[int, int, int, int]] = []  # what differs and says something
    slack = 0
    for tag, i1, i2, j1, j2 in opcodes(ka, kb):
        if tag == "equal":
            continue
        extra = fa[i1:i2] + fb[j1:j2]
        if all(light(t) for t in extra):
            slack += len(extra)
        else:
            blocks.append((i1, i2, j1, j2))
    if not blocks or slack > MAX_SLACK:
        return None
    undated = _beside_when(fa, fb, blocks)
    value = _one_value(fa, fb, undated)
    if value is None:
        return None
    a1, a2, b1, b2 = value
    in_b = set(kb)
    shared = [t for t, k in zip(fa[:a1] + fa[a2:], ka[:a1] + ka[a2:], strict=True) if k in in_b]
    kind = _same_kind(fa[a1:a2], fb[b1:b2])
    if kind is None or not _names_a_relation(shared, kind):
        return None
    if kind == "word" and len(undated) < len(blocks):
        return None  # "joined the company in 2021" / "… the data team in 2023": two events
    span_a = (left.frame_at[a1], left.frame_at[a2 - 1] + 1)
    span_b = (right.frame_at[b1], right.frame_at[b2 - 1] + 1)
    return _judged(left, span_a, right, span_b, shared, kind, reworded=False)


def _beside_when(
    fa: list[Token], fb: list[Token], blocks: list[tuple[int, int, int, int]]
) -> list[tuple[int, int, int, int]]:
    """The differing blocks but those that only say when, if another differs too: a date
    beside a note's value ("As of May 2024, …" / "As of September 2024, …") dates the
    statement; the value is what else differs. A date that is all that differs is the
    value ("… last win? 2017.")."""
    if len(blocks) < 2:
        return blocks
    kept = [b for b in blocks if not _says_when(fa[b[0] : b[1]], fb[b[2] : b[3]])]
    return kept if kept else blocks


def _says_when(*spans: list[Token]) -> bool:
    """Each span that holds anything is a date, a weekday, a month, a year or a time of
    day, as ``_kind_of`` reads values."""
    held = [span for span in spans if span]
    return bool(held) and all(_kind_of(span) in WHEN_KINDS for span in held)


def _one_value(
    fa: list[Token], fb: list[Token], blocks: list[tuple[int, int, int, int]]
) -> tuple[int, int, int, int] | None:
    """The one span on each side where the two frames differ: a single differing block,
    or several that lie inside one name on each side ("Duke University" / "University
    of Colorado Boulder", aligned on "University")."""
    if len(blocks) == 1:
        i1, i2, j1, j2 = blocks[0]
        a1, a2 = _trimmed(fa, i1, i2)
        b1, b2 = _trimmed(fb, j1, j2)
        return (a1, a2, b1, b2) if a1 < a2 and b1 < b2 else None
    a1, a2 = _trimmed(fa, min(b[0] for b in blocks), max(b[1] for b in blocks))
    b1, b2 = _trimmed(fb, min(b[2] for b in blocks), max(b[3] for b in blocks))
    if not (a1 < a2 and b1 < b2):
        return None
    kinds = set()
    for frame, lo, hi in ((fa, a1, a2), (fb, b1, b2)):
        inside = frame[lo:hi]
        kinds.add(_kind_of(inside))
        if not all(_in_a_name(t) for t in inside):
            return None
    return (a1, a2, b1, b2) if kinds in ({"name"}, {"date"}) else None


def _in_a_name(t: Token) -> bool:
    """A word a name or a date may hold: capitalised, a number, a month, or a short
    lowercase word between ("of", "de", "van", "'s")."""
    if t.text == BE or t.text in BE_FORMS or t.text in HAVE:
        return False  # a verb: two values, not one name
    return t.proper or t.capital or t.number is not None or t.text in MONTHS or len(t.text) <= 3


def _trimmed(frame: list[Token], start: int, end: int) -> tuple[int, int]:
    """A differing block without the light words at its edges ("in Berlin" / "Munich")."""
    while start < end and light(frame[start]):
        start += 1
    while end > start and light(frame[end - 1]):
        end -= 1
    return start, end


# -- two wordings ---------------------------------------------------------------------


def _spans(side: Side) -> list[tuple[int, int]]:
    """Runs of names, and single numbers: where a value can stand in any wording."""
    out: list[tuple[int, int]] = []
    tokens = side.tokens
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.number is not None:
            out.append((i, i + 1))
            i += 1
        elif t.proper or (t.capital and not light(t)):
            j = i + 1
            while j < len(tokens) and tokens[j].proper and j - i < MAX_VALUE_TOKENS:
                j += 1
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


def _in_two_wordings(left: Side, right: Side) -> Change | None:
    sa, sb = _spans(left), _spans(right)
    texts_a = {_text(left, s) for s in sa}
    texts_b = {_text(right, s) for s in sb}
    only_a = [s for s in sa if _text(left, s) not in texts_b]
    only_b = [s for s in sb if _text(right, s) not in texts_a]
    if len(only_a) + len(only_b) > 2:  # a date beside the value says when it was said
        only_a = [s for s in only_a if not _says_when(left.tokens[slice(*s)])] or only_a
        only_b = [s for s in only_b if not _says_when(right.tokens[slice(*s)])] or only_b
    if len(only_a) != 1 or len(only_b) != 1:
        return None
    span_a, span_b = only_a[0], only_b[0]
    kind = _same_kind(left.tokens[slice(*span_a)], right.tokens[slice(*span_b)])
    if kind is None:
        return None
    rest_a = _content_outside(left, span_a)
    rest_b = _content_outside(right, span_b)
    if not rest_a or not rest_b:
        return None
    both = rest_a & rest_b
    extra_a, extra_b = rest_a - both, rest_b - both
    if not both or (extra_a and extra_b) or len(extra_a | extra_b) > MAX_REWORDED_EXTRA:
        return None  # more than a value and a word or two of how it is said
    if _owned(left, rest_a - both) or _owned(right, rest_b - both):
        return None  # "Chen lives in Paris" / "Chen's sister lives in Berlin"
    if {_counted(left, span_a), _counted(right, span_b)} - both - {None}:
        return None  # "has 8 engineers" / "has 2 designers": two things counted
    shared = [t for t in left.tokens if stem(t.text) in both]
    return _judged(left, span_a, right, span_b, shared, kind, reworded=True)


def _content_outside(side: Side, span: tuple[int, int]) -> frozenset[str]:
    lo, hi = span
    return frozenset(
        stem(t.text)
        for i, t in enumerate(side.tokens)
        if not lo <= i < hi and not light(t) and t.number is None
    )


def _counted(side: Side, span: tuple[int, int]) -> str | None:
    """The noun a number counts ("8 engineers"), if one follows it."""
    lo, hi = span
    if side.tokens[lo].number is None or hi >= len(side.tokens):
        return None
    after = side.tokens[hi]
    return None if light(after) or after.proper else stem(after.text)


def _owned(side: Side, extra: frozenset[str]) -> bool:
    """A word one side alone holds names someone's something ("Chen's sister"): the
    statement is about another subject."""
    tokens = side.tokens
    return any(
        t.text == POSS and n + 1 < len(tokens) and stem(tokens[n + 1].text) in extra
        for n, t in enumerate(tokens)
    )


# -- the values -----------------------------------------------------------------------


def _kind_of(tokens: list[Token]) -> str:
    """name, number:<unit>, date, day, month, colour or word; "mixed" when the span is
    none of them (a clause, a number with other words, too long)."""
    words = [t for t in tokens if t.text not in FUNCTION_WORDS]
    if not words or len(tokens) > MAX_NAME_TOKENS:
        return "mixed"
    numbers = [t.number for t in words if t.number is not None]
    if all(t.number is not None or t.text in MONTHS for t in words) and len(words) > 1:
        return "date" if any(t.text in MONTHS for t in words) else "mixed"  # "July 8, 2021"
    for name, closed in (("day", WEEKDAYS), ("month", MONTHS), ("colour", COLORS)):
        if all(t.text in closed for t in words):
            return name
    head = words[1] if words[0].number is not None and len(words) > 1 else words[0]
    if head.proper or head.capital:
        # A name, maybe with words and numbers of its own inside ("Partit Nacionalista
        # de Catalunya", "Florida Gators men's basketball", "37th Parliament", "FC
        # Schalke 04").
        return "name"
    if numbers:
        if len(numbers) == 1 and words[0].number is not None and 1 < len(words) <= 3:
            # A number and the noun it counts, maybe with the measure it gives ("60 years
            # old", "45 people"): a quantity in that unit.
            unit = words[1]
            return "mixed" if unit.number is not None else f"number:{stem(unit.text)}"
        if len(numbers) != len(words) or len(numbers) > 1:
            return "mixed"
        n = numbers[0]
        return "name" if n.identifier else f"number:{n.unit or ''}"
    if len(words) > 2 or any(t.proper for t in words):
        return "mixed"  # common words: one, or an adjective and its noun ("ultimate frisbee")
    return "word"


def _same_kind(a: list[Token], b: list[Token]) -> str | None:
    ka, kb = _kind_of(a), _kind_of(b)
    if "mixed" in (ka, kb):
        return None
    if ka == kb:
        return ka
    if ka.startswith("number:") and kb.startswith("number:") and "number:" in (ka, kb):
        return "number:"  # "40" / "45 people": one unit unsaid
    return None


def _names_a_relation(shared: list[Token], kind: str) -> bool:
    """The agreeing words name a relation: a content word ("born", "CEO"), or a copula
    or "have" before a number ("Ann is 34", "Acme has 40"); and something it is said of
    (two words at the least: "day 1" / "day 2" are two names, not a statement)."""
    if len(shared) < 2:
        return False
    if any(not light(t) and t.number is None for t in shared):
        return True
    if any(t.text == BE for t in shared):
        return True  # "Ann is 34", "i am a nurse"
    return kind.startswith("number:") and any(t.text in HAVE for t in shared)


def _text(side: Side, span: tuple[int, int]) -> str:
    return " ".join(t.text for t in side.tokens[span[0] : span[1]])


# -- one value at a time, or several? -------------------------------------------------


def _judged(
    left: Side,
    span_a: tuple[int, int],
    right: Side,
    span_b: tuple[int, int],
    shared: list[Token],
    kind: str,
    *,
    reworded: bool,
) -> Change | None:
    sides = ((left, span_a), (right, span_b))
    if any(is_subject(s, lo, hi) or names_which(s, lo, hi, kind) for s, (lo, hi) in sides):
        return None
    if any(several(s, lo, hi) for s, (lo, hi) in sides) and not replaced(left, right):
        return None
    one_at_a_time = any(single(s, lo, hi, kind) for s, (lo, hi) in sides)
    marked = bool(left.markers ^ right.markers)  # "now", "used to", "moved to"
    if reworded and not (one_at_a_time or marked):
        return None  # two wordings need the shape to say one value at a time
    strong = one_at_a_time or marked or kind != "word"
    relation = tuple(dict.fromkeys(t.text for t in shared if not light(t)))
    return Change(
        values=(_text(left, span_a), _text(right, span_b)),
        relation=relation or tuple(dict.fromkeys(t.text for t in shared)),
        kind=kind,
        strength="strong" if strong else "weak",
        reworded=reworded,
        single=one_at_a_time,
    )
