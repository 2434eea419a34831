"""Recall: similarity, hybrid, temporal; scoping, visibility filters, reinforcement, weights."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest

from hebbs_graph import scoring
from hebbs_graph.embedding import Embedder
from hebbs_graph.models.recall import PRESETS, RecallIn
from hebbs_graph.services.recall.hybrid import HybridRecall
from hebbs_graph.services.recall.service import RecallService, Scope
from tests.integration.conftest import Kit

SIM = [{"strategy": "similarity"}]
CUE = "the coffee machine in the kitchen is broken again"

# -- the true top k inside a small entity -------------------------------------------------

ENTITY_TEXTS = [
    f"{s} {v}"
    for s, v in itertools.product(
        [
            "the team's coffee machine",
            "our kitchen kettle",
            "the budget review",
            "the hiring plan",
            "the espresso bean order",
        ],
        ["was discussed at standup", "caused complaints", "was postponed", "got approved"],
    )
]
CROWD_TEXTS = [
    f"{s} {v} {w} (ticket {i})"
    for i, (s, v, w) in enumerate(
        itertools.product(
            [
                "the coffee machine",
                "the kitchen sink",
                "the espresso grinder",
                "the office fridge",
                "the dishwasher",
                "the water cooler",
                "the microwave",
                "the toaster",
                "the kettle",
                "the coffee maker",
            ],
            [
                "broke down",
                "was cleaned",
                "made a strange noise",
                "needs descaling",
                "was replaced",
                "leaked water",
                "stopped working",
                "got an upgrade",
                "is broken",
                "was moved",
            ],
            [
                "on monday",
                "on tuesday",
                "again",
                "last week",
                "this morning",
                "after lunch",
                "overnight",
                "during the meeting",
                "yesterday",
                "today",
                "at noon",
                "in the evening",
                "before the holidays",
                "twice",
                "for the third time",
                "without warning",
                "quietly",
                "loudly",
                "finally",
                "as expected",
            ],
        )
    )
]


@pytest.fixture(scope="module")
async def crowd(module_kit: Kit) -> dict[str, str]:
    """20 memories of one entity among 2,000 similar ones of the same tenant."""
    for start in range(0, len(CROWD_TEXTS), 1000):
        await module_kit.batch([{"content": t} for t in CROWD_TEXTS[start : start + 1000]])
    ids = await module_kit.batch([{"content": t, "entity_id": "ent"} for t in ENTITY_TEXTS])
    # Detection pairs look-alike tickets; these tests ask what the index gives, not the order
    # a pending pair puts its sides in.
    assert await module_kit.services.contradict.drain()
    await module_kit.raw("MATCH (p:PendingContradiction {tenant_id: $tenant_id}) DELETE p")
    return dict(zip(ids, ENTITY_TEXTS, strict=True))


def rules_off(module_kit: Kit) -> RecallService:
    """Recall without the read-side order rules: what the index gives. The crowd's look-alike
    tickets ("… broke down on monday (ticket 0)" / "… on tuesday (ticket 1)") read as
    changed values, and one batch's memories are older and newer in the order given."""
    services = module_kit.services
    update = {f"recall_supersession_{r}": False for r in ("slots", "classifier", "cue", "closest")}
    settings = services.settings.model_copy(update=update)
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


async def brute_force(
    embedder: Embedder, texts_by_id: dict[str, str], cue: str, k: int
) -> tuple[list[str], list[float]]:
    ids = list(texts_by_id)
    vectors = np.array(await embedder.embed([texts_by_id[i] for i in ids]))
    q = np.array((await embedder.embed([cue]))[0])
    cos = vectors @ q / (np.linalg.norm(vectors, axis=1) * np.linalg.norm(q))
    order = np.argsort(-cos)[:k]
    return [ids[i] for i in order], [float(cos[i]) for i in order]


