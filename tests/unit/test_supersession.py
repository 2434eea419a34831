"""The probable-supersession rule over recalled memories (pure: no database)."""

from __future__ import annotations

from typing import Any

from hebbs_graph.models.recall import RecallResult, ScoreBreakdown, Weights
from hebbs_graph.services.recall import pairchecks, supersession
from hebbs_graph.services.records import to_memory


def result(
    mid: str,
    day: int,
    content: str | None = None,
    entity: str | None = "e",
    score: float = 0.5,
) -> RecallResult:
    when = f"2025-01-{day:02d}T00:00:00Z"
    props: dict[str, Any] = {
        "id": mid,
        "kind": "episode",
        "content": content or f"memory {mid}",
        "content_sha256": f"sha-{mid}",
        "entity_id": entity,
        "importance": 0.5,
        "confidence": 0.5,
        "occurred_at": when,
        "created_at": when,
        "updated_at": when,
        "last_accessed_at": when,
    }
    weights = Weights(relevance=0.5, recency=0.2, importance=0.2, reinforcement=0.1)
    breakdown = ScoreBreakdown(
        relevance=0.5, recency=1.0, importance=0.5, reinforcement=0.0, weights=weights,
        strategies=["hybrid"],
    )  # fmt: skip
    return RecallResult(memory=to_memory(props), score=score, breakdown=breakdown)


def ids(results: list[RecallResult]) -> list[str]:
    return [r.memory.id for r in results]


def paired(found: dict[str, set[str]], a: str, b: str) -> bool:
    return b in found.get(a, set()) or a in found.get(b, set())


def test_the_newer_takes_the_older_place_and_the_older_is_marked() -> None:
    ranked = [result("old", 1), result("x", 5), result("new", 9), result("y", 3)]
    out = supersession.newer_first(ranked, {"old": {"new"}})
    assert ids(out) == ["new", "old", "x", "y"]
    new, old = out[0], out[1]
    assert old.may_be_superseded_by == ["new"]
    assert old.breakdown.conflict is not None
    assert (old.breakdown.conflict.rank_by_score, old.breakdown.conflict.rank) == (1, 2)
    assert old.breakdown.conflict.ranked_below == ["new"]
    assert new.breakdown.conflict is not None
    assert (new.breakdown.conflict.rank_by_score, new.breakdown.conflict.rank) == (3, 1)
    assert new.breakdown.conflict.ranked_above == ["old"]
    assert out[2].breakdown.conflict is None  # x only shifted down: nothing of its own
    assert out[3].breakdown.conflict is None  # y did not move


def test_the_moved_memory_takes_the_older_score_so_the_list_stays_in_score_order() -> None:
    # The list read 0.574, 0.522, 0.578, 0.611: moved memories kept their scores.
    ranked = [
        result("old", 1, score=0.611),
        result("x", 5, score=0.578),
        result("new", 9, score=0.574),
        result("y", 3, score=0.522),
    ]
    out = supersession.newer_first(ranked, {"old": {"new"}})
    assert ids(out) == ["new", "old", "x", "y"]
    assert [r.score for r in out] == [0.611, 0.611, 0.578, 0.522]
    note = out[0].breakdown.conflict
    assert note is not None
    assert note.score_before == 0.574
    assert out[1].breakdown.conflict is not None
    assert out[1].breakdown.conflict.score_before is None  # the older kept its own


def test_a_chain_moved_twice_stays_in_score_order() -> None:
    ranked = [
        result("v1", 1, score=0.9),
        result("v2", 2, score=0.8),
        result("x", 4, score=0.7),
        result("v3", 3, score=0.6),
    ]
    out = supersession.newer_first(ranked, {"v1": {"v2", "v3"}, "v2": {"v3"}})
    assert ids(out) == ["v3", "v2", "v1", "x"]
    scores = [r.score for r in out]
    assert scores == sorted(scores, reverse=True)


def test_an_older_already_below_keeps_its_place_but_is_marked() -> None:
    ranked = [result("new", 9), result("x", 5), result("old", 1)]
    out = supersession.newer_first(ranked, {"old": {"new"}})
    assert ids(out) == ["new", "x", "old"]
    assert out[2].may_be_superseded_by == ["new"]
    assert all(r.breakdown.conflict is None for r in out)


def test_a_chain_of_values_comes_newest_first() -> None:
    ranked = [result("v1", 1), result("v2", 2), result("v3", 3)]
    out = supersession.newer_first(ranked, {"v1": {"v2", "v3"}, "v2": {"v3"}})
    assert ids(out) == ["v3", "v2", "v1"]
    assert supersession.leave_out_superseded(out) == [out[0]]


