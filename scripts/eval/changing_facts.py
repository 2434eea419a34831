"""Does recall put a fact's current value first when nobody has reviewed anything?

    PYTHONPATH=. .venv/bin/python scripts/eval/changing_facts.py --label after \\
        --out docs/bench/changing_facts.json
    PYTHONPATH=. .venv/bin/python scripts/eval/changing_facts.py --set heldout \\
        --label after_heldout

Two generated, labelled sets, each in a tenant of its own (purged afterwards):

- *changing facts*: subjects (companies, people, projects) × relations (CEO,
  headquarters, headcount, manager, home city, budget, lead, ...), each slot filled with
  1–4 values over time ("The CEO of Acme is Ann" ... later "Acme's CEO is Bo"), in
  several templates, with distractor facts about the same subjects. Half the subjects
  are stored under an entity_id, half without one. Everything is stored one memory at
  a time in occurred_at order through the real service (real model, detection on,
  default settings); no verdict is ever committed. Each changed slot is asked with two
  paraphrased questions, tenant-wide and (when it has one) scoped to its entity.
- *look-alike but both true*: groups of 2–4 facts about one subject that share a frame
  and differ in one value, all true at once ("Ann likes tea" / "Ann likes hiking",
  "Acme has an office in Paris" / "... in Berlin"), asked with one question per group.

``--set heldout`` generates both from other phrasings, relations and distractors
(``changing_facts_heldout.py``: written before the alignment it measures, not tuned
on). Either set is followed by the *hard look-alikes*, in a third tenant: groups that
are all true though one fact reads like a single-valued slot ("Acme has an office in
Paris" / "Acme's office is in Berlin"). Detection's queue is drained before recall.

Reported: for changed slots, the share where the newest value ranks above every older
value of its slot, where it ranks first overall, where it is in the top 10, and where
detection had raised a pending pair on the slot; for look-alikes, the share of true
memories in the top 10 and how many were marked as possibly superseded (and, with
on_conflict "current", left out). With --label the figures go under that key of the
JSON file, so the same script run on an older checkout records the "before".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import uuid
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
from changing_facts_data import Fact, Question, changing_set, fixed_groups, lookalike_set
from changing_facts_heldout import (
    HARD_LOOKALIKES,
    HELDOUT_DISTRACTORS,
    HELDOUT_LOOKALIKE_SUBJECTS,
    HELDOUT_LOOKALIKES,
    HELDOUT_RELATIONS,
)
from common import purge_tenant

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.settings import Settings

REPO = Path(__file__).resolve().parents[2]
TOP_K = 10


async def store(services: Services, tenant: str, facts: list[Fact]) -> float:
    """One memory at a time, in occurred_at order, as an agent would write them."""
    started = time.perf_counter()
    for f in sorted(facts, key=lambda f: f.occurred_at):
        m = await services.memory.remember(
            tenant, MemoryIn(content=f.content, entity_id=f.entity_id, occurred_at=f.occurred_at)
        )
        f.id = m.id
    return time.perf_counter() - started


async def pending_pairs(services: Services, tenant: str) -> set[frozenset[str]]:
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id "
        "RETURN p.memory_id_a AS a, p.memory_id_b AS b",
        tenant_id=tenant,
    )
    return {frozenset((r["a"], r["b"])) for r in rows}


async def ask(services: Services, tenant: str, q: Question, on_conflict: str) -> list[Any]:
    request = RecallIn(
        cue=q.text, entity_id=q.entity_id, top_k=TOP_K, reinforce=False, on_conflict=on_conflict
    )
    return (await services.recall.recall(tenant, request)).results


def ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


async def score_changing(
    services: Services, tenant: str, questions: list[Question], pending: set[frozenset[str]]
) -> dict[str, Any]:
    modes = ["keep"] + (["current"] if supports_current() else [])
    out: dict[str, Any] = {}
    for mode in modes:
        rows = []
        for q in questions:
            ids = [r.memory.id for r in await ask(services, tenant, q, mode)]
            newest = q.facts[-1].id
            older = [f.id for f in q.facts[:-1]]
            rank = ids.index(newest) if newest in ids else None
            older_ranks = [ids.index(o) for o in older if o in ids]
            rows.append(
                {
                    "slot": q.slot,
                    "scope": "entity" if q.entity_id else "tenant",
                    "values": len(q.facts),
                    "newest_above_older": rank is not None and all(rank < r for r in older_ranks),
                    "newest_first": rank == 0,
                    "newest_in_top10": rank is not None,
                    "older_in_top10": len(older_ranks),
                    "pending_on_slot": any(newest in p and p & set(older) for p in pending),
                }
            )
        out[mode] = summarise_changing(rows)
    return out


def summarise_changing(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def share(key: str, mine: list[dict[str, Any]]) -> float | None:
        return ratio(sum(bool(r[key]) for r in mine), len(mine))

    def block(mine: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "questions": len(mine),
            "newest_above_older": share("newest_above_older", mine),
            "newest_first": share("newest_first", mine),
            "newest_in_top10": share("newest_in_top10", mine),
            "older_values_in_top10": ratio(
                sum(r["older_in_top10"] for r in mine), sum(r["values"] - 1 for r in mine)
            ),
            "pending_pair_on_slot": share("pending_on_slot", mine),
        }

    result = {"all": block(rows)}
    for scope in ("tenant", "entity"):
        result[scope] = block([r for r in rows if r["scope"] == scope])
    no_pending = [r for r in rows if not r["pending_on_slot"]]
    result["slots_without_pending_pair"] = block(no_pending)
    return result


async def score_lookalikes(
    services: Services, tenant: str, questions: list[Question], pending: set[frozenset[str]]
) -> dict[str, Any]:
    modes = ["keep"] + (["current"] if supports_current() else [])
    out: dict[str, Any] = {}
    all_ids = {f.id for q in questions for f in q.facts}
    out["pending_pairs_raised"] = sum(1 for p in pending if p <= all_ids)
    for mode in modes:
        true_total = in_top = marked = demoted = 0
        for q in questions:
            results = await ask(services, tenant, q, mode)
            mine = {f.id for f in q.facts}
            ids = [r.memory.id for r in results]
            true_total += len(mine)
            in_top += len(mine & set(ids))
            for r in results:
                if r.memory.id not in mine:
                    continue
                marked += bool(getattr(r, "may_be_superseded_by", None))
                note = getattr(r.breakdown, "conflict", None)
                demoted += bool(note and note.ranked_below)
        out[mode] = {
            "questions": len(questions),
            "true_memories": true_total,
            "true_in_top10": ratio(in_top, true_total),
            "true_left_out_of_top10": true_total - in_top,
            "true_marked_may_be_superseded": marked,
            "true_demoted": demoted,
        }
    return out


def supports_current() -> bool:
    annotation = str(RecallIn.model_fields["on_conflict"].annotation)
    return "current" in annotation


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    start = datetime.now(UTC) - timedelta(days=45)
    if args.set == "heldout":
        changing, changing_q = changing_set(rng, start, HELDOUT_RELATIONS, HELDOUT_DISTRACTORS)
        alike, alike_q = lookalike_set(rng, start, HELDOUT_LOOKALIKES, HELDOUT_LOOKALIKE_SUBJECTS)
    else:
        changing, changing_q = changing_set(rng, start)
        alike, alike_q = lookalike_set(rng, start)
    hard, hard_q = fixed_groups(rng, start, HARD_LOOKALIKES)
    off: dict[str, bool] = {}
    if args.pending_only:
        off |= {"recall_supersession_classifier": False, "recall_supersession_slots": False}
    if args.no_read_slots:
        off |= {"recall_supersession_slots": False}
    # A checkout without a setting ignores it (the "before" runs on older code).
    known = {k: v for k, v in off.items() if k in Settings.model_fields}
    settings = Settings().model_copy(update=known)
    services = await open_services(settings, embedder=load_embedder(settings))
    run_id = uuid.uuid4().hex[:8]
    tenants = tuple(f"eval-{n}-{run_id}" for n in ("changing", "lookalike", "hard"))
    try:
        took = 0.0
        for tenant, facts in zip(tenants, (changing, alike, hard), strict=True):
            took += await store(services, tenant, facts)
        await services.contradict.drain()
        pend = [await pending_pairs(services, t) for t in tenants]
        stored = len(changing) + len(alike) + len(hard)
        print(f"stored {stored} memories in {took:.0f}s", file=sys.stderr)
        figures = {
            "changing": await score_changing(services, tenants[0], changing_q, pend[0]),
            "lookalike": await score_lookalikes(services, tenants[1], alike_q, pend[1]),
            "hard_lookalike": await score_lookalikes(services, tenants[2], hard_q, pend[2]),
        }
    finally:
        await services.recall.drain()
        for t in tenants:
            await purge_tenant(services, t)
        await services.close()
    figures["set"] = {
        "set": args.set,
        "seed": args.seed,
        "changing_memories": len(changing),
        "changing_slots": len({f.slot for f in changing if f.slot}),
        "changed_slots": len({q.slot for q in changing_q}),
        "changing_questions": len(changing_q),
        "pending_pairs_changing_tenant": len(pend[0]),
        "pending_pairs_within_a_slot": same_slot_pairs(changing, pend[0]),
        "lookalike_memories": len(alike),
        "lookalike_groups": len({q.slot for q in alike_q}),
        "lookalike_questions": len(alike_q),
        "hard_lookalike_memories": len(hard),
        "hard_lookalike_groups": len({q.slot for q in hard_q}),
        "hard_lookalike_questions": len(hard_q),
        "top_k": TOP_K,
        "pending_only": args.pending_only,
        "read_slots": getattr(settings, "recall_supersession_slots", None),
    }
    return figures


def same_slot_pairs(facts: list[Fact], pending: set[frozenset[str]]) -> int:
    """Pending pairs that join two values of one slot (the rest join other facts)."""
    slot = {f.id: f.slot for f in facts}
    slots = [{slot.get(x) for x in p} for p in pending]
    return sum(1 for s in slots if len(s) == 1 and None not in s)


def table(label: str, f: dict[str, Any]) -> str:
    lines = [f"{label}: changed slots (no verdicts), top_k {TOP_K}"]
    lines.append(f"{'mode':8} {'scope':10} {'n':>4} {'new>old':>8} {'new#1':>6} {'new@10':>7}")
    for mode, blocks in f["changing"].items():
        for scope, b in blocks.items():
            lines.append(
                f"{mode:8} {scope:10} {b['questions']:>4} {fmt(b['newest_above_older']):>8} "
                f"{fmt(b['newest_first']):>6} {fmt(b['newest_in_top10']):>7}"
            )
    for name in ("lookalike", "hard_lookalike"):
        lines.append(f"{name.replace('_', ' ')}: all true at once")
        for mode, b in f.get(name, {}).items():
            if isinstance(b, dict):
                lines.append(
                    f"{mode:8} true in top 10 {fmt(b['true_in_top10'])}, left out "
                    f"{b['true_left_out_of_top10']}, marked {b['true_marked_may_be_superseded']}, "
                    f"demoted {b['true_demoted']} of {b['true_memories']}"
                )
    return "\n".join(lines)


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "changing_facts.json")
    parser.add_argument("--label", default="after", help="key the figures go under")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--set",
        choices=["original", "heldout"],
        default="original",
        help="heldout: other phrasings and relations (changing_facts_heldout.py), not tuned on",
    )
    parser.add_argument(
        "--pending-only",
        action="store_true",
        help="recall reads pending pairs only (no classifier, no slot check)",
    )
    parser.add_argument(
        "--no-read-slots", action="store_true", help="recall's slot check off (pending pairs only)"
    )
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    print(table(args.label, figures))
    saved = json.loads(args.out.read_text()) if args.out.exists() else {}
    saved[args.label] = figures | {"when": datetime.now(UTC).isoformat(timespec="seconds")}
    args.out.write_text(json.dumps(saved, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
