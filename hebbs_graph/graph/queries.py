"""The Cypher registry: every ``cypher/**/*.cypher`` file, loaded by name at start-up.

A query is named by its path without the suffix (``memory/create``). Asking for a
name that does not exist fails when the registry is built or first asked, never as
a string glued together mid-request.

``cypher/fragments/<name>.cypher`` holds a projection shared by many queries; a query
writes ``@<name>(var)`` and the registry puts the fragment in, ``__node__`` replaced by
``var``, once at start-up. An unknown fragment fails the start.
"""

from __future__ import annotations

import re
from pathlib import Path

from hebbs_graph.resources import cypher_dir

ANALYST_PREFIX = "analyst/"
FRAGMENT_PREFIX = "fragments/"
_FRAGMENT_USE = re.compile(r"@(\w+)\((\w+)\)")
_PLACEHOLDER = "__node__"


class QueryRegistry:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root or cypher_dir()
        self._queries: dict[str, str] = {}
        fragments: dict[str, str] = {}
        for path in sorted(self.root.rglob("*.cypher")):
            name = path.relative_to(self.root).with_suffix("").as_posix()
            if name.startswith(ANALYST_PREFIX):  # Browser scripts with :param lines, not ours
                continue
            text = path.read_text(encoding="utf-8")
            if name.startswith(FRAGMENT_PREFIX):
                fragments[name.removeprefix(FRAGMENT_PREFIX)] = _strip_comments(text)
            else:
                self._queries[name] = text
        for name, text in self._queries.items():
            self._queries[name] = _expand(name, text, fragments)
        if not self._queries:
            raise RuntimeError(f"no Cypher queries found under {self.root}")

    def __getitem__(self, name: str) -> str:
        try:
            return self._queries[name]
        except KeyError:
            raise KeyError(f"unknown Cypher query {name!r} (looked in {self.root})") from None

    def names(self, prefix: str = "") -> list[str]:
        return sorted(n for n in self._queries if n.startswith(prefix))

    def require(self, *names: str) -> None:
        """Fail at start-up if any of ``names`` is missing."""
        for name in names:
            self[name]


def _strip_comments(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("//")).strip()


def _expand(name: str, text: str, fragments: dict[str, str]) -> str:
    def put(use: re.Match[str]) -> str:
        fragment = fragments.get(use.group(1))
        if fragment is None:
            raise RuntimeError(f"query {name!r} uses unknown fragment @{use.group(1)}")
        return fragment.replace(_PLACEHOLDER, use.group(2))

    return _FRAGMENT_USE.sub(put, text)


def split_statements(text: str) -> list[str]:
    """Split a migration file into statements on ``;`` at line ends, dropping comments."""
    lines = [ln for ln in text.splitlines() if not ln.strip().startswith("//")]
    body = "\n".join(lines)
    return [s.strip() for s in body.split(";\n") if s.strip().rstrip(";").strip()]


def parse_browser_script(text: str) -> tuple[dict[str, str], str]:
    """Split a Neo4j Browser script into its ``:param name => expr`` lines and the query."""
    params: dict[str, str] = {}
    body: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(":param"):
            name, _, expr = stripped[len(":param") :].partition("=>")
            params[name.strip()] = expr.strip().rstrip(";").strip()
        elif not stripped.startswith("//"):
            body.append(line)
    return params, "\n".join(body).strip().rstrip(";")
