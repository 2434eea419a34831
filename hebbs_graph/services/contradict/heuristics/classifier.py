"""The heuristic contradiction classifier: pure, fast, no model, no database.

Signals (docs/semantics.md §7), each with its weight:

- negation: negation on one side only, of a word the other side says, in a shared
  context: +0.35 ("did not approve" / "approved"; not an idiom of chat: "No problem,
  take care!" / "Take care!")
- antonym: each opposite pair split across the two texts: +0.25
- numeric: numbers of the same kind in a shared context that differ: +0.2
- value: the same statement frame with a different value in one slot: +0.4 when the
  value is a name, number, date, day, colour or an attribute ("X's role is ..."),
  +0.15 when it is any other single word (it only ever supports another signal); or,
  in any two wordings, one single-valued relation of one subject with two values ("The
  CEO of Acme is Ann" / "Bo is the CEO of Acme", ``slots.py``): +0.4. Not when either
  wording says the relation holds several values at once ("has an office in", "speaks",
  "one of") and no marker says a value was replaced, nor when the differing words name
  whose the statement is ("the lead of project Apollo" / "... Borealis")
- revision: a marker such as "used to", "no longer", "now", "changed to" on one side
  (or, for two wordings of a slot, a word such as "moved", "new", "took over"): +0.1,
  and the pair is suggested as a ``revision`` rather than a ``contradiction``

Texts of several sentences (turns of conversation) are also read a sentence at a time,
for a value only, where the shape says one value at a time (+0.4: "mine are too . i am
56 ." / "hello . i am 60 years old"). Two questions stored with their answers that ask
different things score 0 ("When did the Giants last win? 2007." / "When did the US last
lose? 2014.").

A negation and an opposite word on the same side cancel ("did not fail" /
"succeeded"). Statements about different subjects, as their form says (possessors
"Acme's ...", names after "of"/"for", the names they open with), score 0 unless the
subject is all that differs. Two turns of one speaker ("Caroline: …") are compared
without the label. The score is capped at 0.75: a heuristic is never sure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hebbs_graph.services.contradict.heuristics.change import changed_value
from hebbs_graph.services.contradict.heuristics.opposites import opposed, other_amount
from hebbs_graph.services.contradict.heuristics.sentences import sentence_changes
from hebbs_graph.services.contradict.heuristics.side import (
    FAMILIES,
    FAMILY_OF,
    WHOLE,
    other_questions,
    prefixed_forms,
    unprefixed_forms,
)
from hebbs_graph.services.contradict.heuristics.side import Side as _Side
from hebbs_graph.services.contradict.heuristics.side import side as _side
from hebbs_graph.services.contradict.heuristics.text import stem, unspoken
from hebbs_graph.services.contradict.heuristics.value import (
    VALUE_WEIGHT,
    WEAK_VALUE_WEIGHT,
    Signal,
    slot_disagreement,
    value_disagreement,
)

NEGATION_WEIGHT = 0.35
ANTONYM_WEIGHT = 0.25
NUMERIC_WEIGHT = 0.2
REVISION_WEIGHT = 0.1
HEURISTIC_CAP = 0.75
# Share of the smaller side's content words the other side must hold for a
# negation, opposite or number to be about the same thing.
MIN_SHARED_CONTEXT = 0.6

Verdict = Literal["contradiction", "revision"]


@dataclass(frozen=True)
class Classification:
    score: float
    signals: tuple[Signal, ...]
    suggested_verdict: Verdict

    @property
    def names(self) -> list[str]:
        return sorted({s.name for s in self.signals})


def classify(a: str, b: str, *, cap: float = HEURISTIC_CAP) -> Classification:
    """Score how strongly ``a`` and ``b`` disagree; 0 when nothing points that way."""
    left, right = map(_side, unspoken(a, b))
    if other_questions(left, right):
        return Classification(score=0.0, signals=(), suggested_verdict="contradiction")
    found = _classify(left, right, cap)
    if found.score >= VALUE_WEIGHT:
        return found
    # Opposite values of one attribute said of one subject, as WordNet has them ("i am
    # married" / "i am single"), or two numbers of one unit ("i am 56" / "hello i am 60
    # years old"): ``opposites.py``, in whatever else the texts say.
    evidence = opposed(a, b) or other_amount(a, b)
    if evidence is not None:
        signals = [Signal("value", VALUE_WEIGHT, evidence), *_revised(left, right)]
        score = min(cap, round(sum(s.weight for s in signals), 4))
        verdict: Verdict = "revision" if len(signals) > 1 else "contradiction"
        return Classification(score=score, signals=tuple(signals), suggested_verdict=verdict)
    # Texts of several sentences (turns of conversation, documents) are also read a
    # sentence at a time, for a value only (``sentences.py``): a negation, an opposite or
    # a name between two short sentences of chat ("Don't worry, Sam." / "Keep going,
    # Sam!", "No problem, Maria!" / "No problem, John!") says nothing about one relation.
    for x, y, change in sentence_changes(left, right):
        value = Signal("value", VALUE_WEIGHT, change.evidence)
        signals = [value, *_revised(x, y)]
        verdict = "revision" if len(signals) > 1 else "contradiction"
        score = min(cap, round(sum(s.weight for s in signals), 4))
        return Classification(score=score, signals=tuple(signals), suggested_verdict=verdict)
    return found


def _revised(left: _Side, right: _Side) -> list[Signal]:
    markers = sorted(left.markers ^ right.markers)
    return [Signal("revision", REVISION_WEIGHT, ", ".join(markers))] if markers else []


def _classify(left: _Side, right: _Side, cap: float) -> Classification:
    signals: list[Signal] = []
    # Every signal needs a shared context; texts with no content word in common have
    # none, unless a verb names the relation ("I live in Paris" / "I moved to Berlin"),
    # or one of them holds none ("I am 34").
    context = bool(left.content_stems & right.content_stems) or not (
        left.content_stems and right.content_stems
    )
    slot = None
    if context or left.statement.implied or right.statement.implied:
        # One relation of one subject in two wordings, the value all that differs.
        slot = slot_disagreement(left, right)
    change = changed_value(left, right) if context else None
    markers = sorted(left.markers ^ right.markers)
    if slot is not None and not markers:  # "moved its HQ to", "took over as", "new"
        markers = list(slot.changes)
    verdict: Verdict = "revision" if markers else "contradiction"
    if slot is None and not context:
        return Classification(score=0.0, signals=(), suggested_verdict=verdict)
    if slot is None and change is None and _different_subjects(left, right):
        # "Acme's budget is $5,000" / "Initech's budget is $9,000": both can be true.
        return Classification(score=0.0, signals=(), suggested_verdict=verdict)
    opposites = _antonym_pairs(left, right)
    involved = {w for pair in opposites for w in pair}
    shared = _shared_context(left, right, involved)
    negated = left.negated != right.negated
    if negated and opposites:
        # "did not fail" / "succeeded": the negation and one opposite cancel out.
        negated, opposites = False, opposites[1:]
    if negated and shared >= MIN_SHARED_CONTEXT and _negates_the_other(left, right):
        signals.append(Signal("negation", NEGATION_WEIGHT, "negated on one side only"))
    if shared >= MIN_SHARED_CONTEXT:
        signals += [
            Signal("antonym", ANTONYM_WEIGHT, f"{left.word(x)} / {right.word(y)}")
            for x, y in opposites
        ]
    numeric = _numeric_disagreement(left, right)
    if numeric and shared >= MIN_SHARED_CONTEXT:
        signals.append(Signal("numeric", NUMERIC_WEIGHT, numeric))
    value = value_disagreement(left, right)
    if value is None and slot is not None:
        value = Signal("value", VALUE_WEIGHT, slot.evidence)
    if change is not None and (value is None or value.weight < VALUE_WEIGHT):
        weight = VALUE_WEIGHT if change.strength == "strong" else WEAK_VALUE_WEIGHT
        if value is None or weight > value.weight:
            value = Signal("value", weight, change.evidence)
    if value is not None:
        signals.append(value)
    if markers and len(signals) > 0:
        signals.append(Signal("revision", REVISION_WEIGHT, ", ".join(markers)))
    score = min(cap, round(sum(s.weight for s in signals), 4))
    return Classification(score=score, signals=tuple(signals), suggested_verdict=verdict)


def _different_subjects(left: _Side, right: _Side) -> bool:
    """The two statements say, in the same form, that they are about different subjects
    (possessors, names after "of"/"for", or the names they open with, none in common).
    When a name they open with is all that differs ("Alice is the chair" / "Bob is the
    chair": one role, two holders) the value check decides."""
    sa, sb = left.subjects, right.subjects
    clash = [bool(x and y and not x & y) for x, y in zip(sa.forms(), sb.forms(), strict=True)]
    if not any(clash):
        return False
    if clash[0] or clash[1]:  # "Acme's CEO is Bo" / "Initech's CEO is Bo": two slots
        return True
    fa, fb = left.frame_stems, right.frame_stems
    only_subjects = fa - fb <= {stem(w) for w in sa.words} and fb - fa <= {
        stem(w) for w in sb.words
    }
    return not only_subjects


def _antonym_pairs(left: _Side, right: _Side) -> list[tuple[str, str]]:
    """Opposite words split across the two texts, as (word in a, word in b)."""
    sa, sb = left.stem_set, right.stem_set
    only_a, only_b = sa - sb, sb - sa
    # Most neighbours share no family and no prefixed word: rule that out from what each
    # side holds (an opposite pair needs a family both touch, or a word on one side that
    # is a word on the other with a negating prefix).
    if not (left.families & right.families or left.bases & only_b or right.bases & only_a):
        return []
    pairs: list[tuple[str, str]] = []
    used: set[str] = set()
    touched = sorted({i for word in only_a for i in FAMILY_OF.get(word, ())})
    for fam_x, fam_y in (FAMILIES[i] for i in touched):
        for one, other in ((fam_x, fam_y), (fam_y, fam_x)):
            xa, yb = only_a & one, only_b & other
            if xa and yb and not (one & sb) and not (other & sa):
                x, y = min(xa), min(yb)
                if x not in used and y not in used:
                    pairs.append((x, y))
                    used |= {x, y}
    for word in sorted(only_a - used):
        match = next((w for w in prefixed_forms(word) if w in only_b and w not in used), None)
        match = match or next(
            (w for w in unprefixed_forms(word) if w in only_b and w not in used), None
        )
        if match is not None:
            pairs.append((word, match))
            used |= {word, match}
    return pairs


def _negates_the_other(left: _Side, right: _Side) -> bool:
    """One side negates a word the other says without negating it ("The client did not
    approve …" / "The client approved …"); a negation in an idiom of chat negates
    nothing the other says ("No problem, always here to have your back. Take care!" /
    "Take care!", "Can't wait!" / "Let's do it!")."""
    only_a = left.negated_heads - right.negated_heads
    only_b = right.negated_heads - left.negated_heads
    if WHOLE in only_a | only_b:
        return True  # "… won the world series? Never." / "… 2017."
    return bool(only_a & right.stem_set or only_b & left.stem_set)


def _shared_context(left: _Side, right: _Side, involved: set[str]) -> float:
    """How much of the smaller side's content the other side shares (1.0 when neither has any)."""
    ca, cb = left.content(involved), right.content(involved)
    if not ca or not cb:
        return 1.0 if not ca and not cb else 0.0
    return len(ca & cb) / min(len(ca), len(cb))


def _numeric_disagreement(left: _Side, right: _Side) -> str | None:
    na, nb = left.numbers, right.numbers
    if not na or not nb:
        return None
    values_a = {n.canon for n, _ in na}
    values_b = {n.canon for n, _ in nb}
    only_a = [(n, k) for n, k in na if n.canon not in values_b]
    only_b = [(n, k) for n, k in nb if n.canon not in values_a]
    for x, kx in only_a:
        for y, ky in only_b:
            if x.unit != y.unit:
                continue
            single = len(na) == 1 and len(nb) == 1
            # One number each of the same typed unit (money, time, %, year) is comparable.
            if kx == ky or (single and (kx is None or ky is None or x.unit is not None)):
                return f"{x.canon} / {y.canon}"
    return None
