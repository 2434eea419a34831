"""The changing-facts evaluation's ``--pack``: N subjects' groups under one entity, never
two groups of one relation in one entity (two users' ages under one entity would read as
one user's changed age). Two packs with equal contents once compared equal, and later
groups went into an earlier pack: the Dialogue NLI row measured that."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

from tests.support.scripts import load_script


def script() -> ModuleType:
    return load_script("eval/changing_public.py")


def test_no_entity_holds_two_groups_of_one_relation() -> None:
    relations = ["age", "marital", "color"] * 5 + ["age"] * 4
    groups = [{"id": f"g{n}", "kind": "changed", "relation": r} for n, r in enumerate(relations)]
    packs = script().packed(groups, 10)
    per_entity = Counter((packs[n], g["relation"]) for n, g in enumerate(groups))
    assert max(per_entity.values()) == 1
    assert len(set(packs.values())) == 9  # five of three relations, four ages alone
