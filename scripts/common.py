"""What the benchmarks and evaluations share (each puts ``scripts/`` on ``sys.path``
and imports ``common``): deleting a tenant they created, the local-only guard's hosts,
latency percentiles, figures saved under a label."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from hebbs_graph.graph.schema import fulltext_analyzer
from hebbs_graph.services.container import Services

BATCH = 5000
# The only Neo4j hosts a benchmark that writes runs against.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


async def purge_tenant(services: Services, tenant_id: str) -> int:
    """Delete everything ``tenant_id`` owns, in batches; the number of nodes deleted."""
    deleted = 0
    while True:
        rows = await services.store.write_rows("tenant/purge", tenant_id=tenant_id, limit=BATCH)
        batch = int(rows[0]["deleted"]) if rows else 0
        if batch == 0:
            return deleted
        deleted += batch


def pct(seconds: list[float], *, mean: bool = False, extremes: bool = False) -> dict[str, float]:
    """n, p50 / p95 / p99 in milliseconds (rounded to 0.01) of a list of seconds; with
    ``mean`` the mean too, with ``extremes`` the min and max; ``{"n": 0}`` when empty."""
    if not seconds:
        return {"n": 0}
    ms = np.asarray(seconds) * 1000
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    out: dict[str, float] = {
        "n": len(seconds),
        "p50_ms": round(float(p50), 2),
        "p95_ms": round(float(p95), 2),
        "p99_ms": round(float(p99), 2),
    }
    if mean:
        out["mean_ms"] = round(float(ms.mean()), 2)
    if extremes:
        out["min_ms"] = round(float(ms.min()), 2)
        out["max_ms"] = round(float(ms.max()), 2)
    return out


async def database_note(services: Services, prefix: str) -> dict[str, Any]:
    """What else in the database can move an evaluation's text scores, for its JSON:
    ``memories_beside``, the memories of other tenants (not starting with ``prefix``),
    and ``fulltext_analyzer``, memory_content's. With Neo4j's ``english`` analyzer, BM25
    normalises a text's length by the average over the whole index (decision 0006,
    2026-12-05), so figures are comparable only with the same neighbours (deleted ones
    too, until Lucene merges them away: not counted here); ``english-no-length`` gives
    every text length 1, and the neighbours no longer count."""
    rows = await services.store.run_raw(
        "MATCH (m:Memory) WHERE NOT m.tenant_id STARTS WITH $prefix RETURN count(m) AS n",
        prefix=prefix,
    )
    beside = int(rows[0]["n"]) if rows else 0
    analyzer = await fulltext_analyzer(services.store)
    print(
        f"{beside} memories of other tenants beside; fulltext analyzer {analyzer}", file=sys.stderr
    )
    return {"memories_beside": beside, "fulltext_analyzer": analyzer}


def save_figures(out: Path, label: str, figures: dict[str, Any], *, merge: bool = False) -> None:
    """Write ``figures`` under ``label`` in the JSON file ``out``, stamped with the time,
    beside the labels already there (``merge``: into the label's own figures, as runs of
    one label with other options add rows)."""
    saved = json.loads(out.read_text()) if out.exists() else {}
    stamp = {"when": datetime.now(UTC).isoformat(timespec="seconds")}
    saved[label] = (saved.get(label, {}) if merge else {}) | figures | stamp
    out.write_text(json.dumps(saved, indent=2) + "\n")
    print(f"wrote {out}")
