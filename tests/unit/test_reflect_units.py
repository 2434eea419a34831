"""Reflection without a database: clustering, the importance formula, prompts, answers."""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from hebbs_graph.errors import LLMBadOutput
from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.llm import parse_json
from hebbs_graph.models.memory import Memory
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services.reflect import prompts
from hebbs_graph.services.reflect.clustering import candidate_ks, cluster_embeddings, restarts

PACKAGE = Path(__file__).resolve().parents[2] / "hebbs_graph"


def blobs(sizes: list[int], dim: int = 32, spread: float = 0.05, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(len(sizes), dim))
    return np.concatenate(
        [c + spread * rng.normal(size=(n, dim)) for c, n in zip(centres, sizes, strict=True)]
    )


# -- clustering ---------------------------------------------------------------------------


def test_k_runs_from_two_to_the_root_of_n_capped_at_fifty() -> None:
    assert list(candidate_ks(5)) == [2, 3]
    assert list(candidate_ks(30)) == [2, 3, 4, 5, 6]
    assert candidate_ks(500)[-1] == 23
    assert candidate_ks(10_000)[-1] == 50
    assert list(candidate_ks(2)) == []


def test_restarts_shrink_as_input_grows() -> None:
    assert restarts(30) == 10
    assert restarts(500) == 2
    assert restarts(10_000) == 1


def test_clear_groups_are_found_and_small_ones_dropped() -> None:
    vectors = blobs([12, 9, 7, 2])
    found = cluster_embeddings(vectors, seed=42)
    sizes = [len(c) for c in found.clusters]
    assert found.k == 4
    assert sizes == [12, 9, 7]  # the pair is under 3 and dropped; largest first
    assert found.clusters[0] == list(range(12))


def test_clustering_is_deterministic() -> None:
    vectors = blobs([20, 20, 20], spread=0.6, seed=3)
    first = cluster_embeddings(vectors, seed=42)
    assert all(cluster_embeddings(vectors, seed=42) == first for _ in range(3))


def test_clusters_use_direction_not_length() -> None:
    vectors = blobs([8, 8], seed=1)
    scaled = vectors * np.linspace(0.5, 3.0, len(vectors))[:, None]
    assert cluster_embeddings(vectors).clusters == cluster_embeddings(scaled).clusters


def test_identical_vectors_give_no_clusters() -> None:
    found = cluster_embeddings(np.ones((10, 8)))
    assert found.clusters == []


# -- importance ---------------------------------------------------------------------------


def test_importance_formula() -> None:
    expected = 0.7 * 0.5 + 0.3 * 0.8 + math.log(1 + 10) / 10
    assert insight_importance([0.5] * 10, 0.8) == pytest.approx(expected)
    assert insight_importance([1.0] * 30, 1.0) == 1.0  # clamped
    assert insight_importance([], 0.0) == 0.0


def test_more_sources_outrank_fewer_at_equal_confidence() -> None:
    assert insight_importance([0.5] * 12, 0.7) > insight_importance([0.5] * 3, 0.7)
    assert insight_importance([0.5] * 30, 0.7) > insight_importance([0.5] * 2, 0.7)


# -- prompts ------------------------------------------------------------------------------


def memory(n: int, content: str) -> Memory:
    at = datetime(2024, 3, n, tzinfo=UTC)
    return Memory(
        id=f"{n:032x}",
        kind="episode",
        content=content,
        content_sha256="x",
        importance=0.5 + n / 100,
        occurred_at=at,
        created_at=at,
        updated_at=at,
        last_accessed_at=at,
        tags=["billing"] if n == 2 else [],
    )


def test_proposal_prompt_lists_every_memory_oldest_first() -> None:
    members = [memory(3, "third"), memory(1, "first"), memory(2, "second " * 400)]
    text = prompts.proposal_user_prompt("acme", 4, members, max_chars=50)
    assert text.startswith("Entity: acme\nCluster 4: 3 related observations")
    ids = re.findall(r"id: ([0-9a-f]{32})", text)
    assert ids == [members[1].id, members[2].id, members[0].id]
    assert "importance: 0.52 | tags: billing" in text
    assert "second second" in text
    assert ("second " * 30) not in text
    assert "every entity" in prompts.proposal_user_prompt(None, 1, members, 50)


def test_validation_and_stale_prompts_carry_what_to_judge() -> None:
    proposal = prompts.ProposedInsight(content="Acme is frugal", confidence=0.8)
    text = prompts.validate_user_prompt(proposal, [memory(1, "cheap")], ["Acme likes email"], 100)
    assert "Acme is frugal" in text
    assert "[1] Acme likes email" in text
    assert "cheap" in text
    stale = prompts.stale_user_prompt("Acme is frugal", "source revised", [], 100)
    assert "source revised" in stale
    assert "(none left)" in stale


# -- answers ------------------------------------------------------------------------------


def test_proposal_answers_are_cleaned() -> None:
    answer = parse_json(
        '{"insights": [{"content": " Acme is frugal ", "confidence": 1.7,'
        ' "source_memory_ids": ["ABC", "abc", "def"], "tags": [" money ", ""]}]}',
        prompts.ProposalAnswer,
    )
    [insight] = answer.insights
    assert insight.content == "Acme is frugal"
    assert insight.confidence == 1.0
    assert insight.tags == ["money"]
    assert prompts.known_sources(insight, {"abc"}) == ["abc"]


@pytest.mark.parametrize(
    "text",
    [
        "no json at all",
        '{"insights": "many"}',
        '{"insights": [{"confidence": 0.5}]}',
        '{"verdict": "accepted"}',
    ],
)
def test_wrong_proposals_are_bad_output(text: str) -> None:
    with pytest.raises(LLMBadOutput):
        parse_json(text, prompts.ProposalAnswer)


def test_verdicts_are_read_case_insensitively_and_checked() -> None:
    check = parse_json('{"verdict": "Accepted", "confidence": 0.9}', prompts.ValidationAnswer)
    assert check.verdict == "accepted"
    with pytest.raises(LLMBadOutput):
        parse_json('{"verdict": "probably"}', prompts.ValidationAnswer)
    stale = parse_json('{"verdict": "RETIRE"}', prompts.StaleAnswer)
    assert stale.verdict == "retire"


# -- queries ------------------------------------------------------------------------------


def test_every_reflect_query_is_used_and_exists() -> None:
    registry = QueryRegistry()
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    used = set(re.findall(r"[\"'](reflect/[a-z_{}]+)[\"']", source))
    used = {u.replace("{kind}", k) for u in used for k in ("entity", "tenant")}
    files = set(registry.names("reflect/"))
    assert used == files
    for name in files:
        assert "$tenant_id" in registry[name], name
