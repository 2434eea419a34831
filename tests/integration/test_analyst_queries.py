"""Every analyst query in cypher/analyst runs as-is (its :param lines evaluated the way
Neo4j Browser does) against a seeded graph and gives the expected answer."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.queries import parse_browser_script
from hebbs_graph.models.memory import EdgeIn, ForgetIn, ReviseIn
from hebbs_graph.resources import cypher_dir

from .conftest import Kit

ANALYST = cypher_dir() / "analyst"
README = Path(__file__).resolve().parents[2] / "README.md"


async def run_script(kit: Kit, name: str, **overrides: Any) -> list[dict[str, Any]]:
    params_text, query = parse_browser_script((ANALYST / f"{name}.cypher").read_text())
    params: dict[str, Any] = {}
    for key, expr in params_text.items():  # as Browser does: evaluate each :param server-side
        rows = await kit.services.store.run_raw(f"RETURN {expr} AS v")
        params[key] = rows[0]["v"]
    params.update(tenant_id=kit.tenant, **overrides)
    return await kit.services.store.run_raw(query, **params)


@pytest.fixture
async def seeded(kit: Kit) -> dict[str, str]:
    e1 = await kit.add("Acme signed the pilot", entity_id="acme", occurred_at=kit.at(0))
    e2 = await kit.add("Acme asked for SSO", entity_id="acme", occurred_at=kit.at(1))
    e3 = await kit.add(
        "Acme's security review blocked rollout",
        entity_id="acme",
        occurred_at=kit.at(2),
        edges=[EdgeIn(target_id=e2.id, edge_type=EdgeType.CAUSED_BY)],
    )
    i1 = await kit.add("Acme needs enterprise security", entity_id="acme")
    await kit.make_insight(i1.id, [e2.id, e3.id])
    i2 = await kit.add("Acme is a serious enterprise buyer", entity_id="acme")
    await kit.make_insight(i2.id, [i1.id, e1.id])
    budget_a = await kit.add("Acme's budget is $5,000", entity_id="acme", occurred_at=kit.at(3))
    budget_b = await kit.add("Acme's budget is $2,000", entity_id="acme", occurred_at=kit.at(4))
    await kit.raw(
        """MATCH (a:Memory {id: $a}), (b:Memory {id: $b})
           WHERE a.tenant_id = $tenant_id AND b.tenant_id = $tenant_id
           CREATE (a)-[:CONTRADICTS {confidence: 0.9, created_at: datetime()}]->(b),
                  (b)-[:CONTRADICTS {confidence: 0.9, created_at: datetime()}]->(a)""",
        a=budget_a.id,
        b=budget_b.id,
    )
    return {
        "e1": e1.id,
        "e2": e2.id,
        "e3": e3.id,
        "i1": i1.id,
        "i2": i2.id,
        "budget_a": budget_a.id,
        "budget_b": budget_b.id,
    }


async def test_insight_chain(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "insight_chain", insight_id=seeded["i2"])
    assert {r["episode_id"] for r in rows} == {seeded["e1"], seeded["e2"], seeded["e3"]}
    assert rows[0]["episode_id"] == seeded["e1"]  # direct source first (depth 1)


async def test_insights_from_episode(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "insights_from_episode", memory_id=seeded["e2"])
    assert [(r["insight_id"], r["depth"]) for r in rows] == [(seeded["i1"], 1), (seeded["i2"], 2)]


async def test_contradiction_graph(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "contradiction_graph", entity_id="acme")
    assert len(rows) == 1
    assert {rows[0]["a_id"], rows[0]["b_id"]} == {seeded["budget_a"], seeded["budget_b"]}


async def test_revision_history(kit: Kit, seeded: dict[str, str]) -> None:
    await kit.services.memory.revise(kit.tenant, seeded["e1"], ReviseIn(content="Acme signed v2"))
    await kit.services.memory.revise(kit.tenant, seeded["e1"], ReviseIn(content="Acme signed v3"))
    rows = await run_script(kit, "revision_history", memory_id=seeded["e1"])
    assert [(r["version"], r["content"]) for r in rows] == [
        (2, "Acme signed v2"),
        (1, "Acme signed the pilot"),
    ]


async def test_entity_timeline(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "entity_timeline", entity_id="acme")
    ordered = [r["memory_id"] for r in rows]
    assert ordered[:5] == [seeded[k] for k in ("e1", "e2", "e3", "budget_a", "budget_b")]
    assert all(r["f"] is not None for r in rows[:-1])


async def test_causal_chain(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "causal_chain", memory_id=seeded["e3"])
    assert [(r["cause_id"], r["depth"]) for r in rows] == [(seeded["e2"], 1)]


async def test_stale_insights(kit: Kit, seeded: dict[str, str]) -> None:
    await kit.services.memory.revise(kit.tenant, seeded["e3"], ReviseIn(content="Review passed"))
    await kit.services.memory.forget(kit.tenant, ForgetIn(memory_ids=[seeded["e1"]]))
    rows = {r["insight_id"]: r for r in await run_script(kit, "stale_insights")}
    assert rows[seeded["i1"]]["reason"] == "source revised"
    assert rows[seeded["i1"]]["revised_sources"] == [seeded["e3"]]
    assert rows[seeded["i2"]]["reason"] == "source forgotten"
    assert rows[seeded["i2"]]["forgotten_sources"] == [seeded["e1"]]


async def test_everything_about(kit: Kit, seeded: dict[str, str]) -> None:
    rows = await run_script(kit, "everything_about")  # "Acme's security", tenant-wide
    found = {r["memory_id"] for r in rows}
    assert found == {seeded["e3"], seeded["i1"]}  # every word, whatever the entity
    drawn = [r for r in rows if r["memory_id"] == seeded["e3"]]
    assert any(r["i"] is not None for r in drawn)  # the insight drawn from it
    assert any(r["c"] is not None for r in drawn)  # and what caused it
    scoped = await run_script(kit, "everything_about", entity_id="acme", about="budget")
    assert {r["memory_id"] for r in scoped} == {seeded["budget_a"], seeded["budget_b"]}
    assert await run_script(kit, "everything_about", entity_id="globex", about="budget") == []
    assert await run_script(kit, "everything_about", about="(?*") == []  # no words: nothing


async def test_the_readmes_everything_about_query_runs_as_written(
    kit: Kit, seeded: dict[str, str]
) -> None:
    readme = README.read_text(encoding="utf-8")
    (block,) = re.findall(r"^```cypher\n(.*?)^```", readme, flags=re.S | re.M)
    params, query = parse_browser_script(block)
    assert set(params) == {"tenant_id", "about"}
    rows = await kit.services.store.run_raw(query, tenant_id=kit.tenant, about="Acme's security")
    assert {r["m"]["id"] for r in rows} == {seeded["e3"], seeded["i1"]}


def test_every_analyst_file_is_tested() -> None:
    tested = {
        "everything_about",
        "insight_chain",
        "insights_from_episode",
        "contradiction_graph",
        "revision_history",
        "entity_timeline",
        "causal_chain",
        "stale_insights",
    }
    assert {p.stem for p in ANALYST.glob("*.cypher")} == tested