def test_no_evidence_changes_nothing() -> None:
    ranked = [result("a", 1), result("b", 2)]
    assert supersession.newer_first(ranked, {}) is ranked
    assert supersession.newer_first(ranked, {"a": {"gone"}}) is ranked
    assert all(r.breakdown.conflict is None and not r.may_be_superseded_by for r in ranked)


def test_pending_pairs_order_their_sides_on_the_timeline() -> None:
    # b and c were stated at one instant (one batch without occurred_at): the id, which
    # ascends in the order given, says which came later, as the timeline has it.
    a, b, c = result("a", 1), result("b", 4), result("c", 4)
    by_id = {r.memory.id: r for r in (a, b, c)}
    found = supersession.from_pending(by_id, [("b", "a"), ("c", "b"), ("a", "gone")])
    assert found == {"a": {"b"}, "b": {"c"}}


def test_the_classifier_judges_pairs_of_one_entity_not_dismissed() -> None:
    old = result("old", 1, "The CEO of Acme is Ann.")
    new = result("new", 2, "The CEO of Acme is Bo.")
    other = result("other", 3, "The CEO of Acme is Cy.", entity="elsewhere")
    assert supersession.from_classifier([new, old, other], 0.35, set()) == {"old": {"new"}}
    skip = supersession.dismissed_keys(
        {"old": old, "new": new}, [f"{supersession.pair_key('old', 'new')}@sha-newsha-old"]
    )
    assert supersession.from_classifier([new, old], 0.35, skip) == {}


def test_look_alikes_are_not_flagged() -> None:
    tea = result("tea", 1, "Ann likes tea.")
    hiking = result("hiking", 2, "Ann likes hiking.")
    assert supersession.from_classifier([tea, hiking], 0.35, set()) == {}


def test_slots_pair_two_wordings_of_one_changed_fact() -> None:
    old = result("old", 1, "The CEO of Acme is Ann.")
    new = result("new", 2, "Bo is the CEO of Acme.")
    moved = result("moved", 3, "Acme moved its HQ to Berlin.")
    hq = result("hq", 1, "Acme's headquarters are in Paris.")
    found = supersession.from_slots([new, moved, old, hq], set())
    assert found == {"old": {"new"}, "hq": {"moved"}}
    assert ids(supersession.newer_first([old, hq, new, moved], found)) == [
        "new", "old", "moved", "hq",
    ]  # fmt: skip


def test_slots_leave_look_alikes_other_scopes_and_dismissals_alone() -> None:
    paris = result("paris", 1, "Acme has an office in Paris.")
    berlin = result("berlin", 2, "Acme's office is in Berlin.")
    tea, hiking = result("tea", 1, "Ann likes tea."), result("hiking", 2, "Ann likes hiking.")
    assert supersession.from_slots([paris, berlin, tea, hiking], set()) == {}
    old = result("old", 1, "The CEO of Acme is Ann.")
    other = result("other", 2, "Bo is the CEO of Acme.", entity="elsewhere")
    assert supersession.from_slots([old, other], set()) == {}
    assert supersession.from_slots([old, other], set(), tenant_wide=True) == {"old": {"other"}}
    new = result("new", 2, "Bo is the CEO of Acme.")
    assert supersession.from_slots([old, new], {supersession.pair_key("old", "new")}) == {}


def test_slots_skip_what_a_verdict_already_superseded() -> None:
    old = result("old", 1, "The CEO of Acme is Ann.")
    old.memory.superseded_by = "new"
    new = result("new", 2, "Bo is the CEO of Acme.")
    assert supersession.from_slots([old, new], set()) == {}


def test_two_values_stated_at_one_instant_are_older_and_newer_in_the_order_given() -> None:
    # "1. The CEO of Acme is Ann." … "4. … Bo." sent in one batch without occurred_at:
    # one instant, ids ascending in the order given (here "a1" before "b4").
    first = result("a1", 1, "1. The CEO of Acme is Ann.", score=0.8)
    later = result("b4", 1, "4. The CEO of Acme is Bo.", score=0.7)
    found = supersession.from_slots([first, later], set())
    assert found == {"a1": {"b4"}}
    out = supersession.newer_first([first, later], found)
    assert ids(out) == ["b4", "a1"]
    assert out[1].may_be_superseded_by == ["b4"]
    assert supersession.said_order(first.memory) < supersession.said_order(later.memory)


