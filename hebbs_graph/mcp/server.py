"""The MCP server: the registry's tools on the SDK's low-level ``Server``, over stdio or HTTP.

On stdio the server's lifespan opens the ``Services`` (local mode) or an ``ApiServices``
on a REST API (``serve_stdio_via_api``); mounted on the API it borrows the app's. Each call
resolves its tenant with a transport-specific function (stdio: one configured tenant, or
the API key's, which the API itself applies; HTTP: the API key, as REST maps it).

Nothing here imports the service layer at module level: the API route must start without
Neo4j's driver or the embedding model.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING, Any

import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from hebbs_graph import __version__
from hebbs_graph.auth import tenant_for_authorization
from hebbs_graph.errors import HebbsError
from hebbs_graph.mcp import review  # noqa: F401  (registers the housekeeping tools)
from hebbs_graph.mcp.ports import ToolServices
from hebbs_graph.mcp.registry import ToolRegistry, tool_error
from hebbs_graph.mcp.tools import TOOLS
from hebbs_graph.settings import Settings

if TYPE_CHECKING:
    from hebbs_graph.services.container import Services

log = logging.getLogger(__name__)

Context = ServerRequestContext[Any, Any]
ServicesOf = Callable[[Context], ToolServices]
# Any: the HTTP door's resolver reads the app's settings off its (local) Services.
TenantOf = Callable[[Context, Any], str]
Lifespan = Callable[[Server[Any]], AbstractAsyncContextManager[Any]]

INSTRUCTIONS = """\
hebbs-graph is your long-term memory. Start each conversation with prime (entity_id and
what the talk is about). Recall before answering anything about the past. Remember what
will matter later, one self-contained statement per memory, with an honest importance.
Revise a memory when its fact changes instead of storing a rival. Forget only when asked.
Review contradictions silently (contradiction_prepare, then contradiction_commit) after
priming and after storing several memories; reflect (reflect_prepare, then reflect_commit)
when prime says reflection is due. Tell the user about a conflict only when it touches
the work at hand."""


def build_server(
    lifespan: Lifespan,
    tenant_of: TenantOf,
    services_of: ServicesOf | None = None,
    registry: ToolRegistry = TOOLS,
) -> Server[Any]:
    """An MCP server offering ``registry``'s tools.

    The services are what ``lifespan`` yields, unless ``services_of`` finds them per call
    (the API's: they belong to the app, which may swap them).
    """
    find_services = services_of or _lifespan_services

    async def list_tools(
        ctx: Context, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=registry.list_tools())

    async def call_tool(ctx: Context, params: types.CallToolRequestParams) -> types.CallToolResult:
        services = find_services(ctx)
        try:
            tenant_id = tenant_of(ctx, services)
        except HebbsError as exc:
            return tool_error(f"{exc.code}: {exc.message}")
        return await registry.call(services, tenant_id, params.name, params.arguments or {})

    return Server(
        "hebbs-graph",
        version=__version__,
        title="hebbs-graph memory",
        instructions=INSTRUCTIONS,
        lifespan=lifespan,
        get_tool_input_schema=registry.input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def _lifespan_services(ctx: Context) -> ToolServices:
    services: ToolServices = ctx.lifespan_context
    return services


def http_tenant(ctx: Context, services: Services) -> str:
    """The tenant of an HTTP call: its Authorization header, exactly as REST maps it."""
    headers = getattr(ctx.request, "headers", None)
    header = headers.get("authorization") if headers is not None else None
    return tenant_for_authorization(header, services.settings.api_keys)


def fixed_tenant(tenant_id: str) -> TenantOf:
    def tenant_of(_: Context, __: Any) -> str:
        return tenant_id

    return tenant_of


async def serve_stdio(settings: Settings) -> None:
    """Serve MCP over this process's stdin/stdout for ``settings.mcp_tenant``.

    The SDK points fd 1 at stderr while serving, so nothing but protocol reaches stdout;
    the services open inside that, in the server's lifespan.
    """

    from hebbs_graph.services.container import open_services

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[Services]:
        services = await open_services(settings)
        log.info("hebbs-graph MCP on stdio for tenant %r", settings.mcp_tenant)
        try:
            yield services
        finally:
            await services.close()

    await _run_stdio(build_server(lifespan, fixed_tenant(settings.mcp_tenant)))


# The API applies the key's tenant; the tools' tenant_id is only a label here.
API_TENANT = "(the API key's tenant)"


async def serve_stdio_via_api(url: str, api_key: str | None) -> None:
    """Serve the same tools on stdio, each call a REST request to ``url`` with ``api_key``.

    No connection is made before the first tool call: a host gets its tools at once, and
    an unreachable API or a refused key comes back as that call's tool error.
    """
    from hebbs_graph.client import HebbsClient
    from hebbs_graph.mcp.remote import ApiServices

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[ApiServices]:
        services = ApiServices(HebbsClient(url, api_key=api_key))
        log.info("hebbs-graph MCP on stdio through the API at %s", services.client.base_url)
        try:
            yield services
        finally:
            await services.close()

    await _run_stdio(build_server(lifespan, fixed_tenant(API_TENANT)))


async def _run_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def configure_stderr_logging() -> None:
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
