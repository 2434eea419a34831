"""The pair checks recall asks of two candidates' texts, cached per text pair: recall asks
them of the same candidates again and again (an entity's recent turns, a subject's
facts)."""

from __future__ import annotations

from functools import lru_cache

from hebbs_graph.services.contradict.heuristics.change import changed_value
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.opposites import opposed, other_amount
from hebbs_graph.services.contradict.heuristics.sentences import sentence_changes
from hebbs_graph.services.contradict.heuristics.side import other_questions, side
from hebbs_graph.services.contradict.heuristics.slots import same_slot
from hebbs_graph.services.contradict.heuristics.text import Token, unspoken


# ~20-100 µs a pair that gets as far as the alignment. The pair checks of a recall whose
# ten candidates were compared before: 0.14 ms with both cached, 1.0 with the classifier
# asked again (2026-12-07, 300 recalls of the floor tenant).
@lru_cache(maxsize=16384)
def disagreement(older: str, newer: str) -> float:
    """The classifier's score for two texts, as detection would have it."""
    return classify(older, newer).score


@lru_cache(maxsize=16384)
def changed(older: str, newer: str) -> bool:
    """The two state one relation of one subject with different values: a statement slot
    across phrasings (``heuristics/slots.py``), a strong changed value
    (``heuristics/change.py``), or opposite values of one attribute or two amounts of
    one unit (``heuristics/opposites.py``)."""
    left, right = map(side, unspoken(older, newer))
    if other_questions(left, right):
        return False
    if same_slot(left.statement, right.statement):
        return True
    found = changed_value(left, right)
    if found is not None and found.strength == "strong":
        return True
    if opposed(older, newer) is not None or other_amount(older, newer) is not None:
        return True  # "i am married" / "i am single", "i am 56" / "hello i am 60 years old"
    if left.document or right.document:
        return False  # a document says many things: which changed is the cue's (below)
    # One sentence of each of two turns (as the classifier reads them).
    return next(sentence_changes(left, right), None) is not None


@lru_cache(maxsize=16384)
def changed_sentences(older: str, newer: str) -> tuple[tuple[list[Token], list[Token]], ...]:
    """When either text is a document (a list of facts, a chunk of a report), the pairs
    of their sentences that give one relation two values (each sentence's tokens): which
    of its many facts changed, for recall to ask whether the cue asks about it."""
    left, right = map(side, unspoken(older, newer))
    if not (left.document or right.document):
        return ()
    return tuple((x.tokens, y.tokens) for x, y, _ in sentence_changes(left, right))


def is_document(text: str) -> bool:
    return bool(side(text).document)
