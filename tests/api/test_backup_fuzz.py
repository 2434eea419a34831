"""Property: whatever backup a caller sends, POST /v1/import answers 4xx and stores
nothing, or restores something every read endpoint serves (issue 34).

Hypothesis takes a valid backup of one entity (tests/support/backup_file.py: every record
type and relationship) and mutates it: fields dropped, renamed or given values of the
wrong type, bad enums, deep nesting, wrong or foreign pair keys, another tenant's ids,
lines dropped, repeated or cut. Another tenant's data must stay as it was throughout.
Bounded: HEBBS_FUZZ_BACKUP_EXAMPLES examples (100 by default; ~12 s here).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hebbs_graph.ids import new_id
from tests.api.conftest import Api
from tests.support import backup_file as bf
from tests.support.tenants import purge_tenant

EXAMPLES = int(os.environ.get("HEBBS_FUZZ_BACKUP_EXAMPLES", "100"))
Lines = list[Any]


def deep(n: int) -> Any:
    value: Any = []
    for _ in range(n):
        value = [value]
    return value


WEIRD = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            False,
            0,
            -1,
            2**70,
            1.5,
            float("nan"),
            "",
            "x",
            "dismiss",
            "snapshot",
            "2025-13-40T00:00:00",
            "0001-01-01T00:00:00+05:00",
            "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999Z",
            "\u0000",
            "\ud800",
            [],
            [1],
            [[1]],
            {},
            {"a": 1},
            ["a" * 300],
            "a" * 70_000,
        ]
    ),
    st.sampled_from([9, 40, 500]).map(deep),
    st.text(max_size=20),
    st.integers(),
    st.floats(allow_nan=False),
)
ENUM_FIELDS = ["kind", "suggested_verdict", "classifier_method", "edge_type", "type", "scope"]


def records(lines: Lines) -> list[dict[str, Any]]:
    return [r for r in lines if isinstance(r, dict)]


def fields(record: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Every (holder, key) of a record: its own keys and its properties'."""
    out = [(record, k) for k in record]
    if isinstance(record.get("properties"), dict):
        out += [(record["properties"], k) for k in record["properties"]]
    return out


def pendings(lines: Lines) -> list[dict[str, Any]]:
    """The properties of the file's pending pairs (those still a map)."""
    return [
        r["properties"]
        for r in records(lines)
        if r.get("type") == "pending_contradiction" and isinstance(r.get("properties"), dict)
    ]


def ids_in(lines: Lines) -> list[tuple[dict[str, Any], str]]:
    return [
        (holder, key)
        for r in records(lines)
        for holder, key in fields(r)
        if isinstance(holder.get(key), str) and len(holder[key]) == 32 and key != "content_sha256"
    ]


