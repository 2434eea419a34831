"""Load every CLI module, as ``main()`` does, so that all commands are registered."""

from __future__ import annotations

import importlib
import pkgutil

import hebbs_graph.cli


def load_all_commands() -> None:
    for module in pkgutil.iter_modules(hebbs_graph.cli.__path__):
        importlib.import_module(f"hebbs_graph.cli.{module.name}")
