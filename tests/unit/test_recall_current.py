"""Cues that ask what is true now, and candidates that answer them alike (pure)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hebbs_graph.services.recall.current import (
    answered,
    asks_current,
    cue_terms,
    framed,
    framed_pairs,
    numbers,
)


@pytest.mark.parametrize(
    "cue",
    [
        "What is my favorite color?",
        "Which party does Ann Lee belong to?",
        "The current team of Bo Lee is",
        "How many bikes do I have?",
        "Where does Acme have its headquarters now?",
        "Who owns North Stafford Hotel?",  # the verb's -s form after "who"
        # The latest of something, whatever the tense.
        "When was the last time Detroit won on Thanksgiving?",
        "When did Arsenal last win the FA Cup?",
        "Where did I go on my most recent trip?",
        "What did I buy lately?",
        "Which phone did I get latest?",
        "Where did the Super Bowl take place this year?",
    ],
)
def test_a_cue_in_the_present_asks_for_the_current_state(cue: str) -> None:
    assert asks_current(cue)


@pytest.mark.parametrize(
    "cue",
    [
        "What did Caroline research?",
        "Where was Ann born?",
        "Who was the CEO before Bo?",
        "Who is the CEO of Acme in 2019?",
        "What was my favorite color originally?",
        "adoption paperwork",  # no tense at all: nothing to decide from
        "Who owned the hotel?",
        "Who discuss",  # no verb in the -s form
        "Who won the MVP last year?",  # the period before this one
        "What did Melanie do last weekend?",
        "Who won the last World Cup in 2010?",  # a year
        "What was the last thing Ann said before the launch?",  # an earlier time wins
        None,
    ],
)
def test_other_cues_do_not(cue: str | None) -> None:
    assert not asks_current(cue)


def test_the_terms_leave_out_the_words_that_name_the_time() -> None:
    names, words = cue_terms("The current team of Bo Lee is")
    assert names == {"bo", "lee"}
    assert words == {"team"}


def test_the_last_time_is_not_what_is_asked() -> None:
    assert cue_terms("When was the last time Detroit won on Thanksgiving?") == (
        frozenset({"detroit", "thanksgiving"}),
        frozenset({"won"}),
    )


def test_an_answer_holds_every_name_and_half_the_other_words() -> None:
    terms = cue_terms("Which political party does Ann Lee belong to?")
    assert answered("Ann Lee is a member of the Green Party.", terms) is None  # 1 word of 3
    assert answered("Ann Lee joined the Green party, a political home.", terms) == frozenset(
        {"party", "political"}
    )
    assert answered("Jones belongs to the Green Party.", cue_terms("Which party is Jones in?"))
    assert answered("Bo Lee joined the Green party, a political home.", terms) is None  # not Ann
    assert answered("Ann Lee likes tea.", terms) is None


def test_one_frame_two_values() -> None:
    """The same words around one value each, the cue's names in the frame."""
    adolf = cue_terms("Where is Adolf Born educated?")
    assert framed(
        "Adolf Born attended Faculty of Education, Charles University.",
        "Adolf Born attended Academy of Fine Arts, Prague.",
        adolf,
    )
    audrey = cue_terms("What does Audrey Eagle do?")
    assert not framed("Audrey Eagle paints birds.", "Audrey Eagle sings.", audrey)  # a subject only
    office = cue_terms("Where is the office?")
    evil = cue_terms("how many episodes of touching evil are there?")
    episodes = (
        "How many episodes of Lost are there? 12.",
        "How many episodes of Lost are there? 16.",
    )
    assert not framed(*episodes, evil)  # another show: not every word of the cue is in the frame
    playoffs = "Who has the most 3 pointers in the playoffs?"
    threes = (f"{playoffs} Ray Allen.", f"{playoffs} Stephen Curry.")
    assert not framed(*threes, cue_terms("Who has the most 3 pointers in a season?"))
    assert framed("Acme has an office in Lisbon.", "Acme has an office in Berlin.", office)
    hiking = ("i like hiking trip 1 .", "i like hiking trip 2 .")
    assert not framed(*hiking, cue_terms("Am I married?"))  # nothing of the cue in the frame
    assert not framed(  # another subject: the cue's names are not in the frame
        "Walter McAfee attended Wiley College.", "Bo Smith attended Wiley College.", adolf
    )
    assert not framed(  # what differs holds "is": a clause, not a value
        "Acme's budget is $5,000 this year.", "Acme's headcount is 40 this year.", office
    )
    assert not framed(  # one greeting, then two different sentences
        "Caroline: Hey Mel! I went to the park with the kids yesterday and it was lovely.",
        "Caroline: Hey Mel! Did you see the game last night, it was amazing?",
        cue_terms("Where is Caroline?"),
    )
    cobalt = cue_terms("When is project Cobalt due?")
    assert framed("Project Cobalt is due in July.", "Project Cobalt is due in October.", cobalt)
    assert not framed(  # two relations, not two values
        "Project Cobalt is due in July.", "Project Cobalt is led by Luis.", cobalt
    )
    assert not framed(  # a question's last word and its answer are not one value
        "Who won the Super Bowl? Chiefs.", "Who won the Super Cup? Reds.", cue_terms("Who won?")
    )
    married = cue_terms("Am I married?")
    assert not framed("i am married .", "i am single .", married)  # no content in the frame
    assert not framed("Ann lives in Paris.", "Ann lives in Paris.", cue_terms("Where is Ann?"))


SAID = st.tuples(
    st.sampled_from(["Ann", "Bo", "Ann's sister"]),
    st.sampled_from(["lives in", "attended", "works at", "is"]),
    st.sampled_from(["Paris", "Rome", "Wiley College", "the lab", "very happy"]),
    st.sampled_from([".", "", " now .", ". She is fine ."]),
).map(lambda parts: f"{parts[0]} {parts[1]} {parts[2]}{parts[3]}")


@given(st.lists(SAID, min_size=2, max_size=8))
@settings(max_examples=300, deadline=None)
def test_framed_pairs_are_every_framed_pair(contents: list[str]) -> None:
    """Comparing only the pairs that begin or end alike drops no pair ``framed`` takes."""
    terms = cue_terms("Where does Ann live?")
    every = [
        (i, j)
        for i, j in itertools.combinations(range(len(contents)), 2)
        if framed(contents[i], contents[j], terms)
    ]
    assert framed_pairs(contents, terms) == every


@pytest.mark.parametrize(
    ("cue", "content", "kind"),
    [
        ("What is Acme's budget?", "Acme's budget is $5,000", 2),
        ("How many kids do I have?", "i have two kids", 2),
        ("How old am I?", "i am 100 !", 2),
        # A number that counts a thing the cue does not ask about is not its answer.
        ("Am I married?", "i am married and have two kids .", 1),
        ("Am I married?", "oh nice , i am married with two little boys .", 1),
        ("Am I married?", "i am divorced .", 0),
        # A plural noun with a word after it measures that word: a quantity.
        ("How old am I?", "i am 34 years old .", 2),
        ("What is my age?", "i am 34 years old .", 2),
        # A unit of time or measurement (WordNet's) is an amount, not things counted.
        ("How old am I?", "yes . and i have lived for 100 years !", 2),
        ("How long is my commute?", "my commute takes 45 minutes", 2),
        ("How far do I run?", "i run 5 miles", 2),
    ],
)
def test_what_a_content_gives_in_numbers(cue: str, content: str, kind: int) -> None:
    assert numbers(content, cue_terms(cue)) == kind
