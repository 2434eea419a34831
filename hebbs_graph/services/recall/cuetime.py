"""Dates a cue names outright ("on 3 May, 2023", "in October 2023", "in June").

Recall gives memories that occurred inside such a period a small lift (setting
``recall_time_boost``). Only explicit calendar expressions in English are read;
relative ones ("last week") are not, because "now" for the agent asking is not
necessarily "now" for the memories. A year on its own is too coarse to rank by and
is ignored.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTHS["sept"] = 9
_MON = "|".join(sorted(_MONTHS, key=len, reverse=True))
_YEAR = r"(\d{4})"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"

_DAY_MONTH_YEAR = re.compile(rf"\b{_DAY}\s+(?:of\s+)?({_MON})\.?,?\s+{_YEAR}\b", re.I)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MON})\.?\s+{_DAY},?\s+{_YEAR}\b", re.I)
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTH_YEAR = re.compile(rf"\b({_MON})\.?,?\s+{_YEAR}\b", re.I)
# A bare month needs a preposition before it: "May I …" and "march on" are not dates.
_BARE_MONTH = re.compile(rf"\b(?:in|during|early|late|mid|since|until|through)\s+({_MON})\b", re.I)


@dataclass(frozen=True)
class Period:
    """[start, end) in UTC, or, with ``month`` set, that month of any year."""

    start: datetime | None = None
    end: datetime | None = None
    month: int | None = None

    def describe(self) -> str:
        """The period as a reader names it: 2024-03-01, 2024-03-01..2024-04-01, or month 3."""
        if self.month is not None:
            return f"month {self.month}"
        if self.start is None or self.end is None:
            return "no period"
        if self.end - self.start == timedelta(days=1):
            return self.start.date().isoformat()
        return f"{self.start.date().isoformat()}..{self.end.date().isoformat()}"

    def contains(self, moment: datetime) -> bool:
        if self.month is not None:
            return moment.month == self.month
        if self.start is None or self.end is None:
            return False
        return self.start <= moment < self.end


def _day(year: int, month: int, day: int) -> Period | None:
    try:
        start = datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None
    return Period(start, start + timedelta(days=1))


def _month(year: int, month: int) -> Period | None:
    if not 1 <= year <= 9998:
        return None
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return Period(start, end)


def _consume(pattern: re.Pattern[str], text: str) -> tuple[list[re.Match[str]], str]:
    """Matches of ``pattern``, and ``text`` with them blanked out (so a day is not also a month)."""
    found = list(pattern.finditer(text))
    for m in found:
        text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return found, text


def periods(cue: str) -> list[Period]:
    """Every calendar period the cue names, most specific reading first."""
    out: list[Period | None] = []
    found, text = _consume(_DAY_MONTH_YEAR, cue)
    out += [_day(int(m[3]), _MONTHS[m[2].lower()], int(m[1])) for m in found]
    found, text = _consume(_MONTH_DAY_YEAR, text)
    out += [_day(int(m[3]), _MONTHS[m[1].lower()], int(m[2])) for m in found]
    found, text = _consume(_ISO_DAY, text)
    out += [_day(int(m[1]), int(m[2]), int(m[3])) for m in found]
    found, text = _consume(_MONTH_YEAR, text)
    out += [_month(int(m[2]), _MONTHS[m[1].lower()]) for m in found]
    found, text = _consume(_BARE_MONTH, text)
    out += [Period(month=_MONTHS[m[1].lower()]) for m in found]
    return [p for p in out if p is not None]


def within(moment: datetime, spans: list[Period]) -> bool:
    return any(p.contains(moment) for p in spans)
