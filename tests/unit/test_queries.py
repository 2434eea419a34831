"""Every Cypher name the code asks for exists, and every query file is used or is schema."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hebbs_graph.graph.queries import QueryRegistry, split_statements

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "hebbs_graph"
# Every folder of cypher/ (migrations are applied by listing, not by name).
FOLDERS = sorted(p.name for p in (ROOT / "cypher").iterdir() if p.is_dir() and p.name != "schema")
NAME = re.compile(r"[\"']((?:" + "|".join(FOLDERS) + r")/[a-z_{}.]+)[\"']")


def referenced_names() -> set[str]:
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        names |= set(NAME.findall(path.read_text(encoding="utf-8")))
    return names


def expand(name: str) -> list[str]:
    """Names built with {kind}/{order} placeholders stand for each of their values."""
    out = [name]
    for key, values in {
        "{kind}": ["entity", "tenant"],
        "{scope.kind}": ["entity", "tenant"],
        "{spec.order}": ["newest", "oldest"],
        "{family}": ["similarity", "nearest"],
    }.items():
        out = (
            [n.replace(key, v) for n in out for v in values] if any(key in n for n in out) else out
        )
    return out


def test_every_referenced_query_exists() -> None:
    registry = QueryRegistry()
    for name in referenced_names():
        for concrete in expand(name):
            assert registry[concrete], concrete


def test_unknown_name_fails_loudly() -> None:
    with pytest.raises(KeyError, match="unknown Cypher query"):
        QueryRegistry()["memory/does_not_exist"]


def test_migrations_split_into_statements() -> None:
    registry = QueryRegistry()
    statements = split_statements(registry["schema/004_range_indexes"])
    assert len(statements) == 4
    assert all(s.startswith("CREATE INDEX") and "IF NOT EXISTS" in s for s in statements)


def test_queries_take_values_as_parameters_only() -> None:
    """No query is a format string: braces only appear in Cypher maps/subqueries."""
    registry = QueryRegistry()
    for name in registry.names():
        text = registry[name]
        assert "%s" not in text, name
        assert "{0}" not in text, name
        # Migrations and transaction-log maintenance are database-wide, not tenant data;
        # a restore asks whether its ids are taken in any tenant (ids are unique).
        wide = name.startswith(("schema/", "txlog/", "admin/")) or name == "backup/ids_taken"
        assert "tenant_id" in text or wide, f"{name} ignores tenant_id"
