"""Reading an MCP tool result the way a client does."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent


def text_of(result: CallToolResult) -> str:
    """The text of a tool result's first content block (the tools answer in text)."""
    first = result.content[0]
    assert isinstance(first, TextContent), first
    return first.text
