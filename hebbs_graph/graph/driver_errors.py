"""Telling the driver's own errors apart from the rest, for doors that must not import it."""

from __future__ import annotations

from neo4j.exceptions import DriverError, Neo4jError


def neo4j_error_kind(exc: BaseException) -> str | None:
    """The class name of a Neo4j or driver error (``TransientError``, ``SessionExpired``,
    ...), None for anything else."""
    return type(exc).__name__ if isinstance(exc, Neo4jError | DriverError) else None
