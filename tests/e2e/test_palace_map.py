"""The Memory Palace's map of meaning at 2,000 and 10,000 memories of one entity, in
headless Chromium: above 300 memories the palace opens on the map (every memory placed by
a projection of its vector), no label at the fitted view, labels as the wheel zooms in,
edges drawn for the selected memory and its neighbours (and the contradictions always),
recall flies to its hits, and the toggle goes back to the timeline. Region labels are drawn
at the fitted view without overlapping, the time slider hides what occurred later, and a
memory remembered through the API while the map is open arrives by the map's poll. The
memories are restored from a backup made in memory (vectors clustered by topic): fast to
seed."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import Page, expect

from hebbs_graph.services.container import Services
from tests.live import LiveApi
from tests.support.map_seed import TOPICS, MapSeed, seed_map

from .conftest import ARTIFACTS

DOCS = ARTIFACTS.parent / "docs" / "img"
ENTITY = "northwind"
POLL_MS = 3000  # palace-map.js's poll interval (no ?poll= given)
FRAME_BUDGET_MS = 16.7


FRAME_MS = """() => {
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) window.palace.map.draw();
    return (performance.now() - started) / 10;
}"""


def keep(shot: Path, name: str) -> None:
    """A screenshot for the docs, when asked for (HEBBS_UPDATE_DOCS_IMAGES=1)."""
    assert shot.stat().st_size > 10_000
    if os.environ.get("HEBBS_UPDATE_DOCS_IMAGES"):
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS / name)


async def map_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = await page.evaluate(
        """() => {
            const m = window.palace.map;
            return {zoom: m.zoom(), labelled: m.labelled, selected: m.selected,
                    edges: m.drawnEdges.map(e => [e.edge_type, e.source_id, e.target_id]),
                    points: m.points.length, drawnAt: m.drawnAt, loadMs: m.loadMs,
                    fetchMs: m.fetchMs, projection: m.projection};
        }"""
    )
    return state


async def endpoint_ms(url: str, key: str) -> tuple[float, float, int]:
    """GET /v1/map twice: the first fits (or finds the page's fit), the second is cached."""
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120) as http:
        times = []
        for _ in range(2):
            started = time.perf_counter()
            response = await http.get("/v1/map", params={"entity_id": ENTITY})
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.text
        return times[0], times[1], len(response.content)


@pytest.mark.parametrize("count", [2000, 10000])
async def test_the_map_of_meaning(
    page: Page, live_api: LiveApi, api_key: str, tenant: str, services: Services, count: int
) -> None:
    seeded = await seed_map(services, tenant, count, ENTITY)

    # The key is in the tab already (as after a first visit): the time measured runs from
    # navigation to the map drawn, with no dialog in it.
    await page.add_init_script(f"sessionStorage.setItem('hebbs-palace-key', {api_key!r})")
    await page.goto(f"{live_api.url}/palace?entity={ENTITY}")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready", timeout=60_000)
    await expect(page.locator("body")).to_have_attribute("data-view", "map")
    await expect(page.locator("#map-view")).to_be_checked()
    await expect(page.locator("#status")).to_contain_text(f"{ENTITY}: map of meaning")
    drawn = await map_state(page)
    assert drawn["points"] == count
    first, again, size = await endpoint_ms(live_api.url, api_key)
    frame = await page.evaluate(FRAME_MS)
    print(
        f"\nmap of {count}: drawn {drawn['drawnAt']:.0f} ms after navigation"
        f" ({drawn['loadMs']:.0f} ms from asking, GET /v1/map {drawn['fetchMs']:.0f} ms"
        f" in the page, projection {drawn['projection']}); endpoint {first:.0f} ms,"
        f" then {again:.0f} ms cached, {size / 1e6:.1f} MB; a frame {frame:.1f} ms"
    )
    # The load time (≤ 3 s at 10,000 on the development machine) is a figure printed
    # above and quoted in docs/palace.md, not an assertion: a loaded CI machine is slower.

    # The fitted view: no labels; the contradiction is drawn, nothing else is.
    assert drawn["labelled"] == []
    assert [e[0] for e in drawn["edges"]] == ["CONTRADICTS"]
    await regions_are_labelled(page)
    await only_the_maps_controls(page)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"palace-map-{count}-regions.png"
    await page.screenshot(path=str(shot))
    if count == 10000:
        keep(shot, "palace-map.png")
    await the_slider_hides_later_memories(page, count)

    await zoom_in_until_labels(page)
    await select_an_insight(page, seeded)
    await click_a_point(page, seeded)
    await recall_flies_to_hits(page, seeded)

    # The picture: an insight chosen, its sources drawn and labelled, the rest by zoom.
    await page.click("#clear-button")
    await page.evaluate("(id) => window.palace.map.select(id, true)", seeded.insights[0])
    await page.wait_for_function("() => window.palace.map.labelled.length > 12")
    shot = ARTIFACTS / f"palace-map-{count}.png"
    await page.screenshot(path=str(shot))
    if count == 10000:
        keep(shot, "palace-map-insight.png")

    await a_new_memory_arrives(page, live_api.url, api_key, seeded)
    await a_memory_arrives_while_hits_are_shown(page, live_api.url, api_key)

    if count == 2000:  # the toggle: back to the timeline, and to the map again
        await page.uncheck("#map-view")
        await expect(page.locator("body")).to_have_attribute("data-view", "timeline")
        await expect(page.locator("body")).to_have_attribute("data-state", "ready")
        assert await page.evaluate("window.palace.cy.nodes().length") > 0
        assert await page.locator("#map").is_hidden()
        await expect(page.locator("#time-controls")).to_be_hidden()  # no map control here
        for timeline_only in ("#depth", "#labels", "#group"):
            await expect(page.locator(timeline_only)).to_be_visible()
        await page.check("#map-view")
        await expect(page.locator("body")).to_have_attribute("data-view", "map")
        await expect(page.locator("body")).to_have_attribute("data-state", "ready")


