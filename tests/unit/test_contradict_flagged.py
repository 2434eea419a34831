"""The numpy path's flagged rows: pure, the real classifier, no database."""

from __future__ import annotations

from hebbs_graph.services.contradict.flagged import SNIPPET_CHARS, flagged_rows, snippet

TEXT = {
    "a": "Budget is $5,000 per tenant",
    "b": "Budget is $2,000 per tenant",
    "c": "The office plants were watered",
}


def rows(near: list[tuple[str, str, float]]) -> list[dict[str, object]]:
    return flagged_rows(near, TEXT.__getitem__, cap=0.75, floor=0.35)


def test_a_flagged_pair_carries_its_verdict_both_ways_and_both_snippets() -> None:
    (row,) = rows([("a", "b", 0.91234), ("a", "c", 0.6)])
    assert (row["memory_id"], row["other_id"], row["similarity"]) == ("a", "b", 0.9123)
    assert (row["snippet_m"], row["snippet_n"]) == (TEXT["a"], TEXT["b"])
    for verdict in (row["if_older"], row["if_newer"]):
        assert isinstance(verdict, dict)
        assert 0.35 <= verdict["score"] <= 0.75
        assert verdict["suggested"] == "contradiction"
        assert verdict["signals"]


def test_two_new_memories_that_found_each_other_give_one_row() -> None:
    assert len(rows([("a", "b", 0.9), ("b", "a", 0.9)])) == 1


def test_unflagged_pairs_give_no_row() -> None:
    assert rows([("a", "c", 0.6), ("c", "b", 0.6)]) == []


def test_snippets_are_flattened_and_cut() -> None:
    assert snippet("one\n  two\tthree") == "one two three"
    cut = snippet("word " * 100)
    assert len(cut) == SNIPPET_CHARS
    assert cut.endswith("…")
