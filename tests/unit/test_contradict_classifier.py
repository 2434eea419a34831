"""The heuristic contradiction classifier on its own: no database, no model."""

from __future__ import annotations

import pytest

from hebbs_graph.services.contradict.heuristics.classifier import (
    HEURISTIC_CAP,
    _different_subjects,
    classify,
)
from hebbs_graph.services.contradict.heuristics.lexicon import ANTONYMS
from hebbs_graph.services.contradict.heuristics.side import side as _side
from hebbs_graph.services.contradict.heuristics.text import tokenize

MIN_CONFIDENCE = 0.35


def test_budget_example_is_a_numeric_and_value_disagreement() -> None:
    c = classify("Budget is $5,000 per tenant", "Budget is $2,000 per tenant")
    assert MIN_CONFIDENCE <= c.score <= HEURISTIC_CAP
    assert c.names == ["numeric", "value"]
    assert c.suggested_verdict == "contradiction"


@pytest.mark.parametrize(
    ("a", "b", "signal"),
    [
        ("The API is reliable", "The API is unreliable", "antonym"),
        ("Deploy succeeded", "Deploy failed", "antonym"),
        ("The client approved the proposal", "The client did not approve the proposal", "negation"),
        ("Carol speaks German", "Carol doesn't speak German", "negation"),
        ("The meeting starts at 3pm", "The meeting starts at 4pm", "numeric"),
        ("Our headquarters is in Berlin", "Our headquarters is in Munich", "value"),
        (
            "The chair of the audit committee is Priya",
            "The chair of the audit committee is Omar",
            "value",
        ),
    ],
)
def test_contradictions_are_caught(a: str, b: str, signal: str) -> None:
    c = classify(a, b)
    assert c.score >= MIN_CONFIDENCE, c
    assert signal in c.names


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The team knows the deadline is Friday", "The team is aware that the deadline is Friday"),
        ("The API is not reliable", "The API is unreliable"),
        ("The deploy did not fail", "The deploy succeeded"),
        ("The checkout page is fast", "The checkout page is quick"),
        ("Sprint 5 planning is done", "Sprint 6 planning is done"),
        ("The team has 8 engineers", "The team has 2 designers"),
        ("Julia presented the Q2 results", "Julia presented the Q3 results"),
        ("The server did not restart overnight", "The server has 32 GB of RAM"),
    ],
)
def test_consistent_or_unrelated_pairs_are_not_flagged(a: str, b: str) -> None:
    assert classify(a, b).score < MIN_CONFIDENCE


def test_words_not_substrings() -> None:
    """'knows' holds 'no', 'another' holds 'not', 'nobody' is a word of its own."""
    assert classify("Ann knows the answer", "Ann knows the answer now").score == 0
    assert classify("Another build ran", "Another build ran today").score == 0
    assert [t.text for t in tokenize("knows another nothing")] == ["knows", "another", "nothing"]


def test_revision_markers_suggest_revision() -> None:
    c = classify("The office used to be in Berlin", "The office is in Munich")
    assert c.score >= MIN_CONFIDENCE
    assert c.suggested_verdict == "revision"
    assert "revision" in c.names
    c = classify("Acme uses Salesforce", "Acme no longer uses Salesforce")
    assert c.suggested_verdict == "revision"
    assert "negation" in c.names


def test_score_is_capped_and_symmetric() -> None:
    a = "The payment service is not available and is slow, 3 outages"
    b = "The payment service is unavailable and is fast, 9 outages"
    assert classify(a, b).score <= HEURISTIC_CAP
    assert classify(a, b, cap=0.5).score <= 0.5
    for x, y in [("Deploy succeeded", "Deploy failed"), ("Budget is $5k", "Budget is $2k")]:
        assert classify(x, y).score == classify(y, x).score


def test_identical_texts_score_zero() -> None:
    assert classify("The API is reliable", "The API is reliable").score == 0


def test_numbers_are_parsed_with_units() -> None:
    texts = [t.text for t in tokenize("$5,000 at 3pm, 15% of 2025, 5k, 10:30, three")]
    assert texts == ["usd5000", "at", "time900", "%15", "of", "year2025", "5000", "time630", "3"]


def test_contractions_split_into_negation() -> None:
    words = [t.text for t in tokenize("It isn't, we can't, they won't, it cannot")]
    assert words.count("not") == 4
    assert "ca" not in words


def test_antonym_list_is_big_enough() -> None:
    assert len(ANTONYMS) >= 25
    assert all(a and b for a, b in ANTONYMS)