async def zoom_in_until_labels(page: Page) -> None:
    """The wheel zooms (each notch by a quarter) and labels come as it does."""
    box = await page.locator("#map").bounding_box()
    assert box is not None
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(4):
        await page.mouse.wheel(0, -100)
    await page.wait_for_function("() => window.palace.map.zoom() > 2")
    await page.wait_for_function("() => window.palace.map.labelled.length > 0")
    zoomed = await map_state(page)
    assert 0 < len(zoomed["labelled"]) <= 80
    for _ in range(4):
        await page.mouse.wheel(0, 100)
    await page.wait_for_function("() => window.palace.map.labelled.length === 0")


async def select_an_insight(page: Page, seeded: MapSeed) -> None:
    insight = seeded.insights[0]
    await page.evaluate("(id) => window.palace.map.select(id, true)", insight)
    await expect(page.locator("#details .content")).to_have_text(seeded.content[insight])
    state = await map_state(page)
    drawn = {(e[1], e[2]) for e in state["edges"] if e[0] == "INSIGHT_FROM"}
    assert {(insight, s) for s in seeded.sources[insight]} <= drawn
    assert insight in state["labelled"]  # the selection is labelled at any zoom
    assert state["zoom"] > 1
    await labels_keep_clear(page, insight)


OVERLAP = "(p, q) => p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1"


async def labels_keep_clear(page: Page, selected: str) -> None:
    """The labels always drawn (the selection's, its neighbours') are placed first, each
    where no other is: no region label covers one, and none covers another (a neighbour
    with no free place around it goes unlabelled)."""
    out = await page.evaluate(
        f"""() => {{ const m = window.palace.map; const overlap = {OVERLAP};
            const boxes = m.labelBoxes;
            return {{
              n: boxes.length,
              regionOverlaps: m.regionLabels.filter(r => boxes.some(l => overlap(l.box, r.box)))
                                           .map(r => r.label),
              labelOverlaps: boxes.filter((a, i) => boxes.some((b, j) => j !== i && overlap(a.box, b.box)))
                                  .map(a => a.id),
              boxes,
              near: new Set(m.drawnEdges.flatMap(e => [e.source_id, e.target_id])).size,
              regions: m.regionLabels.length }}; }}"""
    )
    print(
        f"a selection's labels: {out['n']} placed of {out['near']} (it and its neighbours),"
        f" {out['regions']} region labels beside them"
    )
    assert out["n"] > 1
    assert out["regionOverlaps"] == []
    assert out["labelOverlaps"] == []
    assert selected in {b["id"] for b in out["boxes"]}


