"""The MCP door: tools over the memory services, served on stdio or mounted on the API."""

from hebbs_graph.mcp.registry import ToolRegistry, ToolSpec
from hebbs_graph.mcp.server import (
    INSTRUCTIONS,
    build_server,
    http_tenant,
    serve_stdio,
    serve_stdio_via_api,
)
from hebbs_graph.mcp.tools import TOOLS

__all__ = [
    "INSTRUCTIONS",
    "TOOLS",
    "ToolRegistry",
    "ToolSpec",
    "build_server",
    "http_tenant",
    "serve_stdio",
    "serve_stdio_via_api",
]
