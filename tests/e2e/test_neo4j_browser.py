"""Neo4j Browser, for real: headless Chromium opens it, connects with the configured
credentials, runs an analyst query from cypher/analyst/ (its :param lines first, as an
analyst pasting the file would) and sees the seeded memories in the result; then the
README's query draws them, each node captioned with what it says and each relationship
with its type, in a Browser never styled before."""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.async_api import Locator, Page, expect

from hebbs_graph.graph.queries import parse_browser_script
from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.resources import cypher_dir
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings

from .conftest import ARTIFACTS, at

TIMEOUT_MS = 90_000


async def connect(page: Page, settings: Settings) -> None:
    """Open Neo4j Browser on the configured server and connect with its credentials."""
    bolt = urlparse(settings.effective_neo4j_uri)
    host = bolt.hostname or "127.0.0.1"
    await page.goto(f"http://{host}:{settings.neo4j_http_port}/browser/")
    await page.select_option("[data-testid=bolt-scheme-select]", "bolt://", timeout=TIMEOUT_MS)
    await page.fill("[data-testid=boltaddress]", f"{host}:{bolt.port or 7687}")
    await page.fill("[data-testid=username]", settings.neo4j_user)
    await page.fill("[data-testid=password]", settings.neo4j_password)
    await page.click("[data-testid=connect]")


async def run_command(page: Page, command: str) -> Locator:
    """Type one command into the Browser's editor, run it, and answer its frame.

    The frame is found by its command, not by counting: the post-connect commands
    (`:style`, `:guide`, which fetch from the API) add frames of their own whenever
    their fetch ends, before or after this one."""
    first_line = command.strip().splitlines()[0]
    mine = page.locator("[data-testid=frame]").filter(
        has=page.locator("[data-testid=frameCommand]", has_text=first_line)
    )
    before = await mine.count()
    await page.click("[data-testid=activeEditor]")
    await page.keyboard.insert_text(command)
    await page.click("[data-testid=editor-Run]")
    await expect(mine).to_have_count(before + 1, timeout=TIMEOUT_MS)
    return mine.first


async def test_analyst_timeline_query_in_neo4j_browser(
    page: Page, settings: Settings, services: Services, tenant: str
) -> None:
    contents = ["Acme signed the pilot", "Acme asked for SSO", "Acme's review blocked rollout"]
    ids = []
    for n, content in enumerate(contents):
        memory = await services.memory.remember(
            tenant, MemoryIn(content=content, entity_id="acme", occurred_at=at(n))
        )
        ids.append(memory.id)
    await services.memory.remember(
        tenant, MemoryIn(content="Globex wants a demo", entity_id="globex")
    )

    await connect(page, settings)
    await expect(page.get_by_text("You are connected as user")).to_be_visible(timeout=TIMEOUT_MS)

    script = (cypher_dir() / "analyst" / "entity_timeline.cypher").read_text()
    params, query = parse_browser_script(script)
    params["tenant_id"] = repr(tenant)  # the file's default is tenant 'default'
    assert params["entity_id"] == "'acme'"
    for name, expression in params.items():
        await run_command(page, f":param {name} => {expression}")
    result = await run_command(page, query)
    await expect(result.locator("[data-testid=frameCommand]")).to_contain_text(
        "MATCH (m:Episode)", timeout=TIMEOUT_MS
    )
    await result.get_by_text("Table", exact=True).click()
    await expect(result).to_contain_text(
        f"Started streaming {len(ids)} records", timeout=TIMEOUT_MS
    )
    table = result.locator("[data-testid=frameContents]")
    for memory_id in ids:
        await expect(table).to_contain_text(memory_id, timeout=TIMEOUT_MS)
    text = await table.inner_text()
    assert "Globex" not in text  # the other entity stays out
    positions = [text.index(memory_id) for memory_id in ids]
    assert positions == sorted(positions)  # in time order, as the query says
    ARTIFACTS.mkdir(exist_ok=True)
    await result.screenshot(path=str(ARTIFACTS / "neo4j-browser.png"))

    # The README's query, as the graph view draws it: captions are the memories' content.
    frame = await run_command(
        page, f"MATCH (m:Memory {{tenant_id: '{tenant}'}})-[r]-(n) RETURN m, r, n LIMIT 100"
    )
    await frame.get_by_text("Graph", exact=True).click()  # the Browser keeps the last view
    drawing = frame.locator("svg")
    await expect(drawing.locator("g.node")).to_have_count(len(ids), timeout=TIMEOUT_MS)
    # Each node reads as its memory: the Browser fits the caption (`name`, the content's
    # first 40 characters) into the circle, cutting what does not fit.
    captions = await drawn_texts(frame, "g.node")
    shown = {c.rstrip("…").strip(): c for c in captions}
    assert all(len(text) >= 15 for text in shown), captions
    assert sorted(next(c for c in contents if c.startswith(s)) for s in shown) == sorted(contents)
    await expect(drawing.locator("g.relationship")).to_have_count(len(ids) - 1)
    assert await drawn_texts(frame, "g.relationship") == ["FOLLOWED_BY"] * (len(ids) - 1)
    await frame.screenshot(path=str(ARTIFACTS / "neo4j-browser-graph.png"))


async def drawn_texts(frame: Locator, selector: str) -> list[str]:
    """The caption of each drawn node or relationship in a frame, its lines (the Browser
    breaks a caption over several) joined by spaces."""
    texts: list[str] = await frame.evaluate(
        """(frame, selector) => [...frame.querySelectorAll("svg " + selector)].map(g =>
            [...g.querySelectorAll("text")].map(t => t.textContent.trim())
              .filter(Boolean).join(" "))""",
        selector,
    )
    return texts
