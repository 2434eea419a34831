"""Time helpers: everything stored and compared in UTC."""

from __future__ import annotations

from datetime import UTC, datetime

from hebbs_graph.errors import InvalidInput


def utcnow() -> datetime:
    return datetime.now(UTC)


def instant(text: str) -> datetime:
    """A DateTime a query returned as text (``toString``: ISO 8601, maybe a [zone]
    suffix). Queries return times so because the driver builds each DateTime it receives
    in pure Python (~40 µs apiece)."""
    return datetime.fromisoformat(text.split("[", 1)[0])


class TimeOutOfRange(ValueError):
    """A time whose offset pushes it outside years 1..9999 once converted to UTC."""


def as_utc(value: datetime) -> datetime:
    """Treat a naive datetime as UTC; convert an aware one to UTC.

    Raises TimeOutOfRange (a ValueError, so a request model names the field) for e.g.
    ``0001-01-01T00:00:00+05:00``, which has no UTC form.
    """
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise TimeOutOfRange(
            f"{value.isoformat()} is out of range once converted to UTC (0001-01-01 to 9999-12-31)"
        ) from None


def utc_param(value: datetime | None, field: str) -> datetime | None:
    """``as_utc`` for a time that arrives outside a request model (a query parameter),
    refused as InvalidInput naming ``field``."""
    if value is None:
        return None
    try:
        return as_utc(value)
    except TimeOutOfRange as exc:
        raise InvalidInput(f"{field}: {exc}", details={"field": field}) from None


# The widest bounds a time-range query takes for "no bound", so its index range is
# always a range (a NULL bound would turn the seek into a scan of the whole scope).
EARLIEST = datetime(1, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
