"""The heuristic contradiction classifier: pure, fast, no model, no database.

Signals (docs/semantics.md §7), each with its weight:

- negation: negation on one side only, in a shared context: +0.35
- antonym: each opposite pair split across the two texts: +0.25
- numeric: numbers of the same kind in a shared context that differ: +0.2
- value: the same statement frame with a different value in one slot: +0.4 when the
  value is a name, number, date, day, colour or an attribute ("X's role is ..."),
  +0.15 when it is any other single word (it only ever supports another signal)
- revision: a marker such as "used to", "no longer", "now", "changed to" on one side:
  +0.1, and the pair is suggested as a ``revision`` rather than a ``contradiction``

A negation and an opposite word on the same side cancel ("did not fail" /
"succeeded"). Statements about different subjects, as their form says (possessors
"Acme's ...", names after "of"/"for", the names they open with), score 0 unless the
subject is all that differs. The score is capped at 0.75: a heuristic is never sure.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from hebbs_graph.services.contradict.heuristics.align import opcodes
from hebbs_graph.services.contradict.heuristics.lexicon import (
    ANTONYMS,
    COLORS,
    FUNCTION_WORDS,
    MIN_PREFIXED_STEM,
    MONTHS,
    NEGATING_PREFIXES,
    NEGATIONS,
    WEEKDAYS,
)
from hebbs_graph.services.contradict.heuristics.text import (
    BE,
    POSS,
    Number,
    Subjects,
    Token,
    frame,
    is_content,
    revision_markers,
    stem,
    subjects,
    tokenize,
)

NEGATION_WEIGHT = 0.35
ANTONYM_WEIGHT = 0.25
NUMERIC_WEIGHT = 0.2
VALUE_WEIGHT = 0.4
WEAK_VALUE_WEIGHT = 0.15
REVISION_WEIGHT = 0.1
HEURISTIC_CAP = 0.75
# Share of the smaller side's content words the other side must hold for a
# negation, opposite or number to be about the same thing.
MIN_SHARED_CONTEXT = 0.6
MAX_VALUE_TOKENS = 3
MAX_FRAME_SLACK = 3

Verdict = Literal["contradiction", "revision"]
_FAMILIES = [
    (frozenset(map(stem, a.split("|"))), frozenset(map(stem, b.split("|")))) for a, b in ANTONYMS
]

# stem -> the families it belongs to, so only the families a text touches are checked.
_FAMILY_OF: dict[str, list[int]] = {}
for _i, (_x, _y) in enumerate(_FAMILIES):
    for _word in _x | _y:
        _FAMILY_OF.setdefault(_word, []).append(_i)


@dataclass(frozen=True)
class Signal:
    name: str  # negation | antonym | numeric | value | revision
    weight: float
    evidence: str


@dataclass(frozen=True)
class Classification:
    score: float
    signals: tuple[Signal, ...]
    suggested_verdict: Verdict

    @property
    def names(self) -> list[str]:
        return sorted({s.name for s in self.signals})


@dataclass(frozen=True)
class _Side:
    """Everything the classifier reads from one text, computed once per text."""

    tokens: list[Token]
    stems: list[str]
    stem_set: frozenset[str]
    content_stems: frozenset[str]
    negated: bool
    frame: list[Token]
    markers: frozenset[str]

    def word(self, stemmed: str) -> str:
        """The text's own word behind a stem (for evidence)."""
        return next(
            (t.text for t, s in zip(self.tokens, self.stems, strict=True) if s == stemmed), stemmed
        )

    def content(self, exclude: set[str]) -> set[str]:
        return set(self.content_stems - exclude)

    @cached_property
    def families(self) -> frozenset[int]:
        """The antonym families any of its words belongs to."""
        return frozenset(i for word in self.stem_set for i in _FAMILY_OF.get(word, ()))

    @cached_property
    def bases(self) -> frozenset[str]:
        """Its words with a negating prefix taken off ("unavailable" -> "available")."""
        return frozenset(base for word in self.stem_set for base in _unprefixed_forms(word))

    @cached_property
    def subjects(self) -> Subjects:
        return subjects(self.tokens)

    @cached_property
    def frame_words(self) -> list[str]:
        return [t.text for t in self.frame]

    @cached_property
    def frame_stems(self) -> frozenset[str]:
        return frozenset(stem(w) for w in self.frame_words)

    @cached_property
    def frame_set(self) -> frozenset[str]:
        return frozenset(self.frame_words)

    @cached_property
    def numbers(self) -> list[tuple[Number, str | None]]:
        """Each measuring number with its key: the word it counts, or the nearest word before
        (worked out once per text, as the side itself is cached)."""
        out: list[tuple[Number, str | None]] = []
        for i, token in enumerate(self.tokens):
            if token.number is None or token.number.identifier:
                continue
            out.append((token.number, self._number_key(i)))
        return out

    def _number_key(self, i: int) -> str | None:
        after = self.tokens[i + 1] if i + 1 < len(self.tokens) else None
        if after is not None and is_content(after):
            return self.stems[i + 1]
        for j in range(i - 1, max(-1, i - 4), -1):
            if is_content(self.tokens[j]):
                return self.stems[j]
        return None


