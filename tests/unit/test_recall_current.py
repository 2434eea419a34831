"""Cues that ask what is true now, and candidates that answer them alike (pure)."""

from __future__ import annotations

import pytest

from hebbs_graph.services.recall.current import answered, asks_current, cue_terms


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
