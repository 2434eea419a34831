"""Documents (a list of facts, a chunk of a report): one of their many facts changed is
found by its sentences, and recall orders two documents only for a cue that asks about
what changed (pure: no database)."""

from __future__ import annotations

from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.side import DOCUMENT_PAIRS, sentence_pairs, side
from hebbs_graph.services.recall import supersession
from hebbs_graph.services.recall.documents import changed_for
from hebbs_graph.services.recall.pairchecks import changed, changed_sentences
from tests.unit.test_supersession import result

FILLER = [
    "Globex is based in Oslo.",
    "Initech makes staplers.",
    "Ann Lee likes jazz.",
    "The river Tay is in Scotland.",
    "Hooli sells phones.",
    "Bo Chen plays golf.",
    "The museum opens at nine.",
    "Umbrella runs a lab in Lyon.",
    "Vandelay imports latex.",
]


def listed(start: int, facts: list[str]) -> str:
    return "\n".join(f"{n}. {f}" for n, f in enumerate(facts, start))


OLD = listed(1, ["The CEO of Acme is Ann Lee.", *FILLER])
NEW = listed(11, [*FILLER[::-1], "The CEO of Acme is Bo Chen."])


def test_a_document_is_a_text_of_more_sentences_than_a_turn() -> None:
    assert len(side(OLD).document) == 10
    assert not side(OLD).sentences  # read as a document, not a turn
    assert not side("i am 56 . mine are too .").document


def test_the_changed_fact_of_two_documents_is_found_by_its_sentences() -> None:
    (pair,) = changed_sentences(OLD, NEW)
    assert [t.text for t in pair[0]][-2:] == ["ann", "lee"]
    assert [t.text for t in pair[1]][-2:] == ["bo", "chen"]
    assert classify(OLD, NEW).score >= 0.35  # detection raises the pair for review
    # Recall's cue-free check does not: the other nine facts of the older still hold.
    assert not changed(OLD, NEW)


def test_sentences_of_documents_are_paired_only_where_they_share_words() -> None:
    pairs = list(sentence_pairs(side(OLD), side(NEW)))
    assert 0 < len(pairs) <= DOCUMENT_PAIRS
    assert len(pairs) < len(side(OLD).document) * len(side(NEW).document)


def test_two_documents_are_older_and_newer_only_for_the_cue_that_asks_what_changed() -> None:
    assert changed_for(OLD, NEW, "Who is the CEO of Acme?")
    assert not changed_for(OLD, NEW, "What does Initech make?")
    assert not changed_for(OLD, NEW, None)
    old, new = result("old", 1, OLD, score=0.9), result("new", 2, NEW, score=0.8)
    asked = supersession.from_slots([old, new], set(), cue="Who is the CEO of Acme?")
    assert asked == {"old": {"new"}}
    assert supersession.from_slots([old, new], set(), cue="What does Initech make?") == {}
    by_id = {"old": old, "new": new}
    assert supersession.from_pending(by_id, [("old", "new")], "What does Initech make?") == {}
    assert supersession.from_pending(by_id, [("old", "new")], "Who is Acme's CEO?") == {
        "old": {"new"}
    }


def test_a_list_of_questions_with_their_answers_reads_each_as_one_statement() -> None:
    ask = "What is the population of {}? {}."
    places = ["Oslo", "Lima", "Quito", "Hanoi", "Accra", "Dakar", "Sucre", "Minsk", "Riga"]
    old = "\n".join(ask.format(p, f"{n},000") for n, p in enumerate(places, 1))
    new = "\n".join(ask.format(p, f"{n},500") if p == "Lima" else ask.format(p, f"{n},000")
                    for n, p in enumerate(places, 1))  # fmt: skip
    assert changed_for(old, new, "What is the population of Lima?")
    assert not changed_for(old, new, "What is the population of Oslo?")
