"""The value signal: one slot of the same statement frame filled differently ("Acme's
budget is $5,000" / "Acme's budget is $9,000"), unless the wording allows several values
at once; and the same across wordings, through statement slots (``slots.py``). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from hebbs_graph.services.contradict.heuristics.align import opcodes
from hebbs_graph.services.contradict.heuristics.lexicon import (
    COLORS,
    FUNCTION_WORDS,
    MONTHS,
    NEGATIONS,
    WEEKDAYS,
)
from hebbs_graph.services.contradict.heuristics.relations import REPLACING
from hebbs_graph.services.contradict.heuristics.side import Side
from hebbs_graph.services.contradict.heuristics.slots import Slot, role, same_slot, several
from hebbs_graph.services.contradict.heuristics.text import BE, POSS, Token, is_content, stem

VALUE_WEIGHT = 0.4
WEAK_VALUE_WEIGHT = 0.15
MAX_VALUE_TOKENS = 3
MAX_FRAME_SLACK = 3
# Content words on one side only, both sides together, beyond which two statements
# cannot be one slot in other words (the value, a relation's synonym, a verb or two).
MAX_SLOT_DIFFERENCE = 10


@dataclass(frozen=True)
class Signal:
    name: str  # negation | antonym | numeric | value | revision
    weight: float
    evidence: str


def value_disagreement(left: Side, right: Side) -> Signal | None:
    """One slot of the same frame filled differently ("budget is A" / "budget is B")."""
    fa, fb = left.frame, right.frame
    # Every frame word one side lacks entirely lies in the one slot or the slack, so more
    # of them than both can hold rules a single differing slot out, before the alignment.
    most = MAX_VALUE_TOKENS + MAX_FRAME_SLACK
    if len(left.frame_set - right.frame_set) > most or len(right.frame_set - left.frame_set) > most:
        return None
    ops = opcodes(left.frame_words, right.frame_words)
    replaces = [op for op in ops if op[0] == "replace"]
    slack = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag in ("insert", "delete"))
    if len(replaces) != 1 or slack > MAX_FRAME_SLACK:
        return None
    if any(_possessive(left, right, op) for op in ops if op[0] in ("insert", "delete")):
        return None  # "Chen lives in Paris" / "Chen's sister lives in Berlin"
    _, i1, i2, j1, j2 = replaces[0]
    a1, a2 = _trim(fa, i1, i2)
    b1, b2 = _trim(fb, j1, j2)
    span_a, span_b = fa[a1:a2], fb[b1:b2]
    slack += max(i2 - i1 - len(span_a), j2 - j1 - len(span_b))
    if slack > MAX_FRAME_SLACK or not _slot(span_a) or not _slot(span_b):
        return None
    if _same_words(span_a, span_b):
        return None
    if _not_one_value(left, a1, a2, right, b1, b2):
        return None
    before, after = fa[:i1], fa[i2:]
    shared = [t for tag, x1, x2, _, _ in ops if tag == "equal" for t in fa[x1:x2]]
    if not any(is_content(t) for t in shared):
        return None
    evidence = f"{_words(span_a)} / {_words(span_b)}"
    strong = _value_like(span_a) and _value_like(span_b)
    if not before:  # the subject differs: only "P is the chair of Y" / "Q is the chair of Y"
        strong = strong and bool(after) and after[0].text == BE
    elif not strong:
        words = [t.text for t in before]
        strong = BE in words and (POSS in words or "of" in words)
    if strong:
        return Signal("value", VALUE_WEIGHT, evidence)
    if slack == 0:
        return Signal("value", WEAK_VALUE_WEIGHT, evidence)
    return None


def _trim(frame: list[Token], start: int, end: int) -> tuple[int, int]:
    """A slot without the prepositions and copulas at its edges ("in Berlin" / "Munich")."""
    edge = FUNCTION_WORDS | {BE}
    while start < end and frame[start].text in edge:
        start += 1
    while end > start and frame[end - 1].text in edge:
        end -= 1
    return start, end


def _possessive(left: Side, right: Side, op: tuple[str, int, int, int, int]) -> bool:
    """Words on one side only name someone's something ("'s sister"): another subject.
    A possessor alone ("Acme's" before "budget") may be the same subject named."""
    _, i1, i2, j1, j2 = op
    extra = left.frame[i1:i2] + right.frame[j1:j2]
    return any(
        t.text == POSS and any(is_content(u) for u in extra[n + 1 :]) for n, t in enumerate(extra)
    )


def _not_one_value(left: Side, a1: int, a2: int, right: Side, b1: int, b2: int) -> bool:
    """The differing words name whose the statement is ("the lead of project Apollo" /
    "... Borealis"), or either wording says its value is one of several true at once
    ("Acme has an office in Paris", "Ann speaks French") and neither says a value was
    replaced."""
    spans = [
        (side.statement, side.frame_at[lo], side.frame_at[hi - 1] + 1)
        for side, lo, hi in ((left, a1, a2), (right, b1, b2))
    ]
    if any(role(s, lo, hi) == "subject" for s, lo, hi in spans):
        return True
    if any(word in REPLACING for m in left.markers ^ right.markers for word in m.split()):
        return False
    return any(several(s, lo, hi) for s, lo, hi in spans)


def slot_disagreement(left: Side, right: Side) -> Slot | None:
    """One single-valued relation of one subject with two values, in any two wordings
    ("The CEO of Acme is Ann" / "Bo is the CEO of Acme"; ``slots.py``)."""
    if len(left.content_stems ^ right.content_stems) > MAX_SLOT_DIFFERENCE:
        return None
    return same_slot(left.statement, right.statement)


def _slot(span: list[Token]) -> bool:
    if not 1 <= len(span) <= MAX_VALUE_TOKENS:
        return False
    return not any(t.text in FUNCTION_WORDS or t.text == BE or t.text in NEGATIONS for t in span)


def _value_like(span: list[Token]) -> bool:
    def one(t: Token) -> bool:
        if t.number is not None:
            return not t.number.identifier
        return t.proper or t.text in WEEKDAYS or t.text in MONTHS or t.text in COLORS

    return all(one(t) for t in span)


def _same_words(a: list[Token], b: list[Token]) -> bool:
    return [stem(t.text) for t in a] == [stem(t.text) for t in b]


def _words(span: list[Token]) -> str:
    return " ".join(t.text for t in span)
