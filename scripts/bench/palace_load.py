"""How long the Memory Palace waits for its data, and for its drawing, at 2,000 memories.

    HF_HUB_OFFLINE=1 PYTHONPATH=.:scripts/bench .venv/bin/python \\
        scripts/bench/palace_load.py --out docs/bench/palace_load.json [--browser]

One tenant (``bench-palace-<UTC timestamp>``) gets one entity of ``--memories`` (2,000)
memories from the synthetic corpus (scripts/bench/corpus.py), stored through the batch
path without contradiction detection, with a few revisions and causal links so the view
holds snapshots and edges besides the timeline. The real app is served on a loopback
port (uvicorn) and timed over HTTP as the page calls it: ``GET /v1/entities`` and
``GET /v1/graph?entity_id=…&depth=1&limit=500`` (what /palace asks for; the endpoint
returns at most 500 memories), plus depth 0 and 2, ``--repeat`` times each, after one
warm-up call; p50/p95 in ms and the body size. ``--browser`` also opens /palace in
headless Chromium (Debian's, as the e2e tests) and times from navigation until the page
has drawn the entity, and from a click on "older" until the 500 before are drawn, a
quarter of ``--repeat`` times each. The tenant is deleted at the end unless
``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from corpus import Corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from common import purge_tenant

from hebbs_graph.api.app import create_app
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.memory import EdgeIn, MemoryIn, ReviseIn
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.settings import Settings

ENTITY = "acme_corp"
CHUNK = 500
REVISED = 20  # memories revised once each
LINKED = 20  # CAUSED_BY links


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


async def store(services: Services, tenant: str, n: int) -> list[str]:
    corpus = Corpus(seed=11, n_entities=1, anchor=datetime.now(UTC), days=60.0, no_entity_share=0.0)
    memories = [MemoryIn(**{**i.as_memory_in(), "entity_id": ENTITY}) for i in corpus.items(0, n)]
    plain = MemoryService(
        services.store, services.embedder, services.settings.memory
    )  # no listeners
    ids: list[str] = []
    for start in range(0, n, CHUNK):
        ids += await plain.remember_batch(tenant, memories[start : start + CHUNK])
        log(f"stored {len(ids)}/{n}")
    step = max(1, n // (REVISED + 1))
    for k in range(1, REVISED + 1):
        memory = await plain.get(tenant, ids[k * step])
        await plain.revise(tenant, memory.id, ReviseIn(content=memory.content + " (confirmed)"))
    for k in range(1, LINKED + 1):
        effect, cause = ids[k * step + 1], ids[k * step - 5]
        await plain.link(tenant, effect, EdgeIn(target_id=cause, edge_type=EdgeType.CAUSED_BY))
    return ids


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def summary(times_ms: list[float]) -> dict[str, float]:
    ordered = sorted(times_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50_ms": round(statistics.median(ordered), 1), "p95_ms": round(p95, 1)}


async def time_calls(url: str, key: str, repeat: int) -> dict[str, Any]:
    calls = {
        "entities": "/v1/entities?limit=1000",
        "graph_depth0": f"/v1/graph?entity_id={ENTITY}&depth=0&limit=500",
        "graph_depth1": f"/v1/graph?entity_id={ENTITY}&depth=1&limit=500",
        "graph_depth2": f"/v1/graph?entity_id={ENTITY}&depth=2&limit=500",
    }
    out: dict[str, Any] = {}
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120) as http:
        for name, path in calls.items():
            (await http.get(path)).raise_for_status()  # warm-up
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                response = await http.get(path)
                times.append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
            body = response.json()
            row: dict[str, Any] = {**summary(times), "bytes": len(response.content)}
            if "nodes" in body:
                kinds: dict[str, int] = {}
                for node in body["nodes"]:
                    kinds[node["kind"]] = kinds.get(node["kind"], 0) + 1
                row.update(nodes=len(body["nodes"]), edges=len(body["edges"]), kinds=kinds)
            out[name] = row
            log(f"{name}: {row}")
    return out


DRAWN = """() => ({nodes: window.palace.cy.nodes().length,
                   runs: window.palace.cy.nodes('.run').length,
                   held: window.palace.state.nodes.size,
                   status: document.getElementById('status').textContent})"""


async def time_browser(url: str, key: str, repeat: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    chromium = os.environ.get("HEBBS_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("no chromium: apt-get install chromium or set HEBBS_CHROMIUM")
    driver = await async_playwright().start()
    browser = await driver.chromium.launch(
        executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"]
    )
    times = []
    drawn: dict[str, Any] = {}
    drawn_older: dict[str, Any] = {}
    try:
        context = await browser.new_context(viewport={"width": 1440, "height": 900})
        page = await context.new_page()
        await page.goto(f"{url}/palace")
        await page.fill("#key-input", key)
        await page.click("#key-submit")
        await page.wait_for_selector("body[data-state=ready]", timeout=120_000)
        for _ in range(repeat):
            started = time.perf_counter()
            await page.reload()
            await page.wait_for_selector("body[data-state=ready]", timeout=120_000)
            times.append((time.perf_counter() - started) * 1000)
        drawn = await page.evaluate(DRAWN)
        older = []
        for _ in range(repeat):  # the page before the newest, and back
            started = time.perf_counter()
            await page.click("#older")
            await page.wait_for_selector("body[data-page='1'][data-state=ready]", timeout=120_000)
            older.append((time.perf_counter() - started) * 1000)
            drawn_older = await page.evaluate(DRAWN)
            await page.click("#newer")
            await page.wait_for_selector("body[data-page='0'][data-state=ready]", timeout=120_000)
        await context.close()
    finally:
        await browser.close()
        await driver.stop()
    log(f"browser: {drawn}")
    return {**summary(times), **drawn, "older_page": {**summary(older), **drawn_older}}


async def main(args: argparse.Namespace) -> dict[str, Any]:
    tenant = f"bench-palace-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    key = f"bench-{uuid.uuid4().hex}"
    port = free_port()
    settings = Settings().model_copy(
        update={"api_keys": {key: tenant}, "port": port, "contradiction_check_sweep_s": 86_400.0}
    )
    services = await open_services(settings)
    load_start = load_average()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(services=services),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="on",
        )
    )
    serving = asyncio.create_task(server.serve())
    result: dict[str, Any] = {"memories": args.memories, "load_average_start": load_start}
    try:
        started = time.perf_counter()
        await store(services, tenant, args.memories)
        log(f"stored in {time.perf_counter() - started:.0f} s")
        while not server.started:  # noqa: ASYNC110 (uvicorn offers a flag, no event)
            await asyncio.sleep(0.05)
        url = f"http://127.0.0.1:{port}"
        result["rest"] = await time_calls(url, key, args.repeat)
        if args.browser:
            result["browser_load"] = await time_browser(url, key, max(3, args.repeat // 4))
    finally:
        server.should_exit = True
        await serving
        if not args.keep:
            await purge_tenant(services, tenant)
        await services.close()
    result["load_average_end"] = load_average()
    return result


def table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['memories']} memories of one entity "
        f"(load {result['load_average_start']} → {result['load_average_end']})",
        f"{'':16}{'p50 ms':>9}{'p95 ms':>9}{'bytes':>11}{'nodes':>7}{'edges':>7}",
    ]
    for name, row in result["rest"].items():
        nodes = row.get("nodes", "")
        edges = row.get("edges", "")
        lines.append(
            f"{name:16}{row['p50_ms']:>9}{row['p95_ms']:>9}{row['bytes']:>11,}{nodes:>7}{edges:>7}"
        )
    if "browser_load" in result:
        b = result["browser_load"]
        lines.append(
            f"{'/palace drawn':16}{b['p50_ms']:>9}{b['p95_ms']:>9}{'':>11}{b['nodes']:>7}"
            f"   ({b['runs']} runs folded, {b['held']} memories held)"
        )
        o = b["older_page"]
        lines.append(
            f"{'/palace older':16}{o['p50_ms']:>9}{o['p95_ms']:>9}{'':>11}{o['nodes']:>7}"
            f"   ({o['runs']} runs folded, {o['held']} memories held)"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--browser", action="store_true", help="time /palace in Chromium too")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--keep", action="store_true", help="keep the tenant")
    options = parser.parse_args()
    outcome = asyncio.run(main(options))
    print(table(outcome))
    if options.out:
        options.out.write_text(json.dumps(outcome, indent=2) + "\n")
