"""The browser tier: Debian's Chromium driven by Playwright, and a seeded memory graph.

Chromium comes from the system (scripts/setup installs Debian's ``chromium``); Playwright's
own browser downloads are never used. Set HEBBS_CHROMIUM to use another binary.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright, expect

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.contradict import CommitIn, PrepareIn, VerdictIn
from hebbs_graph.models.memory import EdgeIn, MemoryIn, ReviseIn
from hebbs_graph.services.container import Services

# Playwright's 5 s default is too short on a loaded two-core CI machine: a page that is
# still streaming is not a failure.
expect.set_options(timeout=30_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BASE = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def chromium_path() -> str:
    found = os.environ.get("HEBBS_CHROMIUM") or shutil.which("chromium")
    if not found:
        pytest.fail(
            "no chromium: run scripts/setup (apt-get install chromium) or set HEBBS_CHROMIUM"
        )
    return found


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    driver = await async_playwright().start()
    launched = await driver.chromium.launch(
        executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True
    )
    yield launched
    await launched.close()
    await driver.stop()


@pytest.fixture
async def page(browser: Browser) -> AsyncIterator[Page]:
    """A fresh browser context (its own storage) per test; page errors fail the test."""
    context = await browser.new_context(viewport={"width": 1440, "height": 900})
    opened = await context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    await context.close()
    assert errors == [], errors


def at(hours: float) -> datetime:
    return BASE + timedelta(hours=hours)


@dataclass
class Seed:
    """Ids of a small memory palace: an entity's timeline, insights, conflicts, versions."""

    services: Services
    tenant: str
    ids: dict[str, str]

    async def raw(self, statement: str, **params: Any) -> None:
        await self.services.store.run_raw(statement, tenant_id=self.tenant, **params)


async def seed_palace(services: Services, tenant: str) -> Seed:
    """Acme's story in every shape the palace draws, made through the services. Only the
    insights are written with Cypher: the palace needs chosen sources (one insight drawn
    from another), and reflection picks its own clusters."""
    ids: dict[str, str] = {}
    seed = Seed(services, tenant, ids)

    async def add(name: str, content: str, **fields: Any) -> None:
        memory = await services.memory.remember(tenant, MemoryIn(content=content, **fields))
        ids[name] = memory.id

    await add("pilot", "Acme signed the pilot", entity_id="acme", importance=0.6, occurred_at=at(0))
    await add(
        "sso", "Acme asked for single sign-on", entity_id="acme", importance=0.7, occurred_at=at(1)
    )
    await add(
        "blocked",
        "Acme's security review blocked the rollout",
        entity_id="acme",
        importance=0.8,
        occurred_at=at(2),
        edges=[EdgeIn(target_id=ids["sso"], edge_type=EdgeType.CAUSED_BY)],
    )
    await add(
        "budget_high",
        "Acme's budget is $5,000",
        entity_id="acme",
        importance=0.9,
        occurred_at=at(3),
    )
    await add(
        "budget_low", "Acme's budget is $2,000", entity_id="acme", importance=0.9, occurred_at=at(4)
    )
    await add("contact_old", "Acme's main contact is Bob", entity_id="acme", occurred_at=at(5))
    await add("contact_new", "Acme's main contact is Alice", entity_id="acme", occurred_at=at(6))
    await add("needs_security", "Acme needs enterprise security before rollout", entity_id="acme")
    await add(
        "serious_buyer", "Acme is a serious enterprise buyer", entity_id="acme", importance=0.8
    )
    await add("demo", "Globex wants a demo", entity_id="globex", occurred_at=at(1))
    await add("postgres", "Globex runs on Postgres", entity_id="globex", occurred_at=at(2))

    assert await services.contradict.drain()  # the checks of what was just stored
    await make_insight(seed, "needs_security", ["sso", "blocked"])
    await make_insight(seed, "serious_buyer", ["pilot", "needs_security"])
    await review_contradictions(seed)
    # A real revise: a snapshot, version 2, and the insight resting on it goes stale.
    await services.memory.revise(
        tenant,
        ids["blocked"],
        ReviseIn(content="Acme's security review blocked the rollout until SSO ships"),
    )
    return seed


async def review_contradictions(seed: Seed) -> None:
    """Judge what detection flagged, as an agent would: the budgets contradict each other,
    the new contact revises the old one, anything else is dismissed."""
    ids = seed.ids
    pending = await seed.services.contradict.prepare(seed.tenant, PrepareIn(entity_id="acme"))
    wanted = {
        frozenset((ids["budget_high"], ids["budget_low"])): "contradiction",
        frozenset((ids["contact_old"], ids["contact_new"])): "revision",
    }
    verdicts = [
        VerdictIn(
            pending_id=p.pending_id,
            verdict=wanted.get(frozenset((p.memory_id_a, p.memory_id_b)), "dismiss"),
            confidence=0.9,
        )
        for p in pending.pending
    ]
    found = {frozenset((p.memory_id_a, p.memory_id_b)) for p in pending.pending}
    assert set(wanted) <= found, "detection did not flag the seeded conflicts"
    await seed.services.contradict.commit(seed.tenant, CommitIn(verdicts=verdicts))


async def make_insight(seed: Seed, name: str, sources: list[str]) -> None:
    await seed.raw(
        """MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id
           REMOVE m:Episode SET m:Insight, m.kind = 'insight', m.confidence = 0.8,
               m.source_count = size($sources), m.stale = false
           WITH m UNWIND $sources AS sid
           MATCH (s:Memory {id: sid}) WHERE s.tenant_id = $tenant_id
           CREATE (m)-[:INSIGHT_FROM {confidence: 1.0, created_at: datetime()}]->(s)""",
        id=seed.ids[name],
        sources=[seed.ids[s] for s in sources],
    )
