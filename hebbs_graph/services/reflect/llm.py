"""The LLM route: the configured provider proposes insights per cluster (temperature
0.3), a second call checks each against its sources (0.1): accepted, revised,
rejected or merged; stale insights are judged again (keep, rewrite, retire).

An answer that is not the JSON asked for costs only what it was about (that cluster's
proposals, that one check); a provider that fails after its retries stops the whole
reflection before anything is stored. The scope is reflected under a lease in Neo4j.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

from hebbs_graph.errors import LLMBadOutput, LLMNotConfigured
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.llm import LLMClient, parse_json
from hebbs_graph.models.reflect import (
    ProposalOutcome,
    ReflectIn,
    ReflectOut,
    ReflectScopeIn,
    StaleOutcome,
)
from hebbs_graph.services import leases
from hebbs_graph.services.reflect import prompts
from hebbs_graph.services.reflect.gathered import Episode, Gathered, StaleRecord
from hebbs_graph.services.reflect.insight_store import (
    InsightWriter,
    NewInsight,
    ReflectScope,
    Verdict,
)
from hebbs_graph.settings import ReflectSettings

# Proposals checked per cluster, whatever the LLM sends.
MAX_PROPOSALS = 5


@dataclass
class Pending:
    """A proposal's outcome, and the insight it became (if any) until it is stored."""

    outcome: ProposalOutcome
    insight: NewInsight | None = None


def lease_name(scope: ReflectScope) -> str:
    return f"reflect:{scope.tenant_id}:{scope.key}"


class Reflection(Protocol):
    """What the LLM route uses of the reflect service (service.py, which runs it)."""

    store: GraphStore
    settings: ReflectSettings
    llm: LLMClient | None
    holder: str
    writer: InsightWriter

    async def gather(self, tenant_id: str, request: ReflectScopeIn) -> Gathered: ...
    def proposal_prompt(
        self, gathered: Gathered, cluster_id: int, members: list[Episode]
    ) -> str: ...
    def stale_prompt(self, record: StaleRecord) -> str: ...
    def _message(self, gathered: Gathered) -> str | None: ...


