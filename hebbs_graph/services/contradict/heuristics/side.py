"""What the heuristic classifier reads from one text, worked out once per text (cached):
its tokens and stems, negation, statement frame, revision markers and, when asked, its
antonym families, prefixed words, subjects, numbers and statement slots."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from hebbs_graph.services.contradict.heuristics.lexicon import (
    ANTONYMS,
    BE_FORMS,
    HAVE_FORMS,
    MIN_PREFIXED_STEM,
    NEGATING_PREFIXES,
    NEGATIONS,
)
from hebbs_graph.services.contradict.heuristics.slots import Statement, statement
from hebbs_graph.services.contradict.heuristics.text import (
    Number,
    Subjects,
    Token,
    frame_key,
    framed,
    is_content,
    marker_spans,
    revision_markers,
    stem,
    subjects,
    tokenize,
)

# The words after a negation that may hold what it negates ("is not yet <ready>").
NEGATION_REACH = 4
# What a negation that ends its sentence negates: all that was said before it.
WHOLE = "*"

# A text of more sentences is a document, not a turn of conversation: it is read whole
# (so a pair of texts reads at most 8 x 8 sentence pairs).
MAX_SENTENCES = 8

FAMILIES = [
    (frozenset(map(stem, a.split("|"))), frozenset(map(stem, b.split("|")))) for a, b in ANTONYMS
]

# stem -> the families it belongs to, so only the families a text touches are checked.
FAMILY_OF: dict[str, list[int]] = {}
for _i, (_x, _y) in enumerate(FAMILIES):
    for _word in _x | _y:
        FAMILY_OF.setdefault(_word, []).append(_i)


@dataclass(frozen=True)
class Side:
    """Everything the classifier reads from one text, computed once per text."""

    tokens: list[Token]
    stems: list[str]
    stem_set: frozenset[str]
    content_stems: frozenset[str]
    negated: bool
    frame: list[Token]
    frame_at: list[int]  # where in ``tokens`` each frame token stands
    markers: frozenset[str]

    def word(self, stemmed: str) -> str:
        """The text's own word behind a stem (for evidence)."""
        return next(
            (t.text for t, s in zip(self.tokens, self.stems, strict=True) if s == stemmed), stemmed
        )

    @cached_property
    def sentences(self) -> tuple[Side, ...]:
        """Each sentence it holds that states something, read on its own, when two or more
        do (a turn of conversation: "mine are too . i am 56 ."); empty otherwise: then the
        text is one statement. A question states nothing ("Who is the coach of the Browns?
        Freddie Kitchens." is one statement: the answer needs its question)."""
        # Where a text writes capitals, a sentence opens with one ("Alphabet Inc. is
        # Larry Page." is one sentence); chat often writes none.
        cased = any(t.capital for t in self.tokens)
        starts = [
            i
            for i, t in enumerate(self.tokens)
            if i > 0 and t.opens and (t.capital or t.number is not None or not cased)
        ]
        if not starts or len(starts) >= MAX_SENTENCES:
            return ()
        bounds = [0, *starts, len(self.tokens)]
        read = (_read(self.tokens[lo:hi]) for lo, hi in itertools.pairwise(bounds))
        stated = tuple(s for s in read if s.says_something and not s.tokens[-1].asks)
        return stated if len(stated) > 1 else ()

    @cached_property
    def question(self) -> frozenset[str] | None:
        """The content words of the question it opens with, when it is a question and its
        answer, a value that says nothing on its own ("Who coaches the Browns? Freddie
        Kitchens.", "When did Michigan last win? 1997."); None otherwise ("How are you? I
        am 34." states something of its own)."""
        end = next((i for i, t in enumerate(self.tokens) if t.asks), None)
        if end is None or end + 1 >= len(self.tokens):
            return None
        if any(t.opens for t in self.tokens[1 : end + 1]):
            return None  # the question is not what it opens with
        if _says_something(self.tokens[end + 1 :]):
            return None
        return frozenset(
            s for t, s in zip(self.tokens[: end + 1], self.stems, strict=False) if is_content(t)
        )

    @cached_property
    def says_something(self) -> bool:
        """It holds a word to say a thing in: a common content word, a copula or "have"
        (not "1998." or "Natalie Portman" alone: an answer that needs its question)."""
        return _says_something(self.tokens)

    def content(self, exclude: set[str]) -> set[str]:
        return set(self.content_stems - exclude)

    @cached_property
    def negated_heads(self) -> frozenset[str]:
        """What each negation says is not so: the first common (not name) word after it,
        within a few words ("did not <approve>", "has no <backup>", "was never <paid>"), or
        ``WHOLE`` for one that ends its sentence ("Never."). An idiom negates nothing the
        other text says ("no <problem>", "can't <wait>", "don't <worry>")."""
        heads: set[str] = set()
        # A marker's words are how the negation is said ("no longer"), not what it negates.
        marker = {k for start, end in marker_spans(self.tokens) for k in range(start, end)}
        for i, t in enumerate(self.tokens):
            if t.text not in NEGATIONS:
                continue
            if i + 1 == len(self.tokens) or self.tokens[i + 1].opens:
                heads.add(WHOLE)  # "… won the world series? Never.": the answer negates
                continue
            for j in range(i + 1, min(i + 1 + NEGATION_REACH, len(self.tokens))):
                if self.tokens[j].opens:
                    break  # another sentence
                if j not in marker and _common(self.tokens[j]):  # "No worries, John."
                    heads.add(self.stems[j])
                    break
        return frozenset(heads)

    @cached_property
    def families(self) -> frozenset[int]:
        """The antonym families any of its words belongs to."""
        return frozenset(i for word in self.stem_set for i in FAMILY_OF.get(word, ()))

    @cached_property
    def bases(self) -> frozenset[str]:
        """Its words with a negating prefix taken off ("unavailable" -> "available")."""
        return frozenset(base for word in self.stem_set for base in unprefixed_forms(word))

    @cached_property
    def subjects(self) -> Subjects:
        return subjects(self.tokens)

    @cached_property
    def statement(self) -> Statement:
        """The statement's bag of relation words and values, for slots across phrasings."""
        return statement(self.tokens)

    @cached_property
    def frame_words(self) -> list[str]:
        return [t.text for t in self.frame]

    @cached_property
    def common_stems(self) -> frozenset[str]:
        """Its content words that are not names (what a relation is said in)."""
        return frozenset(s for t, s in zip(self.tokens, self.stems, strict=True) if _common(t))

    @cached_property
    def frame_keys(self) -> list[str]:
        """The frame as ``change.py`` aligns it: copulas as BE, names and numbers as
        written, other words stemmed."""
        return [frame_key(t) for t in self.frame]

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
def side(text: str) -> Side:
    return _read(tokenize(text))


