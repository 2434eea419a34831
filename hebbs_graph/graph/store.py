"""The one door to Neo4j. Only ``graph/`` imports ``neo4j``."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

import neo4j
from neo4j import AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import (
    AuthError,
    ClientError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from hebbs_graph.errors import BookmarkNotReached, Conflict, GraphUnavailable
from hebbs_graph.graph import bookmarks
from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.settings import Settings

log = logging.getLogger(__name__)

READ_ATTEMPTS = 3
READ_BACKOFF_S = 0.1
# A lone write statement is tried this often when Neo4j calls the failure transient (a
# deadlock's victim, a lock wait cut short): it was rolled back, so it can run again.
WRITE_ATTEMPTS = 6
WRITE_BACKOFF_S = 0.05

# Every transaction carries its name as metadata under this key: the query's registry
# name for one statement, the function doing the work for a managed transaction.
# `SHOW TRANSACTIONS YIELD metaData` then says what each one is, also while it commits
# or waits for this process with no statement running (docs/operations.md).
TX_NAME = "hebbs"

T = TypeVar("T")
Row = dict[str, Any]

QueryHook = Callable[[str, float, int], None]
"""Told after each named query: its name, the client-side seconds (run, fetch and
decode) and the number of rows."""
TransactionHook = Callable[[str, float], None]
"""Told after each ``GraphStore.read`` / ``write`` transaction: ``"read"`` or
``"write"`` and the seconds it took, commit and retries included (raised or not)."""


class _QuietList(list[Any]):
    """A list parameter as sent; its repr is its length."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<list of {len(self)}>"


class _QuietDict(dict[str, Any]):
    """A map parameter as sent; its repr is its size."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<map of {len(self)}>"


def quiet(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with each list and map value in a subclass whose repr is its size.

    The driver (6.4) formats every RUN's parameters for a debug log line before the
    logger decides to drop it, ``" ".join(map(repr, fields))``: repr of one 384-float
    embedding costs ~0.18 ms, of a 250-row chunk's rows ~56 ms, on the event loop and
    under the GIL the embedding thread also needs. The wrappers are shallow copies; the
    packer sends them as the lists and maps they are."""
    return {
        key: _QuietList(value)
        if type(value) is list
        else _QuietDict(value)
        if type(value) is dict
        else value
        for key, value in params.items()
    }


class Tx:
    """A transaction handed to service code: run named queries, get plain dicts back."""

    def __init__(
        self, tx: AsyncManagedTransaction, queries: QueryRegistry, on_query: QueryHook | None = None
    ) -> None:
        self._tx = tx
        self._queries = queries
        self._on_query = on_query

    async def rows(self, name: str, **params: Any) -> list[Row]:
        started = time.perf_counter() if self._on_query is not None else 0.0
        result = await self._tx.run(self._queries[name], quiet(params))
        rows = [_row(record) for record in await result.fetch(2**31 - 1)]
        if self._on_query is not None:
            self._on_query(name, time.perf_counter() - started, len(rows))
        return rows

    async def one(self, name: str, **params: Any) -> Row | None:
        rows = await self.rows(name, **params)
        return rows[0] if rows else None

    async def collected(self, name: str, **params: Any) -> list[Row]:
        """The list a query returns in one row as ``rows`` (see GraphStore.read_collected)."""
        return _collected(await self.rows(name, **params))


