"""What the memory-operation tests share: the content hash and a memory's snapshots."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from hebbs_graph.models.memory import Memory

if TYPE_CHECKING:
    from tests.integration.conftest import Kit


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def snapshots(kit: Kit, memory_id: str) -> list[Memory]:
    """The memory's snapshots, one per revision (REVISED_FROM targets)."""
    edges = await kit.services.memory.edges(kit.tenant, memory_id)
    ids = [e.target_id for e in edges if e.edge_type == "REVISED_FROM" and e.source_id == memory_id]
    return [await kit.services.memory.get(kit.tenant, i) for i in ids]