def _read(tokens: list[Token]) -> Side:
    stems = [stem(t.text) for t in tokens]
    words = [t.text for t in tokens]
    negations = sum(w in NEGATIONS for w in words)
    # "not only ... but" does not negate.
    negations -= sum(1 for a, b in itertools.pairwise(words) if (a, b) == ("not", "only"))
    content = frozenset(s for t, s in zip(tokens, stems, strict=True) if is_content(t))
    frames = framed(tokens)
    return Side(
        tokens,
        stems,
        frozenset(stems),
        content,
        negations % 2 == 1,
        [t for t, _ in frames],
        [at for _, at in frames],
        frozenset(revision_markers(tokens)),
    )


def _common(t: Token) -> bool:
    """A content word that is not a name (what ``Side.common_stems`` holds)."""
    return is_content(t) and not (t.proper or t.capital)


def _says_something(tokens: list[Token]) -> bool:
    """A common content word, a copula or "have"."""
    return any(_common(t) or t.text in BE_FORMS or t.text in HAVE_FORMS for t in tokens)


def other_questions(left: Side, right: Side) -> bool:
    """Both answer a question, and not the same one: their answers can both be true, and
    a negation or an opposite inside a question is no claim ("When did the Giants last
    win? 2007." / "When did the US last lose? 2014.")."""
    qa, qb = left.question, right.question
    return qa is not None and qb is not None and qa != qb


def sentence_pairs(left: Side, right: Side) -> Iterator[tuple[Side, Side]]:
    """When either text holds several sentences, each sentence of one with each of the
    other's: a turn of conversation says several things, and one sentence of each may
    give one relation two values ("mine are too . i am 56 ." / "hello . i am 60 .").
    Nothing when both are one sentence."""
    if left.sentences or right.sentences:
        for x in left.sentences or (left,):
            for y in right.sentences or (right,):
                yield x, y


# Cached: every pair asks this for each word on one side only, and words recur.
@lru_cache(maxsize=65536)
def prefixed_forms(word: str) -> tuple[str, ...]:
    """'available' -> 'unavailable', 'inavailable', ...: its prefixed opposites."""
    return tuple(p + word for p in NEGATING_PREFIXES) if len(word) >= MIN_PREFIXED_STEM else ()


@lru_cache(maxsize=65536)
def unprefixed_forms(word: str) -> tuple[str, ...]:
    """'unavailable' -> 'available': the word a negating prefix was put before."""
    return tuple(
        word[len(p) :]
        for p in NEGATING_PREFIXES
        if word.startswith(p) and len(word) - len(p) >= MIN_PREFIXED_STEM
    )
