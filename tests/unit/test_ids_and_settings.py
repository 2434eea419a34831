from __future__ import annotations

import pytest
from ulid import ULID

from hebbs_graph.errors import InvalidInput
from hebbs_graph.ids import new_id, normalize_id
from hebbs_graph.settings import Settings


def test_new_ids_are_32_hex_and_time_ordered() -> None:
    a, b = new_id(), new_id()
    assert len(a) == 32
    assert int(a, 16) >= 0
    assert a < b


def test_crockford_form_is_accepted() -> None:
    ulid = ULID()
    assert normalize_id(str(ulid)) == ulid.hex
    assert normalize_id(str(ulid).lower()) == ulid.hex
    assert normalize_id(ulid.hex.upper()) == ulid.hex


@pytest.mark.parametrize("bad", ["", "zzz", "0" * 31, "g" * 32, "8" + "0" * 25, "0" * 33])
def test_bad_ids_name_the_field(bad: str) -> None:
    with pytest.raises(InvalidInput, match="seed_memory_id"):
        normalize_id(bad, field="seed_memory_id")


def test_api_keys_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEBBS_API_KEYS", "k1:acme, k2:globex")
    assert Settings().api_keys == {"k1": "acme", "k2": "globex"}
    monkeypatch.setenv("HEBBS_API_KEYS", '{"k3": "initech"}')
    assert Settings().api_keys == {"k3": "initech"}
    monkeypatch.setenv("HEBBS_API_KEYS", "no-tenant")
    with pytest.raises(ValueError, match="key:tenant"):
        Settings()


def test_no_uri_means_local_neo4j(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEBBS_NEO4J_URI", raising=False)
    settings = Settings(neo4j_bolt_port=17687)
    assert settings.uses_local_neo4j
    assert settings.effective_neo4j_uri == "bolt://127.0.0.1:17687"
