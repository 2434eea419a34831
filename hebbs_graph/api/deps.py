"""Dependencies injected into handlers: the services and the caller's tenant."""

from __future__ import annotations

import hmac
from typing import Any

from litestar import Request
from litestar.datastructures import State

from hebbs_graph.errors import Unauthorized
from hebbs_graph.services.container import Services

DEFAULT_TENANT = "default"


def provide_services(state: State) -> Services:
    services: Services = state.services
    return services


def provide_tenant(request: Request[Any, Any, Any], state: State) -> str:
    """Map ``Authorization: Bearer <key>`` to its tenant; without keys, tenant ``default``."""
    keys: dict[str, str] = state.services.settings.api_keys
    if not keys:
        return DEFAULT_TENANT
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("send Authorization: Bearer <api key>")
    for key, tenant in keys.items():
        if hmac.compare_digest(key.encode(), token.strip().encode()):
            return tenant
    raise Unauthorized("unknown API key")
