"""The write path through the REST API: batch ingest against raw embedding of the same
texts, single remember latency by store size, and how long a contradiction takes to
appear after the answer.

    PYTHONPATH=.:scripts/bench:scripts/eval HF_HUB_OFFLINE=1 .venv/bin/python \\
        scripts/bench/write_path.py --sizes 1000,10000,100000 --out docs/bench/write_path.json

One API process (``hebbs-graph serve``, one worker, the real model, contradiction
detection on and after the answer, as by default) on 127.0.0.1 against the local Neo4j.
This process loads the same embedder for the raw figure and uses it alternately with
the API's requests, never at the same time.

1. **Ingest**, per corpus: ``templated`` (the agent memories of ``corpus.py``, short,
   many entities) and ``locomo`` (LoCoMo's 5,882 turns as ``speaker: text``, an entity
   a conversation; ../shared/data/locomo10.json). Batches of ``--batch``: all of them
   first embedded here (raw) while the API is idle, then POSTed back to back to
   ``/v1/memories/batch``. Ingest rate: texts over the POSTs' time; *drained* also
   counts the wait, after the last answer, until no contradiction check of the tenant
   is left (``checks_pending`` 0). Each rate is also given as a share of the raw
   embedding rate.
2. **By size** (the templated tenant, grown by batches): ``--singles`` remembers of fresh
   texts one at a time (p50 / p95), back to back and each after the previous one's
   contradiction check has run; then ``--probes`` pairs in an entity of their own,
   "The budget of <name> is $5,000." and "... $2,000.": from the second's answer until
   ``/v1/contradictions/prepare`` of that entity lists the pair, polled every 10 ms.
3. **The floor** of a single remember (issue 32, item 3), after each size's singles: on
   fresh texts of the same kind, one text embedded here alone, a bare write transaction
   creating a ``:Memory`` node (so the same indexes are updated at commit) in a scratch
   tenant, and an HTTP round trip to the API; the sum of their p50s is the floor, and
   ``remember_over_floor`` the singles' p50 divided by it.

Tenants are purged at the end unless ``--keep``. ``--reuse TENANT --sizes N`` measures
only the singles and probes on a templated tenant kept earlier (holding N memories).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
import httpx
from common import pct, purge_tenant
from corpus import Corpus
from neo4j import AsyncGraphDatabase
from serving import api_server

from hebbs_graph.embedding import Embedder
from hebbs_graph.services.container import load_embedder, open_services
from hebbs_graph.settings import Settings

STARTED = time.perf_counter()
POLL_S = 0.01
DRAIN_POLL_S = 0.25
LOCOMO = Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo10.json"


def log(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:7.1f}s] {message}", file=sys.stderr, flush=True)


def templated(start: int, stop: int) -> list[dict[str, Any]]:
    items = Corpus().items(start, stop)
    return [{"content": it.content, "entity_id": it.entity_id} for it in items]


def locomo_turns(path: Path) -> list[dict[str, Any]]:
    from locomo_data import load  # scripts/eval

    return [
        {"content": t.content(), "entity_id": c.sample_id, "occurred_at": t.occurred_at.isoformat()}
        for c in load(path)
        for t in c.turns
    ]


def chunks(items: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


class Api:
    def __init__(self, http: httpx.AsyncClient, key: str) -> None:
        self.http, self.headers = http, {"Authorization": f"Bearer {key}"}

    async def post(self, path: str, body: dict[str, Any], ok: int = 200) -> Any:
        r = await self.http.post(path, json=body, headers=self.headers)
        if r.status_code != ok:
            raise RuntimeError(f"{path}: {r.status_code} {r.text[:300]}")
        return r.json()

    async def batch(self, items: list[dict[str, Any]]) -> list[str]:
        answer = await self.post("/v1/memories/batch", {"memories": items}, ok=201)
        out: list[str] = answer["memory_ids"]
        return out

    async def prepare(
        self, entity_id: str | None = None, limit: int | None = None
    ) -> dict[str, Any]:
        # No wait for the running checks (and no hurrying them past the writes): what
        # is measured is when the checks run on their own.
        body: dict[str, Any] = {"wait_for_checks_s": 0}
        if entity_id:
            body["entity_id"] = entity_id
        if limit is not None:
            body["limit"] = limit
        out: dict[str, Any] = await self.post("/v1/contradictions/prepare", body)
        return out

    async def drained(self) -> None:
        """Until no contradiction check of the tenant waits (polled: it is the API's).
        A prepare of one pair every DRAIN_POLL_S: a full page every 50 ms, at 15,000
        pending pairs (~90 ms each), kept ~60 % of a Neo4j core busy beside the checks."""
        while (await self.prepare(limit=1))["checks_pending"]:  # noqa: ASYNC110
            await asyncio.sleep(DRAIN_POLL_S)


async def ingest(
    api: Api, embedder: Embedder, items: list[dict[str, Any]], batch: int
) -> dict[str, Any]:
    # Raw first, over every batch, while the API is idle (its checks drained), then the
    # same batches POSTed back to back: timing them alternately let the API's checks of
    # one batch run during the next raw embedding, slowing raw and hiding their cost.
    await api.drained()
    t0 = time.perf_counter()
    for part in chunks(items, batch):
        await embedder.embed([it["content"] for it in part])
    raw_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    for part in chunks(items, batch):
        await api.batch(part)
    post_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    await api.drained()
    wait_s = time.perf_counter() - t0
    n = len(items)
    raw, answered, drained = n / raw_s, n / post_s, n / (post_s + wait_s)
    return {
        "texts": n,
        "raw_embedding_per_s": round(raw, 1),
        "ingest_per_s": round(answered, 1),
        "ingest_drained_per_s": round(drained, 1),
        "share_of_raw": round(answered / raw, 3),
        "share_of_raw_drained": round(drained / raw, 3),
        "checks_wait_s": round(wait_s, 2),
    }


async def singles(api: Api, n: int, offset: int) -> dict[str, Any]:
    """Fresh texts (numbered: the templated corpus repeats itself, and a repeat would
    only reinforce), one at a time: back to back, as an agent writing in a burst does
    (each check runs beside the next remember), then each after the last one's check."""
    items = templated(offset, offset + 2 * n + 6)
    run = uuid.uuid4().hex[:8]  # fresh on a reused tenant too
    for i, item in enumerate(items):
        item["content"] = f"{item['content']} (note {offset + i}, {run})"
    burst: list[float] = []
    spaced: list[float] = []
    for i, item in enumerate(items):
        t0 = time.perf_counter()
        await api.post("/v1/memories", item, ok=201)
        (burst if i < n + 3 else spaced).append(time.perf_counter() - t0)
        if i >= n + 3:
            await api.drained()
    await api.drained()
    # the first three of each warm the path up
    return {"back_to_back": pct(burst[3:]), "after_its_check": pct(spaced[3:])}


BARE_WRITE = """
CREATE (m:Memory {id: $id, tenant_id: $tenant, entity_id: $entity, kind: 'episode',
                  content: $content, embedding: $embedding, hidden: 0, importance: 0.5,
                  created_at: datetime(), occurred_at: datetime(), updated_at: datetime()})
"""


async def floor(
    http: httpx.AsyncClient, embedder: Embedder, settings: Settings, n: int, offset: int
) -> dict[str, Any]:
    """What a single remember cannot go below, each part alone on fresh texts of the same
    kind: embedding the text here (one call of one text), a bare write transaction that
    creates the node with the same label, so the same indexes (vector, fulltext, range)
    are updated at commit, in a scratch tenant removed after, and an HTTP round trip to
    the API (GET /v1/health/live, the same client). Their p50s add up to the floor."""
    texts = [
        f"{item['content']} (floor {offset + i}, {uuid.uuid4().hex[:8]})"
        for i, item in enumerate(templated(offset, offset + n + 3))
    ]
    embed_s, write_s, http_s = [], [], []
    tenant = f"floor-{uuid.uuid4().hex[:10]}"
    driver = AsyncGraphDatabase.driver(
        settings.effective_neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
    )
    try:
        for text in texts:
            t0 = time.perf_counter()
            (vector,) = await embedder.embed([text])
            embed_s.append(time.perf_counter() - t0)

            async def create(tx: Any, text: str = text, vector: list[float] = vector) -> None:
                params = {"id": uuid.uuid4().hex, "tenant": tenant, "entity": "floor"}
                await tx.run(BARE_WRITE, content=text, embedding=vector, **params)

            async with driver.session(database=settings.neo4j_database) as session:
                t0 = time.perf_counter()
                await session.execute_write(create)
                write_s.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await http.get("/v1/health/live")
            http_s.append(time.perf_counter() - t0)
        async with driver.session(database=settings.neo4j_database) as session:
            await session.run("MATCH (m:Memory {tenant_id: $t}) DETACH DELETE m", t=tenant)
    finally:
        await driver.close()
    parts = {"embed": pct(embed_s[3:]), "bare_write": pct(write_s[3:]), "http": pct(http_s[3:])}
    total = sum(p["p50_ms"] for p in parts.values())
    return {**parts, "floor_p50_ms": round(total, 2)}


async def probes(api: Api, n: int) -> dict[str, Any]:
    delays, missed = [], 0
    for _ in range(n):
        name = f"Probe{uuid.uuid4().hex[:10]}"
        entity = f"probe-{name.lower()}"
        await api.post(
            "/v1/memories",
            {"content": f"The budget of {name} is $5,000.", "entity_id": entity},
            ok=201,
        )
        await api.drained()
        await api.post(
            "/v1/memories",
            {"content": f"The budget of {name} is $2,000.", "entity_id": entity},
            ok=201,
        )
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 10:
            if (await api.prepare(entity))["total"]:
                delays.append(time.perf_counter() - t0)
                break
            await asyncio.sleep(POLL_S)
        else:
            missed += 1
    return {**pct(delays, extremes=True), "never_raised": missed}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    embedder = await asyncio.to_thread(load_embedder, settings)
    await embedder.embed(["warm-up"] * 32)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    tenants = {f"key-{c}": f"write-{stamp}-{c}" for c in ("templated", "locomo")}
    if args.reuse:  # a templated tenant kept by an earlier run: measure it as it is
        tenants = {"key-templated": args.reuse}
        args.corpora, args.keep = set(), True
    report: dict[str, Any] = {"tenants": tenants, "batch": args.batch, "ingest": {}, "sizes": []}
    try:
        with api_server(tenants, args.port):
            async with httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{args.port}", timeout=600
            ) as http:
                main = Api(http, "key-templated")
                if "locomo" in args.corpora:
                    log("ingest: locomo")
                    turns = locomo_turns(args.locomo)
                    report["ingest"]["locomo"] = await ingest(
                        Api(http, "key-locomo"), embedder, turns, args.batch
                    )
                have = 0
                for size in args.sizes:
                    grown = None
                    if "templated" in args.corpora:
                        log(f"templated: {have} -> {size}")
                        grown = await ingest(main, embedder, templated(have, size), args.batch)
                        if have == 0:
                            report["ingest"]["templated"] = grown
                    have = size
                    remember = await singles(main, args.singles, 10_000_000 + size)
                    bound = await floor(http, embedder, settings, args.singles, 20_000_000 + size)
                    cell = {
                        "memories": size,
                        "ingest_growing_to_here": grown,
                        "remember": remember,
                        "floor": bound,
                        "remember_over_floor": {
                            when: round(remember[when]["p50_ms"] / bound["floor_p50_ms"], 2)
                            for when in ("back_to_back", "after_its_check")
                        },
                    }
                    cell["pair_delay"] = await probes(main, args.probes)
                    report["sizes"].append(cell)
                    log(json.dumps(cell))
    finally:
        if not args.keep:
            services = await open_services(settings, embedder=embedder)
            for tenant in tenants.values():
                await purge_tenant(services, tenant)
            await services.close()
    report["machine"] = {"platform": platform.platform(), "python": platform.python_version()}
    report["seconds"] = round(time.perf_counter() - STARTED, 1)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--corpora", default="templated,locomo")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--singles", type=int, default=100)
    parser.add_argument("--probes", type=int, default=20)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument(
        "--reuse",
        metavar="TENANT",
        help="a templated tenant kept by an earlier run (--keep): no ingest, --sizes names "
        "the one size it holds; singles and probes are measured on it and it is kept",
    )
    parser.add_argument("--out", type=Path, default=Path("docs/bench/write_path.json"))
    args = parser.parse_args()
    args.sizes = sorted(int(s) for s in args.sizes.split(","))
    args.corpora = set(args.corpora.split(","))
    report = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
