"""`hebbs-graph`: the command line. Talks to a running API (``--url``, default the local one).

Exit codes: 0 done; 1 the request was refused (bad input, unknown id, no access);
2 the command line itself was wrong; 3 the service or Neo4j could not be reached or failed.
The commands live in one module per area; importing them registers them on ``app``.
"""

from __future__ import annotations

import sys

from pydantic import ValidationError

from hebbs_graph.cli import (  # noqa: F401  (registers their commands)
    checker,
    contradict,
    conversation,
    graph,
    imports,
    memories,
    migrate,
    recall,
    reflect,
    service,
    subscribe,
)
from hebbs_graph.cli.common import app, parse_json

__all__ = ["app", "main", "parse_json"]


def main() -> None:
    try:
        app(prog_name="hebbs-graph")
    except KeyboardInterrupt:
        sys.exit(130)
    except ValidationError as exc:
        if exc.title != "Settings":
            raise
        # A HEBBS_* variable the environment got wrong: say which, not a traceback.
        for error in exc.errors():
            name = "HEBBS_" + "_".join(str(part) for part in error["loc"]).upper()
            print(f"error: {name}: {error['msg']}", file=sys.stderr)
        sys.exit(2)
