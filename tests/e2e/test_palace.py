"""The Memory Palace in headless Chromium: load (asking for the API key), filter by entity,
click a memory, recall and see the results highlighted; a screenshot is kept."""

from __future__ import annotations

import os
import shutil
from typing import Any

from playwright.async_api import Page, expect

from hebbs_graph.services.container import Services
from tests.live import LiveApi

from .conftest import ARTIFACTS, Seed, seed_palace

DOCS_IMAGE = ARTIFACTS.parent / "docs" / "img" / "palace.png"


async def graph(page: Page) -> dict[str, Any]:
    """What the page drew: nodes with their classes and drawn shape, edges with their style."""
    drawn: dict[str, Any] = await page.evaluate(
        """() => {
            const cy = window.palace.cy;
            return {
              nodes: Object.fromEntries(cy.nodes().map(n => [n.id(), {
                classes: n.classes(), shape: n.style('shape'), width: n.width(),
                opacity: Number(n.style('opacity')), content: n.data('content')}])),
              edges: cy.edges().map(e => ({
                type: e.data('type'), source: e.source().id(), target: e.target().id(),
                style: e.style('line-style'), color: e.style('line-color')})),
            };
        }"""
    )
    return drawn


async def click_node(page: Page, memory_id: str) -> None:
    # A click centres its node over 200 ms: the view may still be moving from the last
    # one, and a position read now would be clicked after the view moved on.
    await page.wait_for_function("!window.palace.cy.animated()")
    x, y = await page.evaluate(
        """(id) => {
            const cy = window.palace.cy;
            const node = cy.getElementById(id);
            cy.center(node);
            const p = node.renderedPosition();
            const box = cy.container().getBoundingClientRect();
            return [box.left + p.x, box.top + p.y];
        }""",
        memory_id,
    )
    await page.mouse.click(x, y)


