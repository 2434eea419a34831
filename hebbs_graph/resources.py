"""Where the packaged data lives: ``cypher/``, the local Neo4j pom and its analyzer jar.

A wheel carries them under ``hebbs_graph/_data``; a source checkout (editable
install) keeps them at the repository root.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_path(packaged: str, in_repo: str) -> Path:
    candidate = _PACKAGE / "_data" / packaged
    if candidate.exists():
        return candidate
    return _PACKAGE.parent / in_repo


def cypher_dir() -> Path:
    return resource_path("cypher", "cypher")


def neo4j_pom() -> Path:
    return resource_path("pom.xml", "docker/local/pom.xml")


def analyzer_jar() -> Path:
    """The fulltext analyzer plugin (docker/neo4j-plugin), put on the local Neo4j's classpath."""
    return resource_path("english-no-length.jar", "docker/neo4j-plugin/english-no-length.jar")
