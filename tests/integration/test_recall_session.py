"""The opt-in ``session`` strategy (services/recall/strategies/session.py): a session's
turns newest first, nothing from other sessions, and refused until turned on."""

from __future__ import annotations

import pytest

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.conversation import ConversationIn, MessageIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.recall.request import runnable
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.services.recall.strategies import describe
from tests.integration.conftest import Kit, at


def session_of(services: Services) -> RecallService:
    """A recall service like the running one, with the session strategy turned on."""
    settings = services.settings.model_copy(update={"recall_extra_strategies": ["session"]})
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


async def talk(kit: Kit, session_id: str, lines: list[str], day: float) -> list[str]:
    out = await kit.services.conversation.remember_conversation(
        kit.tenant,
        ConversationIn(
            entity_id="acme",
            session_id=session_id,
            started_at=at(day),
            messages=[MessageIn(role="user", content=line) for line in lines],
        ),
    )
    assert await kit.services.contradict.drain()
    return out.memory_ids


async def test_a_session_comes_back_newest_first_and_alone(kit: Kit) -> None:
    first = await talk(kit, "s-1", ["the kiln fires at dawn", "glaze runs at cone 6"], 1)
    other = await talk(kit, "s-2", ["invoices go out on Friday"], 2)
    # A memory whose context names the session deeper down is not in the session.
    nested = {"import": {"session_id": "s-1"}}
    await kit.add("imported notes", entity_id="acme", occurred_at=at(3), context=nested)
    recall = session_of(kit.services)

    out = await recall.recall(
        kit.tenant,
        RecallIn(
            entity_id="acme",
            strategies=[{"strategy": "session", "session_id": "s-1"}],
            reinforce=False,
        ),
    )

    assert [r.memory.id for r in out.results] == list(reversed(first))
    assert not set(other) & {r.memory.id for r in out.results}
    assert out.results[0].breakdown.strategies == ["session"]
    assert out.results[0].breakdown.relevance == 1.0


async def test_it_mixes_with_a_cue_strategy(kit: Kit) -> None:
    said = await talk(kit, "s-3", ["we agreed the budget is 12k", "the demo is on Tuesday"], 1)
    out = await session_of(kit.services).recall(
        kit.tenant,
        RecallIn(
            cue="budget",
            entity_id="acme",
            strategies=[{"strategy": "session", "session_id": "s-3"}, {"strategy": "hybrid"}],
            reinforce=False,
        ),
    )
    assert set(said) <= {r.memory.id for r in out.results}


async def test_it_is_refused_until_turned_on(kit: Kit) -> None:
    request = RecallIn(strategies=[{"strategy": "session", "session_id": "s-1"}])
    with pytest.raises(InvalidInput, match="HEBBS_RECALL_EXTRA_STRATEGIES=session"):
        await kit.services.recall.recall(kit.tenant, request)


async def test_its_spec_is_checked(kit: Kit) -> None:
    for bad in ({"strategy": "session"}, {"strategy": "session", "session_id": ""}):
        with pytest.raises(InvalidInput, match="session_id"):
            await session_of(kit.services).recall(kit.tenant, RecallIn(strategies=[bad]))


def test_opt_in_strategies_run_only_when_named() -> None:
    request = RecallIn(strategies=[{"strategy": "session", "session_id": "s"}])
    with pytest.raises(InvalidInput, match="is off here"):
        runnable(request, [])
    assert [spec.strategy for spec, _ in runnable(request, ["session"])] == ["session"]
    assert "Opt-in" in describe()
