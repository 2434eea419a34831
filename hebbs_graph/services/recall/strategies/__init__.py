"""The recall strategies, one module each, found here by looking: a new module in this
package with one spec model (a ``SpecBase`` whose ``strategy`` is ``Literal[its name]``) and a ``run(tools, ask)`` is a strategy, with no edit anywhere else
(docs/architecture.md).

A module that sets ``OPT_IN = True`` runs only where HEBBS_RECALL_EXTRA_STRATEGIES names
it; the others always run. Every module is light to import: the doors read the specs.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args

from pydantic import Discriminator, Tag

from hebbs_graph.errors import InvalidInput, Misconfigured
from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.strategies.base import Run

__all__ = ["REGISTRY", "SPECS", "AnySpec", "Registered", "Run", "check_extra", "runner"]

_NOT_STRATEGIES = frozenset({"base"})


@dataclass(frozen=True)
class Registered:
    """One strategy: its name, its spec model, what runs it, and whether it is opt-in."""

    name: str
    spec: type[SpecBase]
    run: Run
    opt_in: bool
    summary: str


def _registered(module: ModuleType) -> Registered:
    specs = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, SpecBase)
        and value.__module__ == module.__name__
    ]
    if len(specs) != 1 or not callable(getattr(module, "run", None)):
        raise TypeError(f"{module.__name__}: a strategy is one SpecBase model and run()")
    spec = specs[0]
    names = get_args(spec.model_fields["strategy"].annotation)
    if len(names) != 1 or not isinstance(names[0], str):
        raise TypeError(f"{module.__name__}: its spec's strategy must be Literal[its name]")
    name = names[0]
    summary = " ".join((spec.__doc__ or name).split())
    return Registered(name, spec, module.run, bool(getattr(module, "OPT_IN", False)), summary)


def _discover() -> dict[str, Registered]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name in _NOT_STRATEGIES or info.name.startswith("_"):
            continue
        entry = _registered(importlib.import_module(f"{__name__}.{info.name}"))
        if entry.name in found:
            raise TypeError(f"two recall strategies are named {entry.name}")
        found[entry.name] = entry
    return found


REGISTRY: dict[str, Registered] = _discover()
SPECS: dict[str, type[SpecBase]] = {name: entry.spec for name, entry in REGISTRY.items()}


def _strategy_of(value: Any) -> str | None:
    found = value.get("strategy") if isinstance(value, dict) else getattr(value, "strategy", None)
    return found if isinstance(found, str) else None


if TYPE_CHECKING:
    AnySpec = SpecBase
else:
    # The discriminated union of every strategy's spec, keyed on ``strategy`` (a callable
    # discriminator: the specs' shared number check runs before validation on every field).
    AnySpec = Annotated[
        Union[tuple(Annotated[spec, Tag(name)] for name, spec in SPECS.items())],  # noqa: UP007
        Discriminator(
            _strategy_of,
            custom_error_type="unknown_strategy",
            custom_error_message=f"strategy must be one of: {', '.join(SPECS)}",
        ),
    ]


def runner(name: str, extra: list[str], index: int = 0) -> Run:
    """What runs a checked spec's strategy, or InvalidInput when it is opt-in and not
    turned on (``extra``: HEBBS_RECALL_EXTRA_STRATEGIES). Unknown names never get here:
    the union refuses them."""
    entry = REGISTRY[name]
    if entry.opt_in and name not in extra:
        raise InvalidInput(
            f"strategies.{index}.strategy: the {name} strategy is off here;"
            f" HEBBS_RECALL_EXTRA_STRATEGIES={name} turns it on",
            details={"field": "strategy"},
        )
    return entry.run


def check_extra(names: list[str]) -> None:
    """Misconfigured when HEBBS_RECALL_EXTRA_STRATEGIES names no strategy of ours."""
    unknown = sorted(set(names) - set(REGISTRY))
    if unknown:
        raise Misconfigured(
            f"HEBBS_RECALL_EXTRA_STRATEGIES: no strategy {', '.join(unknown)}"
            f" (known: {', '.join(REGISTRY)})",
            details={"setting": "HEBBS_RECALL_EXTRA_STRATEGIES"},
        )


def field_names(name: str) -> set[str]:
    """The fields a strategy's spec takes (for doors that build specs from options); none
    for a name no strategy has."""
    spec = SPECS.get(name)
    return set(spec.model_fields) if spec else set()


def describe() -> str:
    """One line per strategy, for a door's help text."""
    lines = []
    for entry in REGISTRY.values():
        own = sorted(field_names(entry.name) - set(SpecBase.model_fields))
        fields = f" Fields: {', '.join(own)}." if own else ""
        opt = " Opt-in (HEBBS_RECALL_EXTRA_STRATEGIES)." if entry.opt_in else ""
        lines.append(f"{entry.name}: {entry.summary}{fields}{opt}")
    return "\n".join(lines)