@st.composite
def mutation(draw: st.DrawFn, victim: list[str]) -> Callable[[Lines], None]:
    kind = draw(
        st.sampled_from(
            [
                "drop",
                "rename",
                "retype",
                "enum",
                "nest",
                "pair_key",
                "foreign",
                "own_id",
                "foreign_all",
                "foreign_all",
                "minimal_pending",
                "line",
                "raw",
                "embedding",
                "header",
            ]
        )
    )
    pick = draw(st.integers(min_value=0, max_value=10_000))
    value = draw(WEIRD)
    name = draw(st.sampled_from(["extra", "id", "tenant_id", "embedding", "check_due", "hidden"]))
    depth = draw(st.sampled_from([9, 50_000, 100_000]))

    nowhere: tuple[dict[str, Any], str] = ({}, "")

    def one(items: list[Any]) -> Any:
        return items[pick % len(items)] if items else None

    def apply(lines: Lines) -> None:
        body = [r for r in records(lines)[1:] if r.get("type") != "end"] or records(lines)
        if kind in ("drop", "rename", "retype"):
            holder, key = one([f for r in body for f in fields(r)]) or nowhere
            if key in holder:
                if kind == "rename":
                    holder[name] = holder.pop(key)
                elif kind == "drop":
                    del holder[key]
                else:
                    holder[key] = value
        elif kind == "enum":
            hits = [(h, k) for r in records(lines) for h, k in fields(r) if k in ENUM_FIELDS]
            holder, key = one(hits) or nowhere
            if key in holder:
                holder[key] = one(["dismiss", "memo", "Episode", "", "snapshot", "revision"])
        elif kind == "nest":
            n = pick % len(lines)
            lines[n] = "[" * depth + "]" * depth if pick % 2 else _nested_memory(depth)
        elif kind == "pair_key":
            for props in pendings(lines):
                props["pair_key"] = one(
                    [f"{one(victim)}:{new_id()}", ":".join(sorted(victim[:2])), "x:y", None]
                )
        elif kind in ("foreign", "own_id"):
            holder, key = one(ids_in(lines)) or nowhere
            if key in holder:
                if kind == "foreign":
                    holder[key] = one(victim)
                else:  # another id of the same file
                    other_holder, other_key = ids_in(lines)[(pick + 1) % len(ids_in(lines))]
                    holder[key] = other_holder[other_key]
        elif kind == "foreign_all":  # a memory of the file takes another tenant's id
            memories = [
                r
                for r in records(lines)
                if r.get("type") == "memory" and isinstance(r.get("properties"), dict)
            ]
            target = one(memories)
            mid = target["properties"].get("id") if target is not None else None
            if isinstance(mid, str) and len(mid) == 32:
                _rename_id(lines, mid, one(victim))
        elif kind == "minimal_pending":
            for props in pendings(lines):
                keep = ("pending_id", "pair_key", "memory_id_a", "memory_id_b", "created_at")
                for key in set(props) - set(keep):
                    del props[key]
                if pick % 2:
                    props["suggested_verdict"] = "dismiss"
        elif kind == "line":
            n = 1 + pick % (len(lines) - 1)
            if pick % 3 == 0:
                del lines[n]
            elif pick % 3 == 1:
                lines.insert(n, copy.deepcopy(lines[n]))
            else:
                lines[n], lines[-1 - n % 2] = lines[-1 - n % 2], lines[n]
        elif kind == "raw":
            n = pick % len(lines)
            text = lines[n] if isinstance(lines[n], str) else json.dumps(lines[n])
            lines[n] = text[: max(1, len(text) * (pick % 97) // 97)]
        elif kind == "embedding":
            memories = [r for r in records(lines) if r.get("type") == "memory"]
            target = one(memories)
            if target is not None:
                target["embedding"] = one(
                    [
                        [0.0] * 384,
                        [3.5e38] + [0.0] * 383,  # past a 32-bit float: Neo4j refuses it
                        [1e-320] * 384,
                        [1.0, 2.0],
                        value,
                        [value] * 384,
                        None,
                    ]
                )
        elif kind == "header":
            holder, key = one(fields(records(lines)[0])) or nowhere
            if key in holder:
                holder[key] = one([value, None, "other", "model-x", 1, 2, 385, False])

    apply.__name__ = apply.__qualname__ = f"{kind}(pick={pick}, value={value!r:.40}, name={name})"
    return apply


def _rename_id(lines: Lines, old: str, new: str) -> None:
    """Every mention of one id in the file becomes another, pair keys made again."""
    for n, line in enumerate(lines):
        if isinstance(line, str):
            lines[n] = line.replace(old, new)
            continue
        line = json.loads(json.dumps(line).replace(old, new))
        props = line.get("properties")
        if line.get("type") == "pending_contradiction" and isinstance(props, dict):
            ends = (props.get("memory_id_a"), props.get("memory_id_b"))
            if all(isinstance(x, str) for x in ends):
                props["pair_key"] = ":".join(sorted(str(x) for x in ends))
        lines[n] = line


def _nested_memory(depth: int) -> str:
    return '{"type": "memory", "properties": ' + "[" * depth + "]" * depth + "}"


@pytest.fixture
async def victim(api: Api) -> list[str]:
    """The other tenant's memories (a pending pair among them): their ids are fed to the
    importer, and their data must not change."""
    ids = []
    for text in ["The build is fast", "The build is slow", "Lunch was good"]:
        ids.append((await api.remember(content=text, entity_id=bf.ENTITY, other=True))["id"])
    return ids


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(data=st.data())
async def test_an_import_is_refused_or_served(api: Api, victim: list[str], data: Any) -> None:
    embedder = api.services.embedder
    scope = data.draw(st.sampled_from([bf.ENTITY, None]), label="scope")
    body = bf.scene(embedder.dimension)
    lines: Lines = [bf.header(embedder.model_name, embedder.dimension, entity_id=scope), *body]
    many = data.draw(st.sampled_from([0, 1, 1, 1, 2, 3]), label="how many mutations")
    for change in data.draw(st.lists(mutation(victim), min_size=many, max_size=many)):
        change(lines)
    if data.draw(st.sampled_from([True, True, True, False]), label="counts match"):
        lines.append(bf.end(records(lines)[1:]))
    else:
        lines.append(bf.end(body))
    before = await api.stored(api.other_tenant)
    try:
        answer = await api.call("POST", "/v1/import", content=bf.ndjson(lines))
        assert answer.status_code < 500, answer.text
        event(f"import answered {answer.status_code}")
        if answer.status_code >= 400:
            event(f"refused: {api.error(answer)['message'][:60]}")
            api.error(answer)  # the one error shape
            assert await api.stored(api.tenant) == [], "a refused import stored something"
        else:
            await bf.served(api)
        assert await api.stored(api.other_tenant) == before
    finally:
        await purge_tenant(api.services, api.tenant)
