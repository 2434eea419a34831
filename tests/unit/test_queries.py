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
        # Migrations and transaction-log maintenance are database-wide, not tenant data.
        wide = name.startswith(("schema/", "txlog/", "admin/", "scrub/"))
        assert "tenant_id" in text or wide, f"{name} ignores tenant_id"


# -- Nothing keyed across tenants (issue 34) --------------------------------------------
#
# A query reaches a tenant's nodes from a lookup: a node pattern with a label that no
# relationship ties to a node already bound. Every such lookup names its tenant (a
# tenant_id in its map, or a <var>.tenant_id predicate in its clause), every MERGE of a
# node keys on the tenant, and every node CREATE sets it; the nodes a query then walks to
# over relationships are the tenant's because every relationship is made between two
# nodes of one tenant. Database-wide queries are listed with the reason.

TENANT_LABELS = "Memory|Episode|Insight|Snapshot|PendingContradiction|Tombstone|Entity|ReflectCursor|ReflectSession|Lease"
_CLAUSE = re.compile(
    r"\b(OPTIONAL\s+MATCH|MATCH|MERGE|CREATE|WITH|RETURN|CALL|UNWIND|SET|DELETE|REMOVE|"
    r"FOREACH|UNION|ORDER\s+BY|LIMIT|ON\s+CREATE|ON\s+MATCH)\b|\x00"
)
_SUBQUERY_OPEN = re.compile(r"(EXISTS|COLLECT|COUNT|CALL)\s*(\([^)]*\))?\s*$")
_NODE = re.compile(r"\((\w+):(" + TENANT_LABELS + r")\b(\s*\{[^}]*\})?\s*\)")
_CHAIN_LINK = re.compile(r"^\s*(-|<-)")
_LOOKUP_CLAUSES = {"MATCH", "OPTIONAL MATCH", "MERGE", "CREATE"}


def _code(text: str) -> str:
    """The query without comments, each subquery's braces turned into \\x00 (a clause
    boundary); a map's braces stay."""
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    out, stack = [], []
    for n, char in enumerate(code):
        if char == "{":
            stack.append(bool(_SUBQUERY_OPEN.search(code[max(0, n - 80) : n])))
            out.append("\x00" if stack[-1] else char)
        elif char == "}":
            out.append("\x00" if stack and stack.pop() else char)
        else:
            out.append(char)
    return "".join(out)


def _clauses(text: str) -> list[tuple[str, str]]:
    """(keyword, body) for each clause; a body ends where the next clause or brace is."""
    marks = list(_CLAUSE.finditer(text))
    out = []
    for n, mark in enumerate(marks):
        end = marks[n + 1].start() if n + 1 < len(marks) else len(text)
        keyword = " ".join(mark.group().split())
        out.append((keyword, text[mark.end() : end]))
    return out


def untenanted(text: str) -> list[str]:
    """What in a query does not name its tenant: lookups, MERGEs and CREATEs of nodes."""
    code = _code(text)
    problems = []
    clauses = _clauses(code)
    for i, (keyword, body) in enumerate(clauses):
        if keyword not in _LOOKUP_CLAUSES:
            continue
        # A MERGE's or CREATE's SET may follow in its ON CREATE / SET clauses.
        after = "".join(b for _, b in clauses[i + 1 : i + 4])
        for node in _NODE.finditer(body):
            var, label, props = node.group(1), node.group(2), node.group(3) or ""
            keyed = "tenant_id:" in props.replace(" ", "")
            named = keyed or f"{var}.tenant_id" in body
            tied = bool(_CHAIN_LINK.match(body[node.end() :])) or body[
                : node.start()
            ].rstrip().endswith(("-", ">"))
            if keyword == "MERGE" and not tied and not keyed:
                problems.append(f"MERGE ({var}:{label}) is not keyed on the tenant")
            elif (
                keyword == "CREATE"
                and not tied
                and not (keyed or re.search(rf"\b{var}\.tenant_id\s*=", body + after))
            ):
                problems.append(f"CREATE ({var}:{label}) does not set the tenant")
            elif keyword.endswith("MATCH") and not named and not _anchored(body, node):
                problems.append(f"{keyword} ({var}:{label}) does not name the tenant")
    return problems


def _anchored(body: str, node: re.Match[str]) -> bool:
    """A pattern tied by relationships to a node already bound (written without a label)
    or to a node that names the tenant is reached from the tenant."""
    chain_start = body.rfind(",", 0, node.start()) + 1
    chain_end = body.find("WHERE", node.end())
    chain = body[chain_start : chain_end if chain_end >= 0 else len(body)]
    if not re.search(r"-\[|\]-|--", chain):
        return False
    bound = re.findall(r"\((\w+)\)", chain)
    named = [v for v, _, _ in _NODE.findall(chain) if f"{v}.tenant_id" in body]
    return bool(bound or named)


