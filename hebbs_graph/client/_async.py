"""The async client: one method per REST operation, each taking its request model's fields
as typed arguments and returning the server's own response model. The operations are
written per area (_memories, _recall, _graph, _review) over one connection (_base)."""

from __future__ import annotations

from hebbs_graph.client._base import DEFAULT_URL, REFLECT_TIMEOUT_S, CallerEdgeType
from hebbs_graph.client._graph import GraphApi
from hebbs_graph.client._memories import MemoriesApi
from hebbs_graph.client._recall import RecallApi
from hebbs_graph.client._review import ReviewApi

__all__ = ["DEFAULT_URL", "REFLECT_TIMEOUT_S", "CallerEdgeType", "HebbsClient"]


class HebbsClient(MemoriesApi, RecallApi, GraphApi, ReviewApi):
    """The hebbs-graph API, async: ``async with HebbsClient(url, api_key=...) as client``."""