def test_answering_a_cue_alike_takes_one_kind_of_answer() -> None:
    """Both hold the cue's words; a newer memory that gives no number does not answer
    "what is the budget?" as a stated amount does, and two amounts, or two dates written
    with numbers beside names, do."""
    budget = result("budget", 1, "Acme's budget is $5,000")
    approved = result("approved", 2, "Acme's CFO approved the budget")
    cue = "What is Acme's budget?"
    assert supersession.from_cue([budget, approved], cue, set()) == {}
    raised = result("raised", 3, "Acme's budget is now $7,500")
    assert supersession.from_cue([budget, raised], cue, set()) == {"budget": {"raised"}}
    first = result("first", 1, "The next release comes out on October 10.")
    later = result("later", 2, "The next release comes out in spring.")
    cue = "When does the next release come out?"
    assert supersession.from_cue([first, later], cue, set()) == {"first": {"later"}}


def test_one_frame_answers_a_cue_about_now_alike_whatever_the_values_hold() -> None:
    """A value may hold a word of the cue ("School"): the held words differ and the two
    do not lead together, but the frame is one, so the newer comes first; and only under
    a cue about now."""
    school = led("school", 1, "Audrey Eagle attended Tanbridge House School.", 0.9)
    academy = led("academy", 2, "Audrey Eagle attended Banbury Academy.", 0.5)
    said = (
        "Audrey Eagle was born in Horsham.",
        "Audrey Eagle paints birds.",
        "Audrey Eagle sings.",
    )
    other = [led(f"o{i}", 3 + i, text, 0.48 - 0.01 * i) for i, text in enumerate(said)]
    assert supersession.leaders([school, academy, *other]) == []
    cue = "Which school does Audrey Eagle attend?"
    assert supersession.from_cue([school, academy, *other], cue, set()) == {"school": {"academy"}}
    then = "Which school did Audrey Eagle attend in 2019?"
    assert supersession.from_cue([school, academy, *other], then, set()) == {}


def led(mid: str, day: int, content: str, relevance: float) -> RecallResult:
    r = result(mid, day, content)
    r.breakdown.relevance = relevance
    return r


def test_two_that_lead_the_scope_on_relevance_answer_a_cue_about_now_alike() -> None:
    """Old and new value in words that share nothing with the cue or each other: they
    lead the scope by the largest drop in relevance, so the newer comes first."""
    married = led("married", 1, "i am married to a doctor .", 0.62)
    single = led("single", 20, "eh , i am single so i do not need a lot", 0.55)
    other = [led(f"o{i}", 2 + i, f"i like hiking trip {i}", 0.2 - 0.01 * i) for i in range(4)]
    cue = "Am I married?"
    assert supersession.from_cue([married, single, *other], cue, set()) == {"married": {"single"}}
    # A question about another time, or a past one, decides nothing.
    assert supersession.from_cue([married, single, *other], "Was I married in 2019?", set()) == {}


def test_a_memory_that_leads_alone_or_a_fall_without_a_break_sets_nothing_apart() -> None:
    best = led("best", 1, "i am 25 years old .", 0.9)
    rest = [led(f"r{i}", 2 + i, f"i like painting {i}", 0.4 - 0.02 * i) for i in range(4)]
    assert supersession.leaders([best, *rest]) == []
    falling = [
        led(f"f{i}", 1 + i, f"i like running {i}", v)
        for i, v in enumerate((0.9, 0.8, 0.65, 0.45, 0.2, 0.1))
    ]
    assert supersession.leaders(falling) == []  # no drop larger than what it would set apart
    assert supersession.leaders([best]) == []


def test_leaders_keep_one_kind_of_answer() -> None:
    """Leading together is not answering alike when one gives a quantity and the other
    no number ("What is Acme's budget?")."""
    budget = led("budget", 1, "Acme's budget is $5,000", 0.8)
    approved = led("approved", 2, "Acme's CFO signed off on the plan", 0.75)
    hired = ("Acme hired an engineer", "Acme moved to a larger office", "Acme ships on Fridays")
    other = [led(f"o{i}", 3 + i, text, 0.1) for i, text in enumerate(hired)]
    assert supersession.from_cue([budget, approved, *other], "What is Acme's budget?", set()) == {}


