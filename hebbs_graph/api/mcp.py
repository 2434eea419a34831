"""MCP over streamable HTTP, mounted on the API at ``/mcp``.

Stateless and JSON-only: every POST carries its own tenant (the API key, checked here
before the SDK sees the request and again per call), and any API worker can take any
request, as with REST.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler, asgi
from litestar.handlers.asgi_handlers import ASGIRouteHandler
from litestar.types import Receive, Scope, Send
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings

from hebbs_graph.auth import is_loopback, tenant_for_authorization
from hebbs_graph.mcp.server import build_server, http_tenant
from hebbs_graph.services.container import Services
from hebbs_graph.settings import Settings

MCP_PATH = "/mcp"


class McpDoor:
    """The SDK's session manager for one app; ``running`` belongs in the app's lifespan."""

    def __init__(self, settings: Settings, max_body: int) -> None:
        self._services: Services | None = None
        self.server = build_server(self._lifespan, http_tenant)
        self.manager = StreamableHTTPSessionManager(
            app=self.server,
            stateless=True,
            json_response=True,
            security_settings=_security(settings.host),
            max_request_body_size=max_body,
        )

    @asynccontextmanager
    async def _lifespan(self, _: Server[Services]) -> AsyncIterator[Services]:
        if self._services is None:
            raise RuntimeError("the MCP door runs inside the API's lifespan")
        yield self._services

    @asynccontextmanager
    async def running(self, services: Services) -> AsyncIterator[None]:
        self._services = services
        async with self.manager.run():
            yield

    def route(self) -> ASGIRouteHandler:
        manager = self.manager

        @asgi(MCP_PATH, is_mount=True, copy_scope=True, guards=[_require_key])
        async def mcp_endpoint(scope: Scope, receive: Receive, send: Send) -> None:
            await manager.handle_request(scope, receive, send)  # type: ignore[arg-type]

        return mcp_endpoint


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
