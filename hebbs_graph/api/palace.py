"""The Memory Palace page at /palace: static files over the REST API (GET /v1/graph, …)."""

from __future__ import annotations

import logging
from pathlib import Path

from litestar.router import Router
from litestar.static_files import create_static_files_router

log = logging.getLogger(__name__)

PALACE_DIR = Path(__file__).resolve().parent / "static" / "palace"
GRAPH_LIBRARY = PALACE_DIR / "vendor" / "cytoscape.min.js"


def palace_router() -> Router:
    """Serve the page; it needs no key itself, and asks for one when the API does."""
    if not GRAPH_LIBRARY.exists():
        log.warning(
            "the Memory Palace's graph library is missing (%s): run scripts/setup, "
            "or `npm ci && npm run build` in palace/",
            GRAPH_LIBRARY,
        )
    return create_static_files_router(
        path="/palace",
        directories=[PALACE_DIR],
        html_mode=True,
        name="palace",
        include_in_schema=False,
    )