# Working out a side costs ~85 us, twice a whole comparison; each write compares its
# memories with neighbours from anywhere in the tenant, so the cache holds a tenant of
# 20,000 and a batch on top: ~4.4 kB a side with what comparisons add to it (measured
# with tracemalloc), ~110 MB when full. At 8,192 a tenant of 20,000 re-tokenised 7,000
# texts a batch. Larger tenants (the numpy path takes up to 200,000) re-tokenise most
# neighbours. A cache of 262,144 did not help a bulk import into 108,000 memories: its
# batches kept meeting neighbours the cache had not seen yet.
SIDE_CACHE = 24_576


@lru_cache(maxsize=SIDE_CACHE)
def _side(text: str) -> _Side:
    tokens = tokenize(text)
    stems = [stem(t.text) for t in tokens]
    words = [t.text for t in tokens]
    negations = sum(w in NEGATIONS for w in words)
    # "not only ... but" does not negate.
    negations -= sum(1 for a, b in itertools.pairwise(words) if (a, b) == ("not", "only"))
    content = frozenset(s for t, s in zip(tokens, stems, strict=True) if is_content(t))
    return _Side(
        tokens,
        stems,
        frozenset(stems),
        content,
        negations % 2 == 1,
        frame(tokens),
        frozenset(revision_markers(tokens)),
    )


def classify(a: str, b: str, *, cap: float = HEURISTIC_CAP) -> Classification:
    """Score how strongly ``a`` and ``b`` disagree; 0 when nothing points that way."""
    left, right = _side(a), _side(b)
    signals: list[Signal] = []
    markers = sorted(left.markers ^ right.markers)
    verdict: Verdict = "revision" if markers else "contradiction"
    if not left.content_stems & right.content_stems and (left.content_stems or right.content_stems):
        # Every signal needs a shared context; texts with no content word in common have none.
        return Classification(score=0.0, signals=(), suggested_verdict=verdict)
    if _different_subjects(left, right):
        # "Acme's budget is $5,000" / "Initech's budget is $9,000": both can be true.
        return Classification(score=0.0, signals=(), suggested_verdict=verdict)
    opposites = _antonym_pairs(left, right)
    involved = {w for pair in opposites for w in pair}
    shared = _shared_context(left, right, involved)
    negated = left.negated != right.negated
    if negated and opposites:
        # "did not fail" / "succeeded": the negation and one opposite cancel out.
        negated, opposites = False, opposites[1:]
    if negated and shared >= MIN_SHARED_CONTEXT:
        signals.append(Signal("negation", NEGATION_WEIGHT, "negated on one side only"))
    if shared >= MIN_SHARED_CONTEXT:
        signals += [
            Signal("antonym", ANTONYM_WEIGHT, f"{left.word(x)} / {right.word(y)}")
            for x, y in opposites
        ]
    numeric = _numeric_disagreement(left, right)
    if numeric and shared >= MIN_SHARED_CONTEXT:
        signals.append(Signal("numeric", NUMERIC_WEIGHT, numeric))
    value = _value_disagreement(left, right)
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
    touched = sorted({i for word in only_a for i in _FAMILY_OF.get(word, ())})
    for fam_x, fam_y in (_FAMILIES[i] for i in touched):
        for one, other in ((fam_x, fam_y), (fam_y, fam_x)):
            xa, yb = only_a & one, only_b & other
            if xa and yb and not (one & sb) and not (other & sa):
                x, y = min(xa), min(yb)
                if x not in used and y not in used:
                    pairs.append((x, y))
                    used |= {x, y}
    for word in sorted(only_a - used):
        match = next((w for w in _prefixed_forms(word) if w in only_b and w not in used), None)
        match = match or next(
            (w for w in _unprefixed_forms(word) if w in only_b and w not in used), None
        )
        if match is not None:
            pairs.append((word, match))
            used |= {word, match}
    return pairs


# Cached: every pair asks this for each word on one side only, and words recur.
@lru_cache(maxsize=65536)
def _prefixed_forms(word: str) -> tuple[str, ...]:
    """'available' -> 'unavailable', 'inavailable', ...: its prefixed opposites."""
    return tuple(p + word for p in NEGATING_PREFIXES) if len(word) >= MIN_PREFIXED_STEM else ()


@lru_cache(maxsize=65536)
def _unprefixed_forms(word: str) -> tuple[str, ...]:
    """'unavailable' -> 'available': the word a negating prefix was put before."""
    return tuple(
        word[len(p) :]
        for p in NEGATING_PREFIXES
        if word.startswith(p) and len(word) - len(p) >= MIN_PREFIXED_STEM
    )


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


def _value_disagreement(left: _Side, right: _Side) -> Signal | None:
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