@pytest.mark.parametrize("cue", [CUE, "budget approval", "a new colleague joins the team"])
async def test_entity_scoped_similarity_is_the_true_top_k(
    module_kit: Kit, crowd: dict[str, str], cue: str
) -> None:
    services = module_kit.services
    recall = rules_off(module_kit)
    want_ids, want_cos = await brute_force(services.embedder, crowd, cue, 5)
    out = await recall.recall(
        module_kit.tenant,
        RecallIn(
            cue=cue, entity_id="ent", strategies=SIM, top_k=5, preset="semantic", reinforce=False
        ),
    )
    assert [r.memory.id for r in out.results] == want_ids
    got = [r.breakdown.relevance for r in out.results]
    assert got == pytest.approx([max(0.0, c) for c in want_cos], abs=1e-5)


async def test_tenant_wide_similarity_matches_brute_force(
    module_kit: Kit, crowd: dict[str, str]
) -> None:
    rows = await module_kit.raw(
        "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id RETURN m.id AS id, m.embedding AS e"
    )
    assert len(rows) == len(CROWD_TEXTS) + len(ENTITY_TEXTS)
    q = np.array((await module_kit.services.embedder.embed([CUE]))[0])
    cos = np.array([r["e"] for r in rows]) @ q
    want = [rows[i]["id"] for i in np.argsort(-cos)[:10]]
    request = RecallIn(cue=CUE, strategies=SIM, top_k=10, preset="semantic", reinforce=False)
    out = await rules_off(module_kit).recall(module_kit.tenant, request)
    assert [r.memory.id for r in out.results] == want


# -- strategies on small tenants ----------------------------------------------------------

TOPICS = [
    "the invoice for march was paid late",
    "alice moved to the berlin office",
    "the database migration finished overnight",
    "ticket XQ7731 was escalated to tier two support",
]


async def test_similarity_relevance_is_cosine(kit: Kit) -> None:
    ids = await kit.batch([{"content": t} for t in TOPICS])
    cue = "who relocated to germany"
    want_ids, want_cos = await brute_force(
        kit.services.embedder, dict(zip(ids, TOPICS, strict=True)), cue, 4
    )
    out = await kit.recall(cue=cue, strategies=SIM, preset="semantic", reinforce=False)
    assert [r.memory.id for r in out.results] == want_ids
    assert [r.breakdown.relevance for r in out.results] == pytest.approx(
        [max(0.0, c) for c in want_cos], abs=1e-5
    )
    assert all(r.breakdown.strategies == ["similarity"] for r in out.results)
    top = await kit.recall(cue=cue, strategies=SIM, top_k=2, reinforce=False)
    assert len(top.results) == 2


