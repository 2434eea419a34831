"""Settling the open neighbour pairs that detection found: the heuristic classifier
scores each, the LLM judges the strongest (on the LLM route), and the verdicts are
recorded: pending contradictions, or edges for the LLM's confident ones."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hebbs_graph.errors import LLMError
from hebbs_graph.graph.store import GraphStore, Tx
from hebbs_graph.ids import new_id
from hebbs_graph.llm import LLMClient
from hebbs_graph.models.contradict import DetectionOut
from hebbs_graph.services.contradict.flagged import snippet
from hebbs_graph.services.contradict.heuristics.classifier import classify
from hebbs_graph.services.contradict.judge import Judgement, judge
from hebbs_graph.services.contradict.kept_vectors import KeptVectors
from hebbs_graph.services.contradict.verdict_edges import edge_row, revision_row, write_edges
from hebbs_graph.settings import ContradictionSettings
from hebbs_graph.timeutil import instant, utcnow

log = logging.getLogger(__name__)


@dataclass
class Candidate:
    """Two neighbouring memories; ``older`` and ``newer`` by when they happened."""

    pair_key: str
    similarity: float
    older: dict[str, Any]
    newer: dict[str, Any]
    score: float = 0.0
    signals: list[str] = field(default_factory=list)
    suggested: str = "contradiction"
    judgement: Judgement | None = None


def candidates_of(rows: list[dict[str, Any]]) -> list[Candidate]:
    """One candidate per pair (two new memories may have found each other)."""
    found: dict[str, Candidate] = {}
    for row in rows:
        if row["pair_key"] is None or row["pair_key"] in found:
            continue
        ordered = "older" in row  # put in order by the query
        sides = (row["older"], row["newer"]) if ordered else (row["memory"], row["other"])
        if any(side is None or side.get("id") is None for side in sides):
            continue  # deleted while it was read (a forget): nothing to pair
        if not ordered:  # the neighbour queries return their times as text
            sides = (_timed(sides[0]), _timed(sides[1]))
        older, newer = sides if ordered else by_age(*sides)
        found[row["pair_key"]] = Candidate(row["pair_key"], float(row["similarity"]), older, newer)
    return list(found.values())


def _timed(side: dict[str, Any]) -> dict[str, Any]:
    return side | {
        k: instant(v) for k in ("occurred_at", "created_at") if isinstance(v := side.get(k), str)
    }


def by_age(a: dict[str, Any], b: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(older, newer): by occurred_at, then created_at, then the time-ordered id."""

    def key(m: dict[str, Any]) -> tuple[datetime, datetime, str]:
        return (m["occurred_at"], m["created_at"], m["id"])

    return (a, b) if key(a) <= key(b) else (b, a)


class Settler:
    def __init__(
        self,
        store: GraphStore,
        settings: ContradictionSettings,
        llm: LLMClient | None,
        vectors: KeptVectors,
    ) -> None:
        self.store = store
        self.settings = settings
        self.llm = llm
        self.vectors = vectors  # told which memories a revision verdict superseded

    @property
    def llm_on_ingest(self) -> bool:
        return self.llm is not None and self.settings.contradiction_llm_on_ingest

    async def settle(
        self,
        tenant_id: str,
        rows: list[dict[str, Any]],
        out: DetectionOut,
    ) -> None:
        """Classify the open neighbour pairs found, let the LLM judge the strongest (on
        the LLM route), and record the verdicts."""
        candidates = candidates_of(rows)
        if not candidates:
            return
        await asyncio.to_thread(self._classify, candidates)
        floor = self.settings.contradiction_min_confidence
        out.candidates += sum(c.score >= floor for c in candidates)
        if self.llm_on_ingest:
            budget = self.settings.contradiction_llm_max_calls_per_write - out.llm_calls
            if budget > 0:
                await self._judge(candidates, budget, out)
        await self._record(tenant_id, candidates, out)

    def _classify(self, candidates: list[Candidate]) -> None:
        cap = self.settings.contradiction_heuristic_cap
        for c in candidates:
            result = classify(c.older["content"], c.newer["content"], cap=cap)
            c.score, c.signals, c.suggested = result.score, result.names, result.suggested_verdict

    # -- the LLM route ------------------------------------------------------------------

    async def _judge(self, candidates: list[Candidate], budget: int, out: DetectionOut) -> None:
        """Ask the LLM about the strongest candidates (at most ``budget`` calls)."""
        llm = self.llm
        if llm is None:
            return
        ranked = sorted(candidates, key=lambda c: (c.score, c.similarity), reverse=True)[:budget]

        async def one(c: Candidate) -> None:
            try:
                c.judgement = await judge(
                    llm,
                    c.older["content"],
                    c.older["occurred_at"],
                    c.newer["content"],
                    c.newer["occurred_at"],
                )
            except LLMError as exc:  # the heuristic verdict stands
                log.warning("LLM contradiction check failed, keeping the heuristic: %s", exc)

        await asyncio.gather(*(one(c) for c in ranked))
        out.llm_calls += len(ranked)

    # -- recording ----------------------------------------------------------------------

    async def _record(self, tenant_id: str, candidates: list[Candidate], out: DetectionOut) -> None:
        pending: list[dict[str, Any]] = []
        contradictions: list[dict[str, Any]] = []
        revisions: list[dict[str, Any]] = []
        floor = self.settings.contradiction_llm_min_confidence
        for c in candidates:
            j = c.judgement
            if j is None:
                if c.score >= self.settings.contradiction_min_confidence:
                    pending.append(self._pending_row(c, "heuristic", c.score, c.suggested, None))
                continue
            if j.verdict == "NEUTRAL":
                continue
            if j.confidence < floor:  # unsure: the agent decides
                verdict = j.verdict.lower()
                pending.append(self._pending_row(c, "llm", j.confidence, verdict, j.reasoning))
            elif j.verdict == "CONTRADICTION":
                contradictions.append(
                    edge_row(c.older["id"], c.newer["id"], j.confidence, j.reasoning, "llm")
                )
            else:
                older, newer = (c.newer, c.older) if j.newer == "A" else (c.older, c.newer)
                revisions.append(
                    revision_row(newer["id"], older["id"], j.confidence, j.reasoning, "llm")
                )
        if not (pending or contradictions or revisions):
            return

        async def work(tx: Tx) -> int:
            now = utcnow()
            rows = (
                await tx.rows(
                    "contradict/pending_create", tenant_id=tenant_id, rows=pending, now=now
                )
                if pending
                else []
            )
            await write_edges(tx, tenant_id, contradictions, revisions, now)
            return sum(1 for r in rows if r["created"])

        out.pending_created += await self.store.write(work)
        self.vectors.superseded(tenant_id, [r["older_id"] for r in revisions])
        out.contradictions_created += len(contradictions)
        out.revisions_created += len(revisions)

    @staticmethod
    def _pending_row(
        c: Candidate, method: str, score: float, verdict: str, reasoning: str | None
    ) -> dict[str, Any]:
        return {
            "pair_key": c.pair_key,
            "pending_id": new_id(),
            "memory_id_a": c.older["id"],
            "memory_id_b": c.newer["id"],
            "content_a_snippet": snippet(c.older["content"]),
            "content_b_snippet": snippet(c.newer["content"]),
            "classifier_score": round(score, 4),
            "classifier_method": method,
            "signals": c.signals,
            "reasoning": reasoning,
            "similarity": round(c.similarity, 4),
            "suggested_verdict": verdict,
        }
