"""Two wordings of one changed fact, stored in order and never reviewed: recall puts the
newer first (detection pairs them across wordings, and recall's slot check does even
without the pair); facts that look alike but are all true keep their places
(docs/decisions/0012-probably-current.md)."""

from __future__ import annotations

from datetime import datetime, timedelta

from hebbs_graph.models.conversation import ConversationIn
from hebbs_graph.models.memory import Memory, MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services
from hebbs_graph.services.memory.service import MemoryService
from hebbs_graph.services.recall.service import RecallService
from tests.support.contradiction_kit import IMPORTANT, JAN, MAR, add, pending


def recall_without_slots(services: Services) -> RecallService:
    settings = services.settings.model_copy(update={"recall_supersession_slots": False})
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


async def test_the_newer_of_two_wordings_comes_first_without_a_verdict(
    services: Services, tenant: str
) -> None:
    # By score alone the older would win: it is the more important, and importance counts.
    old = await add(
        services, tenant, "The CEO of Acme is Ann.", entity_id="acme", occurred_at=JAN,
        importance=0.95,
    )  # fmt: skip
    new = await add(
        services, tenant, "Bo is the CEO of Acme.", entity_id="acme", occurred_at=MAR,
        importance=0.05,
    )  # fmt: skip
    (p,) = await pending(services, tenant)  # detection paired the two wordings
    assert (p.memory_id_a, p.memory_id_b) == (old.id, new.id)
    assert p.suggested_verdict == "contradiction"
    cue = "Who is the chief executive of Acme?"
    for entity in (None, "acme"):
        request = RecallIn(cue=cue, entity_id=entity, weights=IMPORTANT, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        assert [r.memory.id for r in results] == [new.id, old.id], entity
        assert results[1].may_be_superseded_by == [new.id]
        # The order is the conflict's: the newer took the older's place and score.
        assert results[0].score == results[1].score
        note = results[0].breakdown.conflict
        assert note is not None
        assert note.score_before is not None
        assert note.score_before < results[1].score
    # Without the pending record, recall's own slot check still finds the pair...
    await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $t DELETE p", t=tenant
    )
    request = RecallIn(cue=cue, weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results] == [new.id, old.id]
    assert results[1].may_be_superseded_by == [new.id]
    # ...which is what put the newer first: without it, the order is the score's.
    plain = (await recall_without_slots(services).recall(tenant, request)).results
    assert [r.memory.id for r in plain] == [old.id, new.id]
    assert not plain[1].may_be_superseded_by


async def test_a_move_in_other_words_suggests_a_revision(services: Services, tenant: str) -> None:
    old = await add(
        services, tenant, "Acme's headquarters are in Paris.", occurred_at=JAN, importance=0.9
    )
    new = await add(
        services, tenant, "Acme moved its HQ to Berlin.", occurred_at=MAR, importance=0.1
    )
    (p,) = await pending(services, tenant)
    assert (p.memory_id_a, p.memory_id_b, p.suggested_verdict) == (old.id, new.id, "revision")
    request = RecallIn(cue="Where is Acme based?", weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results] == [new.id, old.id]


