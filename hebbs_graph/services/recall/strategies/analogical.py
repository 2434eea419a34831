"""analogical: like the seed (or the cue) in meaning and in shape; cross_entity looks in
other entities. R = α·embedding similarity + (1 − α)·structural similarity."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import Field

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.fields import MemoryId
from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools, seed_memory

if TYPE_CHECKING:
    from hebbs_graph.graph.store import GraphStore
    from hebbs_graph.models.memory import Memory

STRATEGY: Final = "analogical"


class AnalogicalSpec(SpecBase):
    """Like seed_memory_id (or the cue) in meaning and in shape (context keys, kind,
    edges); analogical_alpha weighs meaning against shape, cross_entity looks in other
    entities than the seed's."""

    strategy: Literal["analogical"]
    seed_memory_id: MemoryId | None = None
    analogical_alpha: float = Field(default=0.5, ge=0.0, le=1.0)
    cross_entity: bool = False

    def cue_problem(self, has_cue: bool) -> str | None:
        if has_cue or self.seed_memory_id:
            return None
        return f"the {STRATEGY} strategy needs a cue or seed_memory_id"


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    scope, spec, vector, k = ask.scope, ask.spec_as(AnalogicalSpec), ask.vector, ask.k
    reference = None
    if spec.seed_memory_id is not None:
        reference = await seed_memory(
            tools.store, scope.tenant_id, spec.seed_memory_id, "seed_memory_id"
        )
    if vector is None:
        text = reference.content if reference else ask.cue
        if not text:
            raise InvalidInput(
                "analogical recall needs seed_memory_id or a cue",
                details={"field": "strategies"},
            )
        vector = (await tools.embedder.embed([text]))[0]
    excluded = (reference.entity_id if reference else None) or scope.entity_id
    search = replace(scope, entity_id=None) if spec.cross_entity else scope
    n = max(3 * k, 30)
    found = await tools.nearest.search(search, vector, n * 2 if spec.cross_entity else n)
    candidates = [
        (m, sim)
        for m, sim in found
        if (reference is None or m.id != reference.id)
        and not (spec.cross_entity and excluded is not None and m.entity_id == excluded)
    ][:n]
    ids = [m.id for m, _ in candidates] + ([reference.id] if reference else [])
    sigs = await signatures(tools.store, scope.tenant_id, ids)
    ranked = analogical_rank(
        reference,
        sigs.get(reference.id, set()) if reference else set(),
        candidates,
        sigs,
        spec.analogical_alpha,
    )
    return [Candidate(m, r, {STRATEGY}) for m, r in ranked[:k]]


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    names: dict[type, str] = {str: "string", list: "array", dict: "object"}
    return names.get(type(value), "other")


def structural_similarity(
    ref_context: dict[str, Any],
    ref_kind: str | None,
    ref_signature: set[str],
    context: dict[str, Any],
    kind: str,
    signature: set[str],
) -> float:
    """0.4·Jaccard(context keys) + 0.3·same-type share of common keys + 0.2·kind + 0.1·edges."""
    a, b = set(ref_context), set(context)
    jaccard = len(a & b) / len(a | b) if a | b else 0.0
    common = a & b
    same_type = (
        sum(_json_type(ref_context[key]) == _json_type(context[key]) for key in common)
        / len(common)
        if common
        else 0.0
    )
    kind_match = 1.0 if ref_kind is not None and ref_kind == kind else 0.0
    union = ref_signature | signature
    edges = len(ref_signature & signature) / len(union) if union else 1.0
    return 0.4 * jaccard + 0.3 * same_type + 0.2 * kind_match + 0.1 * edges


async def signatures(store: GraphStore, tenant_id: str, ids: list[str]) -> dict[str, set[str]]:
    """Each memory's edge types (its shape), for the structural part."""
    if not ids:
        return {}
    rows = await store.read_rows("recall/signatures", tenant_id=tenant_id, ids=ids)
    return {r["id"]: set(r["types"]) for r in rows}


def analogical_rank(
    reference: Memory | None,
    ref_signature: set[str],
    candidates: list[tuple[Memory, float]],
    cand_signatures: dict[str, set[str]],
    alpha: float,
) -> list[tuple[Memory, float]]:
    """R = α·embedding similarity + (1 − α)·structural similarity, best first."""
    ref_context = reference.context if reference else {}
    ref_kind = reference.kind.value if reference else None
    scored = []
    for memory, similarity in candidates:
        structure = structural_similarity(
            ref_context,
            ref_kind,
            ref_signature,
            memory.context,
            memory.kind.value,
            cand_signatures.get(memory.id, set()),
        )
        scored.append((memory, alpha * max(0.0, similarity) + (1 - alpha) * structure))
    return sorted(scored, key=lambda pair: pair[1], reverse=True)
