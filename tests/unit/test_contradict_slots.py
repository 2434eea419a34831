"""Statement slots across phrasings and single- against multi-valued relations (pure)."""

from __future__ import annotations

import pytest

from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.slots import (
    Statement,
    role,
    same_slot,
    several,
    statement,
)
from hebbs_graph.services.contradict.heuristics.text import tokenize

MIN_CONFIDENCE = 0.35


def st(text: str) -> Statement:
    return statement(tokenize(text))


def span_of(s: Statement, value: str) -> tuple[int, int]:
    words = value.lower().split()
    for i in range(len(s.words)):
        if s.words[i : i + len(words)] == words:
            return i, i + len(words)
    raise AssertionError(f"{value!r} not in {s.words}")


# Two wordings of one changed slot: older first, newer second.
ONE_SLOT = [
    ("The CEO of Acme is Ann.", "Bo is the CEO of Acme."),
    ("Acme's CEO is Ann.", "Acme has appointed Bo as CEO."),
    ("The CEO of Acme is Ann.", "Acme's new CEO is Bo."),
    ("Ann was named CEO of Acme.", "Bo became Acme's CEO."),
    ("Acme's chief executive officer is Ann.", "Bo is now the CEO of Acme."),
    ("Bo runs Acme as its chief executive.", "The CEO of Acme is Ann."),
    ("Acme's headquarters are in Paris.", "Acme moved its HQ to Berlin."),
    ("Acme's headquarters are in Paris.", "Acme's headquarters moved to Berlin."),
    ("Acme is based in Paris.", "Acme is headquartered in Berlin."),
    ("Acme has its head office in Paris.", "Acme is based in Berlin."),
    ("Alice lives in Paris.", "Alice moved to Berlin."),
    ("I live in Paris.", "I moved to Berlin."),
    ("Alice moved to Paris.", "Alice relocated to Berlin."),
    ("Alice's manager is Bo.", "Alice reports to Carla."),
    ("Ann's boss is Bo.", "Ann now reports to Carla."),
    ("Ann manages Alice.", "Alice's manager is Bo."),
    ("Project Apollo is led by Bo.", "The lead of project Apollo is Ann."),
    ("Bo leads project Apollo.", "The lead of project Apollo is Ann."),
    ("The team lead is Ann.", "Bo took over as team lead."),
    ("Acme has 40 employees.", "The headcount of Acme is 60 people."),
    ("Project Borealis has a budget of $18,000.", "The budget of project Borealis is $31,000."),
    ("Our budget for Q3 is $50,000.", "The Q3 budget was cut to $40,000."),
    ("Red is Alice's favourite colour.", "Alice's favorite color is blue."),
    ("Ann works for Acme.", "Ann works for Globex now."),
    ("The release is due in March.", "The release is now due in May."),
    ("The status of project Zeta is blocked.", "Project Zeta's status changed to paused."),
]


@pytest.mark.parametrize(("older", "newer"), ONE_SLOT)
def test_two_wordings_of_one_slot_align(older: str, newer: str) -> None:
    found = same_slot(st(older), st(newer))
    assert found is not None, (older, newer)
    assert same_slot(st(newer), st(older)) is not None
    c = classify(older, newer)
    assert c.score >= MIN_CONFIDENCE, c
    assert "value" in c.names


# True at once: several values, other subjects, other relations, or a negation.
NOT_ONE_SLOT = [
    ("Ann likes tea.", "Ann likes hiking."),
    ("Ann speaks French.", "Ann speaks German."),
    ("Alice visited Berlin last month.", "Alice lives in Paris."),
    ("Acme has an office in Paris.", "Acme has an office in Berlin."),
    ("Acme has an office in Paris.", "Acme's office is in Berlin."),
    ("Ann is a manager at Initech.", "Bo is a manager at Initech."),
    ("Bo is one of Globex's founders.", "Carla is one of Globex's founders."),
    ("Umbrella's warehouse is in Austin.", "Umbrella's other warehouse is in Boston."),
    ("Fatima works with Ann.", "Fatima now works with Carla too."),
    ("The Wonka app is available in English.", "The Wonka app is available in Spanish."),
    ("Alice is the lead of project Apollo.", "Alice is the lead of project Borealis."),
    ("Chen lives in Paris.", "Chen's sister lives in Berlin."),
    ("Acme's budget is $5,000", "Initech's budget is $5,000"),
    ("The CEO of Acme is Ann", "The CEO of Initech is Ann"),
    ("Alice Smith lives in Paris", "Bob Jones lives in Paris"),
    ("Ann is based in Berlin.", "Acme is based in Paris."),
    ("Acme's CFO is Gwen.", "Acme's CEO is Ann."),
    ("The Paris office has 40 employees.", "The Berlin office has 60 employees."),
    ("Ann ran 5 km.", "Ann ran 10 km."),
    ("Ann saw the doctor in Paris.", "Ann saw the doctor in Berlin."),
    ("Alice manages Ann.", "Alice manages Bo."),
    ("The repository is private", "The repository is not public"),
    ("Acme has 250 employees", "Acme employs 250 people"),
]


