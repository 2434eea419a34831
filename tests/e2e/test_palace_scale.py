"""The Memory Palace at 200 memories of one entity, in headless Chromium, all written
through the REST API: timeline runs fold into single nodes that open on a click, labels
wait until asked for, a recall hit has a colour no other state uses, a revised memory
shows its earlier version beside it, a forgotten entity is gone, and the same memories
are drawn in the same places on every load."""

from __future__ import annotations

import os
import shutil
from typing import Any

import httpx
from playwright.async_api import Page, expect

from tests.live import LiveApi

from .conftest import ARTIFACTS, at

DOCS_IMAGE = ARTIFACTS.parent / "docs" / "img" / "palace-200.png"
ENTITY = "northwind"
COUNT = 200
TOPICS = [
    "the quarterly order of office chairs",
    "a late delivery to the Leeds warehouse",
    "the invoice format their accounts team wants",
    "a new buyer joining their procurement team",
    "the discount tiers for orders above 500 units",
    "their preference for deliveries before noon",
    "a damaged pallet reported by the night shift",
    "the renewal date of their service contract",
]
FLOOD = 137  # the memory the recall looks for, deep inside a run
REVISED = 60
CAUSE, EFFECT = 90, 91


def content(n: int) -> str:
    if n == FLOOD:
        return "Northwind's Leeds warehouse flooded and stock was moved to Bradford"
    return f"Northwind call {n}: talked about {TOPICS[n % len(TOPICS)]}"


async def seed(http: httpx.AsyncClient) -> dict[str, Any]:
    async def call(method: str, path: str, body: dict[str, Any]) -> Any:
        response = await http.request(method, path, json=body)
        assert response.status_code in (200, 201), response.text
        return response.json()

    rows = [
        {"content": content(n), "entity_id": ENTITY, "occurred_at": at(n).isoformat()}
        for n in range(COUNT)
    ]
    ids: list[str] = (await call("POST", "/v1/memories/batch", {"memories": rows}))["memory_ids"]
    await call(
        "POST",
        f"/v1/memories/{ids[EFFECT]}/edges",
        {"target_id": ids[CAUSE], "edge_type": "CAUSED_BY"},
    )
    session = await call("POST", "/v1/reflect/prepare", {"entity_id": ENTITY})
    insight = {
        "content": "Northwind's deliveries keep running into warehouse trouble",
        "confidence": 0.8,
        "source_memory_ids": [ids[10], ids[11], ids[12]],
    }
    await call(
        "POST",
        "/v1/reflect/commit",
        {"session_id": session["session_id"], "insights": [insight]},
    )
    await call(
        "PUT",
        f"/v1/revise/{ids[REVISED]}",
        {"content": f"{content(REVISED)}, and they asked for a written quote"},
    )
    gone = {"content": "Initech asked for a demo", "entity_id": "initech"}
    await call("POST", "/v1/memories", gone)
    await call("POST", "/v1/forget", {"entity_id": "initech"})
    return {"ids": ids}


DRAWN = """() => {
    const cy = window.palace.cy;
    return {
      memories: cy.nodes().not('.run').map(n => n.id()),
      runs: cy.nodes('.run').map(n => ({id: n.id(), members: n.data('members'),
                                        label: n.style('label')})),
      positions: Object.fromEntries(cy.nodes().map(n => [n.id(), n.position()])),
    };
}"""


async def node_style(page: Page, node_id: str, prop: str) -> str:
    value: str = await page.evaluate(
        "([id, prop]) => window.palace.cy.getElementById(id).style(prop)", [node_id, prop]
    )
    return value


async def open_palace(page: Page, url: str, key: str | None) -> None:
    await page.goto(f"{url}/palace")
    if key is not None:
        await page.fill("#key-input", key)
        await page.click("#key-submit")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)


