"""A changed value in one sentence of each of two texts: turns of conversation ("mine are
too . i am 56 ." / "hello . i am 60 ."), and documents (a list of facts, a chunk of a
report: "12. The CEO of Acme is Ann." … / "57. The CEO of Acme is Bo." …), whose
sentences ``side.sentence_pairs`` pairs. Detection's classifier and recall's ``changed``
both read them here.

In conversation a sentence pair counts only where the shape says one value at a time: a
name between two short sentences of chat ("No problem, Maria!" / "No problem, John!")
says nothing about one relation. A document's sentences are statements, and two in one
template whose agreeing part names ``DOCUMENT_FRAME`` content words or more ask one
question with two answers ("What is the population of Ho Chi Minh City? 8,287,000." /
"… 8,444,600."), as two short texts would: a change of a name, number or date there
counts too.
"""

from __future__ import annotations

from collections.abc import Iterator

from hebbs_graph.services.contradict.heuristics.change import Change, changed_value
from hebbs_graph.services.contradict.heuristics.side import Side, sentence_pairs

# Content words the agreeing part of two documents' sentences names, at least, for a
# name, number or date changed in one template to count where the shape does not say
# one value at a time.
DOCUMENT_FRAME = 4


def sentence_changes(left: Side, right: Side) -> Iterator[tuple[Side, Side, Change]]:
    """Each sentence pair of ``left`` and ``right`` that gives one relation two values."""
    document = bool(left.document) or bool(right.document)
    for x, y in sentence_pairs(left, right):
        change = changed_value(x, y)
        if change is None:
            continue
        if change.single or (
            document
            and change.kind != "word"
            and not change.reworded
            and len(change.relation) >= DOCUMENT_FRAME
        ):
            yield x, y, change
