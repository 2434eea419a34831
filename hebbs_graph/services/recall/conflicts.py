"""Conflicts among the recalled memories, decided over every candidate before the cut to
top_k: confirmed contradictions are marked on both sides, a memory that may be
superseded is ranked just below the newer side (supersession.py); ``suppress`` keeps
the stronger side of a confirmed one, ``current`` also leaves out what may be
superseded. So what is left out does not depend on how many results were asked for."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.recall import Contributor, RecallResult
from hebbs_graph.services.recall import supersession
from hebbs_graph.services.recall.documents import of_documents
from hebbs_graph.settings import ContradictionSettings, RecallSettings

# A recall's pools of candidates worth comparing, and the similarities read for them.
Closeness = tuple[list[list[str]], dict[tuple[str, str], float]]


class Conflicts:
    def __init__(
        self, store: GraphStore, settings: RecallSettings, contradiction: ContradictionSettings
    ) -> None:
        self.store = store
        self.settings = settings
        # The classifier on recalled pairs keeps detection's confidence floor, and the
        # slot check its scope.
        self.contradiction = contradiction

    async def apply(
        self,
        tenant_id: str,
        ranked: list[RecallResult],
        on_conflict: str,
        cue: str | None = None,
    ) -> list[RecallResult]:
        """The results with their conflicts marked, in their new order, maybe fewer.
        ``cue``: the recall's, when it has one (a cue asking for the current state is
        evidence too)."""
        if len(ranked) < 2:
            return ranked
        ids = {r.memory.id for r in ranked}
        # Memories loaded through @memory came with both; only what is missing is read.
        confirmed, rows, (pools, similarity) = await asyncio.gather(
            self._confirmed(tenant_id, ranked, ids),
            self._pending(tenant_id, ranked, ids),
            self._similarity(tenant_id, ranked, cue),
        )
        pairs = {mid: others for mid, others in confirmed.items() if others}
        for result in ranked:
            result.conflicts_with = sorted(pairs.get(result.memory.id, set()))
        supersedes, answers_later = self._supersedes(ranked, pairs, rows, cue, (pools, similarity))
        ranked = supersession.newer_first(ranked, supersedes, answers_later)
        if on_conflict == "current":
            ranked = supersession.leave_out_superseded(ranked)
        if on_conflict != "keep":
            ranked = _suppress(ranked)
        _name_conflicts(ranked)
        return ranked

    async def _confirmed(
        self, tenant_id: str, ranked: list[RecallResult], ids: set[str]
    ) -> dict[str, set[str]]:
        """Each memory's confirmed contradictions among the recalled ones."""
        if all(r.memory.contradicts is not None for r in ranked):
            return {r.memory.id: ids.intersection(r.memory.contradicts or []) for r in ranked}
        rows = await self.store.read_rows("recall/conflicts", tenant_id=tenant_id, ids=list(ids))
        return {r["id"]: set(r["others"]) for r in rows}

    async def _pending(
        self, tenant_id: str, ranked: list[RecallResult], ids: set[str]
    ) -> list[dict[str, Any]]:
        """The pending pairs among the recalled memories and the dismissed pair keys."""
        if all(r.memory.pending_with is not None for r in ranked):
            return [_evidence_among(ranked, ids)]
        return await self.store.read_rows("recall/supersession", tenant_id=tenant_id, ids=list(ids))

    async def _similarity(
        self, tenant_id: str, ranked: list[RecallResult], cue: str | None
    ) -> Closeness:
        """The pools of each scope's first candidates worth comparing, for a cue that asks
        about now, and the similarity of every two of a pool (closest_pair.py); nothing
        is read otherwise."""
        s = self.settings
        if not (s.recall_supersession_cue and s.recall_supersession_closest):
            return [], {}
        tenant_wide = self.contradiction.contradiction_scope == "tenant"
        pools = supersession.closest_pools(ranked, cue, tenant_wide=tenant_wide)
        if not pools:
            return [], {}
        rows = await self.store.read_values(
            "recall/pair_similarity", tenant_id=tenant_id, pools=pools
        )
        return pools, {
            (r["a"], r["b"]): r["similarity"] for r in rows if r["similarity"] is not None
        }

    def _supersedes(
        self,
        ranked: list[RecallResult],
        confirmed: dict[str, set[str]],
        rows: list[dict[str, Any]],
        cue: str | None,
        closeness: Closeness,
    ) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
        """older id -> newer ids that may supersede it (pending pairs, statement slots
        and changed values, then the classifier), and older id -> newer ids that answer
        a cue asking for the current state alike (an order, not a sign)."""
        by_id = {r.memory.id: r for r in ranked}
        pending = [(a, b) for a, b in (rows[0]["pending"] if rows else [])]
        out = supersession.from_pending(by_id, pending, cue)
        slots, classifier, by_cue = (
            self.settings.recall_supersession_slots,
            self.settings.recall_supersession_classifier,
            self.settings.recall_supersession_cue,
        )
        if not (slots or classifier or by_cue):
            return out, {}
        # A pending pair the rules below need not judge again: one ``from_pending`` used,
        # or one of two short texts. A pair with a document in it that the cue does not
        # ask about (another of its facts changed) is the rules' to judge for this cue.
        used = {supersession.pair_key(old, new) for old, news in out.items() for new in news}
        skip = {
            key
            for a, b in pending
            if (key := supersession.pair_key(a, b)) in used
            or not (a in by_id and b in by_id and of_documents(by_id[a].memory, by_id[b].memory))
        }
        skip |= {supersession.pair_key(a, b) for a, others in confirmed.items() for b in others}
        skip |= supersession.dismissed_keys(by_id, rows[0]["dismissed"] if rows else [])
        found: list[dict[str, set[str]]] = []
        tenant_wide = self.contradiction.contradiction_scope == "tenant"
        if slots:
            found.append(supersession.from_slots(ranked, skip, tenant_wide=tenant_wide, cue=cue))
        later = supersession.from_cue(ranked, cue, skip, tenant_wide=tenant_wide) if by_cue else {}
        closest = supersession.from_closest(ranked, cue, *closeness, skip, tenant_wide=tenant_wide)
        for old, news in closest.items():
            later.setdefault(old, set()).update(news)
        if classifier:
            floor = self.contradiction.contradiction_min_confidence
            found.append(supersession.from_classifier(ranked, floor, skip))
        for more in found:
            for old, news in more.items():
                out.setdefault(old, set()).update(news)
        return out, later


