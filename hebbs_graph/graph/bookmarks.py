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
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from neo4j.api import AsyncBookmarkManager

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
