"""The bookmarks one request reads after, and the ones its transactions produce.

A request that sent bookmarks (the API reads them from a header) runs inside
``collecting(sent)``: every session the store opens meanwhile, in this task or in tasks
it starts, gets the request's ``RequestBookmarks`` as its bookmark manager, so Neo4j
serves it only once the member answering has applied those transactions, and each
transaction's bookmark replaces the ones it followed. What the manager holds at the end
is what the answer names. Without a request (the CLI, background loops) sessions get no
bookmarks, as before.

Work started during a request but finished after it (a deferred contradiction check,
reinforcement) is not in the request's bookmarks: once the request has ended its
manager is closed, and hands no bookmarks to, and takes none from, the tasks that
inherited it. Work done for several requests at once (a group of single remembers)
runs in a ``collecting`` of its own and is ``absorb``-ed into each request.

``waiting`` bounds how long a session waits for them (Neo4j's own wait is 30 s or more),
and tells a bookmark Neo4j cannot read (a 400 naming the header) from a failure of the
query itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Collection, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar

import neo4j
from neo4j.api import AsyncBookmarkManager
from neo4j.exceptions import ClientError, DatabaseError

from hebbs_graph.errors import BookmarkNotReached, InvalidInput

log = logging.getLogger(__name__)

# The header the API carries them in (models/bookmarks.py), named in refusals.
HEADER = "Hebbs-Bookmarks"

_current: ContextVar[RequestBookmarks | None] = ContextVar("hebbs_bookmarks", default=None)


class RequestBookmarks(AsyncBookmarkManager):
    """One request's bookmarks: those it sent, replaced by the ones its transactions
    produce as they commit (the driver's own rule for a bookmark manager)."""

    def __init__(self, sent: Iterable[str] = ()) -> None:
        self.sent = frozenset(sent)
        self._held = set(self.sent)
        self.changed = False  # a transaction committed (its bookmark is held)
        self.open = True

    def values(self) -> frozenset[str]:
        return frozenset(self._held)

    @property
    def waits(self) -> bool:
        """A session opened now waits for bookmarks."""
        return self.open and bool(self._held)

    async def get_bookmarks(self) -> Collection[str]:
        return set(self._held) if self.open else set()

    async def update_bookmarks(
        self, previous_bookmarks: Collection[str], new_bookmarks: Collection[str]
    ) -> None:
        if self.open and new_bookmarks:
            self._held.difference_update(previous_bookmarks)
            self._held.update(new_bookmarks)
            self.changed = True

    def absorb(self, other: RequestBookmarks) -> None:
        """Take what ``other`` produced for this request too: its transactions followed
        every bookmark it was given, so those it replaced are replaced here."""
        if self.open and other.changed:
            self._held.difference_update(other.sent)
            self._held.update(other.values())
            self.changed = True

    def close(self) -> None:
        self.open = False


def current() -> RequestBookmarks | None:
    """The bookmarks of the request being served here, or None."""
    held = _current.get()
    return held if held is not None and held.open else None


@contextmanager
def collecting(sent: Iterable[str] = ()) -> Iterator[RequestBookmarks]:
    """Run the block (and the tasks it starts) with these bookmarks; closed after it."""
    held = RequestBookmarks(sent)
    token = _current.set(held)
    try:
        yield held
    finally:
        _current.reset(token)
        held.close()


class Wait:
    """A session's wait for its bookmarks; the session calls ``reached()`` once its
    transaction has begun (the query's own run is not bounded)."""

    __slots__ = ("_deadline", "begun")

    def __init__(self, deadline: asyncio.Timeout | None) -> None:
        self._deadline = deadline
        self.begun = False

    def reached(self) -> None:
        self.begun = True
        if self._deadline is not None:
            self._deadline.reschedule(None)


@asynccontextmanager
async def waiting(driver: neo4j.AsyncDriver, database: str, bound: float) -> AsyncIterator[Wait]:
    """Around one session's work: if the request's bookmarks are not reached within
    ``bound`` seconds, BookmarkNotReached (503). A failure before the transaction began
    that Neo4j gives no name to (a bookmark it could not parse can surface as a
    DatabaseError) is checked: if a bare transaction with the same bookmarks fails too,
    the bookmarks are at fault and the answer is a 400 naming the header."""
    held = current()
    if held is None or not held.waits:
        yield Wait(None)
        return
    given = held.values()
    wait = Wait(None)
    try:
        async with asyncio.timeout(bound) as deadline:
            wait = Wait(deadline)
            yield wait
    except TimeoutError as exc:
        if not deadline.expired():
            raise
        log.info("the request's bookmarks were not reached within %.1f s", bound)
        raise not_reached(bound) from exc
    except (ClientError, DatabaseError) as exc:
        if wait.begun or "Transaction.InvalidBookmark" in (exc.code or ""):
            raise  # the query's own failure; a bookmark Neo4j names is mapped by the store
        if await _refuses(driver, database, given, bound):
            log.info("Neo4j failed on the request's bookmarks: %s", exc.message)
            raise refused() from exc
        raise


async def _refuses(
    driver: neo4j.AsyncDriver, database: str, given: Collection[str], bound: float
) -> bool:
    """Whether Neo4j fails to begin a bare transaction with these bookmarks."""
    try:
        async with (
            asyncio.timeout(bound),
            driver.session(
                database=database,
                bookmarks=neo4j.Bookmarks.from_raw_values(given),
                default_access_mode=neo4j.READ_ACCESS,
            ) as session,
        ):
            transaction = await session.begin_transaction()
            await transaction.rollback()
    except (ClientError, DatabaseError):
        return True
    except Exception:  # unreachable, busy, out of time: no verdict on the bookmarks
        return False
    return False


def refused() -> InvalidInput:
    return InvalidInput(
        f"the {HEADER} header holds a bookmark Neo4j cannot read",
        details={"field": HEADER},
    )


def not_reached(bound: float | None) -> BookmarkNotReached:
    within = f" within {bound:g} s" if bound is not None else ""
    return BookmarkNotReached(
        f"Neo4j has not yet applied the writes the {HEADER} header names{within}; "
        "try again shortly",
        details={"field": HEADER},
    )
