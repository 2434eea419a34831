"""Leases in Neo4j: at most one API worker runs a given background job at a time.

A lease is a ``:Lease {name, holder, expires_at}`` node taken atomically; an expired
lease (its holder died) is free for anyone. Workers hold no state of their own.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from hebbs_graph.errors import Conflict
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.timeutil import utcnow


def new_holder() -> str:
    """Who holds a lease: this host and process, plus a nonce for this service object."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


async def acquire(store: GraphStore, tenant_id: str, name: str, holder: str, ttl_s: float) -> bool:
    now = utcnow()
    row = await store.write_rows(
        "reflect/lease_acquire",
        tenant_id=tenant_id,
        lease=name,
        holder=holder,
        now=now,
        expires_at=now + timedelta(seconds=ttl_s),
    )
    return bool(row and row[0]["acquired"])


async def release(store: GraphStore, tenant_id: str, name: str, holder: str) -> None:
    await store.write_rows("reflect/lease_release", tenant_id=tenant_id, lease=name, holder=holder)


@asynccontextmanager
async def held(
    store: GraphStore, tenant_id: str, name: str, holder: str, ttl_s: float
) -> AsyncIterator[None]:
    """Run the body under the lease; Conflict if someone else holds it."""
    if not await acquire(store, tenant_id, name, holder, ttl_s):
        raise Conflict(
            f"{name} is already running on another worker; try again later",
            details={"lease": name},
        )
    try:
        yield
    finally:
        await release(store, tenant_id, name, holder)
