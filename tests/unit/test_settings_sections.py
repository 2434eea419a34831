"""The sections per wing are views of Settings: same names, same types, one source."""

from __future__ import annotations

import pydantic
import pytest

from hebbs_graph.settings import (
    ContradictionSettings,
    MemorySettings,
    RecallSettings,
    ReflectSettings,
    Settings,
    SubscribeSettings,
)
from hebbs_graph.settings.sections import Section

SECTIONS: dict[str, type[Section]] = {
    "recall": RecallSettings,
    "subscribe": SubscribeSettings,
    "contradiction": ContradictionSettings,
    "reflect": ReflectSettings,
    "memory": MemorySettings,
}
# Every field with one of these prefixes belongs to the section named after it.
PREFIXES = {
    "recall_": "recall",
    "hybrid_": "recall",
    "fulltext_": "recall",
    "subscribe_": "subscribe",
    "contradiction_": "contradiction",
    "reflect_": "reflect",
}


@pytest.mark.parametrize("name", SECTIONS)
def test_a_section_holds_settings_fields_of_the_same_type(name: str) -> None:
    whole = Settings.model_fields
    for field, info in SECTIONS[name].model_fields.items():
        assert field in whole, f"{name}.{field} is no Settings field (no HEBBS_ name)"
        assert info.annotation == whole[field].annotation, f"{name}.{field}"
        assert info.is_required(), f"{name}.{field}: defaults live in Settings only"


def test_every_prefixed_field_is_in_its_section() -> None:
    for field in Settings.model_fields:
        for prefix, name in PREFIXES.items():
            if field.startswith(prefix):
                assert field in SECTIONS[name].model_fields, f"{field} missing from {name}"


def test_sections_are_built_from_the_settings_they_come_from() -> None:
    settings = Settings(recall_time_boost=0.5, api_keys="k:acme")
    for name, section in SECTIONS.items():
        view = getattr(settings, name)
        assert isinstance(view, section)
        assert view.model_dump() == {f: getattr(settings, f) for f in section.model_fields}
    assert settings.recall.recall_time_boost == 0.5
    assert settings.reflect.api_keys == {"k": "acme"}
    copied = settings.model_copy(update={"contradiction_k": 3})
    assert copied.contradiction.contradiction_k == 3
    assert settings.contradiction.contradiction_k == 10


def test_sections_are_frozen() -> None:
    with pytest.raises(pydantic.ValidationError):
        Settings().recall.rrf_k = 1  # type: ignore[misc]
