"""What the heuristic classifier reads from one text, worked out once per text (cached):
its tokens and stems, negation, statement frame, revision markers and, when asked, its
antonym families, prefixed words, subjects, numbers and statement slots."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
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

# A text of more sentences is a document, not a turn of conversation (a list of facts, a
# chunk of a report): its sentences are compared with the other text's only where two
# share content words (``sentence_pairs``), so a pair of texts reads at most 8 x 8
# sentence pairs of chat or ``DOCUMENT_PAIRS`` of documents.
MAX_SENTENCES = 8
# Past this many a document's sentences are not read one by one at all: two documents
# of 100 sentences cost ~12 ms to pair, of 400 ~50 ms (cold; recall compares ten
# candidates, 45 pairs), so a longer one is read whole, as every document was before.
MAX_DOCUMENT_SENTENCES = 100
# Sentence pairs of two documents read, those that share the most content words first.
DOCUMENT_PAIRS = 64
# Content words two sentences of documents share at least: a subject and a relation.
DOCUMENT_SHARED = 2
# ... and of all the content words the two hold, at least this share.
DOCUMENT_OVERLAP = 0.3

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
        text is one statement, or a document (``document``). A question states nothing
        ("Who is the coach of the Browns? Freddie Kitchens." is one statement: the answer
        needs its question)."""
        return self._stated if 1 < len(self._starts) + 1 <= MAX_SENTENCES else ()

    @cached_property
    def document(self) -> tuple[Sentence, ...]:
        """A document's sentences that state something (a text of more than
        ``MAX_SENTENCES``, up to ``MAX_DOCUMENT_SENTENCES``), each read only when asked
        (``Sentence.side``); empty for anything shorter."""
        if not MAX_SENTENCES < len(self._starts) + 1 <= MAX_DOCUMENT_SENTENCES:
            return ()
        # A question and the answer after it that says nothing alone are one statement
        # ("Who coaches the Browns? Freddie Kitchens."), as a text of them alone is.
        spans = list(itertools.pairwise([0, *self._starts, len(self.tokens)]))
        out: list[Sentence] = []
        k = 0
        while k < len(spans):
            lo, hi = spans[k]
            if self.tokens[hi - 1].asks and k + 1 < len(spans):
                nxt = spans[k + 1]
                if not _says_something(self.tokens[nxt[0] : nxt[1]]):
                    hi, k = nxt[1], k + 1
            tokens = self.tokens[lo:hi]
            if _says_something(tokens) and not tokens[-1].asks:
                content = (
                    s for t, s in zip(tokens, self.stems[lo:hi], strict=True) if is_content(t)
                )
                out.append(Sentence(tokens, frozenset(content)))
            k += 1
        return tuple(out) if len(out) > 1 else ()

    @cached_property
    def _starts(self) -> list[int]:
        # Where a text writes capitals, a sentence opens with one ("Alphabet Inc. is
        # Larry Page." is one sentence); chat often writes none.
        cased = any(t.capital for t in self.tokens)
        return [
            i
            for i, t in enumerate(self.tokens)
            if i > 0 and t.opens and (t.capital or t.number is not None or not cased)
        ]

    @cached_property
    def _stated(self) -> tuple[Side, ...]:
        bounds = [0, *self._starts, len(self.tokens)]
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


class Sentence:
    """One sentence of a document: its content words at once (to pair it), the rest read
    when it is paired (``side``): a document's sentences are many, its pairs few."""

    __slots__ = ("_side", "content_stems", "tokens")

    def __init__(self, tokens: list[Token], content_stems: frozenset[str]) -> None:
        self.tokens = tokens
        self.content_stems = content_stems
        self._side: Side | None = None

    @property
    def side(self) -> Side:
        if self._side is None:
            self._side = _read(self.tokens)
        return self._side


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
    When either is a document, only the sentences that share ``DOCUMENT_SHARED`` content
    words, the ``DOCUMENT_PAIRS`` that share most ("12. The CEO of Acme is Ann." in one
    list of facts, "57. The CEO of Acme is Bo." in another). Nothing when both are one
    sentence."""
    if left.document or right.document:
        xs = left.document or left.sentences or (left,)
        ys = right.document or right.sentences or (right,)
        for x, y in _sharing(xs, ys):
            yield _side_of(x), _side_of(y)
    elif left.sentences or right.sentences:
        for x in left.sentences or (left,):
            for y in right.sentences or (right,):
                yield x, y


def _side_of(part: Side | Sentence) -> Side:
    return part.side if isinstance(part, Sentence) else part


def _sharing(
    xs: Sequence[Side | Sentence], ys: Sequence[Side | Sentence]
) -> list[tuple[Side | Sentence, Side | Sentence]]:
    """The pairs of ``xs`` and ``ys`` that share the most content words, at least
    ``DOCUMENT_SHARED``, at most ``DOCUMENT_PAIRS`` of them (by an index of the words, not
    every pair: two lists of 100 facts are 10,000 pairs)."""
    where: dict[str, list[int]] = {}
    for j, y in enumerate(ys):
        for stemmed in y.content_stems:
            where.setdefault(stemmed, []).append(j)
    shared: dict[tuple[int, int], int] = {}
    for i, x in enumerate(xs):
        for stemmed in x.content_stems:
            for j in where.get(stemmed, ()):
                shared[i, j] = shared.get((i, j), 0) + 1

    def overlap(k: tuple[int, int]) -> float:
        n = shared[k]
        return n / (len(xs[k[0]].content_stems) + len(ys[k[1]].content_stems) - n)

    best = sorted(
        (k for k, n in shared.items() if n >= DOCUMENT_SHARED and overlap(k) >= DOCUMENT_OVERLAP),
        key=lambda k: -shared[k],
    )
    return [(xs[i], ys[j]) for i, j in best[:DOCUMENT_PAIRS]]


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