class GraphStore:
    def __init__(self, settings: Settings, queries: QueryRegistry | None = None) -> None:
        self.settings = settings
        self.queries = queries or QueryRegistry()
        # Timing hooks, for benchmarks: set them to be told about every named query /
        # transaction (see QueryHook, TransactionHook). Left None they cost nothing.
        self.on_query: QueryHook | None = None
        self.on_transaction: TransactionHook | None = None
        self._driver = AsyncGraphDatabase.driver(
            settings.effective_neo4j_uri,
            auth=(settings.neo4j_user, settings.neo4j_password),
            max_connection_pool_size=settings.neo4j_max_pool_size,
            connection_timeout=settings.neo4j_connect_timeout_s,
            connection_acquisition_timeout=settings.neo4j_connect_timeout_s * 2,
            max_transaction_retry_time=10.0,
            # "property does not exist yet" and friends are noise on a young graph.
            notifications_min_severity="OFF",
        )
        self.database = settings.neo4j_database

    async def close(self) -> None:
        await self._driver.close()

    async def ping(self) -> bool:
        try:
            await self._driver.verify_connectivity()
        except (DriverError, Neo4jError, OSError):
            return False
        return True

    async def read(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        return await self._transaction("read", work)

    async def write(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        return await self._transaction("write", work)

    async def _transaction(self, kind: str, work: Callable[[Tx], Awaitable[T]]) -> T:
        hook = self.on_transaction
        started = time.perf_counter() if hook is not None else 0.0
        try:
            async with self._session() as session, self._bookmark_wait() as waited:
                execute = session.execute_read if kind == "read" else session.execute_write

                async def begun(tx: AsyncManagedTransaction) -> T:
                    waited.reached()  # BEGIN answered: the bookmarks are applied here
                    return await work(Tx(tx, self.queries, self.on_query))

                named = neo4j.unit_of_work(metadata={TX_NAME: _work_name(work)})(begun)
                return await execute(named)
        finally:
            if hook is not None:
                hook(kind, time.perf_counter() - started)

    async def read_rows(self, name: str, **params: Any) -> list[Row]:
        """One read query in an auto-commit transaction: one round trip instead of the
        managed transaction's two (BEGIN+RUN+PULL, then COMMIT), about 4 ms less per call
        on a loopback Neo4j. A read is safe to repeat, so transient failures are retried
        here the way execute_read would."""
        return await self._read(name, params, _row)

    async def read_values(self, name: str, **params: Any) -> list[Row]:
        """As read_rows, for a query that returns only strings, numbers, booleans, nulls,
        lists and maps (no nodes, no temporal values): its rows are handed on as the
        driver decoded them, without walking every value (a hybrid recall's evidence
        holds ~30,000)."""
        return await self._read(
            name, params, lambda r: dict(zip(r.keys(), r.values(), strict=True))
        )

    async def _read(
        self, name: str, params: dict[str, Any], convert: Callable[[neo4j.Record], Row]
    ) -> list[Row]:
        return await self._auto(name, params, convert, read=True)

    async def _auto(
        self,
        name: str,
        params: dict[str, Any],
        convert: Callable[[neo4j.Record], Row],
        *,
        read: bool,
    ) -> list[Row]:
        """Run one named query as an auto-commit transaction, tried again the way
        execute_read / execute_write would on a transient failure."""
        query = self.queries[name]
        attempts, backoff = (
            (READ_ATTEMPTS, READ_BACKOFF_S) if read else (WRITE_ATTEMPTS, WRITE_BACKOFF_S)
        )
        hook = None if read else self.on_transaction
        began = time.perf_counter()
        try:
            for attempt in range(attempts):
                try:
                    started = time.perf_counter() if self.on_query is not None else 0.0
                    async with (
                        self._session(read=read) as session,
                        self._bookmark_wait() as waited,
                    ):
                        result = await session.run(_named(query, name), quiet(params))
                        waited.reached()
                        rows = [convert(record) for record in await result.fetch(2**31 - 1)]
                    if self.on_query is not None:
                        self.on_query(name, time.perf_counter() - started, len(rows))
                    return rows
                except GraphUnavailable as exc:
                    # A bookmark not reached is not tried again: each try would wait as long.
                    last = attempt == attempts - 1 or isinstance(exc, BookmarkNotReached)
                    if last or not _retryable(exc.__cause__):
                        raise
                    log.info("%s tried again (attempt %d): %s", name, attempt + 2, exc)
                    await asyncio.sleep(backoff * 2**attempt * random.uniform(0.8, 1.2))
            raise AssertionError("unreachable")
        finally:
            if hook is not None:
                hook("write", time.perf_counter() - began)

    async def read_collected(self, name: str, **params: Any) -> list[Row]:
        """A read query that returns its rows as one list, ``RETURN collect({...}) AS rows``:
        the driver costs ~0.1 ms a record, so a hundred records cost more than most
        queries do; one record holding a hundred maps costs a tenth of that."""
        return _collected(await self.read_rows(name, **params))

    async def write_rows(self, name: str, **params: Any) -> list[Row]:
        """One write query as an auto-commit transaction: Neo4j commits as soon as the
        statement's last row is out, not when this process's COMMIT arrives. A managed
        transaction holds its locks for that round trip and for however long the event
        loop takes to send COMMIT: under 32 mixed clients on two cores, SHOW TRANSACTIONS
        sampled every 20 ms found memory/store blocked in 3 of 4 samples, and recall's
        reinforcement likewise, nearly always behind a transaction whose statement had
        finished and whose COMMIT had not arrived (docs/benchmarks.md, the mixed load).
        What it wrote is committed when it returns, as before; retried on a transient
        failure (a deadlock's victim), as execute_write would."""
        return await self._auto(name, params, _row, read=False)

    async def run_raw(self, statement: str, **params: Any) -> list[Row]:
        """Run a statement that is not a registered query (schema migrations only)."""
        async with self._session() as session, self._bookmark_wait() as waited:
            result = await session.run(statement, quiet(params))
            waited.reached()
            return [_row(r) for r in await result.fetch(2**31 - 1)]

    def _bookmark_wait(self) -> AbstractAsyncContextManager[bookmarks.Wait]:
        """Bound the wait for the request's bookmarks (graph/bookmarks.py: ``waiting``)."""
        bound = self.settings.neo4j_bookmark_wait_s
        return bookmarks.waiting(self._driver, self.database, bound)

    @asynccontextmanager
    async def _session(self, *, read: bool = False) -> AsyncIterator[neo4j.AsyncSession]:
        mode = neo4j.READ_ACCESS if read else neo4j.WRITE_ACCESS
        # The request's bookmarks, if one is being served (graph/bookmarks.py).
        manager = bookmarks.current()
        try:
            async with self._driver.session(
                database=self.database, default_access_mode=mode, bookmark_manager=manager
            ) as session:
                yield session
        # What Neo4j and the driver said goes to the log, not to a caller: a deadlock's
        # message names internal node ids and locks.
        except (ServiceUnavailable, SessionExpired, AuthError) as exc:
            log.warning("Neo4j is unavailable: %s", exc)
            raise GraphUnavailable("Neo4j is unavailable; try again shortly") from exc
        except TransientError as exc:
            if exc.code and "Transaction.BookmarkTimeout" in exc.code:
                log.info("Neo4j did not reach the request's bookmarks: %s", exc.message)
                raise bookmarks.not_reached(None) from exc
            log.info("Neo4j is busy: %s", exc)
            raise GraphUnavailable("Neo4j is busy, try again") from exc
        except ClientError as exc:
            if exc.code and "Schema.ConstraintValidationFailed" in exc.code:
                # Neo4j's own message names the constraint, the value and an internal
                # node id; a caller learns only that the write clashed (issue 34).
                log.info("a write broke a uniqueness constraint: %s", exc.message)
                raise Conflict(
                    "the write clashes with something already stored; nothing was written"
                ) from exc
            if exc.code and "Transaction.InvalidBookmark" in exc.code:
                log.info("Neo4j refused a bookmark: %s", exc.message)
                raise bookmarks.refused() from exc
            raise
        except DriverError as exc:
            log.warning("Neo4j driver error: %s", exc)
            raise GraphUnavailable("Neo4j is unavailable; try again shortly") from exc
        except OSError as exc:
            log.warning("Neo4j is unreachable: %s", exc)
            raise GraphUnavailable("Neo4j is unreachable; try again shortly") from exc


def _named(query: str, name: str) -> neo4j.Query:
    """The query with its registry name as the transaction's metadata."""
    return neo4j.Query(query, metadata={TX_NAME: name})


def _work_name(work: Callable[..., Any]) -> str:
    """A managed transaction's name: the function that does its work."""
    module = str(getattr(work, "__module__", "") or "").removeprefix("hebbs_graph.")
    return f"{module}.{getattr(work, '__qualname__', type(work).__name__)}"


def _retryable(cause: BaseException | None) -> bool:
    """A failure worth one more try: a transient error or a dropped connection."""
    if isinstance(cause, TransientError):
        return cause.is_retryable()
    return isinstance(cause, (ServiceUnavailable, SessionExpired))


_SCALARS = (str, int, float, bool, type(None))


def _collected(rows: list[Row]) -> list[Row]:
    return list(rows[0]["rows"]) if rows else []


def _row(record: neo4j.Record) -> Row:
    """A record as a plain dict. Not ``record.data()``: it walks every number of a
    vector through typing checks (~1 µs each), which made reading vectors 5x slower."""
    return {key: _plain(value) for key, value in zip(record.keys(), record.values(), strict=True)}


def _plain(value: Any) -> Any:
    """Turn driver values (neo4j.time types, nodes, relationships, paths) into plain
    Python values, in the shapes ``Record.data()`` gives."""
    if isinstance(value, _SCALARS):
        return value
    # Scalars are tested inline, not by a call each: a recall's rows hold ~60,000 values.
    if isinstance(value, list):
        if all(isinstance(v, _SCALARS) for v in value):
            return value
        return [v if isinstance(v, _SCALARS) else _plain(v) for v in value]
    if isinstance(value, dict):
        return {k: v if isinstance(v, _SCALARS) else _plain(v) for k, v in value.items()}
    if isinstance(value, neo4j.graph.Node):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, neo4j.graph.Relationship):
        return (_plain(value.start_node), value.type, _plain(value.end_node))
    if isinstance(value, neo4j.graph.Path):
        path = [_plain(value.start_node)]
        for rel, node in zip(value.relationships, value.nodes[1:], strict=True):
            path += [rel.type, _plain(node)]
        return path
    to_native = getattr(value, "to_native", None)
    if to_native is not None:
        return to_native()
    return value
