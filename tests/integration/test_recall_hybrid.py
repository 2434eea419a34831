"""Hybrid recall on the real Neo4j: scope idf, score fusion, timeline neighbours, cue dates."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hebbs_graph.graph.schema import NO_LENGTH_ANALYZER, fulltext_analyzer
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.recall.hybrid import SCOPE_COUNT_FACTOR, HybridRecall
from hebbs_graph.services.recall.service import RecallService, Scope
from hebbs_graph.services.scopesize import ScopeSizes
from tests.integration.conftest import Kit

HYBRID = [{"strategy": "hybrid"}]
START = datetime(2023, 5, 1, 9, 0, tzinfo=UTC)

# A conversation: the answer (index 3) shares no word with the cue; its question does.
TURNS = [
    "Mira: The weather was lovely on the coast this weekend.",
    "Tomas: We should plan a trip there before summer ends.",
    "Mira: What did you research for the adoption paperwork, Tomas?",
    "Tomas: Mostly the forms, and a long list of phone numbers to call.",
    "Mira: My sister started learning to play the cello.",
    "Tomas: Cello is hard! I tried the violin as a kid and gave up.",
    "Mira: The bakery downstairs now sells sourdough on Fridays.",
    "Tomas: I fixed the bike chain and cleaned the gears yesterday.",
    "Mira: Did you see the match last night? What a finish.",
    "Tomas: I missed it, I was at my cousin's wedding rehearsal.",
]


def scope(tenant: str, entity: str | None = None) -> Scope:
    return Scope(tenant, entity, include_superseded=False, include_stale=False)


async def store_turns(kit: Kit, entity: str = "chat", *, session: bool = True) -> list[str]:
    """The chat's turns on the entity's timeline: as conversation turns (their context
    names the session, as POST /v1/conversations stores them), or as independent facts."""
    return await kit.batch(
        [
            {
                "content": t,
                "entity_id": entity,
                "occurred_at": START + timedelta(minutes=i),
                "context": {"session_id": "s1", "turn": i} if session else {},
            }
            for i, t in enumerate(TURNS)
        ]
    )


def recall_with(kit: Kit, **settings: Any) -> RecallService:
    s = kit.services
    changed = s.settings.model_copy(update=settings)
    return RecallService(s.store, s.embedder, changed.recall, changed.contradiction)


async def test_the_answer_comes_along_with_the_matching_question(kit: Kit) -> None:
    ids = await store_turns(kit)
    cue = "What did Tomas research for the adoption?"
    out = await kit.recall(cue=cue, entity_id="chat", top_k=3, preset="semantic", reinforce=False)
    top = [r.memory.id for r in out.results]
    assert top[0] == ids[2]
    assert ids[3] in top
    assert out.results[0].breakdown.relevance == pytest.approx(1.0)
    assert all(r.breakdown.strategies == ["hybrid"] for r in out.results)
    # Without the timeline spread the answer is no nearer than other turns.
    alone = await recall_with(kit, recall_neighbour_share=0.0).recall(
        kit.tenant, _request(cue, top_k=10)
    )
    with_spread = await kit.services.recall.recall(kit.tenant, _request(cue, top_k=10))
    before = {r.memory.id: r.breakdown.relevance for r in alone.results}
    after = {r.memory.id: r.breakdown.relevance for r in with_spread.results}
    assert after[ids[3]] > before.get(ids[3], 0.0) + 0.2


def _request(cue: str, top_k: int) -> RecallIn:
    return RecallIn(cue=cue, entity_id="chat", top_k=top_k, preset="semantic", reinforce=False)


async def test_text_scores_use_the_scopes_idf(kit: Kit) -> None:
    # "zorblax" is rare across the index but in every memory of this entity.
    texts = [f"Zorblax: note number {i} about the weekly zorblax sync" for i in range(12)]
    texts.append("Zorblax: I glazed a bowl and fired it in the kiln")
    ids = await kit.batch([{"content": t, "entity_id": "z"} for t in texts])
    hybrid = HybridRecall(
        kit.services.store, kit.services.settings.recall, kit.services.recall.sizes
    )
    scores = await hybrid.text_scores(scope(kit.tenant, "z"), "zorblax kiln", 50)
    assert max(scores, key=scores.__getitem__) == ids[-1]
    assert len(scores) == len(texts)  # every memory holds "zorblax"


async def test_text_scores_ignore_what_other_tenants_store(kit: Kit, other_tenant: str) -> None:
    """memory_content's analyzer gives every text length 1 for BM25, so the average length
    of everyone's texts, present or forgotten, moves no scope's text scores (decision
    0006; with Neo4j's "english" 98,000 short texts of another tenant cost LoCoMo 0.6)."""
    store = kit.services.store
    if await fulltext_analyzer(store) != NO_LENGTH_ANALYZER:
        pytest.skip(
            "this Neo4j has no english-no-length analyzer (HEBBS_NEO4J_FULLTEXT_ANALYZER=auto)"
        )
    texts = [
        "the kiln fired a long row of glazed bowls and two tall vases overnight again",
        "kiln bowls",
        "a bowl from the kiln",
    ]
    await kit.batch([{"content": t, "entity_id": "k"} for t in texts])
    hybrid = HybridRecall(store, kit.services.settings.recall, kit.services.recall.sizes)
    before = await hybrid.text_scores(scope(kit.tenant, "k"), "kiln bowls vases", 50)
    crowd = [{"content": f"kiln {i}", "entity_id": "k"} for i in range(200)]
    await kit.batch(crowd, tenant=other_tenant)
    after = await hybrid.text_scores(scope(kit.tenant, "k"), "kiln bowls vases", 50)
    assert len(before) == len(texts)
    assert after == pytest.approx(before, rel=1e-6)


async def test_function_words_are_not_searched(kit: Kit) -> None:
    await kit.batch([{"content": "what did you do when it was here"}, {"content": "kiln"}])
    hybrid = HybridRecall(
        kit.services.store, kit.services.settings.recall, kit.services.recall.sizes
    )
    assert await hybrid.text_scores(scope(kit.tenant), "What did she do?", 50) == {}


async def test_a_date_named_in_the_cue_lifts_that_day(kit: Kit) -> None:
    same = "Team lunch at the noodle place, everyone came."
    days = [datetime(2023, 5, d, 12, tzinfo=UTC) for d in (2, 3, 4)]
    ids = await kit.batch(
        [
            {"content": same, "occurred_at": d, "tags": [str(d)], "on_duplicate": "store"}
            for d in days
        ]
    )
    out = await kit.recall(cue="team lunch on 3 May, 2023", preset="semantic", reinforce=False)
    assert out.results[0].memory.id == ids[1]


async def test_hybrid_stays_inside_the_tenant_and_entity(kit: Kit, other_tenant: str) -> None:
    mine = set(await store_turns(kit))
    await kit.batch([{"content": t, "entity_id": "chat"} for t in TURNS], tenant=other_tenant)
    await kit.add("Tomas researched agencies in another entity", entity_id="elsewhere")
    out = await kit.recall(
        cue="Tomas research agencies", entity_id="chat", top_k=20, reinforce=False
    )
    assert len(out.results) == len(TURNS)
    assert all(r.memory.entity_id == "chat" for r in out.results)
    assert {r.memory.id for r in out.results} == mine


@pytest.mark.parametrize("fusion", ["score", "rrf"])
async def test_both_fusions_answer(kit: Kit, fusion: str) -> None:
    ids = await store_turns(kit)
    out = await recall_with(kit, hybrid_fusion=fusion).recall(
        kit.tenant, _request("adoption paperwork research", top_k=2)
    )
    assert out.results[0].memory.id == ids[2]
    assert 0 < out.results[-1].breakdown.relevance <= 1


async def test_the_evidence_query_scores_text_as_scope_bm25_does(kit: Kit) -> None:
    """recall/hybrid_* sums BM25 with the scope's idf in one weighted Lucene query and
    ships only the best text scores; they must be scope_bm25's, the best first."""
    texts = [f"Zorblax: note number {i} about the weekly zorblax kiln sync" for i in range(30)]
    texts += [f"kiln firing {i} went fine" for i in range(5)] + ["zorblax zorblax glaze"]
    await kit.batch([{"content": t, "entity_id": "z"} for t in texts])
    hybrid = HybridRecall(
        kit.services.store, kit.services.settings.recall, kit.services.recall.sizes
    )
    for entity in ("z", None):
        cue = "zorblax kiln glaze sync"
        in_python = await hybrid.text_scores(scope(kit.tenant, entity), cue, 50)
        vector = (await kit.services.embedder.embed([cue]))[0]
        _, in_cypher = await hybrid.evidence(scope(kit.tenant, entity), cue, vector, 2)
        assert len(in_cypher) == 20  # 10 x the 2 candidates asked for, of 36 matches
        # Lucene sums the boosted term scores in 32-bit floats.
        best = sorted(in_python.values(), reverse=True)[:20]
        assert sorted(in_cypher.values(), reverse=True) == pytest.approx(best, rel=1e-5)
        for mid, text in in_cypher.items():
            assert text == pytest.approx(in_python[mid], rel=1e-5)


async def test_the_evidence_query_counts_a_scope_it_was_not_told(kit: Kit) -> None:
    """A scope whose size recall has not counted lately is counted by the evidence query
    itself, to the same cap (one round trip fewer), and remembered; the text scores are
    those it gives with the size known."""
    texts = [f"Zorblax: note number {i} about the weekly zorblax kiln sync" for i in range(30)]
    await kit.batch([{"content": t, "entity_id": "z"} for t in texts])
    await kit.batch([{"content": f"kiln firing {i} went fine", "entity_id": "y"} for i in range(3)])
    store, settings = kit.services.store, kit.services.settings.recall
    sizes = ScopeSizes(store)
    hybrid = HybridRecall(store, settings, sizes)
    cap = settings.fulltext_term_hits * SCOPE_COUNT_FACTOR
    cue = "zorblax kiln glaze sync"
    vector = (await kit.services.embedder.embed([cue]))[0]
    for entity, size in (("z", 30), (None, 33)):
        assert sizes.known(kit.tenant, entity, cap) is None
        _, counted_here = await hybrid.evidence(scope(kit.tenant, entity), cue, vector, 2)
        assert sizes.known(kit.tenant, entity, cap) == size
        assert await ScopeSizes(store).count(kit.tenant, entity, cap) == size
        _, known = await hybrid.evidence(scope(kit.tenant, entity), cue, vector, 2)
        assert known
        assert known == counted_here


async def test_a_cue_without_a_word_in_the_scope_still_answers_by_meaning(kit: Kit) -> None:
    """No text clause to search (only function words, or words no memory holds): the
    evidence query still answers with the vector side."""
    ids = await kit.batch(
        [{"content": f"Note {i} about the kiln", "entity_id": "k"} for i in range(4)]
    )
    for cue in ("what did she do", "zzqxv wqpzz"):
        for entity in ("k", None):
            out = await kit.recall(cue=cue, entity_id=entity, reinforce=False)
            assert {r.memory.id for r in out.results} == set(ids)


async def test_independent_facts_of_an_entity_lend_each_other_nothing(kit: Kit) -> None:
    """The same timeline stored as facts (no session): a neighbour's match lends no
    share by default (issue 29: an unrelated fact showed relevance 0.5), and does with
    recall_neighbours "all"."""
    ids = await store_turns(kit, session=False)
    cue = "What did Tomas research for the adoption?"
    out = await kit.recall(cue=cue, entity_id="chat", top_k=10, preset="semantic", reinforce=False)
    assert not any(c.kind == "neighbour" for r in out.results for c in r.breakdown.contributors)
    spread = await recall_with(kit, recall_neighbours="all").recall(
        kit.tenant, _request(cue, top_k=10)
    )
    answer = next(r for r in spread.results if r.memory.id == ids[3])
    assert any(c.kind == "neighbour" for c in answer.breakdown.contributors)


async def test_only_the_leading_candidates_read_their_neighbours(kit: Kit) -> None:
    """recall_spread_candidates: hybrid reads the timeline neighbours of the best
    candidates of each list only; the others are candidates without a timeline."""
    await store_turns(kit)
    cue = "What did Tomas research for the adoption?"
    vector = (await kit.services.embedder.embed([cue]))[0]
    hybrid = HybridRecall(
        kit.services.store, kit.services.settings.recall, kit.services.recall.sizes
    )

    async def linked(spread: int) -> int:
        _, _, nodes = await hybrid._gather(scope(kit.tenant, "chat"), cue, vector, 10, spread)
        assert len(nodes) == len(TURNS)
        return sum(1 for node in nodes.values() if node.neighbours)

    assert await linked(10) == len(TURNS)
    # The best by vector and the best by text, with their neighbours on either side.
    assert await linked(1) <= 6
