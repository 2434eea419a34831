"""GET /v1/export and POST /v1/import over HTTP: the round trip, and every refusal a 4xx
in the API's error shape, with nothing stored."""

from __future__ import annotations

import json

from tests.api.conftest import Api

NDJSON = {"Content-Type": "application/x-ndjson"}


async def test_export_then_import_elsewhere_and_the_refusals(api: Api) -> None:
    await api.remember(content="Acme signed", entity_id="acme")
    await api.remember(content="Acme paid", entity_id="acme")
    exported = await api.call("GET", "/v1/export", params={"entity_id": "acme"})
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("application/x-ndjson")
    lines = exported.text.splitlines()
    assert json.loads(lines[-1])["counts"] == {"edge": 1, "entity": 1, "memory": 2}

    same = await api.call("POST", "/v1/import", content=exported.text, headers=NDJSON)
    assert same.status_code == 409
    assert "already holds memories" in api.error(same)["message"]
    taken = await api.call("POST", "/v1/import", content=exported.text, other=True)
    assert taken.status_code == 409
    assert api.error(taken)["details"]["line"] == 2

    for body, status in [("", 400), ("not json\n", 400), (b"\xff\xfe\n", 400)]:
        refused = await api.call("POST", "/v1/import", content=body, other=True)
        assert refused.status_code == status, refused.text
        assert api.error(refused)["message"].startswith("line 1")
    cut = "\n".join(lines[:-1]) + "\n"
    refused = await api.call("POST", "/v1/import", content=cut, other=True)
    assert refused.status_code == 400
    assert "no end record" in api.error(refused)["message"]
    listed = await api.call("GET", "/v1/memories", other=True)
    assert listed.json()["items"] == []
