"""The Python client: ``HebbsClient`` (async) and ``HebbsSyncClient`` (its blocking twin).

One method per REST operation; each takes its request model's fields as typed arguments
(checked locally by the server's own model before anything is sent; an argument left
None is not sent, so the server's default applies) and returns the server's own
response model. Refusals raise hebbs-graph's one error tree, drawn in
``hebbs_graph.errors`` (``HebbsError`` at its root; ``ServerError`` and
``ApiUnreachable`` are the client's own: a 5xx other than 503, nothing answering).
Every error that came back over HTTP carries ``status_code``.

    async with HebbsClient("http://127.0.0.1:8000") as client:
        memory = await client.remember("Acme prefers email", entity_id="acme")
        found = await client.recall("how does Acme like to be contacted?")

    with HebbsSyncClient("http://127.0.0.1:8000") as client:
        found = client.recall("how does Acme like to be contacted?")

This package imports only httpx, pydantic and the models: no Neo4j driver, no embedding
model, no web framework (``pip install ./clients/python`` installs just this).
"""

from hebbs_graph.client._async import DEFAULT_URL, HebbsClient
from hebbs_graph.client.sync import HebbsSyncClient
from hebbs_graph.errors import (
    ApiUnreachable,
    Conflict,
    GraphUnavailable,
    HebbsError,
    InvalidInput,
    LLMBadOutput,
    LLMError,
    LLMNotConfigured,
    NotFound,
    NotInSession,
    ServerError,
    SessionExpired,
    TooLarge,
    Unauthorized,
    UnknownSession,
)
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.models.backup import RestoreOut
from hebbs_graph.models.contradict import (
    CommitOut,
    PendingContradiction,
    PrepareOut,
    ScanOut,
    VerdictIn,
)
from hebbs_graph.models.conversation import ConversationOut, MessageIn
from hebbs_graph.models.graph import EntitiesOut, GraphOut, LineageOut, PrimeOut
from hebbs_graph.models.memory import (
    Edge,
    EdgeIn,
    ForgetOut,
    Memory,
    MemoryIn,
    MemoryKind,
    MemoryPage,
)
from hebbs_graph.models.recall import (
    RecallOut,
    RecallResult,
    Strategy,
    StrategySpec,
    TimeRange,
    Weights,
)
from hebbs_graph.models.reflect import (
    Insight,
    InsightIn,
    ReflectCommitOut,
    ReflectOut,
    ReflectPrepareOut,
    ReflectStatus,
    StaleVerdictIn,
)

__all__ = [
    "DEFAULT_URL",
    "ApiUnreachable",
    "CommitOut",
    "Conflict",
    "ConversationOut",
    "Edge",
    "EdgeIn",
    "EdgeType",
    "EntitiesOut",
    "ForgetOut",
    "GraphOut",
    "GraphUnavailable",
    "HebbsClient",
    "HebbsError",
    "HebbsSyncClient",
    "Insight",
    "InsightIn",
    "InvalidInput",
    "LLMBadOutput",
    "LLMError",
    "LLMNotConfigured",
    "LineageOut",
    "Memory",
    "MemoryIn",
    "MemoryKind",
    "MemoryPage",
    "MessageIn",
    "NotFound",
    "NotInSession",
    "PendingContradiction",
    "PrepareOut",
    "PrimeOut",
    "RecallOut",
    "RecallResult",
    "ReflectCommitOut",
    "ReflectOut",
    "ReflectPrepareOut",
    "ReflectStatus",
    "RestoreOut",
    "ScanOut",
    "ServerError",
    "SessionExpired",
    "StaleVerdictIn",
    "Strategy",
    "StrategySpec",
    "TimeRange",
    "TooLarge",
    "Unauthorized",
    "UnknownSession",
    "VerdictIn",
    "Weights",
]
