"""Neo4j Browser opens on hebbs-graph's guide: the local Neo4j's post_connect_cmd styles
the graph and opens the guide the API serves (api/browser_guide.py) as soon as the
Browser connects. Each analyst query of the guide runs with one click on a seeded entity
and returns rows; a bare ``MATCH (n) RETURN n LIMIT 50`` then draws every node with a
readable caption (memories with their content), none with a tenant id."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.async_api import Page, expect

from hebbs_graph.embedding import Embedder
from hebbs_graph.localneo4j import port_open
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings
from tests.live import LiveApi

from .conftest import ARTIFACTS, seed_palace
from .test_neo4j_browser import TIMEOUT_MS, connect, drawn_texts, run_command

# The guide's blocks, in order: what each needs set first (param -> seed name) and a text
# its result holds.
BLOCKS: list[tuple[str, dict[str, str]]] = [
    ("set tenant and entity", {}),
    ("ids to start from", {}),
    ("insight_chain", {"insight_id": "serious_buyer"}),
    ("insights_from_episode", {"memory_id": "sso"}),
    ("stale_insights", {}),
    ("contradiction_graph", {}),
    ("revision_history", {"memory_id": "blocked"}),
    ("entity_timeline", {}),
    ("causal_chain", {"memory_id": "blocked"}),
    ("everything_about", {}),  # $about as the first block sets it
    ("neighbourhood", {}),
]


@pytest.fixture(scope="module")
def guide_api(settings: Settings, embedder: Embedder) -> Iterator[None]:
    """The API where the local Neo4j's neo4j.conf says the guide is (HEBBS_PORT)."""
    if port_open("127.0.0.1", settings.port):
        yield  # an API already answers there (hebbs-graph serve)
        return
    api = LiveApi(settings, embedder, port=settings.port).start()
    yield
    api.stop()


async def test_browser_opens_on_the_guide(
    page: Page, settings: Settings, services: Services, tenant: str, guide_api: None
) -> None:
    seed = await seed_palace(services, tenant)
    await connect(page, settings)

    # On connect, unasked: the guide in the sidebar, its query blocks runnable.
    await expect(page.get_by_text("hebbs-graph: the memory").first).to_be_visible(
        timeout=TIMEOUT_MS
    )
    blocks = page.locator("pre.runnable")
    await expect(blocks).to_have_count(len(BLOCKS), timeout=TIMEOUT_MS)
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "neo4j-browser-guide.png"))

    # The analyst sets the tenant and entity (the guide's first block, edited).
    await run_command(page, f":param tenant_id => '{tenant}'")
    await run_command(page, ":param entity_id => 'acme'")
    await run_command(page, ':param about => "Acme\'s security"')
    frames = page.locator("[data-testid=frame]")
    for n, (name, needs) in enumerate(BLOCKS[1:], start=1):
        await clear(page)  # the Browser keeps 15 frames; counting needs room
        for param, seeded in needs.items():
            await run_command(page, f":param {param} => '{seed.ids[seeded]}'")
        block = blocks.nth(n)
        first_line = (await block.inner_text()).strip().splitlines()[0]
        ran = frames.filter(has=page.locator("[data-testid=frameCommand]", has_text=first_line))
        before = await ran.count()
        await block.locator("i.fa-play-circle-o").click()  # one click runs it
        await expect(ran).to_have_count(before + 1, timeout=TIMEOUT_MS)
        result = ran.first
        await result.get_by_text("Table", exact=True).click()
        await expect(result).to_contain_text("Started streaming", timeout=TIMEOUT_MS)
        status = await result.inner_text()
        assert "Started streaming 0 records" not in status, (name, status)
        assert "records" in status, (name, status)

    # The bare query a new user types first: every node has a caption worth reading.
    await clear(page)
    # Fifty, or every node when a young database (the suite's own) holds fewer.
    total = (await services.store.run_raw("MATCH (n) RETURN count(n) AS n"))[0]["n"]
    frame = await run_command(page, "MATCH (n) RETURN n LIMIT 50")
    await frame.get_by_text("Graph", exact=True).click()
    await expect(frame.locator("svg g.node")).to_have_count(min(50, total), timeout=TIMEOUT_MS)
    captions = await drawn_texts(frame, "g.node")
    assert all(c.strip() for c in captions), captions
    assert "default" not in captions, captions  # no tenant id for a caption
    assert tenant not in captions, captions
    drawn = await services.store.run_raw(
        "MATCH (n) WITH n LIMIT 50 WHERE n:Memory RETURN n.name AS name"
    )
    names = [r["name"] for r in drawn]
    assert names, "no memory among the first 50 nodes"
    # The Browser cuts a caption to fit its circle, at a word: compare the first word.
    shown = [c for c in captions if any(n.split()[0] == c.split()[0] for n in names)]
    assert len(shown) >= len(names), (names, captions)
    await frame.screenshot(path=str(ARTIFACTS / "neo4j-browser-match-n.png"))


async def clear(page: Page) -> None:
    """Clear the stream. A post-connect frame (`:style`, `:guide`) that lands just after
    a `:clear` is cleared by the next one."""
    frames = page.locator("[data-testid=frame]")
    for attempt in range(3):
        await page.click("[data-testid=activeEditor]")
        await page.keyboard.insert_text(":clear")
        await page.click("[data-testid=editor-Run]")
        try:
            await expect(frames).to_have_count(0, timeout=TIMEOUT_MS // 3)
            return
        except AssertionError:
            if attempt == 2:
                raise