async def test_palace_draws_filters_clicks_and_recalls(
    page: Page, live_api: LiveApi, api_key: str, tenant: str, services: Services
) -> None:
    seed: Seed = await seed_palace(services, tenant)
    ids = seed.ids

    # Load: keys are configured, so the page asks for one before it draws anything.
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    await page.goto(f"{live_api.url}/palace")
    await expect(page.locator("#key-dialog")).to_be_visible()
    await page.fill("#key-input", "not-a-key")
    await page.click("#key-submit")
    await expect(page.locator("#key-error")).to_have_text("That key was not accepted.")
    await page.fill("#key-input", api_key)
    await page.click("#key-submit")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready")
    await expect(page.locator("#entity option")).to_have_text(
        ["(choose an entity)", "acme (9)", "globex (2)"]
    )
    await expect(page.locator("#entity")).to_have_value("acme")
    # It opens on the first entity; the hint does not ask to choose one (issue 31).
    await expect(page.locator("#details .hint")).not_to_contain_text("Choose an entity")
    assert missing == []
    # Its icon is inline: the browser does not ask for /favicon.ico (a 404 before).
    assert await page.locator("link[rel=icon]").get_attribute("href") or ""

    drawn = await graph(page)
    acme = {k: v for k, v in ids.items() if k not in {"demo", "postgres"}}
    nodes = drawn["nodes"]
    snapshots = {i for i, n in nodes.items() if "snapshot" in n["classes"]}
    assert set(nodes) - snapshots == set(acme.values())
    assert len(snapshots) == 1  # the revised memory's earlier version, drawn from the start
    (snapshot_id,) = snapshots
    assert nodes[snapshot_id]["shape"] == "round-rectangle"
    insight, episode = nodes[ids["serious_buyer"]], nodes[ids["pilot"]]
    assert "insight" in insight["classes"]
    assert insight["shape"] == "round-diamond"
    assert episode["shape"] == "ellipse"
    assert insight["width"] > episode["width"]  # consolidated: bigger and another shape
    assert "stale" in nodes[ids["needs_security"]]["classes"]
    assert "stale" not in insight["classes"]
    assert "superseded" in nodes[ids["contact_old"]]["classes"]
    assert nodes[ids["contact_old"]]["opacity"] < 1

    edges = {(e["type"], e["source"], e["target"]): e for e in drawn["edges"]}
    conflicts = [e for e in drawn["edges"] if e["type"] == "CONTRADICTS"]
    assert len(conflicts) == 1  # stored both ways, drawn once
    assert {conflicts[0]["source"], conflicts[0]["target"]} == {
        ids["budget_high"],
        ids["budget_low"],
    }
    assert conflicts[0]["style"] == "dashed"
    assert conflicts[0]["color"] == "rgb(214,39,40)"
    assert ("INSIGHT_FROM", ids["serious_buyer"], ids["needs_security"]) in edges
    assert ("INSIGHT_FROM", ids["needs_security"], ids["blocked"]) in edges
    assert ("REVISED_FROM", ids["contact_new"], ids["contact_old"]) in edges
    assert ("CAUSED_BY", ids["blocked"], ids["sso"]) in edges
    assert ("REVISED_FROM", ids["blocked"], snapshot_id) in edges
    assert ("FOLLOWED_BY", ids["pilot"], ids["sso"]) in edges
    await expect(page.locator("#status")).to_contain_text("1 stale")

    # Filter by entity.
    await page.select_option("#entity", "globex")
    await expect(page.locator("#status")).to_contain_text("globex: 2 episodes")
    assert set((await graph(page))["nodes"]) == {ids["demo"], ids["postgres"]}
    await page.select_option("#entity", "acme")
    await expect(page.locator("#status")).to_contain_text("acme:")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready")

    # Click a memory: its content and fields; a revised one can show its earlier version.
    await click_node(page, ids["blocked"])
    details = page.locator("#details")
    await expect(details.locator(".content")).to_have_text(
        "Acme's security review blocked the rollout until SSO ships"
    )
    fields = page.locator("#field-table")
    await expect(fields).to_contain_text("importance0.800")
    await expect(fields).to_contain_text("access count")
    await expect(fields).to_contain_text("version2")
    await page.click("#lineage-button")
    await page.wait_for_function("window.palace.cy.nodes('.snapshot').length === 1")
    snapshot = await page.evaluate("window.palace.cy.nodes('.snapshot')[0].data('content')")
    assert snapshot == "Acme's security review blocked the rollout"
    await click_node(page, ids["needs_security"])
    await expect(details.locator(".flag.stale")).to_contain_text("source revised")

    # Recall: results are highlighted and listed with their scores; clicking one shows why.
    await page.fill("#cue", "what is Acme's budget?")
    await page.click("#recall-button")
    await expect(page.locator("body")).to_have_attribute("data-recall", "done")
    hits = await page.evaluate("window.palace.cy.nodes('.hit').map(n => n.id())")
    assert {ids["budget_high"], ids["budget_low"]} <= set(hits)
    listed = await page.locator("#result-list li").evaluate_all("els => els.map(e => e.dataset.id)")
    assert sorted(listed) == sorted(hits)
    shown = await page.locator("#result-list li .score").all_inner_texts()
    assert [float(x) for x in shown] == sorted((float(x) for x in shown), reverse=True)
    dimmed = await page.evaluate("window.palace.cy.nodes('.dim').length")
    assert dimmed > 0
    rank = listed.index(ids["budget_high"]) + 1
    await page.locator(f"#result-list li[data-id='{ids['budget_high']}']").click()
    await expect(details.locator("h2").first).to_contain_text(f"Recall #{rank} · score")
    score = page.locator("#score-table")
    for field in ("relevance (R)", "recency (T)", "importance (I)", "reinforcement (C)"):
        await expect(score).to_contain_text(field)
    await expect(score).to_contain_text("found byhybrid")
    await expect(details.locator(".flag.conflict")).to_be_visible()

    # Another entity: the cue asked of this one goes with its results.
    await page.select_option("#entity", "globex")
    await expect(page.locator("#cue")).to_have_value("")
    await expect(page.locator("#results")).to_be_hidden()
    await page.select_option("#entity", "acme")
    await expect(page.locator("body")).to_have_attribute("data-state", "ready")

    ARTIFACTS.mkdir(exist_ok=True)
    await page.evaluate("window.palace.fit()")
    shot = ARTIFACTS / "palace.png"
    await page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("HEBBS_UPDATE_DOCS_IMAGES"):
        DOCS_IMAGE.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_IMAGE)
