"""Opposite values of one attribute (heuristics/opposites.py): WordNet's adjective
antonyms said of one subject. Pure, no database."""

from __future__ import annotations

import json

import pytest

from hebbs_graph.services.contradict.heuristics import measures as measures_table
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.measures import measures
from hebbs_graph.services.contradict.heuristics.opposites import (
    TABLE,
    opposed,
    opposite,
    other_amount,
)
from hebbs_graph.services.recall.pairchecks import changed

MIN_CONFIDENCE = 0.35


def test_the_tables_name_their_source_and_licence() -> None:
    data = json.loads(TABLE.read_text())
    units = json.loads(measures_table.TABLE.read_text())
    for table in (data, units):
        assert table["source"] == "globalwordnet/english-wordnet"
        assert len(table["commit"]) == 40
        assert "CC BY 4.0" in table["licence"]
        assert table["built_by"] == "scripts/lexicon/wordnet.py"
    assert len(data["words"]) > 10_000
    assert len(data["opposite"]) > 1_000
    assert len(units["words"]) > 1_000


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("years", True),
        ("minutes", True),
        ("miles", True),
        ("dollars", True),
        ("centuries", True),
        ("kids", False),
        ("dogs", False),
        ("books", False),
        ("employees", False),
    ],
)
def test_measures_are_units_of_time_or_measurement(noun: str, expected: bool) -> None:
    assert measures(noun) is expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("married", "single", True),  # "single" is a member of WordNet's "unmarried"
        ("married", "divorced", True),  # a satellite of "unmarried"
        ("open", "closed", True),
        ("alive", "dead", True),
        ("employed", "unemployed", True),
        ("married", "engaged", False),
        ("red", "blue", False),  # colours are values of their own kind (change.py)
        ("married", "married", False),
        ("married", "qwerty", False),
    ],
)
def test_opposite_is_wordnets(a: str, b: str, expected: bool) -> None:
    assert opposite(a, b) is expected


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("i am married.", "that is quite a change up . i am single and loving it ."),
        ("i am a married mother of two kids.", "hello . i am a single woman who loves to shop ."),
        ("i am married and have two kids .", "hey , i m a single woman"),
        ("i am a married economics major .", "i am divorced and hope to find someone else"),
        ("The store is open on Sundays.", "The store is closed on Sundays."),
        ("Caroline: I am married now.", "Caroline: I am currently single again."),
        ("i am tired", "i am not tired"),  # one adjective, negated on one side
        ("i married a super model from italy.", "which is why i am single and alone"),
        ("we got married in june", "we are divorced now"),  # a verb of becoming
    ],
)
def test_opposite_values_of_one_subject_are_a_change(older: str, newer: str) -> None:
    assert opposed(older, newer) is not None
    assert changed(older, newer)
    assert classify(older, newer).score >= MIN_CONFIDENCE


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("i am not married", "eh , i am single so i do not need a lot"),  # they agree
        ("Caroline: I am married now.", "Melanie: I am single."),  # two speakers' "i"
        ("my brother is married", "my sister is single"),  # two subjects
        ("i am a big fan of jazz", "i am a little tired"),  # "a little" modifies "tired"
        ("i am married", "i am engaged"),  # WordNet gives no opposite
        ("i am married", "i am 34 years old"),
        ("i got a new car", "i am old"),  # a thing got, not a state
        ("i used to ride horses as a kid", "i was young then"),  # "used to" is no state
        ("it's great to see you", "it's tough at work"),  # whom "it" means changes
        ("Jon: I'm allergic to cats", "Jon: I'm not allergic to dogs"),  # a complement
    ],
)
def test_what_is_not_one_attribute_changed(older: str, newer: str) -> None:
    assert opposed(older, newer) is None


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("mine are too . i am 56 .", "hello i am 60 years old"),  # one unit unsaid
        ("i am a 24 year old woman from argentina", "wow , that is so cool . i am only 12 ."),
        ("the store is 2 miles away", "the store is 3 miles away"),
        ("my son just turned 6", "my son is 7 now"),
        ("no , no . i just turned 100 .", "i turned 18 years old yesterday."),
        ("we have 3 kids", "we now have 4 kids !"),  # what is had, counted
        ("Acme has 40 employees", "Acme has 45 employees"),
        ("no , i m only 12 lol", "i am 34 years old."),  # "no" answers, negates nothing
        ("yes i like experimenting i m already 32", "i am 28 years old"),  # an adverb
        ("i am 34 , and i prefer wine .", "hello ! i finally turned 18 !"),
        ("i am 13 years old.", "i just turned 18 yesterday !"),  # "yesterday" is no unit
        ("i turned 60 years old .", "i want to but i am a male 45 year old who was"),
    ],
)
def test_two_numbers_of_one_unit_for_one_subject_are_a_change(older: str, newer: str) -> None:
    assert other_amount(older, newer) is not None
    assert changed(older, newer)
    assert classify(older, newer).score >= MIN_CONFIDENCE


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("i was 12 when i rode a horse", "i am 40"),  # what held then
        ("i am 5 minutes away", "i am 2 hours late"),  # two units
        ("Caroline: I am 30.", "Melanie: I am 35."),  # two speakers
        ("Acme's budget is $5,000", "Initech's budget is $9,000"),  # two owners
        ("it is 5 miles", "it is 6 miles"),  # "it" is whatever was said last
        ("the launch is 2019", "the launch is 2020"),  # a year dates
        ("i have 2 cats", "i have 3 dogs"),  # two things counted
        ("i do not have 3 kids", "i have 4 kids"),  # negated
        ("i had 2 cats", "i have 3 cats"),  # what was had then
        ("i have 3 kids", "i am 4"),  # a count is no age
    ],
)
def test_numbers_of_other_subjects_units_or_times_are_not(older: str, newer: str) -> None:
    assert other_amount(older, newer) is None