def test_cli_commands_document_themselves() -> None:
    from typer.testing import CliRunner

    from hebbs_graph.cli import contradict  # noqa: F401  (registers the commands)
    from hebbs_graph.cli.main import app

    runner = CliRunner()
    for command in ("contradiction-prepare", "contradiction-commit", "contradiction-scan"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, (command, result.output)
        assert "Example" in result.output


def test_nearest_pairs_in_numpy() -> None:
    from hebbs_graph.services.contradict.nearest import as_matrix, nearest_pairs

    ids = ["a", "b", "c", "d"]
    matrix = as_matrix([[1, 0], [0.9, 0.1], [0, 1], [-1, 0]])
    pairs = nearest_pairs(ids, matrix, ["a", "c"], k=2, min_similarity=0.5)
    assert sorted((x, y) for x, y, _ in pairs) == [("a", "b")]
    assert all(0.5 <= s <= 1.0 for _, _, s in pairs)
    assert nearest_pairs(["a"], as_matrix([[1, 0]]), ["a"], k=10, min_similarity=0) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # each flagged before the frame check compared subjects
        ("Acme renewed its support contract", "Initech did not renew its support contract"),
        (
            "Alice Smith will attend the quarterly planning meeting in Berlin",
            "Bob Jones will not attend the quarterly planning meeting in Berlin",
        ),
        (
            "Maria approved the marketing budget for the spring campaign",
            "Jonas rejected the marketing budget for the spring campaign",
        ),
        ("Acme's budget is $5,000", "Initech's budget is $9,000"),
        ("Alice Smith's favourite colour is blue", "Bob Jones's favourite colour is green"),
        (
            "The customer budget for Acme is $5,000 this quarter",
            "The customer budget for Initech is $9,000 this quarter",
        ),
        ("The budget of Acme is $5,000", "The budget of Initech is $9,000"),
        ("The CEO of Initech is Olga", "The CEO of Vandelay is Olga"),
        (
            "The project budget for the Acme account is $5,000",
            "The project budget for the Initech account is $9,000",
        ),
    ],
)
def test_different_subjects_do_not_contradict(a: str, b: str) -> None:
    assert classify(a, b).score == 0.0
    assert classify(b, a).score == 0.0


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Acme's budget is $5,000", "Acme's budget is $9,000"),
        ("The customer budget for Acme is $5,000", "The customer budget for Acme is now $9,000"),
        ("The budget of Acme is $5,000", "The budget of Acme is $9,000"),
        ("Alice lives in Berlin", "Alice lives in Munich"),
        ("Acme renewed its support contract", "Acme did not renew its support contract"),
        # one side names the subject, the other does not: it may be the same one
        ("Acme's budget is $5,000", "The budget is $9,000"),
    ],
)
def test_the_same_subject_still_contradicts(a: str, b: str) -> None:
    assert classify(a, b).score >= MIN_CONFIDENCE


def test_only_the_subject_differing_is_left_to_the_value_check() -> None:
    # A role held by one person at a time: the subject is the value that differs.
    for a, b in [
        ("Tina used to lead the design team", "Uma leads the design team"),
        ("Alice is the chair of the board", "Bob is the chair of the board"),
    ]:
        assert not _different_subjects(_side(a), _side(b))
    assert _different_subjects(
        _side("Acme's budget is $5,000"), _side("Initech's budget is $9,000")
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # A turn of conversation says several things; one sentence of each disagrees.
        ("mine are too . i am 56 .", "oh nice . i am 60 ."),
        ("i am only 12 . no job yet", "i am 100 years old."),
        ("sometimes ! i started young . i am only 12 .", "ha ! well then good . i am 34 ."),
        # A number and the noun it counts read as one quantity, its unit unsaid on one side.
        ("i am 12", "i am 100 years old"),
    ],
)
def test_one_sentence_of_each_turn_can_disagree(a: str, b: str) -> None:
    assert classify(a, b).score >= MIN_CONFIDENCE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # Other sentences of a turn do not stand in for the statement they belong to.
        ("I love hiking . My sister is 34 .", "I love hiking . My brother is 36 ."),
        ("i have 2 kids", "i have 3 cats"),
    ],
)
def test_sentences_of_other_subjects_or_things_do_not_disagree(a: str, b: str) -> None:
    assert classify(a, b).score < MIN_CONFIDENCE


def test_a_question_and_its_answer_are_one_statement() -> None:
    # Two questions asked of other things: a negation or an opposite inside them is no
    # claim, and their answers can both be true.
    assert (
        classify(
            "When was the last time kentucky won ncaa? 1998.",
            "When was the last time unc did not make the ncaa tournament? 2003.",
        ).score
        == 0.0
    )
    assert (
        classify(
            "When is the last time the giants won the super bowl? 2007.",
            "When is the last time the us lost the olympics? 2014.",
        ).score
        == 0.0
    )
    # The same question answered twice is a changed answer.
    same = classify(
        "When did england last reach the semi final of a world cup? 1990.",
        "When did england last reach the semi final of a world cup? 2018.",
    )
    assert same.score >= MIN_CONFIDENCE
    # A question alone states nothing, so the answer is not read without it.
    assert _side("Who coaches the Browns? Freddie Kitchens.").sentences == ()


def test_a_turn_that_opens_with_a_question_still_states_what_follows() -> None:
    assert _side("Who coaches the Browns? Freddie Kitchens.").question is not None
    assert _side("How are you? I am 34.").question is None
    assert _side("Hi there. How are you? 34.").question is None
    turns = ("How are you? I am fine. I am 34.", "What is up? I just got home. I am 36.")
    assert classify(*turns).score >= MIN_CONFIDENCE


def test_an_abbreviation_does_not_end_a_sentence_in_cased_text() -> None:
    assert _side("The CEO of Alphabet Inc. is Larry Page.").sentences == ()
    assert not classify(
        "The current CEO of Alphabet Inc. is Larry Page.",
        "The current CEO of Amazon is Andy Jassy.",
    ).score


def test_a_document_of_many_sentences_is_read_whole() -> None:
    turn = " ".join(["I like tea."] * 3 + ["I am 34."])
    document = " ".join(["I like tea."] * 12 + ["I am 34."])
    assert len(_side(turn).sentences) == 4
    assert _side(document).sentences == ()


def test_a_new_clause_after_a_value_is_not_a_list() -> None:
    # "and" before another item is a list (several values at once); before a subject
    # it opens a new clause, and the value stands alone.
    assert classify("Ann lives in Paris and Berlin", "Ann lives in Rome").score == 0.0
    assert classify("Acme sells in Spain and France", "Acme sells in Italy").score == 0.0
    assert (
        classify("I am 34 and I work nights.", "I am 35 now and I still work nights.").score
        >= MIN_CONFIDENCE
    )
