"""The value signal: one slot of the same statement frame filled differently ("Acme's
budget is $5,000" / "Acme's budget is $9,000"). Pure, no dependencies."""

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
from hebbs_graph.services.contradict.heuristics.side import Side
from hebbs_graph.services.contradict.heuristics.text import BE, POSS, Token, is_content, stem

VALUE_WEIGHT = 0.4
WEAK_VALUE_WEIGHT = 0.15
MAX_VALUE_TOKENS = 3
MAX_FRAME_SLACK = 3


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
    _, i1, i2, j1, j2 = replaces[0]
    span_a, trimmed_a = _trim(fa[i1:i2])
    span_b, trimmed_b = _trim(fb[j1:j2])
    slack += max(trimmed_a, trimmed_b)
    if slack > MAX_FRAME_SLACK or not _slot(span_a) or not _slot(span_b):
        return None
    if _same_words(span_a, span_b):
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


def _trim(span: list[Token]) -> tuple[list[Token], int]:
    """Drop prepositions and copulas at the edges of a slot ("in Berlin" / "Munich")."""
    edge = FUNCTION_WORDS | {BE}
    start, end = 0, len(span)
    while start < end and span[start].text in edge:
        start += 1
    while end > start and span[end - 1].text in edge:
        end -= 1
    return span[start:end], len(span) - (end - start)


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