async def click_a_point(page: Page, seeded: MapSeed) -> None:
    """A click on a point selects it: the nearest within a few pixels."""
    target = seeded.insights[-1]
    await page.dblclick("#map")  # back to the fitted view, where every point is in sight
    await page.wait_for_function("() => Math.abs(window.palace.map.zoom() - 1) < 1e-6")
    x, y = await page.evaluate(
        "(id) => window.palace.map.toScreen(window.palace.map.byId.get(id))", target
    )
    box = await page.locator("#map").bounding_box()
    assert box is not None
    await page.mouse.click(box["x"] + x, box["y"] + y)
    await page.wait_for_function("(id) => window.palace.map.selected === id", arg=target)
    await labels_keep_clear(page, target)  # at the fitted view, beside the region labels


async def recall_flies_to_hits(page: Page, seeded: MapSeed) -> None:
    await page.evaluate("() => { window.palace.map.fit(); window.palace.map.draw(); }")
    await page.fill("#cue", TOPICS[6])
    await page.click("#recall-button")
    await expect(page.locator("body")).to_have_attribute("data-recall", "done")
    state = await map_state(page)
    hits: list[str] = await page.evaluate("[...window.palace.map.hits]")
    assert hits
    assert state["zoom"] > 1.5  # flown in to them
    assert set(hits) <= set(state["labelled"])


REGIONS = """() => {
    const m = window.palace.map;
    const canvas = document.getElementById('map');
    return {drawn: m.regionLabels, regions: m.regions,
            width: canvas.clientWidth, height: canvas.clientHeight,
            attribute: document.body.dataset.mapRegions};
}"""


async def regions_are_labelled(page: Page) -> None:
    """At the fitted view the regions' labels are drawn: several, inside the map, at a
    readable size, none overlapping another, each the name of a region the API gave."""
    state = await page.evaluate(REGIONS)
    regions = {r["id"]: r for r in state["regions"]}
    # 16 clusters at 2,000 memories and more; those named alike (a topic cut in two) merge.
    assert 8 <= len(regions) <= 16
    drawn = state["drawn"]
    assert len(drawn) >= 8, [d["label"] for d in drawn]
    assert len({d["label"] for d in drawn}) == len(drawn)
    assert state["attribute"] == str(len(drawn))
    for d in drawn:
        assert d["label"] == regions[d["id"]]["label"]
        assert 2 <= len(d["label"].split(" · ")) <= 3
        assert d["size"] >= 11
        box = d["box"]
        assert 0 <= box["x0"] < box["x1"] <= state["width"]
        assert 0 <= box["y0"] < box["y1"] <= state["height"]
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            p, q = a["box"], b["box"]
            apart = (
                p["x1"] <= q["x0"] or q["x1"] <= p["x0"] or p["y1"] <= q["y0"] or q["y1"] <= p["y0"]
            )
            assert apart, (a["label"], b["label"])
    print("regions drawn: " + "; ".join(f"{d['label']} ({d['size']}px)" for d in drawn))


async def only_the_maps_controls(page: Page) -> None:
    """The map shows its slider and none of the timeline's controls (they do nothing here)."""
    await expect(page.locator("#time-slider")).to_be_visible()
    await expect(page.locator("#time-at")).to_contain_text("all, to ")
    for timeline_only in ("#depth", "#labels", "#group", "#pager"):
        await expect(page.locator(timeline_only)).to_be_hidden()


SLIDE = """(value) => {
    const slider = document.getElementById('time-slider');
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    const m = window.palace.map;
    const started = performance.now();
    m.draw();
    const ms = performance.now() - started;
    const inSight = m.points.filter(p => p.t <= m.until).length;
    return {ms, until: m.until, visible: m.visibleCount, inSight, total: m.points.length,
            later: m.points.filter(p => p.t > m.until).map(p => p.id),
            drawnLater: m.drawnEdges.some(e => m.byId.get(e.source_id).t > m.until
                                              || m.byId.get(e.target_id).t > m.until)};
}"""


