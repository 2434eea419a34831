"""Shared fixtures. Tests under integration/, api/ and e2e/ use the real Neo4j and model.

Neo4j is reached with the same HEBBS_* settings as the service (scripts/test starts the
local one). Every test gets its own tenant and deletes only that tenant's data.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from hebbs_graph.embedding import Embedder
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings
from tests.live import LiveApi
from tests.support.scripted_llm import ScriptedLLM
from tests.support.tenants import purge_tenant

_DB_TIERS = {"integration", "api", "e2e", "reliability"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tier = Path(str(item.fspath)).parent.name
        if tier in _DB_TIERS:
            item.add_marker(pytest.mark.neo4j)
            item.add_marker(pytest.mark.model)


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def embedder(settings: Settings) -> Embedder:
    return load_embedder(settings)


@pytest.fixture(scope="session")
async def services(settings: Settings, embedder: Embedder) -> AsyncIterator[Services]:
    # The periodic sweep claims waiting checks of every tenant; in a shared test database
    # it would take checks that tests leave for their own workers (tests sweep on purpose).
    quiet = settings.model_copy(update={"contradiction_check_sweep_s": 86_400.0})
    opened = await open_services(quiet, embedder=embedder, wait_s=30)
    yield opened
    await opened.close()


@pytest.fixture
async def tenant(services: Services) -> AsyncIterator[str]:
    """A fresh tenant id for one test; its data is deleted afterwards."""
    tenant_id = f"test-{uuid.uuid4().hex[:12]}"
    yield tenant_id
    await services.recall.drain()
    await purge_tenant(services, tenant_id)


@pytest.fixture
async def other_tenant(services: Services) -> AsyncIterator[str]:
    tenant_id = f"test-{uuid.uuid4().hex[:12]}"
    yield tenant_id
    await services.recall.drain()
    await purge_tenant(services, tenant_id)


@pytest.fixture(scope="session")
def live_api(settings: Settings, embedder: Embedder) -> Iterator[LiveApi]:
    """The real API on a free loopback port (REST, /mcp, /palace), with API keys on."""
    api = LiveApi(settings, embedder).start()
    yield api
    api.stop()


@pytest.fixture
def api_key(live_api: LiveApi, tenant: str) -> Iterator[str]:
    """An API key of the live API that maps to this test's tenant."""
    key = live_api.key_for(tenant)
    yield key
    live_api.keys.pop(key, None)


@pytest.fixture(scope="module")
def scripted_llm() -> Iterator[ScriptedLLM]:
    """One scripted LLM server (OpenAI and Ollama wire formats) per test module."""
    server = ScriptedLLM().start()
    yield server
    server.stop()


@pytest.fixture
def llm_server(scripted_llm: ScriptedLLM) -> ScriptedLLM:
    """The module's scripted LLM server with an empty script and no requests seen."""
    scripted_llm.reset()
    return scripted_llm
