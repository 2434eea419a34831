"""GET /v1/metrics: Prometheus's text format, the whole server's figures in one scrape.

Under ``serve --workers N`` PROMETHEUS_MULTIPROC_DIR is set (cli/service.py) and the
figures are every worker's added up (prometheus_client's multiprocess mode), so a scrape
answered by any worker gives the same counters; with one process, its own registry.
After them, what waits in Neo4j (services/metrics.py), read at scrape time; if Neo4j
does not answer, those lines are left out and the rest is served.
"""

from __future__ import annotations

import logging
import os

from litestar import Controller, Response, get
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from hebbs_graph.errors import HebbsError
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.services.metrics import waiting_in_neo4j

log = logging.getLogger(__name__)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def process_figures() -> bytes:
    """Every worker's counters and histograms added up, or this process's alone."""
    if not os.environ.get(MULTIPROC_ENV):
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def worker_gone() -> None:
    """A worker that stops takes its live gauges (requests in progress) out of the sum;
    its counters stay counted."""
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


class MetricsController(Controller):
    path = "/v1/metrics"
    tags = ["health"]

    @get(media_type=CONTENT_TYPE_LATEST)
    async def metrics(self, store: GraphStore) -> Response[bytes]:
        """The server's Prometheus figures: requests by path (every worker's), recalls,
        memories written, reflections, contradiction checks and their delay, Neo4j errors;
        then what waits in Neo4j now (checks, pending pairs, memories). No API key."""
        body = process_figures()
        try:
            state = CollectorRegistry()
            state.register(await waiting_in_neo4j(store))
            body += generate_latest(state)
        except HebbsError as exc:
            log.info("metrics: Neo4j's figures left out (%s)", exc.message)
        return Response(body, media_type=CONTENT_TYPE_LATEST)
