"""Recall strategies are found by looking (services/recall/strategies/): each module is
one spec model and a run, the doors build their specs and schemas from those models."""

from __future__ import annotations

import pkgutil

import pytest
import typer

from hebbs_graph.cli.recall import FLAGS, specs_for
from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.recall import RecallIn, Strategy
from hebbs_graph.services.recall import strategies
from hebbs_graph.services.recall.request import RecallRequest
from hebbs_graph.services.recall.strategies import REGISTRY, describe


def test_every_module_is_a_registered_strategy() -> None:
    modules = {m.name for m in pkgutil.iter_modules(strategies.__path__)} - {"base"}
    assert set(REGISTRY) == modules
    assert {s.value for s in Strategy} <= set(REGISTRY)  # the built-ins
    for name, entry in REGISTRY.items():
        assert entry.spec.model_json_schema()["properties"]["strategy"]["const"] == name


def test_the_request_schema_is_the_union_of_the_specs() -> None:
    schema = RecallRequest.model_json_schema()
    items = schema["properties"]["strategies"]["anyOf"][0]["items"]
    names = {
        schema["$defs"][ref["$ref"].rsplit("/", 1)[1]]["properties"]["strategy"]["const"]
        for ref in items["oneOf"]
    }
    assert names == set(REGISTRY)


def test_each_spec_takes_only_its_own_fields() -> None:
    with pytest.raises(InvalidInput, match="max_depth"):
        RecallRequest.of(RecallIn(cue="x", strategies=[{"strategy": "similarity", "max_depth": 2}]))
    with pytest.raises(InvalidInput, match="strategy must be one of"):
        RecallRequest.of(RecallIn(cue="x", strategies=[{"strategy": "telepathy"}]))
    checked = RecallRequest.of(
        RecallIn(strategies=[{"strategy": "causal", "seed_memory_id": "0" * 32}])
    )
    assert checked.specs()[0].strategy == "causal"


def test_the_cli_puts_each_option_where_its_model_takes_it() -> None:
    options = {"max_depth": 3, "time_range": {"start": None, "end": None}}
    specs = specs_for(["causal", "temporal"], options, FLAGS)
    assert specs == [
        {"strategy": "causal", "max_depth": 3},
        {"strategy": "temporal", "time_range": {"start": None, "end": None}},
    ]
    with pytest.raises(typer.Exit):
        specs_for(["similarity"], {"max_depth": 3}, FLAGS)


def test_help_names_every_strategy_and_its_fields() -> None:
    text = describe()
    for name in REGISTRY:
        assert f"{name}:" in text
    assert "max_depth" in text
