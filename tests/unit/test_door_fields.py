"""One request model per operation: the Python client spells each body's fields exactly as
the REST model the route validates them with (none dropped, none added, none given a
default of its own), so a field added to a model without the client, or a client
keyword the server does not know, fails here (issue 32, item 1)."""

from __future__ import annotations

import inspect
from datetime import timedelta

import pytest
from pydantic import BaseModel, TypeAdapter

from hebbs_graph.api.app import create_app
from hebbs_graph.client import HebbsClient
from hebbs_graph.settings import Settings
from tests.unit.test_door_parity import DOORS

# Keywords a client method takes besides the body's fields: the path's.
BESIDE_THE_BODY = {"memory_id"}


def body_models() -> dict[tuple[str, str], type[BaseModel]]:
    found: dict[tuple[str, str], type[BaseModel]] = {}
    for route in create_app(Settings()).routes:
        for handler in getattr(route, "route_handlers", []):
            param = handler.parsed_fn_signature.parameters.get("data")
            data = param.annotation if param is not None else None
            if isinstance(data, type) and issubclass(data, BaseModel):
                for method in handler.http_methods:
                    found[(method, route.path)] = data
    return found


BODIES = body_models()


def test_every_json_body_is_checked_here() -> None:
    assert len(BODIES) >= 13
    assert set(BODIES) <= set(DOORS)


@pytest.mark.parametrize("operation", sorted(BODIES))
def test_the_client_spells_the_body_as_the_model_does(operation: tuple[str, str]) -> None:
    model = BODIES[operation]
    method = getattr(HebbsClient, DOORS[operation][0])
    params = {name: p for name, p in inspect.signature(method).parameters.items() if name != "self"}
    fields = set(model.model_fields)
    keywords = set(params) - BESIDE_THE_BODY
    assert keywords == fields, (
        f"{method.__name__} takes {sorted(keywords - fields)} that {model.__name__} lacks "
        f"and lacks {sorted(fields - keywords)}"
    )
    for name in keywords:
        default = params[name].default
        if model.model_fields[name].is_required():
            continue
        # The server's default, not a second one in the client.
        assert default is None, f"{method.__name__}({name}={default!r}) re-declares a default"


# The CLI spells some fields its own way (a flag per edge type, a file for a list): each
# field set through other options, with those options. Every other field is an option of
# its own name; every other option is a field, the door's own (DOOR_OPTIONS) or the path's.
CLI_SPELLING: dict[str, dict[str, set[str]]] = {
    "remember": {
        "edges": {"caused_by", "related_to"},
        "on_duplicate": {"store_duplicate"},
        "tags": {"tag"},
    },
    "recall": {
        "strategies": {
            "strategy",
            "time_range",
            "seed",
            "edge_types",
            "direction",
            "max_depth",
            "cross_entity",
            "alpha",
            "with_",
        }
    },
    "contradiction-prepare": {"wait_for_checks_s": {"wait"}},
    # The command pages through every page itself.
    "contradiction-scan": {"cursor": set(), "limit": {"batch_size"}},
    "conversation": {"messages": {"path"}},
    "forget": {"memory_ids": {"memory_id"}},
    # POST /v1/memories/batch from a file (and a backup's import, whose options these are).
    "import": {"memories": {"path", "batch_size", "allow_non_empty", "re_embed"}},
    "prime": {"similarity_cue": {"cue"}, "wait_for_checks_s": {"wait"}},
    "reflect-commit": {"stale_verdicts": {"verdicts"}},
    "revise": {"content": {"text"}},
}
DOOR_OPTIONS = {"url", "api_key", "fmt", "memory_id"}


@pytest.mark.parametrize("operation", sorted(BODIES))
def test_the_cli_sets_every_field_of_the_body(operation: tuple[str, str]) -> None:
    from typer.main import get_command

    from hebbs_graph.cli.main import app as cli_app
    from tests.cli_support import load_all_commands

    load_all_commands()
    name = DOORS[operation][1]
    command = get_command(cli_app).commands[name]  # type: ignore[attr-defined]
    options = {p.name for p in command.params}
    fields = set(BODIES[operation].model_fields)
    spelled = CLI_SPELLING.get(name, {})
    unset = fields - options - set(spelled)
    assert not unset, f"`hebbs-graph {name}` cannot set {sorted(unset)}"
    own = options - fields - DOOR_OPTIONS - set().union(*spelled.values())
    assert not own, f"`hebbs-graph {name}` has {sorted(own)}, which no field takes"


def _same(cli_default: object, model_default: object) -> bool:
    """A CLI default read as the model reads it (an enum's value, an ISO duration)."""
    value = getattr(cli_default, "value", cli_default)
    if isinstance(model_default, timedelta) and isinstance(value, str):
        return TypeAdapter(timedelta).validate_python(value) == model_default
    return bool(value == model_default)


@pytest.mark.parametrize("operation", sorted(BODIES))
def test_a_cli_default_is_the_models_own(operation: tuple[str, str]) -> None:
    """Where a command shows a default (for its help), it is the one the server applies:
    the two cannot drift apart."""
    from typer.main import get_command

    from hebbs_graph.cli.main import app as cli_app
    from tests.cli_support import load_all_commands

    load_all_commands()
    name = DOORS[operation][1]
    command = get_command(cli_app).commands[name]  # type: ignore[attr-defined]
    fields = BODIES[operation].model_fields
    for option in command.params:
        field = fields.get(option.name or "")
        if field is None or field.is_required() or option.default in (None, ()):
            continue
        assert _same(option.default, field.default), (
            f"`hebbs-graph {name} --{option.name}` defaults to {option.default!r}, "
            f"the server to {field.default!r}"
        )
