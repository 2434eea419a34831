"""MCP over streamable HTTP, mounted on the API at ``/mcp``.

Stateless and JSON-only: every POST carries its own tenant (the API key, checked here
before the SDK sees the request and again per call), and any API worker can take any
request, as with REST. A GET opens an event stream the stateless server never sends on;
``api/mcp_streams.py`` ends idle ones and caps them per tenant.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.handlers import BaseRouteHandler, asgi
from litestar.handlers.asgi_handlers import ASGIRouteHandler
from litestar.types import Receive, Scope, Send
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings

from hebbs_graph.api.mcp_streams import StreamBounds
from hebbs_graph.auth import is_loopback, tenant_for_authorization
from hebbs_graph.mcp.server import build_server, http_tenant
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings

MCP_PATH = "/mcp"


class McpDoor:
    """The SDK's session manager for one app; ``running`` belongs in the app's lifespan."""

    def __init__(self, settings: Settings, max_body: int) -> None:
        self._state: State | None = None
        self.server = build_server(self._lifespan, http_tenant, self._services)
        self.manager = StreamableHTTPSessionManager(
            app=self.server,
            stateless=True,
            json_response=True,
            security_settings=_security(settings.host),
            max_request_body_size=max_body,
        )
        self.streams = StreamBounds(settings.mcp_stream_idle_s, settings.mcp_streams_per_tenant)

    @asynccontextmanager
    async def _lifespan(self, _: Server[Any]) -> AsyncIterator[None]:
        yield None

    def _services(self, _: Any) -> Services:
        """The app's services at the time of the call (the app owns them)."""
        if self._state is None:
            raise RuntimeError("the MCP door runs inside the API's lifespan")
        services: Services = self._state.services
        return services

    @asynccontextmanager
    async def running(self, state: State) -> AsyncIterator[None]:
        self._state = state
        async with self.manager.run():
            yield

    def route(self) -> ASGIRouteHandler:
        handle = self._handle

        @asgi(MCP_PATH, is_mount=True, copy_scope=True, guards=[_require_key])
        async def mcp_endpoint(scope: Scope, receive: Receive, send: Send) -> None:
            if scope.get("method") == "GET":
                tenant_id = self._tenant(scope)
                await self.streams.serve(tenant_id, handle, scope, receive, send)
            else:
                await handle(scope, receive, send)

        return mcp_endpoint

    async def _handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.manager.handle_request(scope, receive, send)  # type: ignore[arg-type]

    def _tenant(self, scope: Scope) -> str:
        """The request's tenant (its key was checked by the guard already)."""
        header = next((v for k, v in scope["headers"] if k == b"authorization"), None)
        keys = self._services(None).settings.api_keys
        return tenant_for_authorization(header.decode("latin-1") if header else None, keys)


def _require_key(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Refuse a bad or missing key with the API's 401 before the SDK sees the request."""
    keys: dict[str, str] = connection.app.state.services.settings.api_keys
    tenant_for_authorization(connection.headers.get("authorization"), keys)


def _security(host: str) -> TransportSecuritySettings | None:
    """On a loopback bind (no keys needed there), refuse other Host/Origin headers: a web page
    must not reach the memory through DNS rebinding. Elsewhere the API keys guard it."""
    if not is_loopback(host):
        return None
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    )