# Queries that reach nodes of every tenant on purpose, each with why.
DATABASE_WIDE = {
    "schema/": "migrations change the whole database's schema and data",
    "admin/": "the server's version, index states and the migrations applied",
    "txlog/": "transaction-log maintenance concerns files, not tenants",
    "scrub/": "rebuilding the Lucene indexes after a forget concerns files, not tenants",
    "forget/tombstones_expire": "the retention sweep deletes old tombstones of every "
    "tenant (decision 0027); it reads and writes nothing else",
}
_WRITES = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE)\b")


def _wide(name: str) -> bool:
    return any(name == key or (key.endswith("/") and name.startswith(key)) for key in DATABASE_WIDE)


def _writes(text: str) -> bool:
    return bool(_WRITES.search(_code(text)))


def test_every_write_query_names_its_tenant() -> None:
    """Each query that creates, merges, sets or deletes reaches only its tenant's nodes:
    its lookups name the tenant, its MERGEs key on it, its CREATEs set it."""
    registry = QueryRegistry()
    writes = [n for n in registry.names() if _writes(registry[n]) and not _wide(n)]
    assert len(writes) > 40  # the check looks at something
    problems = {n: p for n in writes if (p := untenanted(registry[n]))}
    assert problems == {}


def test_every_lookup_names_its_tenant() -> None:
    """Reads too: ids, pending ids and pair keys are unique per tenant (schema 016), so
    a lookup by any of them without the tenant could find another tenant's node."""
    registry = QueryRegistry()
    problems = {n: p for n in registry.names() if not _wide(n) and (p := untenanted(registry[n]))}
    assert problems == {}


def test_the_database_wide_list_holds_only_queries_that_need_it() -> None:
    registry = QueryRegistry()
    for key in DATABASE_WIDE:
        names = [n for n in registry.names() if n == key or n.startswith(key)]
        assert names, f"{key} names no query"
        if not key.endswith("/"):
            assert untenanted(registry[key]), f"{key} names its tenant: take it off the list"


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        # as contradict/pending_create was before issue 34
        (
            "UNWIND $rows AS row\nMATCH (a:Memory {id: row.a}) WHERE a.tenant_id = $tenant_id\n"
            "MERGE (p:PendingContradiction {pair_key: row.pair_key})\n"
            "ON CREATE SET p.tenant_id = $tenant_id",
            "MERGE (p:PendingContradiction) is not keyed on the tenant",
        ),
        (
            "MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id AND EXISTS {\n"
            "  MATCH (a:Memory {id: p.memory_id_a}) WHERE a.entity_id = $e } RETURN p",
            "MATCH (a:Memory) does not name the tenant",
        ),
        (
            "WITH $x AS x WHERE NOT EXISTS { MATCH (p:PendingContradiction {pair_key: x}) }\n"
            "MATCH (m:Memory) WHERE m.tenant_id = $tenant_id RETURN m",
            "MATCH (p:PendingContradiction) does not name the tenant",
        ),
        (
            "UNWIND $rows AS row CREATE (t:Tombstone) SET t = row RETURN t",
            "CREATE (t:Tombstone) does not set the tenant",
        ),
        (
            "MATCH (m:Memory {id: $id}) SET m.x = 1 RETURN m",
            "MATCH (m:Memory) does not name the tenant",
        ),
    ],
)
def test_the_check_finds_what_does_not_name_its_tenant(query: str, problem: str) -> None:
    assert untenanted(query) == [problem]


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id SET m.x = 1",
        "MERGE (e:Entity {tenant_id: $tenant_id, entity_id: $e}) ON CREATE SET e.n = 0",
        "CREATE (t:Tombstone) SET t = $p, t.tenant_id = $tenant_id",
        "MATCH (m:Memory {id: $id}) WHERE m.tenant_id = $tenant_id\n"
        "OPTIONAL MATCH (m)-[:REVISED_FROM]->(s:Snapshot) DETACH DELETE s",
        "MATCH (i:Insight)-[:INSIGHT_FROM]->(m:Memory {id: $id})\n"
        "WHERE m.tenant_id = $tenant_id SET i.stale = true",
    ],
)
def test_the_check_passes_what_names_its_tenant(query: str) -> None:
    assert untenanted(query) == []