async def the_slider_hides_later_memories(page: Page, count: int) -> None:
    half = await page.evaluate(SLIDE, 500)
    assert 0 < half["visible"] == half["inSight"] < half["total"] == count
    assert abs(half["visible"] - count / 2) < count * 0.1  # the seed's times are even
    assert not half["drawnLater"]
    await expect(page.locator("body")).to_have_attribute("data-map-shown", str(half["visible"]))
    await expect(page.locator("#time-at")).to_contain_text(f"{half['visible']} of {count}")
    # A later memory cannot be clicked: it is not there.
    hidden = half["later"][0]
    x, y = await page.evaluate(
        "(id) => window.palace.map.toScreen(window.palace.map.byId.get(id))", hidden
    )
    box = await page.locator("#map").bounding_box()
    assert box is not None
    await page.mouse.click(box["x"] + x, box["y"] + y)
    await page.wait_for_function("() => document.body.dataset.mapLabels !== undefined")
    assert await page.evaluate("() => window.palace.map.selected") != hidden
    await page.evaluate("() => window.palace.map.select(null)")
    frame = await page.evaluate(FRAME_MS)
    print(
        f"the slider at half: {half['visible']} of {count} drawn in {half['ms']:.1f} ms, a frame {frame:.1f} ms"
    )
    assert frame < FRAME_BUDGET_MS * 3  # a loaded two-core CI machine: room for it
    if count == 2000:
        shot = ARTIFACTS / "palace-map-2000-time.png"
        await page.screenshot(path=str(shot))
        keep(shot, "palace-map-2000-time.png")
    whole = await page.evaluate(SLIDE, 1000)
    assert whole["visible"] == count
    assert whole["until"] == float("inf")
    await expect(page.locator("#time-at")).to_contain_text("all, to ")


async def a_new_memory_arrives(page: Page, url: str, key: str, seeded: MapSeed) -> None:
    """A memory remembered through the API while the map is open is drawn within the
    poll interval (and the time its answer takes), the view and the selection kept."""
    before = await page.evaluate(
        "() => { const m = window.palace.map; return {view: {...m.view}, selected: m.selected, n: m.points.length}; }"
    )
    assert before["selected"] == seeded.insights[0]
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as http:
        body = {"content": f"Northwind rang again about {TOPICS[3]}", "entity_id": ENTITY}
        started = time.perf_counter()
        response = await http.post("/v1/memories", json=body)
        assert response.status_code == 201, response.text
        added = response.json()["id"]
    await page.wait_for_function(
        "(id) => window.palace.map.byId.has(id)", arg=added, timeout=POLL_MS + 3000
    )
    arrived_ms = (time.perf_counter() - started) * 1000
    after = await page.evaluate(
        """(id) => { const m = window.palace.map; const p = m.byId.get(id);
                     return {view: {...m.view}, selected: m.selected, n: m.points.length,
                             region: p.region, arrived: m.arrived}; }""",
        added,
    )
    print(f"a memory remembered through the API was on the map {arrived_ms:.0f} ms later")
    assert after["n"] == before["n"] + 1
    assert after["arrived"] == 1
    assert after["region"] is not None
    assert after["view"] == before["view"]
    assert after["selected"] == before["selected"]
    await expect(page.locator("#status")).to_contain_text("1 new since opened")


async def a_memory_arrives_while_hits_are_shown(page: Page, url: str, key: str) -> None:
    """While recall results are listed the status line is theirs, and still counts what
    the map's polls brought."""
    await page.fill("#cue", TOPICS[2])
    await page.click("#recall-button")
    await expect(page.locator("body")).to_have_attribute("data-recall", "done")
    await expect(page.locator("#status")).to_contain_text(f'recall "{TOPICS[2]}"')
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as http:
        body = {"content": f"Northwind wrote once more about {TOPICS[2]}", "entity_id": ENTITY}
        response = await http.post("/v1/memories", json=body)
        assert response.status_code == 201, response.text
        added = response.json()["id"]
    await page.wait_for_function(
        "(id) => window.palace.map.byId.has(id)", arg=added, timeout=POLL_MS + 3000
    )
    status = page.locator("#status")
    await expect(status).to_contain_text(f'recall "{TOPICS[2]}"')
    await expect(status).to_contain_text("2 new since the map opened")
    await page.click("#clear-button")
    await expect(status).to_contain_text(f"{ENTITY}: map of meaning")
    await expect(status).to_contain_text("2 new since opened")
