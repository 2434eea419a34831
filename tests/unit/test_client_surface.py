"""The client's surface: each method's parameters are its request model's fields (so the two
cannot drift), the sync twin has every method with the same parameters, and the public
names exist."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import hebbs_graph.client
from hebbs_graph.client import HebbsClient, HebbsSyncClient
from hebbs_graph.models.contradict import CommitIn, PrepareIn, ScanIn
from hebbs_graph.models.conversation import ConversationIn
from hebbs_graph.models.graph import PrimeIn
from hebbs_graph.models.memory import BatchIn, EdgeIn, ForgetIn, MemoryIn, ReviseIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.models.reflect import ReflectCommitIn, ReflectIn, ReflectPrepareIn

ROOT = Path(__file__).resolve().parents[2]

# client method -> (its request body's model, the parameters that go in the path instead)
BODIES: dict[str, tuple[type[BaseModel], set[str]]] = {
    "remember": (MemoryIn, set()),
    "remember_batch": (BatchIn, set()),
    "conversation": (ConversationIn, set()),
    "link": (EdgeIn, {"memory_id"}),
    "revise": (ReviseIn, {"memory_id"}),
    "forget": (ForgetIn, set()),
    "recall": (RecallIn, set()),
    "prime": (PrimeIn, set()),
    "contradiction_prepare": (PrepareIn, set()),
    "contradiction_commit": (CommitIn, set()),
    "contradiction_scan": (ScanIn, set()),
    "reflect_prepare": (ReflectPrepareIn, set()),
    "reflect_commit": (ReflectCommitIn, set()),
    "reflect": (ReflectIn, set()),
}


def body_parameters(method_name: str) -> dict[str, inspect.Parameter]:
    signature = inspect.signature(getattr(HebbsClient, method_name))
    in_path = BODIES[method_name][1]
    return {
        name: p
        for name, p in signature.parameters.items()
        if name != "self" and name not in in_path
    }


@pytest.mark.parametrize("method_name", sorted(BODIES))
def test_parameters_are_the_request_models_fields(method_name: str) -> None:
    model = BODIES[method_name][0]
    parameters = body_parameters(method_name)
    assert set(parameters) == set(model.model_fields), method_name
    for name, field in model.model_fields.items():
        parameter = parameters[name]
        assert parameter.kind is not inspect.Parameter.VAR_KEYWORD
        if field.is_required():
            assert parameter.default is inspect.Parameter.empty, (method_name, name)
            continue
        # None means "not sent", so the model's default is the only default there is.
        assert parameter.default is None, (method_name, name)


@pytest.mark.parametrize("method_name", sorted(BODIES))
def test_literal_choices_match_the_model(method_name: str) -> None:
    model = BODIES[method_name][0]
    hints = typing.get_type_hints(getattr(HebbsClient, method_name))
    for name, field in model.model_fields.items():
        wanted = literal_values(field.annotation)
        if wanted:
            assert literal_values(hints[name]) == wanted, (method_name, name)


def literal_values(annotation: Any) -> set[Any]:
    if typing.get_origin(annotation) is typing.Literal:
        return set(typing.get_args(annotation))
    return {v for arg in typing.get_args(annotation) for v in literal_values(arg)}


def test_no_method_takes_arbitrary_keywords() -> None:
    for name, method in inspect.getmembers(HebbsClient, inspect.isfunction):
        kinds = {p.kind for p in inspect.signature(method).parameters.values()}
        assert inspect.Parameter.VAR_KEYWORD not in kinds, name


def operations() -> list[str]:
    return [
        name
        for name, member in inspect.getmembers(HebbsClient)
        if not name.startswith("_")
        and name != "aclose"
        and (inspect.iscoroutinefunction(member) or inspect.isasyncgenfunction(member))
    ]


def test_the_sync_twin_has_every_operation_with_the_same_parameters() -> None:
    assert len(operations()) >= 27
    with HebbsSyncClient() as client:  # no request is made
        for name in operations():
            blocking = getattr(client, name)
            bound = getattr(client.async_client, name)
            sync_parameters = inspect.signature(blocking).parameters
            assert sync_parameters == inspect.signature(bound).parameters, name
            assert blocking.__doc__ == bound.__doc__, name


def test_client_exports_exist() -> None:
    for name in hebbs_graph.client.__all__:
        assert hasattr(hebbs_graph.client, name), name
    assert (ROOT / "hebbs_graph" / "py.typed").is_file()
