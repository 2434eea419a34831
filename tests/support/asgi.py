"""The app served to an httpx client on pytest's own event loop.

Litestar's AsyncTestClient runs the app on a second loop in a portal thread and blocks
the calling loop for every request. The session's services (and their background
contradiction checker) live on pytest's loop, so a request that waited for a Neo4j lock
held by one of that loop's open transactions could never get it: the loop that would
commit was the one blocked. Here the app runs on the caller's loop, with the session's
services, and its lifespan is entered as a server would.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, cast

import httpx
from litestar import Litestar

BASE_URL = "http://testserver.local"


@asynccontextmanager
async def app_client(app: Litestar, base_url: str = BASE_URL) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client whose requests go straight to ``app``, inside its lifespan.

    The lifespan runs in a task of its own: its task groups (the MCP session manager's)
    must be left by the task that entered them, and a fixture's teardown runs in
    another task than its setup."""
    started, stop = asyncio.Event(), asyncio.Event()

    async def lifespan() -> None:
        async with app.lifespan():
            started.set()
            await stop.wait()

    task = asyncio.create_task(lifespan(), name="app-lifespan")
    waiter = asyncio.create_task(started.wait())
    await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        waiter.cancel()
        task.result()  # a failed start-up raises here
    try:
        asgi = cast(Any, app)  # Litestar's typed ASGI signature is narrower than httpx's
        transport = httpx.ASGITransport(app=asgi, client=("127.0.0.1", 50000))
        async with httpx.AsyncClient(transport=transport, base_url=base_url) as client:
            yield client
    finally:
        stop.set()
        await task
