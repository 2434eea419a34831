"""The changing-facts evaluations' second precision figure: a pair raised between two
groups that ask one question in other words (SituatedQA asks "When does the new episodes
of supernatural start?" and "When do the new …" as two groups) counts as a change
there, never in the strict figure. The rule is equal words, so one word that makes
another question keeps two groups apart; a template every subject is asked ("How old am
I?") joins none."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.support.scripts import load_script


def script() -> ModuleType:
    return load_script("eval/change_pairs.py")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "when does the new episodes of supernatural start?",
            "when do the new episodes of supernatural start?",
        ),
        (
            "who holds the records for the most homeruns in a single season?",
            "who holds the record for the most homeruns in a single season?",
        ),
        (
            "when was last time michigan beat ohio state?",
            "when was the last time.michigan beat ohio state?",
        ),
        (
            "who is the number one ranked golfer in the world?",
            "who is the number one ranked golfer in the world right now?",
        ),
        (
            "when’s the last time scotland won the calcutta cup?",
            "when was the last time scotland won the calcutta cup?",
        ),
    ],
)
def test_one_question_in_other_words(a: str, b: str) -> None:
    assert script().same_question([a], [b])


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # One word more is another question: the rule is equal words, not a share.
        ("when was the last world cup and who won?", "who has won the last 10 world cups?"),
        (
            "where have the olympics been held in usa?",
            "where have winter olympics been held in usa?",
        ),
        ("when was the olympics hosted in the us?", "where in the us has hosted the olympics?"),
        (
            "when did italy qualify for the world cup?",
            "when didn't italy qualify for the world cup?",
        ),
        (
            "when was the last time kentucky won ncaa?",
            "when was the last time unc did not make the ncaa tournament?",
        ),
    ],
)
def test_other_questions(a: str, b: str) -> None:
    assert not script().same_question([a], [b])


def test_a_template_asked_of_every_subject_joins_no_groups() -> None:
    module = script()
    groups = [
        {"questions": ["How old am I?"]},
        {"questions": ["How old am I?", "What is my age?"]},
        {"questions": ["What is my age now?"]},
    ]
    own = module.own_questions(groups)
    assert own == [[], ["What is my age?"], ["What is my age now?"]]
    assert not module.same_question(own[0], own[1])
    assert module.same_question(own[1], own[2])  # "now" restates what the set asks


def test_no_words_is_no_question() -> None:
    assert not script().same_question(["the?"], ["is it?"])
