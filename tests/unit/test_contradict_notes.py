"""The classifier on notes as agents and chats write them: negations of chat, speakers'
labels and notes' keys, list markers, stamps and dates beside a value. No database, no
model."""

from __future__ import annotations

import pytest

from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.text import tokenize

MIN_CONFIDENCE = 0.35


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Zoe is on the hiring panel", "Zoe is no longer on the hiring panel"),
        ("Acme uses Salesforce", "Acme no longer uses Salesforce"),
        ("The staging server has a backup", "The staging server has no backup"),
        (
            "When's the last time the Astros won the World Series? 2017.",
            "When's the last time the Astros won the World Series? Never.",
        ),
    ],
)
def test_a_negation_of_what_the_other_says_is_a_signal(a: str, b: str) -> None:
    c = classify(a, b)
    assert c.score >= MIN_CONFIDENCE
    assert "negation" in c.names


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # LoCoMo turns of one speaker: a negation in an idiom negates nothing said.
        ("John: Take care!", "John: No problem, always here to have your back. Take care!"),
        ("Calvin: Thanks, Dave! let's keep in touch, take care!", "Calvin: No worries, Dave."),
        ("Gina: Go get 'em, Jon!", "Gina: Go for it, Jon! Don't let anything stop you."),
        ("Maria: Sure thing, John. Let me know.", "Maria: No worries, John. Let me know."),
    ],
)
def test_a_negation_in_an_idiom_of_chat_is_no_signal(a: str, b: str) -> None:
    assert "negation" not in classify(a, b).names


def test_one_speakers_label_names_no_relation_the_turns_share() -> None:
    # LoCoMo turns the label made look like one relation with two values.
    for a, b in [
        ("Joanna: Bye Nate!", "Joanna: See ya Nate!"),
        (
            "Tim: Thanks! I'll enjoy writing them. Take care and talk soon!",
            "Tim: Great catching up! Take care, talk soon.",
        ),
    ]:
        assert classify(a, b).score < MIN_CONFIDENCE
    # What one speaker says of one thing is compared as before.
    said = classify(
        "Caroline: My favourite colour is red.", "Caroline: My favourite colour is blue."
    )
    assert said.score >= MIN_CONFIDENCE
    # Two speakers' "I" are two people: their labels stay.
    assert classify("Caroline: I am 30.", "Melanie: I am 31.").score < MIN_CONFIDENCE


@pytest.mark.parametrize("marker", ["12. ", "3) ", "(4) ", "[5] ", "#6 "])
def test_a_lists_marker_says_nothing_of_the_item(marker: str) -> None:
    # An agent's numbered notes (or a benchmark's numbered facts): the numbers differ,
    # the statement is what is compared.
    assert [t.text for t in tokenize(f"{marker}The CEO of Apple is Tim Cook.")][:3] == [
        "the",
        "ceo",
        "of",
    ]
    c = classify(f"{marker}The CEO of Apple is Tim Cook.", "57. The CEO of Apple is Jony Ive.")
    assert c.score >= MIN_CONFIDENCE
    assert c.names == ["value"]


def test_a_number_that_opens_a_sentence_is_kept() -> None:
    # A year, a decimal, a count: not a list's marker.
    assert tokenize("3.5 million users")[0].text == "3.5"
    assert tokenize("12 people came")[0].text == "12"
    assert len(tokenize("2023. Acme was founded.")) == 4
    assert tokenize("1234. The CEO of Apple is Tim Cook.")[0].text == "the"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("[2024-05-01] {}", "[2024-09-01] {}"),
        ("2024-05-01: {}", "2024-09-01: {}"),
        ("[10:42] {}", "[15:07] {}"),
        ("(session 3) {}", "(session 9) {}"),
        ("As of May 2024, {}", "As of September 2024, {}"),
        ("In 2019, {}", "In 2023, {}"),
        ("{} (May 2024)", "{} (September 2024)"),
        ("[2024-05-01] {}", "{}"),
    ],
)
def test_a_date_or_stamp_beside_a_changed_value_says_when(a: str, b: str) -> None:
    older = a.format("The CEO of Apple is Tim Cook.")
    newer = b.format("The CEO of Apple is Jony Ive.")
    assert classify(older, newer).score >= MIN_CONFIDENCE


def test_one_statement_stamped_twice_is_no_change() -> None:
    a, b = "[2024-05-01] The office is in Berlin", "[2024-06-01] The office is in Berlin"
    assert classify(a, b).score < MIN_CONFIDENCE
    # A date that is all that differs is the value.
    assert classify("The deadline is 2024-05-01", "The deadline is 2024-06-01").names == [
        "numeric",
        "value",
    ]
    # Two events at two times, common words for what: both true.
    two = classify("Emma joined the company in 2021", "Emma joined the data team in 2023")
    assert two.score < MIN_CONFIDENCE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("CEO of Apple: Tim Cook", "CEO of Apple: Jony Ive"),
        ("Budget: $50k", "Budget: $80k"),
        ("Favorite color: blue", "Favorite color: green"),
    ],
)
def test_the_key_of_a_note_names_its_relation(a: str, b: str) -> None:
    # "Key: value" reads like "Speaker: turn", but a value alone follows a key.
    assert classify(a, b).score >= MIN_CONFIDENCE


def test_two_days_of_one_month_are_two_dates() -> None:
    days = [t.number.canon for t in tokenize("2024-05-01 or 2024-05-03") if t.number]
    assert days == ["date20240501", "date20240503"]
    c = classify("The deadline is 2024-05-01", "The deadline is 2024-05-03")
    assert c.names == ["numeric", "value"]


def test_a_large_number_keeps_every_digit() -> None:
    assert [t.text for t in tokenize("1,234,567 or 1,234,568")] == ["1234567", "or", "1234568"]
    c = classify("Acme has 1,234,567 users", "Acme has 1,234,568 users")
    assert c.names == ["numeric", "value"]