async def test_hybrid_fuses_vector_and_fulltext_ranks(
    kit: Kit, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rank fusion alone (the default fuses scores; tests/integration/test_recall_hybrid.py).
    # Sections are frozen: the shared hybrid search gets a changed copy of its own.
    hybrid = kit.services.recall.tools.hybrid
    settings = hybrid.settings.model_copy(
        update={
            "hybrid_fusion": "rrf",
            "fulltext_scope_idf": False,
            "recall_neighbour_share": 0.0,
            "recall_time_boost": 0.0,
        }
    )
    monkeypatch.setattr(hybrid, "settings", settings)
    ids = await kit.batch([{"content": t} for t in TOPICS])
    cue = "XQ7731 escalated"
    out = await kit.recall(
        cue=cue, strategies=[{"strategy": "hybrid"}], preset="semantic", reinforce=False
    )
    assert out.results[0].memory.id == ids[3]
    assert out.results[0].breakdown.relevance == pytest.approx(1.0)  # first in both lists
    assert all(r.breakdown.strategies == ["hybrid"] for r in out.results)
    # the fused relevance is exactly the scaled RRF of the two lists
    scope = Scope(kit.tenant, None, include_superseded=False, include_stale=False)
    vector = (await kit.services.embedder.embed([cue]))[0]
    by_vec = await kit.services.recall.similarity(scope, vector, 50)
    text = HybridRecall(kit.services.store, settings, kit.services.recall.sizes)
    by_text = sorted((await text.text_scores(scope, cue, 50)).items(), key=lambda kv: -kv[1])
    assert [mid for mid, _ in by_text] == [ids[3]]
    fused = scoring.rrf([([m.id for m, _ in by_vec], 1.0), ([mid for mid, _ in by_text], 1.0)], 60)
    for r in out.results:
        assert r.breakdown.relevance == pytest.approx(fused[r.memory.id])
    assert {r.memory.id for r in out.results} == set(ids)
    default = await kit.recall(cue=cue, reinforce=False)  # hybrid is the default strategy
    assert default.results[0].memory.id == ids[3]


async def test_temporal_orders_ranks_and_ranges(kit: Kit) -> None:
    ids = await kit.batch(
        [{"content": f"day {d}", "entity_id": "tim", "occurred_at": kit.at(d)} for d in range(6)]
    )
    await kit.add("other entity", entity_id="tom", occurred_at=kit.at(3))

    async def temporal(**spec: Any) -> tuple[list[str], list[float]]:
        out = await kit.recall(
            entity_id="tim", strategies=[{"strategy": "temporal", **spec}], reinforce=False
        )
        return [r.memory.id for r in out.results], [r.breakdown.relevance for r in out.results]

    got, rel = await temporal()
    assert got == ids[::-1]
    assert rel == pytest.approx([1 - rank / 6 for rank in range(6)])
    assert (await temporal(order="oldest"))[0] == ids
    window = {"start": kit.at(1).isoformat(), "end": kit.at(4).isoformat()}
    assert (await temporal(time_range=window))[0] == ids[3:0:-1]
    assert (await temporal(time_range=window, order="oldest", top_k=2))[0] == ids[1:3]
    assert (await temporal(time_range={"start": kit.at(9).isoformat()}))[0] == []


async def test_merge_keeps_best_relevance_every_strategy_and_dedups_by_content(kit: Kit) -> None:
    twin_a = await kit.add(
        "the printer on floor two is jammed", entity_id="p", occurred_at=kit.at(1)
    )
    twin_b = await kit.add(
        "the printer on floor two is jammed", entity_id="p", occurred_at=kit.at(2)
    )
    other = await kit.add("lunch is at noon", entity_id="p", occurred_at=kit.at(3))
    specs = [{"strategy": "similarity"}, {"strategy": "temporal"}]
    out = await kit.recall(cue="printer jammed", entity_id="p", reinforce=False, strategies=specs)
    by_id = {r.memory.id: r.breakdown for r in out.results}
    assert len(by_id) == 2
    assert other.id in by_id
    (twin,) = {twin_a.id, twin_b.id} & set(by_id)
    assert all(b.strategies == ["similarity", "temporal"] for b in by_id.values())
    assert by_id[other.id].relevance == 1.0  # newest: temporal R = 1 beats its similarity
    alone = await kit.recall(cue="printer jammed", entity_id="p", reinforce=False, strategies=SIM)
    sim = {r.memory.id: r.breakdown.relevance for r in alone.results}
    assert by_id[twin].relevance == pytest.approx(max(sim[twin], 1 - 1 / 3))


@pytest.mark.parametrize("strategy", ["similarity", "hybrid", "temporal"])
async def test_superseded_and_stale_are_hidden_by_default(kit: Kit, strategy: str) -> None:
    old, new, insight, plain = [
        (await kit.add(f"the office wifi password is {w}", entity_id="net")).id
        for w in ("alpha", "bravo", "charlie", "delta")
    ]
    await kit.raw(
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id "
        # hidden: what every query that supersedes sets beside it (cypher/fragments/hidden)
        "SET m.superseded_by = $new, m.superseded_at = datetime(), m.hidden = 1",
        id=old,
        new=new,
    )
    await kit.make_insight(insight, [plain])
    await kit.raw(
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id "
        "SET m.stale = true, m.stale_reason = 'source revised', m.hidden = 2",
        id=insight,
    )

    async def found(**flags: Any) -> dict[str, tuple[bool, bool]]:
        out = await kit.recall(
            cue="office wifi password",
            entity_id="net",
            reinforce=False,
            strategies=[{"strategy": strategy}],
            **flags,
        )
        return {r.memory.id: (r.superseded, r.stale) for r in out.results}

    assert await found() == {new: (False, False), plain: (False, False)}
    assert (await found(include_superseded=True))[old] == (True, False)
    assert insight not in await found(include_superseded=True)
    assert (await found(include_stale=True))[insight] == (False, True)
    assert len(await found(include_stale=True, include_superseded=True)) == 4


async def test_recall_reinforces_what_it_returns(kit: Kit) -> None:
    ids = await kit.batch([{"content": t} for t in TOPICS])
    before = {i: await kit.services.memory.get(kit.tenant, i) for i in ids}
    out = await kit.recall(cue="invoice paid", strategies=SIM, top_k=2)
    await kit.services.recall.drain()
    hit = {r.memory.id for r in out.results}
    for mid in ids:
        after = await kit.services.memory.get(kit.tenant, mid)
        if mid in hit:
            assert after.access_count == 1
            assert after.last_accessed_at > before[mid].last_accessed_at
        else:
            assert after == before[mid]
    await kit.recall(cue="invoice paid", strategies=SIM, top_k=4, reinforce=False)
    await kit.services.recall.drain()
    counts = [(await kit.services.memory.get(kit.tenant, i)).access_count for i in ids]
    assert sorted(counts) == [0, 0, 1, 1]


@pytest.mark.parametrize(
    ("ranking", "winner"),
    [
        ({"preset": "semantic"}, "exact"),
        ({"preset": "recent"}, "fresh"),
        ({"preset": "important"}, "fresh"),
        ({"weights": {"relevance": 1, "recency": 0, "importance": 0, "reinforcement": 0}}, "exact"),
        ({"weights": {"relevance": 0, "recency": 0, "importance": 1, "reinforcement": 0}}, "fresh"),
    ],
)
async def test_presets_and_weights_change_the_order(
    kit: Kit, ranking: dict[str, Any], winner: str
) -> None:
    exact = await kit.add(
        "the parking garage closes at nine", importance=0.0, occurred_at=kit.ago(60)
    )
    fresh = await kit.add("cars must leave the lot in the evening", importance=1.0)
    out = await kit.recall(cue=exact.content, strategies=SIM, reinforce=False, **ranking)
    names = {exact.id: "exact", fresh.id: "fresh"}
    assert names[out.results[0].memory.id] == winner


async def test_breakdown_is_consistent_with_the_score(kit: Kit) -> None:
    await kit.batch(
        [
            {"content": t, "importance": i / 4, "occurred_at": kit.ago(i * 9)}
            for i, t in enumerate(TOPICS)
        ]
    )
    await kit.recall(cue="database", strategies=SIM, top_k=1)
    await kit.services.recall.drain()
    now = kit.ago(0)
    out = await kit.recall(
        cue="database invoice office",
        reinforce=False,
        strategies=[{"strategy": "similarity"}, {"strategy": "hybrid"}],
    )
    assert len(out.results) == 4
    assert [r.score for r in out.results] == sorted((r.score for r in out.results), reverse=True)
    for r in out.results:
        b, m = r.breakdown, r.memory
        assert b.weights == PRESETS["default"]
        assert b.importance == m.importance
        assert b.reinforcement == pytest.approx(math.log2(1 + m.access_count) / math.log2(101))
        age_days = (now - m.occurred_at).total_seconds() / 86_400
        assert b.recency == pytest.approx(max(0.0, 1 - age_days / 30), abs=1e-4)
        assert 0 <= b.relevance <= 1
        assert b.strategies
        assert set(b.strategies) <= {"similarity", "hybrid"}
        w = b.weights
        expected = (
            w.relevance * b.relevance
            + w.recency * b.recency
            + w.importance * b.importance
            + w.reinforcement * b.reinforcement
        )
        assert r.score == pytest.approx(expected, abs=1e-6)
    assert max(r.memory.access_count for r in out.results) == 1
