"""The house as docs/architecture.md draws it: layers that import only downward, wings
of the service layer that keep to themselves, no import circles, no Cypher outside
cypher/, no module over 400 lines. Read from the code's own imports (every import
counts, inside functions and under TYPE_CHECKING too)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "hebbs_graph"
MAX_LINES = 400

# Lowest first. A module may import its own layer and the layers below it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "base",
        (
            "hebbs_graph",
            "hebbs_graph.settings",
            "hebbs_graph.errors",
            "hebbs_graph.ids",
            "hebbs_graph.timeutil",
            "hebbs_graph.resources",
            "hebbs_graph.auth",
            "hebbs_graph.client_errors",
        ),
    ),
    (
        "infrastructure",
        (
            "hebbs_graph.graph",
            "hebbs_graph.embedding",
            "hebbs_graph.llm",
            "hebbs_graph.localneo4j",
            "hebbs_graph.javaruntime",
        ),
    ),
    ("models", ("hebbs_graph.models", "hebbs_graph.scoring")),
    ("services", ("hebbs_graph.services",)),
    ("client", ("hebbs_graph.client", "hebbs_graph.subscription")),
    ("doors", ("hebbs_graph.api", "hebbs_graph.cli", "hebbs_graph.mcp", "hebbs_graph.__main__")),
]
# The client ships without the service: only these below it (docs/decisions/0016).
CLIENT_MAY_IMPORT = ("base", "models", "hebbs_graph.graph.edges")

WINGS = ("memory", "recall", "contradict", "reflect", "map")
# The one place a wing uses another: recall ranks probably superseded memories with the
# contradiction heuristics. Everything else between wings goes through the container.
WING_TO_WING = {("recall", "contradict")}

# A string that starts like a Cypher statement, or holds a node pattern with a label.
# Libraries that only one part of the house may import (the others see its protocols).
CONFINED = {
    "neo4j": "hebbs_graph.graph",
    "sentence_transformers": "hebbs_graph.embedding",
    "torch": "hebbs_graph.embedding",
    "onnxruntime": "hebbs_graph.embedding",
    "neo4j_graphrag": "hebbs_graph.llm",
    "litestar": "hebbs_graph.api",
}

CYPHER = re.compile(
    r"^\s*(?:CYPHER \d+\s+)?(?:OPTIONAL MATCH|MATCH|MERGE|CREATE|CALL|SHOW|UNWIND|WITH)\b"
    r"|\([a-z_]*:[A-Z][A-Za-z]+[ {)]"
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports() -> dict[str, set[str]]:
    """module -> the hebbs_graph modules it imports (a name imported from a package
    that is itself a module counts as that module)."""
    known = modules()
    out: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if not node.module.startswith("hebbs_graph"):
                    continue
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    out[name].add(full if full in known else node.module)
            elif isinstance(node, ast.Import):
                out[name] |= {a.name for a in node.names if a.name.startswith("hebbs_graph")}
    return out


def layer_of(module: str) -> int:
    best, found = -1, -1
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), rank
    assert found >= 0, f"{module} is in no layer: add it to LAYERS and docs/architecture.md"
    return found


def wing_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "services" and parts[2] in WINGS:
        return parts[2]
    return None


def test_every_module_has_a_layer() -> None:
    for name in modules():
        layer_of(name)


def test_layers_import_only_downward() -> None:
    wrong = [
        f"{a} ({LAYERS[layer_of(a)][0]}) imports {b} ({LAYERS[layer_of(b)][0]})"
        for a, bs in imports().items()
        for b in bs
        if layer_of(b) > layer_of(a)
    ]
    assert not wrong, "\n".join(sorted(wrong))


def test_the_client_needs_no_service() -> None:
    names = [n for n, _ in LAYERS]
    allowed = {names.index(n) for n in CLIENT_MAY_IMPORT if n in names}
    wrong = [
        f"{a} imports {b}"
        for a, bs in imports().items()
        if layer_of(a) == names.index("client")
        for b in bs
        if layer_of(b) != names.index("client")
        and layer_of(b) not in allowed
        and b not in CLIENT_MAY_IMPORT
    ]
    assert not wrong, "\n".join(sorted(wrong))


def test_wings_keep_to_themselves() -> None:
    """A wing imports the shared service modules and itself; the shared modules import
    no wing (except the container, which wires them)."""
    wrong = []
    for a, bs in imports().items():
        if not a.startswith("hebbs_graph.services"):
            continue
        for b in bs:
            wa, wb = wing_of(a), wing_of(b)
            if wb is None or wa == wb:
                continue
            if wa is None and a != "hebbs_graph.services.container":
                wrong.append(f"shared {a} imports the {wb} wing ({b})")
            elif wa is not None and (wa, wb) not in WING_TO_WING:
                wrong.append(f"the {wa} wing imports the {wb} wing ({a} -> {b})")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_circles() -> None:
    graph = {a: {b for b in bs if b != a} for a, bs in imports().items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not circles, circles


def external_imports() -> dict[str, set[str]]:
    """module -> the top-level names of the outside packages it imports."""
    out: dict[str, set[str]] = defaultdict(set)
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                out[name].add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                out[name] |= {a.name.split(".")[0] for a in node.names}
    return out


def test_libraries_stay_in_their_layer() -> None:
    wrong = [
        f"{module} imports {library} (only {home} may)"
        for module, libraries in external_imports().items()
        for library in libraries
        if (home := CONFINED.get(library)) is not None
        and not (module == home or module.startswith(home + "."))
    ]
    assert not wrong, "\n".join(sorted(wrong))


def test_no_module_over_the_limit() -> None:
    long = {
        name: n
        for name, path in modules().items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long


def test_no_cypher_outside_cypher() -> None:
    """Queries live in cypher/ and are run by name; a string literal that reads as a
    query is one that escaped."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(node, ast.Constant) and isinstance(text, str) and CYPHER.search(text):
                found.append(f"{name}:{node.lineno}: {text[:60]!r}")
    assert not found, "\n".join(found)
