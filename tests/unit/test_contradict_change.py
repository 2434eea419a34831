"""Changed values whatever the relation (heuristics/change.py): pure, no database."""

from __future__ import annotations

import pytest

from hebbs_graph.services.contradict.heuristics.change import changed_value
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.side import side

MIN_CONFIDENCE = 0.35


def strong(a: str, b: str) -> bool:
    found = changed_value(side(a), side(b))
    return found is not None and found.strength == "strong"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # One template, any relation: no word list names "born" or "plays for".
        ("Marie Curie was born in the city of London.", "Marie Curie was born in the city of Leeds."),
        ("Lionel Messi plays for FC Barcelona.", "Lionel Messi plays for Paris Saint-Germain."),
        ("The President of Austria is Heinz Fischer.", "The President of Austria is Alexander Van der Bellen."),
        ("The monarch of Canada is Elizabeth II.", "The monarch of Canada is Charles III of the United Kingdom."),
        ("Ene Ergma is a member of the Res Publica Party.", "Ene Ergma is a member of the Isamaa."),
        ("The basketball team Bo Lee currently plays for is Florida Gators men's basketball.",
         "The basketball team Bo Lee currently plays for is Phoenix Suns."),
        ("i have two dogs.", "i have three dogs."),
        ("Ann is 34", "Ann is 35"),
        ("Acme's budget is $5,000", "Acme's budget is $9,000"),
        # The agent of a passive: what adds up is what an owner owns, not its owners.
        ("North Stafford Hotel is owned by British Rail.", "North Stafford Hotel is owned by Britannia Hotels."),
        ("The population of Springfield is 8,287,000.", "The population of Springfield is 8,444,600."),
        # Two wordings.
        ("The CEO of Acme is Ann", "Bo is the CEO of Acme"),
        ("Acme has appointed Bo as CEO", "The CEO of Acme is Ann"),
        ("I currently own 3 bikes.", "I now have 4 bikes."),
        ("Acme's HQ is in Paris", "Acme moved its HQ to Berlin"),
        # A question and its dated answers, as a statement.
        ("Who won the cup last season? Gerd Muller.", "Who won the cup last season? Lionel Messi."),
    ],
)  # fmt: skip
def test_a_changed_value_is_found_in_any_relation(a: str, b: str) -> None:
    assert strong(a, b)
    assert classify(a, b).score >= MIN_CONFIDENCE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # Several values at once, as the wording says.
        ("Acme has an office in Paris", "Acme has an office in Berlin"),
        ("Acme opened an office in Lisbon", "Acme's office is in Berlin"),
        ("i have a dog", "i have a cat"),
        ("i like pizza.", "i like pasta."),
        ("Ann also speaks German", "Ann speaks French"),
        ("Ann owns Acme.", "Ann owns Globex."),
        ("Acme sells in Spain and France", "Acme sells in Italy"),
        # Another subject, or which thing rather than its value.
        ("Acme's budget is $5,000", "Initech's budget is $9,000"),
        ("Ann lives in Paris", "Chen lives in Paris"),
        ("Chen lives in Paris", "Chen's sister lives in Berlin"),
        ("Sprint 5 planning is done", "Sprint 6 planning is done"),
        ("Julia presented the Q2 results", "Julia presented the Q3 results"),
        ("The team has 8 engineers", "The team has 2 designers"),
        ("Alice is the lead of project Apollo.", "Alice is the lead of project Borealis."),
        # Two relations, or nothing in common.
        ("X was born in London", "X died in Paris"),
        ("Acme's budget is $5,000", "Acme wants SOC 2"),
        ("The team knows the deadline is Friday", "The team is aware that the deadline is Friday"),
    ],
)
def test_no_change_where_both_can_be_true(a: str, b: str) -> None:
    assert not strong(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("Ann is happy", "Ann is tired"), ("Project Apollo is paused", "Project Apollo is done")],
)
def test_two_common_words_in_an_undecided_shape_are_weak_evidence(a: str, b: str) -> None:
    found = changed_value(side(a), side(b))
    assert found is not None
    assert found.strength == "weak"
    assert classify(a, b).score < MIN_CONFIDENCE


def test_a_replacing_marker_makes_two_common_words_a_change() -> None:
    assert classify("Project Apollo is paused", "Project Apollo is cancelled instead").score >= (
        MIN_CONFIDENCE
    )


def test_a_negation_is_left_to_the_negation_signal() -> None:
    assert changed_value(side("Ann lives in Paris"), side("Ann does not live in Rome")) is None
