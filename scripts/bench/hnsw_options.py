"""The vector index's HNSW options against what they cost: rebuild it, time its writes.

    HEBBS_NEO4J_URI=bolt://127.0.0.1:7689 PYTHONPATH=.:scripts HF_HUB_OFFLINE=1 \\
        .venv/bin/python scripts/bench/hnsw_options.py --m 16 --ef-construction 100
    # then the exact shares and latencies on what the index now holds:
    ... scripts/bench/shared_index.py --sizes 1000000 --resume bench-shared- --remeasure \\
        --no-timeline --keep --out <file>

For a scratch Neo4j that holds a ``shared_index.py`` build (docs/decisions/0036): drops
``memory_embedding`` and builds it again from the store with ``--m`` links a node and
``--ef-construction`` candidates while inserting (the filter properties and the rest of
the options as the schema has them), printing the seconds until it is online (skipped
with ``--keep-index``); then times ``--writes`` one-memory write transactions into it
(a random unit vector each, in a scratch tenant deleted afterwards), twice, and prints
p50 / p95 of each round after its first 20. 127.0.0.1 only: it drops the index.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

import neo4j
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import LOCAL_HOSTS

from hebbs_graph.graph.schema import VECTOR_INDEX
from hebbs_graph.settings import Settings

CREATE = """CYPHER 25
CREATE VECTOR INDEX {name} IF NOT EXISTS
FOR (m:Memory) ON m.embedding WITH [m.tenant_id, m.entity_id, m.hidden]
OPTIONS {{indexConfig: {{`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine',
  `vector.quantization.enabled`: false, `vector.hnsw.m`: $m,
  `vector.hnsw.ef_construction`: $ef}}}}"""
STATE = "SHOW INDEXES YIELD name, state, options WHERE name = $name RETURN state, options"
WRITE = (
    "CREATE (:Memory {id: $id, tenant_id: $tenant, entity_id: 'e', hidden: false, "
    "embedding: $vector, occurred_at: datetime()})"
)


def rebuild(driver: neo4j.Driver, m: int, ef: int) -> float:
    with driver.session() as s:
        row = s.run(STATE, name=VECTOR_INDEX).single()
        if row is None:
            raise SystemExit(f"no index {VECTOR_INDEX}: open the service on this database first")
        dimension = row["options"]["indexConfig"]["vector.dimensions"]
        s.run(f"DROP INDEX {VECTOR_INDEX} IF EXISTS").consume()
        started = time.monotonic()
        s.run(CREATE.format(name=VECTOR_INDEX), dimension=dimension, m=m, ef=ef).consume()
        while True:
            state = s.run(STATE, name=VECTOR_INDEX).single()
            if state is not None and state["state"] == "ONLINE":
                break
            time.sleep(5)
        print(f"built from the store in {time.monotonic() - started:.0f} s: {state['options']}")
        return time.monotonic() - started


def _write(tx: neo4j.ManagedTransaction, tenant: str, vector: list[float]) -> None:
    tx.run(WRITE, id=str(uuid.uuid4()), tenant=tenant, vector=vector).consume()


def writes(driver: neo4j.Driver, n: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    tenant = f"bench-hnsw-writes-{uuid.uuid4().hex[:6]}"
    took: list[float] = []
    with driver.session() as s:
        try:
            for _ in range(n):
                v = rng.normal(size=384)
                vector = (v / np.linalg.norm(v)).tolist()
                t = time.perf_counter()
                s.execute_write(_write, tenant, vector)
                took.append((time.perf_counter() - t) * 1e3)
        finally:
            s.run("MATCH (m:Memory {tenant_id: $t}) DETACH DELETE m", t=tenant).consume()
    return took[20:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--m", type=int, default=32)
    parser.add_argument("--ef-construction", type=int, default=200)
    parser.add_argument("--keep-index", action="store_true", help="time the writes only")
    parser.add_argument("--writes", type=int, default=400)
    args = parser.parse_args()
    settings = Settings()
    if urlparse(settings.effective_neo4j_uri).hostname not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to run against {settings.effective_neo4j_uri}: 127.0.0.1 only")
    auth = (settings.neo4j_user, settings.neo4j_password)
    with neo4j.GraphDatabase.driver(settings.effective_neo4j_uri, auth=auth) as driver:
        if not args.keep_index:
            rebuild(driver, args.m, args.ef_construction)
        for round_ in (1, 2):
            took = writes(driver, args.writes, round_)
            p95 = statistics.quantiles(took, n=20)[18]
            print(f"write round {round_}: p50 {statistics.median(took):.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
