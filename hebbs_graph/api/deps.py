"""Dependencies injected into handlers: the services and the caller's tenant."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.datastructures import State

from hebbs_graph.auth import DEFAULT_TENANT, tenant_for_authorization
from hebbs_graph.services.container import Services

__all__ = ["DEFAULT_TENANT", "provide_services", "provide_tenant"]


def provide_services(state: State) -> Services:
    services: Services = state.services
    return services


def provide_tenant(request: Request[Any, Any, Any], state: State) -> str:
    """Map ``Authorization: Bearer <key>`` to its tenant; without keys, tenant ``default``."""
    keys: dict[str, str] = state.services.settings.api_keys
    return tenant_for_authorization(request.headers.get("authorization"), keys)
