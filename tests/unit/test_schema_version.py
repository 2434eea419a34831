"""Which Neo4j servers hebbs-graph accepts (2026.06+: filtered vector search with IN), and
which fulltext analyzer it builds memory_content with."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from hebbs_graph.errors import SchemaMismatch
from hebbs_graph.graph.schema import chosen_analyzer, supports_filtered_search
from hebbs_graph.localneo4j import LocalNeo4j
from hebbs_graph.resources import analyzer_jar
from hebbs_graph.settings import Settings


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
        ("vector_create", "017_vector_index_hnsw"),
    ):
        made = _statements(cypher / "scrub" / f"{scrub}.cypher")[0]
        # The analyzer is a parameter: the one the index had, or the settings' choice.
        made = made.replace("`fulltext.analyzer`: $analyzer", "`fulltext.analyzer`: 'english'")
        assert made in _statements(cypher / "schema" / f"{schema}.cypher"), scrub


@pytest.mark.parametrize(
    ("setting", "available", "chosen"),
    [
        ("auto", {"english", "english-no-length"}, "english-no-length"),
        ("auto", {"english", "standard"}, "english"),
        ("english", {"english", "english-no-length"}, "english"),
        ("english-no-length", {"english", "english-no-length"}, "english-no-length"),
    ],
)
def test_the_fulltext_analyzer_follows_the_setting_and_the_server(
    setting: str, available: set[str], chosen: str
) -> None:
    assert chosen_analyzer(setting, available) == chosen


def test_an_analyzer_the_server_lacks_is_refused_by_name() -> None:
    with pytest.raises(SchemaMismatch, match=r"english-no-length\.jar"):
        chosen_analyzer("english-no-length", {"english"})


def test_the_analyzer_plugin_is_packaged_and_on_the_local_classpath(tmp_path: Path) -> None:
    """The committed jar holds the provider Neo4j loads (build.sh rebuilds it)."""
    with zipfile.ZipFile(analyzer_jar()) as jar:
        names = set(jar.namelist())
        services = jar.read("META-INF/services/org.neo4j.graphdb.schema.AnalyzerProvider")
    assert services.decode().strip() == "hebbs.EnglishNoLength"
    assert "hebbs/EnglishNoLength.class" in names
    source = analyzer_jar().with_name("EnglishNoLength.java")
    assert 'super("english-no-length")' in source.read_text(encoding="utf-8")
    cmd = LocalNeo4j(Settings(data_dir=tmp_path)).command("java")
    assert str(analyzer_jar()) in cmd[cmd.index("-cp") + 1].split(os.pathsep)