async def test_palace_at_200_memories(
    page: Page, live_api: LiveApi, api_key: str, tenant: str
) -> None:
    headers = {"Authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=live_api.url, headers=headers, timeout=300) as http:
        seeded = await seed(http)
    ids: list[str] = seeded["ids"]

    await open_palace(page, live_api.url, api_key)
    # The forgotten entity is gone; the one left is chosen.
    await expect(page.locator("#entity option")).to_have_text(
        ["(choose an entity)", f"{ENTITY} ({COUNT})"]
    )
    await expect(page.locator("#status")).to_contain_text(f"{ENTITY}: {COUNT} episodes")
    # Below 300 memories: the timeline, with its own controls and none of the map's.
    await expect(page.locator("body")).not_to_have_attribute("data-view", "map")
    await expect(page.locator("#time-controls")).to_be_hidden()
    await expect(page.locator(".swatch.region")).to_be_hidden()
    for timeline_only in ("#depth", "#labels", "#group", ".swatch.run"):
        await expect(page.locator(timeline_only)).to_be_visible()

    # Folded: every episode is drawn or inside a run, and far fewer nodes are drawn.
    drawn = await page.evaluate(DRAWN)
    folded = {m for run in drawn["runs"] for m in run["members"]}
    assert set(ids) <= set(drawn["memories"]) | folded
    assert not folded & set(drawn["memories"])
    assert len(drawn["runs"]) >= 3
    assert len(drawn["memories"]) + len(drawn["runs"]) < 60
    assert all(run["label"] == f"{len(run['members'])} episodes" for run in drawn["runs"])
    for n in (10, 11, 12, REVISED, CAUSE, EFFECT):  # what has more than a timeline stays
        assert ids[n] in drawn["memories"]
    assert ids[FLOOD] in folded

    # Labels wait until asked for.
    await expect(page.locator("body")).to_have_attribute("data-labels", "off")
    assert await node_style(page, ids[CAUSE], "label") == ""
    await page.check("#labels")
    shown = await node_style(page, ids[CAUSE], "label")
    assert shown.endswith("…")  # cut at 48 characters
    assert content(CAUSE).startswith(shown[:-1])
    await page.uncheck("#labels")
    assert await node_style(page, ids[CAUSE], "label") == ""

    # The revision as the legend draws it: a snapshot beside the memory, REVISED_FROM
    # from it, and the revised memory at version 2.
    snapshot: dict[str, Any] = await page.evaluate(
        """(id) => {
            const cy = window.palace.cy;
            const edge = cy.getElementById(id).outgoers('edge[type = "REVISED_FROM"]')[0];
            const s = edge.target();
            return {kind: s.data('kind'), content: s.data('content'), shape: s.style('shape'),
                    version: cy.getElementById(id).data('version'),
                    near: Math.abs(s.position().x - cy.getElementById(id).position().x)};
        }""",
        ids[REVISED],
    )
    assert snapshot["kind"] == "snapshot"
    assert snapshot["content"] == content(REVISED)
    assert snapshot["shape"] == "round-rectangle"
    assert snapshot["version"] == 2
    assert snapshot["near"] < 100

    # The same memories, the same places: a reload draws exactly the same picture.
    await page.reload()
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)
    again = await page.evaluate(DRAWN)
    assert again["positions"] == drawn["positions"]

    # A run opens on a click, in place of its node.
    run = next(r for r in drawn["runs"] if ids[FLOOD] not in r["members"])
    await page.evaluate("(id) => window.palace.cy.getElementById(id).emit('tap')", run["id"])
    opened = await page.evaluate(DRAWN)
    assert set(run["members"]) <= set(opened["memories"])
    assert run["id"] not in opened["positions"]

    # Recall: the hit, folded in a run until now, is drawn in a colour of its own.
    await page.fill("#cue", "which warehouse flooded, and where did the stock go?")
    await page.click("#recall-button")
    await expect(page.locator("body")).to_have_attribute("data-recall", "done")
    listed = await page.locator("#result-list li").evaluate_all("els => els.map(e => e.dataset.id)")
    assert ids[FLOOD] in listed
    hit_colour = await node_style(page, ids[FLOOD], "border-color")
    legend_hit = await page.evaluate(
        "getComputedStyle(document.querySelector('.swatch.hit')).backgroundColor"
    )
    assert hit_colour.replace(" ", "") == legend_hit.replace(" ", "") == "rgb(22,163,74)"
    others: list[str] = await page.evaluate(
        """() => {
            const cy = window.palace.cy;
            cy.elements().removeClass('hit dim');  // the colours the states use without a hit
            const seen = cy.nodes().flatMap(n => [n.style('border-color'), n.style('background-color')]);
            window.palace.render();
            return seen.concat(cy.edges().map(e => e.style('line-color')));
        }"""
    )
    assert hit_colour not in others

    await pages_of_the_timeline(page, live_api.url, ids)

    await open_palace(page, live_api.url, None)
    ARTIFACTS.mkdir(exist_ok=True)
    await page.click("#clear-button")
    await page.uncheck("#group")
    await page.check("#group")  # every run folded again
    await page.check("#labels")  # the picture in the README reads
    shot = ARTIFACTS / "palace-200.png"
    await page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("HEBBS_UPDATE_DOCS_IMAGES"):
        DOCS_IMAGE.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_IMAGE)


async def pages_of_the_timeline(page: Page, url: str, ids: list[str]) -> None:
    """An entity with more memories than a view holds is read a window at a time."""
    held = "(id) => window.palace.state.nodes.has(id)"
    await page.goto(f"{url}/palace?entity={ENTITY}&window=120")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)
    await expect(page.locator("#status")).to_contain_text(f"the newest 120 of {COUNT}")
    await expect(page.locator("#newer")).to_be_disabled()
    newest = await page.evaluate(DRAWN)
    assert await page.evaluate(held, ids[COUNT - 1])
    assert not await page.evaluate(held, ids[5])

    await page.click("#older")
    await expect(page.locator("body")).to_have_attribute("data-page", "1")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)
    await expect(page.locator("#status")).to_contain_text(f"older: 121–{COUNT} of {COUNT}")
    await expect(page.locator("#older")).to_be_disabled()
    assert await page.evaluate(held, ids[5])
    assert not await page.evaluate(held, ids[COUNT - 1])

    await page.click("#newer")
    await expect(page.locator("body")).to_have_attribute("data-page", "0")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)
    assert (await page.evaluate(DRAWN))["positions"] == newest["positions"]
