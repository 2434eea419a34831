"""Turns: at most ``size`` recalls of one process search and rank at once, and the turns
go round the tenants that wait (decision 0035).

A plain semaphore serves waiters in arrival order, so a tenant that sends 100 recalls at
once puts every other tenant's next recall behind all 100. Here each tenant waits in a
line of its own, first come first served inside it, and a freed turn goes to the next
tenant in a round: a tenant with one recall waiting gets a turn as soon as one frees,
whatever another tenant has queued. A new recall takes a free turn at once only when
nobody waits. Made in the event loop that first asks (its futures belong to that loop).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import AsyncIterator


class Turns:
    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0
        # tenant -> its waiters in arrival order; the tenants in the order they are served.
        self._lines: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    @contextlib.asynccontextmanager
    async def turn(self, tenant_id: str) -> AsyncIterator[None]:
        await self._take(tenant_id)
        try:
            yield
        finally:
            self._give_back()

    @property
    def waiting(self) -> int:
        return sum(1 for line in self._lines.values() for f in line if not f.done())

    async def _take(self, tenant_id: str) -> None:
        if self.busy < self.size and not self._lines:  # a turn is freed only to an empty line
            self.busy += 1
            return
        handed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._lines.setdefault(tenant_id, deque()).append(handed)
        try:
            await handed
        except asyncio.CancelledError:
            if handed.done() and not handed.cancelled():
                self._give_back()  # handed a turn and cancelled before taking it: pass it on
            raise

    def _give_back(self) -> None:
        """Hand the turn to the first waiter of the next tenant in the round (that tenant
        goes to the back of the round if it still waits), or free it."""
        while self._lines:
            tenant_id, line = next(iter(self._lines.items()))
            handed = line.popleft()
            if line:
                self._lines.move_to_end(tenant_id)
            else:
                del self._lines[tenant_id]
            if not handed.done():  # a cancelled waiter is skipped
                handed.set_result(None)
                return
        self.busy -= 1
