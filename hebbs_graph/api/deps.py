"""Dependencies injected into handlers: each service by its name in ``Services`` (a
handler takes the one it calls) and the caller's tenant."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.datastructures import State
from litestar.di import Provide

from hebbs_graph.auth import DEFAULT_TENANT, tenant_for_authorization
from hebbs_graph.embedding import Embedder
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.services.container import Services
from hebbs_graph.services.contradict.service import ContradictionService
from hebbs_graph.services.map.semantic_map import SemanticMapService
from hebbs_graph.services.memory.backup import BackupService
from hebbs_graph.services.memory.conversation import ConversationService
from hebbs_graph.services.memory.restore import RestoreService
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.services.recall.prime import PrimeService
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.services.reflect.lineage import LineageService
from hebbs_graph.services.reflect.service import ReflectService

__all__ = ["DEFAULT_TENANT", "DEPENDENCIES", "provide_tenant"]


def _services(state: State) -> Services:
    services: Services = state.services
    return services


def provide_store(state: State) -> GraphStore:
    return _services(state).store


def provide_embedder(state: State) -> Embedder:
    return _services(state).embedder


def provide_memory(state: State) -> MemoryService:
    return _services(state).memory


def provide_conversation(state: State) -> ConversationService:
    return _services(state).conversation


def provide_backup(state: State) -> BackupService:
    return _services(state).backup


def provide_restore(state: State) -> RestoreService:
    return _services(state).restore


def provide_recall(state: State) -> RecallService:
    return _services(state).recall


def provide_prime(state: State) -> PrimeService:
    return _services(state).prime


def provide_contradict(state: State) -> ContradictionService:
    return _services(state).contradict


def provide_reflect(state: State) -> ReflectService:
    return _services(state).reflect


def provide_lineage(state: State) -> LineageService:
    return _services(state).lineage


def provide_semantic_map(state: State) -> SemanticMapService:
    return _services(state).semantic_map


def provide_tenant(request: Request[Any, Any, Any], state: State) -> str:
    """Map ``Authorization: Bearer <key>`` to its tenant; without keys, tenant ``default``."""
    keys: dict[str, str] = _services(state).settings.api_keys
    return tenant_for_authorization(request.headers.get("authorization"), keys)


# The app's dependencies: a handler names the ones it takes as parameters.
DEPENDENCIES: dict[str, Provide] = {
    "store": Provide(provide_store, sync_to_thread=False),
    "embedder": Provide(provide_embedder, sync_to_thread=False),
    "memory": Provide(provide_memory, sync_to_thread=False),
    "conversation": Provide(provide_conversation, sync_to_thread=False),
    "backup": Provide(provide_backup, sync_to_thread=False),
    "restore": Provide(provide_restore, sync_to_thread=False),
    "recall": Provide(provide_recall, sync_to_thread=False),
    "prime": Provide(provide_prime, sync_to_thread=False),
    "contradict": Provide(provide_contradict, sync_to_thread=False),
    "reflect": Provide(provide_reflect, sync_to_thread=False),
    "lineage": Provide(provide_lineage, sync_to_thread=False),
    "semantic_map": Provide(provide_semantic_map, sync_to_thread=False),
    "tenant_id": Provide(provide_tenant, sync_to_thread=False),
}
