"""The frame alignment gives exactly difflib's opcodes: pure, no database."""

from __future__ import annotations

from difflib import SequenceMatcher

from hypothesis import given, settings
from hypothesis import strategies as st

from hebbs_graph.services.contradict.heuristics.align import opcodes

# A small vocabulary, so words repeat and many blocks tie: the cases where the order
# of the search decides the answer.
words = st.lists(st.sampled_from(["a", "b", "c", "d", "BE", "'s"]), max_size=16)


def difflib_opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    opcodes = SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    return [(tag, i1, i2, j1, j2) for tag, i1, i2, j1, j2 in opcodes]


@settings(max_examples=3000, deadline=None)
@given(words, words)
def test_opcodes_are_difflibs(a: list[str], b: list[str]) -> None:
    assert opcodes(a, b) == difflib_opcodes(a, b)


def test_a_frame_with_one_changed_value() -> None:
    a = ["acme", "'s", "budget", "BE", "5000"]
    b = ["acme", "'s", "budget", "BE", "2000"]
    assert opcodes(a, b) == [("equal", 0, 4, 0, 4), ("replace", 4, 5, 4, 5)]


def test_empty_sides() -> None:
    assert opcodes([], []) == []
    assert opcodes(["a"], []) == [("delete", 0, 1, 0, 0)]
    assert opcodes([], ["a"]) == [("insert", 0, 0, 0, 1)]


def test_long_frames_with_repeats_match_difflib() -> None:
    a = ("x y " * 60 + "z").split()
    b = ("y x " * 55 + "z y").split()
    assert opcodes(a, b) == difflib_opcodes(a, b)


def test_many_blocks_one_after_another() -> None:
    """Every other word differs: 1,500 blocks, each found right of the last (a
    recursive search would nest 1,500 deep)."""
    a = [str(i) for i in range(3000)]
    b = [w if i % 2 == 0 else "x" for i, w in enumerate(a)]
    assert opcodes(a, b) == difflib_opcodes(a, b)
