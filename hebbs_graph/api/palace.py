"""Static pages the API serves: the Memory Palace at /palace (over the REST API: GET
/v1/graph, …) and Swagger UI's files for /schema/swagger; nothing loads from a CDN."""

from __future__ import annotations

import logging
from pathlib import Path

from litestar.router import Router
from litestar.static_files import create_static_files_router

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parent / "static"
PALACE_DIR = STATIC_DIR / "palace"
GRAPH_LIBRARY = PALACE_DIR / "vendor" / "cytoscape.min.js"
SWAGGER_DIR = STATIC_DIR / "swagger"
SWAGGER_PATH = "/static/swagger"


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


def swagger_assets_router() -> Router:
    """Swagger UI's own files, served by the API, so /schema/swagger renders offline."""
    if not (SWAGGER_DIR / "swagger-ui-bundle.js").exists():
        log.warning(
            "Swagger UI is missing (%s): run scripts/setup, or `npm ci && npm run build` "
            "in palace/",
            SWAGGER_DIR,
        )
    return create_static_files_router(
        path=SWAGGER_PATH, directories=[SWAGGER_DIR], name="swagger", include_in_schema=False
    )
