"""A small tool registry: one decorated function per MCP tool.

Each tool names the pydantic model its arguments must satisfy (the same models as the
REST bodies), so the tool's input schema and its validation come from one place. A tool
function receives the services (``ToolServices``: the local ones, or the REST API's), the
caller's tenant and the validated model, and returns a pydantic model, which becomes both
the structured result and its JSON text.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar, get_type_hints

import mcp_types as types
from pydantic import BaseModel, TypeAdapter, ValidationError

from hebbs_graph.errors import HebbsError
from hebbs_graph.mcp.ports import ToolServices

log = logging.getLogger(__name__)

In = TypeVar("In", bound=BaseModel)
ToolFn = Callable[[ToolServices, str, Any], Awaitable[BaseModel]]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_model: type[BaseModel]
    output_model: Any  # a model, or a union of models (recall and prime: full | compact)
    fn: ToolFn
    annotations: types.ToolAnnotations

    def as_mcp(self) -> types.Tool:
        return types.Tool(
            name=self.name,
            description=self.description,
            input_schema=_optional_not_null(
                _object_schema(self.input_model.model_json_schema(), TITLES)
            ),
            output_schema=_object_schema(
                TypeAdapter(self.output_model).json_schema(mode="serialization"), OUTPUT_NOTES
            ),
            annotations=self.annotations,
        )


class ToolRegistry:
    """The tools an MCP server offers, in registration order."""

    def __init__(self) -> None:
        self._tools: dict[str, ToolSpec] = {}

    def tool(
        self,
        input_model: type[In],
        *,
        description: str,
        read_only: bool = False,
        destructive: bool = False,
        idempotent: bool = False,
    ) -> Callable[
        [Callable[[ToolServices, str, In], Awaitable[BaseModel]]],
        Callable[[ToolServices, str, In], Awaitable[BaseModel]],
    ]:
        """Register ``fn`` as a tool named after it, taking ``input_model`` as its arguments."""

        def register(
            fn: Callable[[ToolServices, str, In], Awaitable[BaseModel]],
        ) -> Callable[[ToolServices, str, In], Awaitable[BaseModel]]:
            output = get_type_hints(fn)["return"]
            self._tools[fn.__name__] = ToolSpec(
                name=fn.__name__,
                description=" ".join(description.split()),
                input_model=input_model,
                output_model=output,
                fn=fn,
                annotations=types.ToolAnnotations(
                    read_only_hint=read_only,
                    destructive_hint=destructive,
                    idempotent_hint=idempotent,
                    open_world_hint=False,
                ),
            )
            return fn

        return register

    def names(self) -> list[str]:
        return list(self._tools)

    def list_tools(self) -> list[types.Tool]:
        return [spec.as_mcp() for spec in self._tools.values()]

    def input_schema(self, name: str) -> dict[str, Any] | None:
        spec = self._tools.get(name)
        return None if spec is None else spec.as_mcp().input_schema

    async def call(
        self, services: ToolServices, tenant_id: str, name: str, arguments: dict[str, Any]
    ) -> types.CallToolResult:
        """Validate, run, and shape one call; every failure becomes a tool error, never a crash."""
        spec = self._tools.get(name)
        if spec is None:
            return tool_error(f"unknown tool {name!r}; known tools: {', '.join(self._tools)}")
        try:
            request = spec.input_model.model_validate(arguments)
            result = await spec.fn(services, tenant_id, request)
        except ValidationError as exc:
            return tool_error(f"invalid input: {describe_validation(exc)}")
        except HebbsError as exc:
            return tool_error(f"{exc.code}: {exc.message}")
        except Exception:
            log.exception("MCP tool %s failed", name)
            return tool_error("internal_error: the memory service failed; see its log")
        data = result.model_dump(mode="json")
        return types.CallToolResult(
            content=[
                types.TextContent(text=json.dumps(data, ensure_ascii=False, separators=(",", ":")))
            ],
            structured_content=data,
        )


def tool_error(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=message)], is_error=True)


def describe_validation(exc: ValidationError) -> str:
    """``field.path: problem`` for every problem, the way the REST errors name fields."""
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"]) or "arguments"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


# Schema keywords a tool list leaves out: the titles pydantic gives every field repeat
# its name, and an answer's descriptions and defaults are the tool description's job.
# They fill an agent's context on every conversation.
TITLES = frozenset({"title"})
OUTPUT_NOTES = frozenset({"title", "description", "default"})


def _object_schema(schema: dict[str, Any], dropped: frozenset[str]) -> dict[str, Any]:
    """MCP wants an object at the root (a union of models is one too)."""
    schema.setdefault("type", "object")
    lean: dict[str, Any] = _without(schema, dropped)
    return lean


def _without(node: Any, dropped: frozenset[str]) -> Any:
    """``node`` less the ``dropped`` keywords (a property of such a name stays)."""
    if isinstance(node, list):
        return [_without(item, dropped) for item in node]
    if not isinstance(node, dict):
        return node
    kept: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("properties", "$defs") and isinstance(value, dict):
            kept[key] = {name: _without(spec, dropped) for name, spec in value.items()}
        elif key not in dropped:
            kept[key] = _without(value, dropped)
    return kept


def _optional_not_null(node: Any) -> Any:
    """An optional argument is left out rather than sent as null: ``{"anyOf": [X, null],
    "default": null}`` becomes ``X`` (the model still takes a null)."""
    if isinstance(node, list):
        return [_optional_not_null(item) for item in node]
    if not isinstance(node, dict):
        return node
    branches = node.get("anyOf", [])
    kept = [b for b in branches if b.get("type") != "null"]
    if len(branches) == 2 and len(kept) == 1 and node.get("default", 0) is None:
        rest = {k: v for k, v in node.items() if k not in ("anyOf", "default")}
        node = {**kept[0], **rest}
    return {key: _optional_not_null(value) for key, value in node.items()}
