"""Which Neo4j servers hebbs-graph accepts: 2026.06+ (filtered vector search with IN)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hebbs_graph.graph.schema import supports_filtered_search


@pytest.mark.parametrize("version", ["2026.06.0", "2026.08.1", "2027.01.0", "2026.10"])
def test_filtered_search_versions_are_accepted(version: str) -> None:
    assert supports_filtered_search(version)


@pytest.mark.parametrize("version", ["5.26.30", "5.27.0-aura", "2025.12.1", "2026.05.0"])
def test_older_servers_are_refused(version: str) -> None:
    assert not supports_filtered_search(version)


def test_an_unreadable_version_is_left_to_the_migration() -> None:
    assert supports_filtered_search("dev")


def _statements(path: Path) -> list[str]:
    text = "\n".join(
        line for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("//")
    )  # fmt: skip
    return [" ".join(s.split()) for s in text.split(";") if s.strip()]


def test_the_forget_step_builds_the_indexes_as_the_schema_does() -> None:
    """prune-logs --rebuild-indexes (cypher/scrub/) creates the fulltext and vector
    indexes again: with the same definitions as the newest migration that made them."""
    cypher = Path(__file__).resolve().parents[2] / "cypher"
    for scrub, schema in (
        ("fulltext_create", "003_fulltext_index"),
        ("vector_create", "007_filtered_vector_index"),
    ):
        made = _statements(cypher / "scrub" / f"{scrub}.cypher")[0]
        assert made in _statements(cypher / "schema" / f"{schema}.cypher"), scrub
