"""Memories that are documents (a list of facts, a chunk of a report: more sentences than
a turn of conversation): one of their many facts may change while the rest stay true, so
recall orders two of them as older and newer only for a cue that asks what changed."""

from __future__ import annotations

from hebbs_graph.models.memory import Memory
from hebbs_graph.services.recall import current
from hebbs_graph.services.recall.pairchecks import changed_sentences, is_document


def changed_for(older: str, newer: str, cue: str | None) -> bool:
    """Two texts of which one is a document (many facts), where a sentence of each gives
    one relation two values and both answer the cue (``current.sentence_answers``): the
    newer changed what the cue asks, not only one of the older's other facts."""
    if not cue or not (is_document(older) or is_document(newer)):
        return False  # most pairs: no per-pair work or cache entry beyond the parse recall has
    pairs = changed_sentences(older, newer)
    if not pairs:
        return False
    terms = current.cue_terms(cue)
    return any(
        current.sentence_answers(x, terms) and current.sentence_answers(y, terms) for x, y in pairs
    )


def of_documents(a: Memory, b: Memory) -> bool:
    return is_document(a.content) or is_document(b.content)