async def test_look_alikes_that_are_all_true_keep_their_places(
    services: Services, tenant: str
) -> None:
    texts = [
        "Acme has an office in Paris.",
        "Acme has an office in Lisbon.",
        "Acme's office is in Berlin.",
        "Ann likes tea.",
        "Ann likes hiking.",
        "Ann speaks French.",
        "Ann speaks German.",
        "Ann is a manager at Acme.",
        "Bo is a manager at Acme.",
    ]
    ids = []
    for n, text in enumerate(texts):
        memory = await add(services, tenant, text, occurred_at=JAN + timedelta(days=n))
        ids.append(memory.id)
    assert await pending(services, tenant) == []  # none of them replaces another
    for cue in ("Where does Acme have offices?", "What does Ann like?", "Who are managers?"):
        request = RecallIn(cue=cue, top_k=10, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        assert {r.memory.id for r in results} == set(ids), cue  # all 9 in the top 10
        assert all(not r.may_be_superseded_by for r in results), cue
        # A cue in the present tense may put the later of two answers first (both hold
        # "Ann" and "like"), and says so; it marks neither.
        for r in results:
            for c in r.breakdown.contributors:
                assert c.kind != "conflict" or "answers the cue alike" in (c.detail or ""), cue
    scores = [r.score for r in results]
    assert scores == sorted(scores, reverse=True)


async def test_one_role_at_two_entities_is_no_pair(services: Services, tenant: str) -> None:
    acme = await add(services, tenant, "The CEO is Ann.", entity_id="acme", occurred_at=JAN)
    globex = await add(services, tenant, "Bo is the CEO.", entity_id="globex", occurred_at=MAR)
    assert await pending(services, tenant) == []
    request = RecallIn(cue="Who is the CEO?", reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert {r.memory.id for r in results} == {acme.id, globex.id}
    assert all(not r.may_be_superseded_by for r in results)


async def test_a_changed_value_in_a_relation_no_word_list_names(
    services: Services, tenant: str
) -> None:
    """Issue 29: two sentences identical but for the value ("… in the city of London." /
    "… Leeds.") were never paired, and the older ranked first."""
    old = await add(
        services, tenant, "Mara Quist was born in the city of London.", occurred_at=JAN,
        importance=0.95,
    )  # fmt: skip
    new = await add(
        services, tenant, "Mara Quist was born in the city of Leeds.", occurred_at=MAR,
        importance=0.05,
    )  # fmt: skip
    (p,) = await pending(services, tenant)
    assert (p.memory_id_a, p.memory_id_b) == (old.id, new.id)
    request = RecallIn(cue="Where was Mara Quist born?", weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    assert [r.memory.id for r in results] == [new.id, old.id]
    assert results[1].may_be_superseded_by == [new.id]


async def test_the_later_turn_answers_a_question_about_now_first(
    services: Services, tenant: str
) -> None:
    """Two conversations months apart, both long ago: the user's old and new value are in
    different words and never paired, and tie on recency. A question about the present
    puts the later turn first; one about the past does not."""
    first = [
        {"speaker": "User", "content": "I ride to work on one of my three bikes most days."},
        {"speaker": "Assistant", "content": "Nice, cycling keeps you fit."},
        {"speaker": "User", "content": "My favourite is the old steel road bike."},
    ]
    second = [
        {"speaker": "User", "content": "Good news, I bought a gravel bike, so four bikes now!"},
        {"speaker": "Assistant", "content": "Congratulations on the new gravel bike."},
    ]
    a = await services.conversation.remember_conversation(
        tenant, ConversationIn.model_validate(
            {"entity_id": "me", "session_id": "s1", "messages": first, "started_at": JAN}
        ),
    )  # fmt: skip
    b = await services.conversation.remember_conversation(
        tenant, ConversationIn.model_validate(
            {"entity_id": "me", "session_id": "s2", "messages": second, "started_at": MAR}
        ),
    )  # fmt: skip
    old_turn, new_turn = a.memory_ids[0], b.memory_ids[0]
    request = RecallIn(cue="How many bikes do I have?", entity_id="me", reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    got = [r.memory.id for r in results]
    assert got.index(new_turn) < got.index(old_turn)
    assert not any(r.may_be_superseded_by for r in results)  # an order, not a sign
    assert got[0] == new_turn
    # Time among the candidates' own times put it there (not the assistant's reply, which
    # holds "bike" and no number: it does not answer "how many" alike).
    assert any(c.kind == "current_state" for c in results[0].breakdown.contributors)
    past = RecallIn(cue="How many bikes did I have in January?", entity_id="me", reinforce=False)
    then = (await services.recall.recall(tenant, past)).results
    assert all(r.breakdown.conflict is None for r in then)  # nothing moved for the past


async def test_the_newer_side_comes_with_an_answer_even_when_no_strategy_found_it(
    services: Services, tenant: str
) -> None:
    """The cue names the old value: the newer statement matches it less well than a dozen
    other facts, and no strategy brings it. The pending pair does: it takes the older's
    place among the results."""
    for n in range(12):
        await add(
            services, tenant, f"Ann Lee, then CEO of Acme, signed contract {n} for Acme.",
            entity_id="acme", occurred_at=JAN - timedelta(days=30 - n),
        )  # fmt: skip
    old = await add(services, tenant, "The CEO of Acme is Ann Lee.", entity_id="acme",
                    occurred_at=JAN)  # fmt: skip
    new = await add(services, tenant, "Acme's chief executive is now Bo Park.",
                    entity_id="acme", occurred_at=MAR)  # fmt: skip
    assert any({p.memory_id_a, p.memory_id_b} == {old.id, new.id} for p in await pending(
        services, tenant))  # fmt: skip
    request = RecallIn(cue="Is Ann Lee the CEO of Acme?", entity_id="acme", top_k=3,
                       preset="semantic", reinforce=False)  # fmt: skip
    results = (await services.recall.recall(tenant, request)).results
    got = [r.memory.id for r in results]
    assert new.id in got
    assert old.id not in got or got.index(new.id) < got.index(old.id)
    brought = next(r for r in results if r.memory.id == new.id)
    assert brought.breakdown.strategies == ["pending_pair"]
    scores = [r.score for r in results]
    assert scores == sorted(scores, reverse=True)


async def test_two_that_lead_on_relevance_answer_a_question_about_now_in_any_words(
    services: Services, tenant: str
) -> None:
    """A job said twice in chat, in words that share nothing with the question or each
    other: the real model's relevances set the two apart from the rest of what the user
    said, and the newer comes first, unmarked (decision 0024, fifth amendment). Where one
    of them holds the question's own word ("Am I married?" / "i married …") it leads
    alone: the next test's rule (closest_pair.py) is what orders such a pair."""
    old, new = await old_and_new(
        services,
        tenant,
        "user",
        "i teach math at the local high school .",
        (
            "i like to paint landscapes on the weekends .",
            "my favorite season is autumn because of the colors .",
            "my dog is named biscuit and he loves the beach .",
        ),
        "these days i drive a taxi at night .",
    )
    request = RecallIn(
        cue="What do I do for a living?", entity_id="user", weights=IMPORTANT, reinforce=False
    )
    results = (await services.recall.recall(tenant, request)).results
    ids = [r.memory.id for r in results]
    assert ids.index(new.id) < ids.index(old.id)
    assert not any(r.may_be_superseded_by for r in results)  # an order, not a sign
    details = [c.detail or "" for r in results for c in r.breakdown.contributors]
    assert any("answers the cue alike" in d for d in details)
    # By score alone the older, more important one would come first.
    settings = services.settings.model_copy(update={"recall_supersession_cue": False})
    plain_service = RecallService(
        services.store, services.embedder, settings.recall, settings.contradiction
    )
    plain = [r.memory.id for r in (await plain_service.recall(tenant, request)).results]
    assert plain.index(old.id) < plain.index(new.id)


async def test_one_frame_two_values_answer_a_question_about_now_in_order(
    services: Services, tenant: str
) -> None:
    """Two schools said in one frame; the older's value holds a word of the question
    ("School"), so the words rule sees two different answers. The frame is one: the newer
    comes first, unmarked (decision 0024, eighth amendment). Asked about then, nothing moves."""
    old, new = await old_and_new(
        services,
        tenant,
        "audrey",
        "Audrey Eagle attended Tanbridge House School.",
        (
            "Audrey Eagle was born in Horsham.",
            "Audrey Eagle studied botany at school.",
            "Audrey Eagle's school friends called her Birdie.",
            "Audrey Eagle taught drawing to schoolchildren.",
        ),
        "Audrey Eagle attended Banbury Academy.",
    )
    for cue, moved in (
        ("Which school does Audrey Eagle attend?", True),
        ("Which school did Audrey Eagle attend in 2019?", False),
    ):
        request = RecallIn(cue=cue, entity_id="audrey", weights=IMPORTANT, reinforce=False)
        results = (await services.recall.recall(tenant, request)).results
        ids = [r.memory.id for r in results]
        assert (ids.index(new.id) < ids.index(old.id)) is moved, cue
        assert not any(r.may_be_superseded_by for r in results), cue  # an order, not a sign


async def old_and_new(
    services: Services,
    tenant: str,
    entity: str,
    old: str,
    between: tuple[str, ...],
    new: str,
    *,
    detect: bool = True,
) -> tuple[Memory, Memory]:
    """An important old value in January, other things said the days after, an
    unimportant new value in March: by score alone the old one would come first.
    ``detect=False`` writes without contradiction detection (no pending pair)."""
    memory = (
        services.memory
        if detect
        else MemoryService(services.store, services.embedder, services.settings.memory)
    )

    async def said(text: str, at: datetime, importance: float = 0.5) -> Memory:
        item = MemoryIn(content=text, entity_id=entity, occurred_at=at, importance=importance)
        return await memory.remember(tenant, item)

    first = await said(old, JAN, 0.9)
    for n, text in enumerate(between):
        await said(text, JAN + timedelta(days=n + 1))
    last = await said(new, MAR, 0.1)
    return first, last


async def test_two_leaders_closest_to_each_other_answer_a_question_about_now(
    services: Services, tenant: str
) -> None:
    """The old value holds the question's word ("Am I married?" / "i am married …") and
    leads alone on relevance; the new one shares no word with it. The two are each
    other's nearest among the user's memories by their stored vectors, and both lead:
    the newer comes first, unmarked (closest_pair.py). Asked about then, nothing moves;
    without the rule, the order is the score's. The rule alone: written without
    detection, the statement slots off (WordNet's opposites read "married" / "divorced"
    as a changed value, and mark it: test_opposite_values_are_marked below)."""
    old, new = await old_and_new(services, tenant, "user", *MARRIED, detect=False)
    for cue, moved in (("Am I married?", True), ("Was I married in 2019?", False)):
        ids = await user_ids(recall_with(services, slots=False), tenant, cue)
        assert (ids.index(new.id) < ids.index(old.id)) is moved, cue
    plain = await user_ids(
        recall_with(services, closest=False, slots=False), tenant, "Am I married?"
    )
    assert plain.index(old.id) < plain.index(new.id)


async def test_opposite_values_are_marked(services: Services, tenant: str) -> None:
    """With the defaults, "married" / "divorced" (WordNet's opposite values) is a changed
    value: detection raises the pair (a small entity is compared whole) and recall ranks
    the newer first and marks the older as possibly superseded by it."""
    old, new = await old_and_new(services, tenant, "user", *MARRIED)
    (pair,) = await pending(services, tenant)
    assert (pair.memory_id_a, pair.memory_id_b) == (old.id, new.id)
    request = RecallIn(cue="Am I married?", entity_id="user", weights=IMPORTANT, reinforce=False)
    results = (await services.recall.recall(tenant, request)).results
    ids = [r.memory.id for r in results]
    assert ids.index(new.id) < ids.index(old.id)
    assert results[ids.index(old.id)].may_be_superseded_by == [new.id]


async def test_two_leaders_that_each_give_a_quantity_answer_a_question_about_now(
    services: Services, tenant: str
) -> None:
    """Two ages said in sentences of different shapes: both lead the user's memories on
    relevance and each gives a quantity, so the newer comes first, unmarked, whether the
    question says "how old" or "age"; without the cue rule, the order is the score's."""
    old, new = await old_and_new(
        services,
        tenant,
        "user",
        "i am a 24 year old woman from argentina , living in australia .",
        CHAT,
        "wow , that is so cool . i am only 31 now .",
        detect=False,  # the rule alone: two amounts of one unit are a changed value too
    )
    for cue in ("How old am I?", "What is my age?"):
        ids = await user_ids(recall_with(services, slots=False), tenant, cue)
        assert ids.index(new.id) < ids.index(old.id), cue
    plain = await user_ids(recall_with(services, cue=False, slots=False), tenant, "How old am I?")
    assert plain.index(old.id) < plain.index(new.id)


# Other things a user said in chat, between an old and a new value.
CHAT = (
    "i like to paint landscapes on the weekends .",
    "my favorite season is autumn because of the colors .",
    "my dog is named biscuit and he loves the beach .",
    "i work nights at the hospital as a nurse .",
)
# A marital status said in January and again in March, in other words.
MARRIED = (
    "oh nice , i am married and we have two little boys .",
    CHAT,
    "these days i am divorced and live on my own .",
)


def recall_with(services: Services, **rules: bool) -> RecallService:
    """The recall service with some ``recall_supersession_<rule>`` settings changed."""
    update = {f"recall_supersession_{rule}": on for rule, on in rules.items()}
    settings = services.settings.model_copy(update=update)
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


async def user_ids(recall: RecallService, tenant: str, cue: str) -> list[str]:
    """The user's results, in order; an order, never a sign: nothing is marked."""
    request = RecallIn(cue=cue, entity_id="user", weights=IMPORTANT, reinforce=False)
    results = (await recall.recall(tenant, request)).results
    assert not any(r.may_be_superseded_by for r in results)
    return [r.memory.id for r in results]
