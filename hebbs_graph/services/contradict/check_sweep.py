"""One round of a sweep's claims: every tenant with waiting checks gets its turn.

Oldest-first across tenants put every later check of tenant B behind an import of
100,000 memories in tenant A, and B's review waited out its bound until A's backlog
drained. A round now reads which tenants have waiting checks (from the
``(tenant_id, check_due)`` index alone) and claims each one's oldest, an equal share of
the round's limit each (all of it when one tenant waits, as before), and runs the
smallest claims first.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.services.contradict.check_claims import HANDOFF
from hebbs_graph.timeutil import as_utc

Claimed = list[tuple[str, dict[str, datetime]]]


async def claim_round(
    store: GraphStore, *, now: datetime, until: datetime, holder: str, limit: int
) -> tuple[Claimed, bool]:
    """The checks claimed, by tenant, and whether more may wait (a tenant filled its
    share). More tenants than ``limit``: a random ``limit`` of them this round."""
    rows = await store.read_values("contradict/check_tenants_waiting")
    tenants = [str(r["tenant_id"]) for r in rows]
    if not tenants:
        return [], False
    if len(tenants) > limit:
        tenants = random.sample(tenants, limit)
    share = max(1, limit // len(tenants))
    rows = await store.write_rows(
        "contradict/check_claim_due",
        now=now,
        until=until,
        holder=holder,
        handoff=HANDOFF,
        tenants=tenants,
        share=share,
    )
    seen: Counter[str] = Counter()
    by_tenant: dict[str, dict[str, datetime]] = {}
    for r in rows:
        seen[r["tenant_id"]] += 1
        if r["claimed"]:
            by_tenant.setdefault(r["tenant_id"], {})[r["id"]] = as_utc(r["due"])
    # The fewest first: a tenant's single write does not wait for another's share.
    claimed = sorted(by_tenant.items(), key=lambda item: len(item[1]))
    return claimed, any(n >= share for n in seen.values())
