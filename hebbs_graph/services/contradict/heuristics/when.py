"""What says when a statement was made, not what it says: dates, years, times of day,
months and weekdays, so that two notes dated differently still compare as one statement
("[2024-05-01] The CEO of Apple is Tim Cook." / "As of September 2024, … Jony Ive."). Pure."""

from __future__ import annotations

from hebbs_graph.services.contradict.heuristics.lexicon import FUNCTION_WORDS, MONTHS, WEEKDAYS
from hebbs_graph.services.contradict.heuristics.text import Token

# Numbers that say when: a year, a time of day, an ISO date.
WHEN_UNITS = frozenset({"year", "time", "date"})


def beside_when(
    fa: list[Token], fb: list[Token], blocks: list[tuple[int, int, int, int]]
) -> list[tuple[int, int, int, int]]:
    """The differing blocks but those that only say when, if another differs too: a date
    an agent writes before its note ("[2024-05-01] The CEO of Apple is Tim Cook." /
    "[2024-09-01] … Jony Ive.", "As of May 2024, …") dates the statement; the value is
    what else differs. A date that is all that differs is the value ("… last win? 2017.")."""
    if len(blocks) < 2:
        return blocks
    kept = [b for b in blocks if not says_when(fa[b[0] : b[1]] + fb[b[2] : b[3]])]
    return kept if kept else blocks


def says_when(tokens: list[Token]) -> bool:
    """Every word of the span says when: a date, a year, a time of day, a month or a
    weekday, and a day's number beside a month ("May 3")."""
    words = [t for t in tokens if t.text not in FUNCTION_WORDS]
    month = any(t.text in MONTHS for t in words)

    def one(t: Token) -> bool:
        if t.text in MONTHS or t.text in WEEKDAYS:
            return True
        n = t.number
        if n is None or n.identifier:
            return False
        return n.unit in WHEN_UNITS or (month and n.unit in (None, "ordinal") and n.value <= 31)

    return bool(words) and all(one(t) for t in words)