def _name_conflicts(ranked: list[RecallResult]) -> None:
    """A conflict contributor per memory a result conflicts with (breakdown.conflict, when
    set, says how the order moved)."""
    marked = {r.memory.id: set(r.may_be_superseded_by) for r in ranked}
    for r in ranked:
        mid = r.memory.id
        note = r.breakdown.conflict
        moved = " (breakdown.conflict)" if note is not None else ""
        others = [(m, "confirmed contradiction") for m in r.conflicts_with]
        others += [(m, f"may supersede it{moved}") for m in r.may_be_superseded_by]
        if note is not None:
            others += [
                (m, f"it may supersede{moved}")
                if mid in marked.get(m, ())
                else (m, f"answers the cue alike, earlier{moved}")
                for m in note.ranked_above
            ]
            others += [
                (m, f"answers the cue alike, later{moved}")
                for m in note.ranked_below
                if m not in marked[mid]
            ]
        named: set[str] = set()
        for other, detail in others:
            if other not in named:
                named.add(other)
                r.breakdown.contributors.append(
                    Contributor(kind="conflict", memory_id=other, detail=detail)
                )


def _suppress(ranked: list[RecallResult]) -> list[RecallResult]:
    """Of each confirmed contradiction among the results, keep only the stronger side."""
    dropped: set[str] = set()
    by_id = {r.memory.id: r for r in ranked}
    for result in ranked:
        for other_id in result.conflicts_with:
            other = by_id.get(other_id)
            if other is None or result.memory.id in dropped or other_id in dropped:
                continue
            dropped.add(_weaker(result, other).memory.id)
    return [r for r in ranked if r.memory.id not in dropped]


def _weaker(a: RecallResult, b: RecallResult) -> RecallResult:
    def strength(r: RecallResult) -> tuple[float, datetime]:
        return (r.memory.confidence or 0.0, r.memory.occurred_at)

    return a if strength(a) < strength(b) else b


def _evidence_among(ranked: list[RecallResult], ids: set[str]) -> dict[str, Any]:
    """What recall/supersession reads, from what the memories came with: the pending
    pairs between two of them and the pair keys an agent dismissed."""
    pending = {
        tuple(sorted((r.memory.id, other)))
        for r in ranked
        for other in r.memory.pending_with or []
        if other in ids
    }
    dismissed = {key for r in ranked for key in r.memory.dismissed_pairs}
    return {"pending": [list(p) for p in sorted(pending)], "dismissed": sorted(dismissed)}
