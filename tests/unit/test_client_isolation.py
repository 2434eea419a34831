"""Importing the client loads nothing of the service (no Neo4j driver, web framework,
torch or embedding model), and the light distribution (clients/python) ships every module
it does load."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What importing the client must never load: the service and its heavy dependencies.
SERVER_SIDE = (
    "torch",
    "sentence_transformers",
    "transformers",
    "onnxruntime",
    "numpy",
    "sklearn",
    "neo4j",
    "neo4j_graphrag",
    "litestar",
    "uvicorn",
    "mcp",
    "typer",
    "pydantic_settings",
    "hebbs_graph.settings",
    "hebbs_graph.services",
    "hebbs_graph.api",
    "hebbs_graph.embedding",
    "hebbs_graph.graph.store",
    "hebbs_graph.cli",
)


def imported_by_the_client() -> dict[str, str | None]:
    """Every module ``import hebbs_graph.client`` loads, in a fresh interpreter."""
    script = (
        "import json, sys\n"
        "import hebbs_graph.client\n"
        "print(json.dumps({n: getattr(m, '__file__', None) for n, m in sys.modules.items()}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    loaded: dict[str, str | None] = json.loads(done.stdout)
    return loaded


def test_importing_the_client_loads_nothing_of_the_service() -> None:
    loaded = imported_by_the_client()
    found = sorted(n for n in loaded if any(n == s or n.startswith(f"{s}.") for s in SERVER_SIDE))
    assert found == []
    assert "httpx" in loaded
    assert "pydantic" in loaded


def test_the_light_distribution_ships_every_module_the_client_imports() -> None:
    """clients/python's wheel lists its files; a new import by the client must be added."""
    config = tomllib.loads((ROOT / "clients" / "python" / "pyproject.toml").read_text())
    shipped = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    sources = [(ROOT / "clients" / "python" / source).resolve() for source in shipped]
    for name, file in imported_by_the_client().items():
        if not name.startswith("hebbs_graph") or file is None:
            continue
        path = Path(file).resolve()
        assert any(path == s or s in path.parents for s in sources), name
    main = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    light = config["project"]
    assert light["version"] == main["version"]
    light_deps = {d.split(">")[0].split("<")[0] for d in light["dependencies"]}
    assert light_deps <= {d.split(">")[0].split("<")[0] for d in main["dependencies"]}
