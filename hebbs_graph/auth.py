"""Who is calling: ``Authorization: Bearer <key>`` → tenant, for every HTTP door (REST, MCP)."""

from __future__ import annotations

import hmac
import ipaddress

from hebbs_graph.errors import Unauthorized

DEFAULT_TENANT = "default"


def tenant_for_authorization(header: str | None, keys: dict[str, str]) -> str:
    """The tenant an ``Authorization`` header maps to; without keys configured, ``default``.

    Raises ``Unauthorized`` when keys are configured and the header is missing or unknown.
    """
    if not keys:
        return DEFAULT_TENANT
    scheme, _, token = (header or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("send Authorization: Bearer <api key>")
    for key, tenant in keys.items():
        if hmac.compare_digest(key.encode(), token.strip().encode()):
            return tenant
    raise Unauthorized("unknown API key")


def is_loopback(host: str) -> bool:
    """Whether a bind address only serves this machine (where no keys are required)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