class LLMReflector:
    def __init__(self, service: Reflection) -> None:
        self.service = service
        self.settings = service.settings
        self.calls = 0

    async def run(self, tenant_id: str, request: ReflectIn) -> ReflectOut:
        llm = self.service.llm
        if llm is None:
            raise LLMNotConfigured(
                "no LLM is configured (HEBBS_LLM_PROVIDER); use the agent route instead: "
                "reflect-prepare, let the calling agent answer the prompts, then reflect-commit",
                details={"setting": "HEBBS_LLM_PROVIDER"},
            )
        started = time.perf_counter()
        scope = ReflectScope(tenant_id, request.entity_id)
        store = self.service.store
        ttl = self.settings.reflect_lease_ttl_s
        async with leases.held(store, tenant_id, lease_name(scope), self.service.holder, ttl):
            gathered = await self.service.gather(tenant_id, request)
            pending: list[Pending] = []
            for n, members in enumerate(gathered.clusters, start=1):
                pending += await self._cluster(llm, gathered, n, members)
            stale_out, verdicts = await self._stale(llm, gathered.stale)
            new = _unique([p.insight for p in pending if p.insight is not None])
            stored = await self.service.writer.write(scope, new, verdicts, gathered.cursor)
        ids = {id(insight): stored.insights[n].id for n, insight in enumerate(new)}
        for p in pending:
            if p.insight is not None:
                p.outcome.insight_id = ids[id(p.insight)]
                p.outcome.source_memory_ids = list(p.insight.source_ids)
        return ReflectOut(
            memories_processed=gathered.processed,
            clusters=len(gathered.clusters),
            insights=stored.insights,
            proposals=[p.outcome for p in pending],
            stale=stale_out,
            llm_calls=self.calls,
            took_ms=round((time.perf_counter() - started) * 1000, 2),
            message=self.service._message(gathered),
        )

    async def _ask(self, llm: LLMClient, system: str, user: str, temperature: float) -> str:
        self.calls += 1
        return await llm.complete(
            system, user, temperature=temperature, max_tokens=self.settings.llm_max_tokens
        )

    async def _cluster(
        self, llm: LLMClient, gathered: Gathered, cluster_id: int, members: list[Episode]
    ) -> list[Pending]:
        user = self.service.proposal_prompt(gathered, cluster_id, members)
        try:
            text = await self._ask(
                llm, prompts.PROPOSAL_SYSTEM_PROMPT, user, prompts.PROPOSE_TEMPERATURE
            )
            answer = parse_json(text, prompts.ProposalAnswer)
        except LLMBadOutput as exc:
            reason = f"the proposal answer was unusable: {exc.message}"
            return [
                Pending(
                    ProposalOutcome(
                        cluster_id=cluster_id, content="", verdict="rejected", reason=reason
                    )
                )
            ]
        by_id = {m.id: m for m in members}
        accepted: list[NewInsight] = []
        out: list[Pending] = []
        for proposal in answer.insights[:MAX_PROPOSALS]:
            out.append(await self._check(llm, cluster_id, proposal, by_id, accepted))
        return out

    async def _check(
        self,
        llm: LLMClient,
        cluster_id: int,
        proposal: prompts.ProposedInsight,
        by_id: dict[str, Episode],
        accepted: list[NewInsight],
    ) -> Pending:
        """Validate one proposal against its sources; ``accepted`` grows with what passes."""
        outcome = ProposalOutcome(
            cluster_id=cluster_id,
            content=proposal.content,
            verdict="rejected",
            confidence=proposal.confidence,
        )
        sources = prompts.known_sources(proposal, set(by_id))
        if not sources:
            outcome.reason = "it cites no memory of this cluster"
            return Pending(outcome)
        user = prompts.validate_user_prompt(
            proposal,
            [by_id[s] for s in sources],
            [a.content for a in accepted],
            self.settings.reflect_prompt_chars,
        )
        try:
            text = await self._ask(
                llm, prompts.VALIDATE_SYSTEM_PROMPT, user, prompts.VALIDATE_TEMPERATURE
            )
            check = parse_json(text, prompts.ValidationAnswer)
        except LLMBadOutput as exc:
            outcome.reason = f"the validation answer was unusable: {exc.message}"
            return Pending(outcome)
        outcome.reason = check.reason
        confidence = check.confidence if check.confidence is not None else proposal.confidence
        content = (check.content or "").strip()
        if check.verdict == "rejected":
            return Pending(outcome)
        if check.verdict == "merged":
            return self._merge(outcome, check, sources, accepted)
        if check.verdict == "revised" and not content:
            outcome.reason = "revised, but without the new wording"
            return Pending(outcome)
        insight = NewInsight(
            content if check.verdict == "revised" else proposal.content,
            confidence,
            sources,
            proposal.tags,
        )
        accepted.append(insight)
        outcome.verdict, outcome.content, outcome.confidence = (
            check.verdict,
            insight.content,
            confidence,
        )
        return Pending(outcome, insight)

    @staticmethod
    def _merge(
        outcome: ProposalOutcome,
        check: prompts.ValidationAnswer,
        sources: list[str],
        accepted: list[NewInsight],
    ) -> Pending:
        index = check.merge_with
        if index is None or not 1 <= index <= len(accepted):
            outcome.reason = f"merged into insight {index}, which was not among those accepted"
            return Pending(outcome)
        target = accepted[index - 1]
        target.source_ids += [s for s in sources if s not in target.source_ids]
        if check.content and check.content.strip():
            target.content = check.content.strip()
        outcome.verdict, outcome.content = "merged", target.content
        return Pending(outcome, target)

    async def _stale(
        self, llm: LLMClient, records: list[StaleRecord]
    ) -> tuple[list[StaleOutcome], list[Verdict]]:
        outcomes: list[StaleOutcome] = []
        verdicts: list[Verdict] = []
        for record in records:
            mid = record.insight.id
            if not record.sources:
                outcomes.append(
                    StaleOutcome(memory_id=mid, verdict="retire", reason="no sources left")
                )
                verdicts.append(Verdict(mid, "retire"))
                continue
            try:
                text = await self._ask(
                    llm,
                    prompts.STALE_SYSTEM_PROMPT,
                    self.service.stale_prompt(record),
                    prompts.VALIDATE_TEMPERATURE,
                )
                answer = parse_json(text, prompts.StaleAnswer)
            except LLMBadOutput as exc:
                outcomes.append(
                    StaleOutcome(memory_id=mid, verdict="unchanged", reason=exc.message)
                )
                continue
            content = (answer.content or "").strip() or None
            if answer.verdict == "rewrite" and content is None:
                outcomes.append(
                    StaleOutcome(
                        memory_id=mid, verdict="unchanged", reason="rewrite without content"
                    )
                )
                continue
            kept_content = content if answer.verdict == "rewrite" else None
            verdicts.append(Verdict(mid, answer.verdict, kept_content, answer.confidence))
            outcomes.append(
                StaleOutcome(
                    memory_id=mid,
                    verdict=answer.verdict,
                    content=kept_content,
                    reason=answer.reason,
                )
            )
        return outcomes, verdicts


def _unique(insights: list[NewInsight]) -> list[NewInsight]:
    """Merged proposals point at the insight they joined: store each insight once."""
    seen: set[int] = set()
    out = []
    for insight in insights:
        if id(insight) not in seen:
            seen.add(id(insight))
            out.append(insight)
    return out
