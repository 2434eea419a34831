"""Query parameters as GraphStore sends them: lists and maps whose repr is their size
(the driver formats every RUN's parameters for a debug line it then drops)."""

from __future__ import annotations

from hebbs_graph.graph.store import quiet


def test_lists_and_maps_keep_their_values_and_lose_their_long_repr() -> None:
    rows = [{"id": f"m{i}", "embedding": [0.25] * 384} for i in range(250)]
    params = {"rows": rows, "mark": {"check_due": 1}, "tenant_id": "t", "limit": 5}
    sent = quiet(params)
    assert sent == params
    assert sent["rows"] is not rows  # a shallow copy
    assert sent["rows"][0] is rows[0]
    assert isinstance(sent["rows"], list)
    assert isinstance(sent["mark"], dict)
    assert repr(sent["rows"]) == "<list of 250>"
    assert repr(sent["mark"]) == "<map of 1>"
    assert sent["tenant_id"] == "t"
    assert sent["limit"] == 5
    assert len(repr(sent)) < 100
