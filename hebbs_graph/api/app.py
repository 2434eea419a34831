"""The Litestar application: routes, dependencies, error mapping, lifespan."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.config.cors import CORSConfig
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.plugins.prometheus import PrometheusConfig

from hebbs_graph import __version__
from hebbs_graph.api.backup import BackupController
from hebbs_graph.api.bookmarks import Bookmarks
from hebbs_graph.api.browser_guide import with_browser_guide
from hebbs_graph.api.contradictions import ContradictionController
from hebbs_graph.api.conversations import ConversationController
from hebbs_graph.api.deps import DEPENDENCIES
from hebbs_graph.api.errors import EXCEPTION_HANDLERS
from hebbs_graph.api.graph import GraphController
from hebbs_graph.api.guard import JsonRequest, LoopbackGuard, refuse_repeated_query
from hebbs_graph.api.health import HealthController
from hebbs_graph.api.mcp import McpDoor
from hebbs_graph.api.memories import MemoryController
from hebbs_graph.api.metrics import MetricsController, worker_gone
from hebbs_graph.api.openapi import document
from hebbs_graph.api.palace import SWAGGER_PATH, palace_router, swagger_assets_router
from hebbs_graph.api.recall import RecallController
from hebbs_graph.api.reflect import ReflectController
from hebbs_graph.api.subscribe import subscribe_route
from hebbs_graph.api.worker_parent import end_with_parent
from hebbs_graph.embedding import Embedder
from hebbs_graph.gctuning import tune_for_serving
from hebbs_graph.services.container import Services, open_services
from hebbs_graph.services.recall.subscribe import SubscriptionSlots
from hebbs_graph.services.reflect.auto import AutoReflector
from hebbs_graph.settings import Settings

log = logging.getLogger(__name__)


def app_from_environment() -> Litestar:
    """The app as each ``serve --workers N`` process builds it: settings from HEBBS_*."""
    end_with_parent()
    return create_app(Settings())


def create_app(
    settings: Settings | None = None,
    services: Services | None = None,
    *,
    embedder: Embedder | None = None,
) -> Litestar:
    """Build the app. Pass ``services`` to share already-open ones (tests, embedding), or
    ``embedder`` for the services it opens to use (benchmarks with synthetic vectors)."""
    settings = settings or (services.settings if services else Settings())
    owned = services is None
    # A batch may hold 1,000 items of 64 KiB content + 16 KiB context each.
    max_body = settings.max_batch_items * (settings.max_content_bytes + settings.max_context_bytes)
    mcp = McpDoor(settings, max_body=max_body + 1024 * 1024)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        app.state.services = (
            services if services is not None else await open_services(settings, embedder=embedder)
        )
        if owned:  # a serving process (not an app built on a test's services)
            tune_for_serving(settings.gc_young_threshold, freeze=True)
        auto = AutoReflector.for_api(app.state.services.reflect)  # None without an LLM
        try:
            async with mcp.running(app.state):
                yield
        finally:
            if auto is not None:
                await auto.stop()
            if owned:
                await app.state.services.close()
            else:
                await app.state.services.recall.drain()
            worker_gone()

    prometheus = PrometheusConfig(app_name="hebbs_graph", group_path=True)
    # Without keys only this machine's own requests are served (api/guard.py); with keys,
    # browsers may call only from the origins a setting lists.
    guard = [] if settings.api_keys else [LoopbackGuard]
    cors = CORSConfig(
        allow_origins=settings.cors_allow_origins if settings.api_keys else [],
        allow_headers=["authorization", "content-type", "hebbs-bookmarks"],
        expose_headers=["hebbs-bookmarks"],  # decision 0030
        allow_methods=["GET", "POST", "PUT", "DELETE"],
    )
    app = Litestar(
        route_handlers=[
            HealthController,
            MemoryController,
            ConversationController,
            RecallController,
            GraphController,
            MetricsController,
            ContradictionController,
            ReflectController,
            BackupController,
            subscribe_route(SubscriptionSlots(settings.subscribe_max_subscriptions)),
            mcp.route(),
            palace_router(),
            swagger_assets_router(),
        ],
        dependencies=DEPENDENCIES,
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        lifespan=[lifespan],
        middleware=[*guard, prometheus.middleware, Bookmarks],
        cors_config=cors,
        request_class=JsonRequest,
        before_request=refuse_repeated_query,
        request_max_body_size=max_body + 1024 * 1024,
        openapi_config=OpenAPIConfig(
            title="hebbs-graph",
            version=__version__,
            description="Long-term memory for LLM agents on Neo4j.",
            path="/schema",
            # Swagger UI from the API's own files (palace/build.mjs), not a CDN.
            render_plugins=[
                SwaggerRenderPlugin(
                    js_url=f"{SWAGGER_PATH}/swagger-ui-bundle.js",
                    css_url=f"{SWAGGER_PATH}/swagger-ui.css",
                    standalone_preset_js_url=f"{SWAGGER_PATH}/swagger-ui-standalone-preset.js",
                    favicon=f'<link rel="icon" href="{SWAGGER_PATH}/favicon-32x32.png">',
                ),
                JsonRenderPlugin(),
            ],
            use_handler_docstrings=True,
        ),
        debug=False,
    )
    # The served document is this dict (built once); correct it before anyone reads it.
    document(app.plugins.get(OpenAPIPlugin).provide_openapi_schema())
    return with_browser_guide(app)  # Neo4j Browser's guide and style, for its own page
