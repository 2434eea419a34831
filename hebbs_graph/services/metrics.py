"""The service's own Prometheus figures: what it did (counters, a histogram) and what waits
in Neo4j (read when scraped).

Counters and the histogram live in prometheus_client's process registry. Under
``serve --workers N`` each worker writes them to files in PROMETHEUS_MULTIPROC_DIR (the
serve command makes one per run) and a scrape, whichever worker takes it, adds up every
worker's files: one scrape gives the whole server's figures (decision 0032). What waits
in Neo4j (checks, pending pairs, memories) is read from Neo4j at scrape time instead: it
is the database's state, the same whichever worker reads it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from prometheus_client import Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.memory import Memory
from hebbs_graph.timeutil import utcnow

RECALLS = Counter(
    "hebbs_graph_recalls",
    "Recalls answered, by strategy (a recall that runs several counts once for each).",
    ["strategy"],
)
MEMORIES_WRITTEN = Counter(
    "hebbs_graph_memories_written",
    "Memories a write committed, by kind and how: stored (new), reinforced (a repeat of a "
    "stored text) or revised.",
    ["kind", "how"],
)
REFLECTIONS = Counter(
    "hebbs_graph_reflections",
    "Reflection runs, by route: prepare (agent), commit (agent), llm (server-side).",
    ["route"],
)
CHECKS = Counter(
    "hebbs_graph_contradiction_checks",
    "Memories whose contradiction check ran, by outcome (done, failed: retried later).",
    ["outcome"],
)
CHECK_DELAY = Histogram(
    "hebbs_graph_contradiction_check_delay_seconds",
    "From a write to the end of its contradiction check, per memory checked.",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 1800.0),
)
RECALL_TURN_WAIT = Histogram(
    "hebbs_graph_recall_turn_wait_seconds",
    "How long a recall waited for its turn (recall_concurrency), per recall; 0 when a "
    "turn was free.",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
NEO4J_ERRORS = Counter(
    "hebbs_graph_neo4j_errors",
    "Neo4j errors that reached a request: unavailable (answered 503) or other (answered "
    "500), by kind.",
    ["kind"],
)


class WrittenCounter:
    """A write listener that counts what every remember, batch, revise and insight write
    stored or revised (services/listeners.py); it sets nothing on the memories."""

    def mark(self, now: datetime) -> dict[str, Any]:
        return {}

    async def memories_written(
        self,
        tenant_id: str,
        memories: list[Memory],
        *,
        revised: bool,
        vectors: Mapping[str, list[float]] | None = None,
    ) -> None:
        for memory in memories:
            how = "revised" if revised else "stored"
            MEMORIES_WRITTEN.labels(kind=memory.kind.value, how=how).inc()


def repeats_reinforced(memories: list[Memory]) -> None:
    """Count the remembers that repeated a stored text (no write listener hears them)."""
    for memory in memories:
        if memory.reinforced:
            MEMORIES_WRITTEN.labels(kind=memory.kind.value, how="reinforced").inc()


def checks_ran(outcome: str, due: Mapping[str, datetime]) -> None:
    """Count a round of checks; a completed one observes each memory's wait."""
    CHECKS.labels(outcome=outcome).inc(len(due))
    if outcome == "done":
        now = utcnow()
        for at in due.values():
            CHECK_DELAY.observe(max(0.0, (now - at).total_seconds()))


async def waiting_in_neo4j(store: GraphStore) -> Collector:
    """The figures that wait in Neo4j, across tenants, as a collector for one scrape."""
    row = await store.read_rows("admin/metrics_state", now=utcnow().isoformat())
    state = row[0] if row else {}
    return _StateCollector(state)


class _StateCollector(Collector):
    def __init__(self, state: Mapping[str, Any]) -> None:
        self.state = state

    def collect(self) -> Iterator[GaugeMetricFamily]:
        figures = (
            ("memories", "Memories stored (episodes and insights, every tenant)."),
            ("checks_waiting", "Memories whose contradiction check has not completed yet."),
            (
                "check_oldest_wait_seconds",
                "How long the oldest waiting contradiction check has waited (0: none waits).",
            ),
            ("pending_contradictions", "Contradiction pairs waiting for a verdict."),
        )
        for name, text in figures:
            yield GaugeMetricFamily(f"hebbs_graph_{name}", text, value=self.state.get(name) or 0)
