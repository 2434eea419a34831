"""Which Neo4j servers hebbs-graph accepts: 2026.06+ (filtered vector search with IN)."""

from __future__ import annotations

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
