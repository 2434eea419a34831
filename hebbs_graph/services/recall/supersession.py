"""Probable supersession among recalled memories: which may be out of date, and the order.

Pure (no database). Before any verdict, evidence that the older of two recalled
memories that happened at different times may have been superseded by the newer
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
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.heuristics.side import side
from hebbs_graph.services.contradict.heuristics.slots import same_slot

# The slot check compares the best-scored candidates pairwise; past this many it would
# cost more than the recall (a pair takes microseconds, 100 make 4,950 pairs).
SLOT_POOL = 100


def stated_at(memory: Memory) -> datetime:
    """When a memory last said what it says: when it happened, or, once revised, the
    revision (a memory revised today into a new fact is not the older side of a pair
    with yesterday's)."""
    if memory.version > 1 and memory.updated_at > memory.occurred_at:
        return memory.updated_at
    return memory.occurred_at


def pair_key(x: str, y: str) -> str:
    """The key contradiction detection gives a pair (services/contradict/detect.py, pending_create)."""
    return f"{x}:{y}" if x < y else f"{y}:{x}"


def from_pending(
    by_id: dict[str, RecallResult], pending: Iterable[tuple[str, str]]
) -> dict[str, set[str]]:
    """older id -> newer ids, from pending pairs whose sides happened at different times."""
    out: dict[str, set[str]] = {}
    for x, y in pending:
        a, b = by_id.get(x), by_id.get(y)
        if a is None or b is None or stated_at(a.memory) == stated_at(b.memory):
            continue
        older, newer = (a, b) if stated_at(a.memory) < stated_at(b.memory) else (b, a)
        out.setdefault(older.memory.id, set()).add(newer.memory.id)
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
        if ma.entity_id != mb.entity_id or stated_at(ma) == stated_at(mb):
            continue
        if pair_key(ma.id, mb.id) in skip:
            continue
        older, newer = (ma, mb) if stated_at(ma) < stated_at(mb) else (mb, ma)
        if older.superseded_by is not None:  # a verdict said so already
            continue
        if classify(older.content, newer.content).score >= min_confidence:
            out.setdefault(older.id, set()).add(newer.id)
    return out


def from_slots(
    ranked: list[RecallResult], skip: set[str], *, tenant_wide: bool = False
) -> dict[str, set[str]]:
    """older id -> newer ids, for two candidates of one scope (one entity, or tenant-wide
    ones, unless ``tenant_wide``) that state one single-valued relation of one subject
    with different values (``heuristics/slots.py``). ``skip`` as for from_classifier."""
    out: dict[str, set[str]] = {}
    for a, b in itertools.combinations(ranked[:SLOT_POOL], 2):
        ma, mb = a.memory, b.memory
        if not tenant_wide and ma.entity_id != mb.entity_id:
            continue
        if stated_at(ma) == stated_at(mb) or pair_key(ma.id, mb.id) in skip:
            continue
        older, newer = (ma, mb) if stated_at(ma) < stated_at(mb) else (mb, ma)
        if older.superseded_by is not None:
            continue
        if same_slot(side(older.content).statement, side(newer.content).statement):
            out.setdefault(older.id, set()).add(newer.id)
    return out


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


def newer_first(ranked: list[RecallResult], supersedes: dict[str, set[str]]) -> list[RecallResult]:
    """Each memory that may be superseded goes just below the lowest-ranked of its newer
    sides if it ranked above it; every other memory keeps its order. A memory moved down
    takes that newer side's score (``breakdown.conflict.score_before`` keeps its own), so
    the list stays in score order. Marks the older (``may_be_superseded_by``) and notes
    in both sides' breakdown how their rank moved.

    ``ranked`` is in score order. Terminates: a memory only ever moves below one that
    happened later, so no cycle. Each move keeps the scores in order: what stands below
    the newer side scored no more than it, what stands above it no less.
    """
    present = {r.memory.id for r in ranked}
    edges = {old: news & present for old, news in supersedes.items() if old in present}
    edges = {old: news for old, news in edges.items() if news}
    if not edges:
        return ranked
    order = list(ranked)
    own = {r.memory.id: r.score for r in ranked}
    moved = True
    while moved:
        moved = False
        for i, r in enumerate(order):
            newer = edges.get(r.memory.id)
            if not newer:
                continue
            last = max(j for j, other in enumerate(order) if other.memory.id in newer)
            if last > i:
                r.score = min(r.score, order[last].score)
                order.insert(last, order.pop(i))
                moved = True
                break
    _mark(ranked, order, edges, own)
    return order


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
        r.may_be_superseded_by = sorted(edges.get(mid, ()))
        if before[mid] == after[mid] and mid not in passed:
            continue
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
