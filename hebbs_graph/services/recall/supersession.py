"""Probable supersession among recalled memories: which may be out of date, and the order.

Pure (no database). Before any verdict, evidence that the older of two recalled
memories (on their timeline: ``said_order``) may have been superseded by the newer
(docs/decisions/0012-probably-current.md): a pending contradiction between them; two
candidates of one scope stating one single-valued relation with different values, in
whatever words ("The CEO of Acme is Ann" / "Bo is the CEO of Acme": the statement slots
of the contradiction heuristics); and, when turned on, the heuristic classifier's own
verdict on two recalled memories of the same entity. Recall then ranks the newer above
the older and marks the older; it never drops a memory unless asked
(``on_conflict: "current"``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from datetime import datetime

from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import ConflictNote, RecallResult
from hebbs_graph.services.recall import closest_pair, current
from hebbs_graph.services.recall.documents import changed_for, of_documents
from hebbs_graph.services.recall.pairchecks import changed, disagreement
from hebbs_graph.services.records import pair_key as pair_key

# The slot check compares the best-scored candidates pairwise; past this many it would
# cost more than the recall (a pair takes microseconds, 100 make 4,950 pairs).
SLOT_POOL = 100
# The candidates a cue asking for the current state is checked against.
CUE_POOL = 50
# How many drops in relevance ``leaders`` looks at: at most this many lead together.
LEADER_DROPS = 4


def stated_at(memory: Memory) -> datetime:
    """When a memory last said what it says: when it happened, when a duplicate said it
    again (``restated_at``: "… Renault", "… McLaren", "… Renault" again), or, once
    revised, the revision (a memory revised today into a new fact is not the older side
    of a pair with yesterday's)."""
    said = max(memory.occurred_at, memory.restated_at or memory.occurred_at)
    if memory.version > 1 and memory.updated_at > said:
        return memory.updated_at
    return said


def said_order(memory: Memory) -> tuple[datetime, str]:
    """Where a memory stands on its entity's timeline, as the timeline and a revision
    verdict order it: when it last said what it says (``stated_at``), then its id. Ids
    ascend in the order given within a call and in time across calls, so two memories
    stated at one instant (a batch without occurred_at, a list given one date: "1. The
    CEO of Acme is Ann" … "4. The CEO of Acme is Bo") are older and newer in the order
    they came, not unordered."""
    return stated_at(memory), memory.id


def _older_newer(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    return (a, b) if said_order(a) < said_order(b) else (b, a)


def from_pending(
    by_id: dict[str, RecallResult], pending: Iterable[tuple[str, str]], cue: str | None = None
) -> dict[str, set[str]]:
    """older id -> newer ids, from pending pairs (older and newer by ``said_order``); a
    pair with a document in it only where what changed is what the cue asks
    (``changed_for``)."""
    out: dict[str, set[str]] = {}
    for x, y in pending:
        a, b = by_id.get(x), by_id.get(y)
        if a is None or b is None:
            continue
        older, newer = _older_newer(a.memory, b.memory)
        if of_documents(older, newer) and not changed_for(older.content, newer.content, cue):
            continue
        out.setdefault(older.id, set()).add(newer.id)
    return out


def from_classifier(
    ranked: list[RecallResult],
    min_confidence: float,
    skip: set[str],
) -> dict[str, set[str]]:
    """older id -> newer ids, for pairs of one entity the classifier flags as detection would.

    ``skip`` holds the pair keys not to judge: those with a pending record (already
    counted), a confirmed contradiction between them, or an agent's dismissal.
    """
    out: dict[str, set[str]] = {}
    for a, b in itertools.combinations(ranked, 2):
        ma, mb = a.memory, b.memory
        if ma.entity_id != mb.entity_id or pair_key(ma.id, mb.id) in skip:
            continue
        older, newer = _older_newer(ma, mb)
        if older.superseded_by is not None:  # a verdict said so already
            continue
        if disagreement(older.content, newer.content) >= min_confidence:
            out.setdefault(older.id, set()).add(newer.id)
    return out


def from_slots(
    ranked: list[RecallResult], skip: set[str], *, tenant_wide: bool = False, cue: str | None = None
) -> dict[str, set[str]]:
    """older id -> newer ids, for two candidates of one scope (one entity, or tenant-wide
    ones, unless ``tenant_wide``) that state one single-valued relation of one subject
    with different values (``heuristics/slots.py``), or, where one is a document, give
    what the cue asks two values (``changed_for``). ``skip`` as for from_classifier."""
    out: dict[str, set[str]] = {}
    for a, b in itertools.combinations(ranked[:SLOT_POOL], 2):
        ma, mb = a.memory, b.memory
        if not tenant_wide and ma.entity_id != mb.entity_id:
            continue
        if pair_key(ma.id, mb.id) in skip:
            continue
        older, newer = _older_newer(ma, mb)
        if older.superseded_by is not None:
            continue
        if changed(older.content, newer.content) or changed_for(older.content, newer.content, cue):
            out.setdefault(older.id, set()).add(newer.id)
    return out


def from_cue(
    ranked: list[RecallResult], cue: str | None, skip: set[str], *, tenant_wide: bool = False
) -> dict[str, set[str]]:
    """older id -> newer ids, for two of the best candidates of one scope that answer a
    cue asking for the current state alike (``current.py``), and the newer may have
    replaced the older: both hold every content word of the cue (the same words of it),
    both say one thing in one frame with different values (``current.framed``), or both
    lead the scope on relevance to it (``leaders``), whatever their words."""
    if not current.asks_current(cue):
        return {}
    terms = current.cue_terms(cue or "")
    pool = ranked[:CUE_POOL]
    held = {
        r.memory.id: words
        for r in pool
        if (words := current.answered(r.memory.content, terms)) is not None
    }
    answering = [r for r in pool if r.memory.id in held]
    pairs = [
        (a, b)
        for a, b in itertools.combinations(answering, 2)
        if held[a.memory.id] == held[b.memory.id]  # else they answer different parts
    ]
    # Or one frame, two values, the cue's names in the frame (its other words may sit
    # in a value: "… attended Tanbridge House School." / "… attended Banbury Academy.").
    pairs += (
        (pool[i], pool[j])
        for i, j in current.framed_pairs([r.memory.content for r in pool], terms)
        if pool[i].memory.id not in held or held[pool[i].memory.id] != held.get(pool[j].memory.id)
    )
    scopes: dict[str | None, list[RecallResult]] = {}
    for r in pool:
        scopes.setdefault(None if tenant_wide else r.memory.entity_id, []).append(r)
    for scope, members in scopes.items():
        pairs += (
            (a, b)
            for a, b in itertools.combinations(leaders(members), 2)
            if not _one_session(a.memory, b.memory)
        )
        if scope is not None or terms[0]:  # whose quantity: the entity's, or the cue's names
            pairs += _quantities(members, terms)
    return _later(pairs, terms, skip, tenant_wide)


def _quantities(
    members: list[RecallResult], terms: tuple[frozenset[str], frozenset[str]]
) -> list[tuple[RecallResult, RecallResult]]:
    """Two of a scope's first three by relevance that each give a quantity (a number
    that counts nothing, or a thing the cue names: ``current.numbers``) and every name
    of the cue answer alike a cue that names no number: "How old am I?" over "i am a
    24 year old woman from argentina …" / "wow , that is so cool . i am only 12 .".
    What leads tells what the cue asks, whatever its words ("What is my age?"); the
    names say whose ("Globex's plan costs $14" / "Vandelay's plan costs $67"), or the
    entity does (``from_cue`` asks only of an entity's candidates or a cue with names:
    two shows' episode counts without an entity are not one answer)."""
    if any(n[:1].isdigit() for n in terms[0]):
        return []
    first = sorted(members, key=lambda r: r.breakdown.relevance, reverse=True)
    giving = [
        r
        for r in first[: closest_pair.LEAD]
        if current.numbers(r.memory.content, terms) == 2
        and current.names_held(r.memory.content, terms)
    ]
    return [
        (a, b) for a, b in itertools.combinations(giving, 2) if not _one_session(a.memory, b.memory)
    ]


def from_closest(
    ranked: list[RecallResult],
    cue: str | None,
    pools: list[list[str]],
    similarity: dict[tuple[str, str], float],
    skip: set[str],
    *,
    tenant_wide: bool = False,
) -> dict[str, set[str]]:
    """older id -> newer ids, for two leading candidates of one scope that are each
    other's closest by their stored vectors (``closest_pair.py``; ``pools`` as
    ``closest_pools`` gave them, ``similarity`` as read for them), under a cue asking
    for the current state: they answer it alike, as ``from_cue``'s pairs do."""
    if not similarity or not current.asks_current(cue):
        return {}
    by_id = {r.memory.id: r for r in ranked}
    pairs = [
        (by_id[a], by_id[b])
        for pool in pools
        for a, b in closest_pair.closest_pairs(pool, similarity)
        if not _one_session(by_id[a].memory, by_id[b].memory)
    ]
    return _later(pairs, current.cue_terms(cue or ""), skip, tenant_wide)


def closest_pools(
    ranked: list[RecallResult], cue: str | None, *, tenant_wide: bool = False
) -> list[list[str]]:
    """The scopes' pools whose similarities ``from_closest`` needs, for a cue asking
    about now: those where two leaders (not of one session) rank
    the older above the newer. Elsewhere a pair found could move nothing, and nothing is
    read (most cues about now: ~2 ms a read saved)."""
    if not current.asks_current(cue):
        return []
    at = {r.memory.id: i for i, r in enumerate(ranked)}
    by_id = {r.memory.id: r.memory for r in ranked}

    def out_of_order(a: str, b: str) -> bool:
        ma, mb = by_id[a], by_id[b]
        if _one_session(ma, mb):
            return False
        older, newer = _older_newer(ma, mb)
        return at[older.id] < at[newer.id]

    return [
        pool
        for pool in closest_pair.pools(ranked, tenant_wide=tenant_wide)
        if any(out_of_order(a, b) for a, b in itertools.combinations(pool[: closest_pair.LEAD], 2))
    ]


def _later(
    pairs: Iterable[tuple[RecallResult, RecallResult]],
    terms: tuple[frozenset[str], frozenset[str]],
    skip: set[str],
    tenant_wide: bool,
) -> dict[str, set[str]]:
    """older id -> newer ids, of the pairs that answer a cue about now alike and may be
    one value replaced by another: of one scope, not both
    judged already, and not one giving a quantity where the other gives no number."""
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        ma, mb = a.memory, b.memory
        if {current.numbers(ma.content, terms), current.numbers(mb.content, terms)} == {0, 2}:
            continue  # one gives a quantity, the other no number: not one answer's kind
        if not tenant_wide and ma.entity_id != mb.entity_id:
            continue
        if pair_key(ma.id, mb.id) in skip:
            continue
        older, newer = _older_newer(ma, mb)
        if older.superseded_by is None:
            out.setdefault(older.id, set()).add(newer.id)
    return out


def _one_session(a: Memory, b: Memory) -> bool:
    """Two turns of one conversation session (their context's ``session_id``)."""
    session = a.context.get("session_id")
    return session is not None and session == b.context.get("session_id")


def leaders(members: list[RecallResult]) -> list[RecallResult]:
    """The candidates of one scope that lead on relevance to the cue, when two or more
    do: those before the largest drop in relevance among the first ``LEADER_DROPS``
    (after the last candidate, the drop is to 0). A question about now that two memories
    answer, in words that share nothing with it or each other ("Am I married?": "i
    married a super model from italy." / "… which is why i am single and alone"), still puts both
    ahead of the rest of the scope by a margin the scope's own relevances show (the
    drop after them is larger than their own spread); one that leads alone, or a scope
    whose relevances fall evenly, sets nothing apart."""
    ordered = sorted(members, key=lambda r: r.breakdown.relevance, reverse=True)
    values = [r.breakdown.relevance for r in ordered] + [0.0]
    drops = min(LEADER_DROPS, len(values) - 1)
    if drops < 2:
        return []
    cut = max(range(drops), key=lambda i: values[i] - values[i + 1]) + 1
    spread, drop = values[0] - values[cut - 1], values[cut - 1] - values[cut]
    # The leaders are closer to one another than the last of them is to the rest.
    return ordered[:cut] if cut >= 2 and spread < drop else []


def dismissed_keys(by_id: dict[str, RecallResult], dismissed: Iterable[str]) -> set[str]:
    """Pair keys an agent dismissed while both memories still hold the content judged."""
    keys = set(dismissed)
    out: set[str] = set()
    for x, y in itertools.combinations(sorted(by_id), 2):
        key = pair_key(x, y)
        shas = (by_id[x].memory.content_sha256, by_id[y].memory.content_sha256)
        if any(f"{key}@{s}{t}" in keys for s, t in (shas, shas[::-1])):
            out.add(key)
    return out


def newer_first(
    ranked: list[RecallResult],
    supersedes: dict[str, set[str]],
    answers_later: dict[str, set[str]] | None = None,
) -> list[RecallResult]:
    """Each newer memory that ranked below an older one it may supersede takes that
    one's place, and its score (``breakdown.conflict.score_before`` keeps its own): the
    older and everything between move down one, so the list stays in score order and
    nothing leaves the answer because of a conflict. Marks the older
    (``may_be_superseded_by``) and notes in both sides' breakdown how their rank moved.
    ``answers_later`` (older id -> newer ids that answer the cue alike, ``from_cue``)
    orders the same way but marks nothing: answering one question alike is no sign
    that the older stopped being true ("What does Ann like?").

    ``ranked`` is in score order. A memory only ever moves above one earlier on
    the timeline; the moves are bounded all the same.
    """
    present = {r.memory.id for r in ranked}
    marked = _present(supersedes, present)
    edges = {old: set(news) for old, news in marked.items()}
    for old, news in _present(answers_later or {}, present).items():
        edges.setdefault(old, set()).update(news)
    if not edges:
        return ranked
    order = list(ranked)
    own = {r.memory.id: r.score for r in ranked}
    for _ in range(len(order) ** 2):
        at = {r.memory.id: i for i, r in enumerate(order)}
        move = next(
            (
                (i, max(below))
                for i, r in enumerate(order)
                if (below := [at[n] for n in edges.get(r.memory.id, ()) if at[n] > i])
            ),
            None,
        )
        if move is None:
            break
        i, j = move
        newer = order.pop(j)
        newer.score = max(newer.score, order[i].score)
        order.insert(i, newer)
    _mark(ranked, order, edges, own)
    for r in order:
        r.may_be_superseded_by = sorted(marked.get(r.memory.id, ()))
    return order


def _present(edges: dict[str, set[str]], present: set[str]) -> dict[str, set[str]]:
    """The edges between memories that are among the results."""
    kept = {old: news & present for old, news in edges.items() if old in present}
    return {old: news for old, news in kept.items() if news}


def _mark(
    by_score: list[RecallResult],
    order: list[RecallResult],
    edges: dict[str, set[str]],
    own: dict[str, float],
) -> None:
    before = {r.memory.id: i for i, r in enumerate(by_score)}
    after = {r.memory.id: i for i, r in enumerate(order)}
    passed: dict[str, list[str]] = {}
    for old, news in edges.items():
        for new in news:
            if before[old] < before[new]:  # the conflict put the newer first
                passed.setdefault(new, []).append(old)
    for r in order:
        mid = r.memory.id
        if mid not in passed and (before[mid] == after[mid] or mid not in edges):
            continue  # not moved, or only shifted by others' moves
        below = [n for n in edges.get(mid, ()) if before[mid] < before[n]]
        r.breakdown.conflict = ConflictNote(
            rank_by_score=before[mid] + 1,
            rank=after[mid] + 1,
            ranked_below=sorted(below),
            ranked_above=sorted(passed.get(mid, ())),
            score_before=own[mid] if r.score != own[mid] else None,
        )


def leave_out_superseded(ranked: list[RecallResult]) -> list[RecallResult]:
    """``on_conflict: "current"``: only memories nothing recalled may supersede."""
    return [r for r in ranked if not r.may_be_superseded_by]
