"""The graph strategies of recall: causal (a walk) and analogical (shape + meaning)."""

from __future__ import annotations

from typing import Any

from hebbs_graph.errors import InvalidInput, NotFound
from hebbs_graph.graph.edges import EdgeType
from hebbs_graph.graph.store import GraphStore
from hebbs_graph.models.memory import Memory
from hebbs_graph.models.recall import PathStep, Strategy, StrategySpec
from hebbs_graph.services.records import to_memory

# Which way each edge type points "backward" (toward causes, sources, the past).
_BACKWARD_ALONG = {EdgeType.CAUSED_BY, EdgeType.REVISED_FROM, EdgeType.INSIGHT_FROM}
_BACKWARD_AGAINST = {EdgeType.FOLLOWED_BY}
_SYMMETRIC = {EdgeType.RELATED_TO, EdgeType.CONTRADICTS}


def walk_directions(
    edge_types: list[EdgeType] | None, direction: str
) -> tuple[list[str], list[str]]:
    """Edge types to follow along / against their stored direction.

    "backward" walks toward causes and earlier memories (effect → cause on CAUSED_BY,
    later → earlier on FOLLOWED_BY); "forward" the other way; "both" every way.
    RELATED_TO and CONTRADICTS have no direction of meaning and are followed both ways.
    """
    chosen = set(edge_types or list(EdgeType))
    if direction == "both":
        both = sorted(t.value for t in chosen)
        return both, both
    along = _BACKWARD_ALONG if direction == "backward" else _BACKWARD_AGAINST
    against = _BACKWARD_AGAINST if direction == "backward" else _BACKWARD_ALONG
    sym = chosen & _SYMMETRIC
    return (
        sorted(t.value for t in (chosen & along) | sym),
        sorted(t.value for t in (chosen & against) | sym),
    )


async def causal(
    store: GraphStore, scope_params: dict[str, Any], spec: StrategySpec, seed_id: str, k: int
) -> list[tuple[Memory, float, int, list[PathStep]]]:
    """Memories reachable from the seed, nearest first; R = 1 − depth/(max_depth + 1)."""
    along, against = walk_directions(spec.edge_types, spec.direction)
    rows = await store.read_rows(
        "recall/causal",
        seed_id=seed_id,
        along=along,
        against=against,
        max_depth=spec.max_depth,
        limit=k,
        **scope_params,
    )
    out = []
    for row in rows:
        depth = int(row["depth"])
        steps = [PathStep(memory_id=row["path_ids"][0])] + [
            PathStep(memory_id=mid, edge_type=EdgeType(t))
            for mid, t in zip(row["path_ids"][1:], row["path_types"], strict=True)
        ]
        relevance = 1.0 - depth / (spec.max_depth + 1)
        out.append((to_memory(row["memory"]), relevance, depth, steps))
    return out


async def seed_memory(store: GraphStore, tenant_id: str, seed_id: str, field: str) -> Memory:
    rows = await store.read_rows("memory/get", tenant_id=tenant_id, id=seed_id)
    if not rows:
        raise NotFound(f"{field}: no memory {seed_id}", details={"field": field})
    return to_memory(rows[0]["memory"])


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


def require_seed_or_cue(spec: StrategySpec, cue: str | None) -> None:
    if spec.seed_memory_id is None and not (cue and cue.strip()):
        raise InvalidInput(
            f"the {spec.strategy.value} strategy needs seed_memory_id or a cue",
            details={"field": "strategies"},
        )


GRAPH_STRATEGIES = frozenset({Strategy.CAUSAL, Strategy.ANALOGICAL})