@pytest.mark.parametrize(("a", "b"), NOT_ONE_SLOT)
def test_look_alikes_and_other_slots_do_not_align(a: str, b: str) -> None:
    assert same_slot(st(a), st(b)) is None
    assert same_slot(st(b), st(a)) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann likes tea.", "Ann likes hiking."),
        ("Acme has an office in Paris.", "Acme has an office in Berlin."),
        ("Acme has an office in Paris.", "Acme's office is in Berlin."),
        ("Alice has a sibling named Jamal.", "Alice has a sibling named Dmitri."),
        ("Brian speaks Polish.", "Brian speaks Arabic."),
        ("Acme counts Hooli among its customers.", "Acme counts Globex among its customers."),
        ("Alice is the lead of project Apollo.", "Alice is the lead of project Borealis."),
        ("Chen lives in Paris.", "Chen's sister lives in Berlin."),
        ("Brian has a meeting on Monday.", "Brian has a meeting on Friday."),
    ],
)
def test_the_value_signal_leaves_several_values_alone(a: str, b: str) -> None:
    """One frame, two values, both true: no pending pair (each was one before)."""
    assert classify(a, b).score < MIN_CONFIDENCE


def test_a_replacing_marker_lets_a_look_alike_wording_disagree() -> None:
    c = classify("Acme uses Salesforce", "Acme uses HubSpot instead")
    assert c.score >= MIN_CONFIDENCE
    assert c.suggested_verdict == "revision"
    # "now" alone does not: "Ann now speaks German" adds a language.
    assert classify("Ann speaks French", "Ann now speaks German").score < MIN_CONFIDENCE


def test_words_of_a_change_suggest_a_revision_across_wordings() -> None:
    for older, newer in [
        ("Acme's headquarters are in Paris.", "Acme moved its HQ to Berlin."),
        ("The CEO of Acme is Ann.", "Acme's new CEO is Bo."),
        ("The team lead is Ann.", "Bo took over as team lead."),
    ]:
        c = classify(older, newer)
        assert c.suggested_verdict == "revision", (older, newer)
        assert "revision" in c.names
    c = classify("The CEO of Acme is Ann.", "Bo is the CEO of Acme.")
    assert c.suggested_verdict == "contradiction"
    assert c.score <= 0.75


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("The CEO of Acme is Ann.", "Ann", "single"),
        ("The CEO of Acme is Ann.", "Acme", "subject"),
        ("Acme's CEO is Ann.", "Acme", "subject"),
        ("Bo is Alice's manager.", "Bo", "single"),
        ("Alice lives in Paris.", "Paris", "single"),
        ("Alice reports to Bo.", "Bo", "single"),
        ("Project Apollo is led by Bo.", "Bo", "single"),
        ("Acme moved its HQ to Berlin.", "Berlin", "single"),
        ("Acme has 40 employees.", "40", "single"),
        ("Ann ran 5 km.", "5", "undecided"),
        ("Acme has an office in Paris.", "Paris", "several"),
        ("Ann likes tea.", "tea", "several"),
        ("Fatima works with Ann.", "Ann", "several"),
        ("Bo is one of Globex's founders.", "Bo", "several"),
        ("Ann is working on project Cobalt.", "Cobalt", "undecided"),
        ("Ann works for Globex.", "Globex", "single"),
        ("The budget for Acme is $5,000.", "Acme", "subject"),
    ],
)
def test_the_role_of_a_value(text: str, value: str, expected: str) -> None:
    s = st(text)
    assert role(s, *span_of(s, value)) == expected


def test_an_amount_lifts_the_indefinite_and_a_value_article_is_its_own() -> None:
    s = st("Project Borealis has a budget of $18,000.")
    assert not several(s, *span_of(s, "usd18000"))
    s = st("The quarterly result was a loss.")
    assert not several(s, *span_of(s, "loss"))
    s = st("Ann is a manager at Initech.")
    assert several(s, *span_of(s, "Ann"))


def test_synonyms_share_a_key_and_timing_words_are_left_out() -> None:
    a, b = st("Bo runs Acme as its chief executive."), st("The CEO of Acme is Ann.")
    assert a.bag - {"bo"} == b.bag - {"ann"} == {"ceo", "acme"}
    assert st("Acme moved its HQ to Berlin.").bag == {"acme", "home", "berlin"}
    assert st("Alice moved to Berlin.").implied == {"home"}
