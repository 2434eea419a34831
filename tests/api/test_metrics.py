"""/v1/metrics: the service's own figures, and the Grafana dashboard built on them."""

from __future__ import annotations

import json
import re

from prometheus_client.parser import text_string_to_metric_families

from tests.api.conftest import Api
from tests.support.served import ROOT

DASHBOARD = ROOT / "deploy" / "grafana" / "hebbs-graph.json"
SUFFIXES = ("_bucket", "_count", "_sum", "_total", "_created")


def scraped(text: str) -> dict[str, float]:
    """Sample name -> the sum of its values over labels; a family with no samples yet
    (a labelled counter nothing has counted) -> 0."""
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        found.setdefault(family.name, 0.0)
        for s in family.samples:
            found[s.name] = found.get(s.name, 0.0) + s.value
    return found


async def test_the_service_counts_what_it_does(api: Api) -> None:
    before = scraped((await api.client.get("/v1/metrics")).text)
    await api.remember(content="The kiln fires at 1,200 degrees", entity_id="kiln")
    repeat = await api.call(
        "POST",
        "/v1/memories",
        json={"content": "The kiln fires at 1,200 degrees", "entity_id": "kiln"},
    )
    assert repeat.json()["reinforced"] is True
    found = await api.call("POST", "/v1/recall", json={"cue": "kiln", "entity_id": "kiln"})
    assert found.status_code == 200, found.text
    prepared = await api.call("POST", "/v1/reflect/prepare", json={"entity_id": "kiln"})
    assert prepared.status_code == 200, prepared.text
    after = scraped((await api.client.get("/v1/metrics")).text)

    def grew(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert grew("hebbs_graph_memories_written_total") == 2  # one stored, one reinforced
    assert grew("hebbs_graph_recalls_total") >= 1
    assert grew("hebbs_graph_recall_turn_wait_seconds_count") >= 1  # 8 turns by default
    assert grew("hebbs_graph_reflections_total") == 1
    assert grew("hebbs_graph_contradiction_checks_total") >= 1  # remember waits for it
    assert grew("hebbs_graph_contradiction_check_delay_seconds_count") >= 1
    assert after["hebbs_graph_memories"] >= 1
    for gauge in ("checks_waiting", "check_oldest_wait_seconds", "pending_contradictions"):
        assert after[f"hebbs_graph_{gauge}"] >= 0


async def test_the_dashboard_reads_only_figures_the_api_serves(api: Api) -> None:
    await api.remember(content="The dashboard's kiln note", entity_id="kiln")
    await api.call("POST", "/v1/recall", json={"cue": "kiln"})
    names = {
        name.removesuffix(suffix) if name.endswith(suffix) else name
        for name in scraped((await api.client.get("/v1/metrics")).text)
        for suffix in ("", *SUFFIXES)
    }
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    assert len(exprs) >= 10
    used = {m for e in exprs for m in re.findall(r"\b((?:hebbs_graph|litestar)_[a-z_]+)\b", e)}
    assert used
    for metric in used:
        base = next((metric.removesuffix(s) for s in SUFFIXES if metric.endswith(s)), metric)
        assert metric in names or base in names, f"the dashboard reads {metric}, not served"