def test_two_turns_of_one_session_do_not_lead_as_old_and_new() -> None:
    """Turns of one conversation session are one moment: the later does not replace the
    earlier because both lead (the words rule still applies to them)."""
    first = led("first", 1, "Caroline: i went to the support group yesterday", 0.7)
    second = led("second", 2, "Melanie: that sounds like a brave thing to do", 0.65)
    for r in (first, second):
        r.memory.context = {"session_id": "s1"}
    said = ("Caroline: i like painting", "Caroline: the lake was calm", "Caroline: see you soon")
    other = [led(f"o{i}", 3 + i, text, 0.1) for i, text in enumerate(said)]
    assert (
        supersession.from_cue([first, second, *other], "What is Caroline doing now?", set()) == {}
    )
    second.memory.context = {"session_id": "s2"}
    assert supersession.from_cue([first, second, *other], "What is Caroline doing now?", set()) == {
        "first": {"second"}
    }


def test_recall_reads_a_changed_value_in_one_sentence_of_each_turn() -> None:
    assert pairchecks.changed("that is good . i am only 4", "wow , i see . i am 12 now .")
    assert not pairchecks.changed(
        "When was the last time kentucky won ncaa? 1998.",
        "When was the last time unc won ncaa? 2005.",
    )
    assert pairchecks.changed(
        "Who is the head coach of the cleveland browns? Freddie Kitchens.",
        "Who is the head coach of the cleveland browns? Kevin Stefanski.",
    )


def test_two_leaders_that_each_give_a_quantity_answer_a_cue_about_now_alike() -> None:
    """Relevance falls evenly (no leaders), the two ages share no frame: the first three
    by relevance that each give a quantity answer alike, whatever the cue's words."""
    old = led("old", 1, "i am a 24 year old woman from argentina , living in australia", 0.6)
    new = led("new", 20, "wow , that is so cool . i am only 12 .", 0.5)
    single = led("single", 5, "ah see i am single and live alone", 0.45)
    liked = ("painting", "hiking", "jazz")
    rest = [led(f"r{i}", 6 + i, f"i like {w}", 0.4 - 0.05 * i) for i, w in enumerate(liked)]
    ranked = [old, new, single, *rest]
    assert supersession.leaders(ranked) == []
    for cue in ("How old am I?", "What is my age?"):
        assert supersession.from_cue(ranked, cue, set()) == {"old": {"new"}}, cue
    # A number that counts a thing the cue does not ask about is no answer to it.
    kids = led("new", 20, "wow , that is so cool . i have 12 cats .", 0.5)
    assert supersession.from_cue([old, kids, single, *rest], "How old am I?", set()) == {}
    # Outside the first three by relevance: nothing.
    late = led("new", 20, "i am only 12 .", 0.3)
    assert supersession.from_cue([old, single, rest[0], late], "How old am I?", set()) == {}


def test_two_quantities_of_two_subjects_are_not_one_answer() -> None:
    """Tenant-wide, another company's price leads beside the one asked about."""
    globex = led("globex", 1, "Globex's basic plan costs $14 a month.", 0.6)
    vandelay = led("vandelay", 20, "Vandelay's basic plan costs $67 a month.", 0.57)
    days = {"Monday": 0.5, "Friday": 0.42, "Sunday": 0.36, "Tuesday": 0.33}
    rest = [led(f"r{d}", 3, f"Globex ships on {d}", v) for d, v in days.items()]
    assert supersession.leaders([globex, vandelay, *rest]) == []
    cue = "How much does Globex's basic plan cost?"
    found = supersession.from_cue([globex, vandelay, *rest], cue, set(), tenant_wide=True)
    assert not paired(found, "globex", "vandelay")


def test_two_quantities_without_an_entity_or_a_name_are_not_one_answer() -> None:
    """Whose quantity it is: without an entity and a name in the cue, nothing says."""
    first = led("first", 1, "there are 13 episodes of touching evil .", 0.6)
    second = led("second", 20, "there are 22 episodes of the wire .", 0.57)
    words = {"drama": 0.5, "police": 0.42, "crime": 0.36, "british": 0.33}
    rest = [led(f"r{w}", 3, f"touching evil is a {w} show", v) for w, v in words.items()]
    cue = "how many episodes of touching evil are there?"
    for r in (first, second, *rest):
        r.memory.entity_id = None
    assert not paired(supersession.from_cue([first, second, *rest], cue, set()), "first", "second")
    for r in (first, second, *rest):
        r.memory.entity_id = "shows"
    found = supersession.from_cue([first, second, *rest], cue, set())
    assert found.get("first") == {"second"}
