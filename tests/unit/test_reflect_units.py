"""Reflection without a database: the importance formula, prompts, answers (clustering:
test_reflect_clustering.py)."""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hebbs_graph.errors import LLMBadOutput
from hebbs_graph.graph.queries import QueryRegistry
from hebbs_graph.llm import parse_json
from hebbs_graph.models.memory import Memory
from hebbs_graph.scoring import insight_importance
from hebbs_graph.services.reflect import prompts

PACKAGE = Path(__file__).resolve().parents[2] / "hebbs_graph"


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
