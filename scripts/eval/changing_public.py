"""Is the newest value first without any verdict, on public changing-facts sets nobody
here wrote? The real service (real model, detection on, default settings) end to end.

    PYTHONPATH=. HF_HUB_OFFLINE=1 .venv/bin/python scripts/eval/changing_public.py \\
        ~/.cache/hebbs-graph/eval/dyknow.json ~/.cache/hebbs-graph/eval/tempreason.json \\
        --label after --out docs/bench/changing_public.json

Each source is a JSON file written by ``scripts/eval/public/`` (see its README for where
each comes from): groups of statements about one subject, ``changed`` (the value
changed over time; the last statement is current) or ``lookalike`` (all true at once).
Each source goes into two tenants of its own (purged afterwards): *entity*, every
statement under its subject's entity_id (``--pack N`` puts N subjects' groups under one
entity, for sets with one group a subject, as a user's chat history would hold many
facts), and *tenant*, every statement without an entity. Statements are stored one at
a time in occurred_at order through ``MemoryService.remember`` (``on_duplicate: store``,
so a value that comes back in the same words is stored again; ``--on-duplicate
reinforce`` measures the default), changed and look-alike
groups of a subject apart (a source may hold a statement in both); no verdict is ever
committed; detection's queue is drained before recall.

Reported per source and tenant, over every question of every changed group (cue = the
question, scoped to the entity in *entity*; top_k 10, ``on_conflict: keep``): the share
where the newest value ranks above every older value that is in the top 10, where it
is first, where it is in the top 10, and where a pending pair joins the newest value and
an older one of its group (a value that comes back is the newest in any of its copies) (recall: the share of groups; precision: pending pairs of
one changed group over every pending pair raised among the changed groups; beside it,
not instead, ``pair_precision_same_question_merged`` also counts a pair between two
changed groups that ask the same question in other words as a change, by
``change_pairs.same_question``, and prints those pairs). For look-alike
groups: the share of their statements in the top 10 of their own questions, by text (a
statement stored twice, in a changed and a look-alike group, is found in either copy;
``lookalike_true_in_top10_by_id``: the look-alike group's own copy only;
``lookalike_still_true_in_top10``: only groups none of whose values ended before the
source's latest value of the same subject and relation started), how many of
those are marked ``may_be_superseded_by``, and pending pairs raised among them; and
``lookalike_kept_in_top10``: of the statements the same question finds in its top 10
with the read-side order rules off (``recall_supersession_*``: statement slots, the
classifier, the cue, the closest pair; what the retrieval alone gives), the share still
there with them on: what telling old from new costs facts that are all true.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
import warnings
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common
sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/eval/: change_pairs
from change_pairs import own_questions, same_question
from common import database_note, purge_tenant, save_figures

from hebbs_graph.models.memory import MemoryIn
from hebbs_graph.models.recall import RecallIn
from hebbs_graph.services.container import Services, load_embedder, open_services
from hebbs_graph.services.recall.service import RecallService
from hebbs_graph.settings import Settings

TOP_K = 10
BATCH = 500  # the service's max_batch_items
SHOW = {"left": 0}  # --show: print this many misses


def packed(groups: list[dict[str, Any]], pack: int) -> dict[int, str]:
    """Group index -> the entity it is stored under with ``--pack``: N groups an entity,
    no two of one relation (two users' favourite colours under one entity would be
    one user's changed value)."""
    out: dict[int, str] = {}
    packs: list[tuple[str, set[str]]] = []
    for n, g in enumerate(groups):
        relation = str(g.get("relation") or g["id"])
        at = next(
            (
                i
                for i, (kind, relations) in enumerate(packs)
                if len(relations) < pack and relation not in relations and kind == g["kind"]
            ),
            None,
        )
        if at is None:  # by position: two packs of equal contents are still two packs
            at = len(packs)
            packs.append((g["kind"], set()))
        packs[at][1].add(relation)
        out[n] = f"pack-{at}"
    return out


def entity_of(group: dict[str, Any], n: int, packs: dict[int, str], mode: str) -> str | None:
    if mode == "tenant":
        return None
    base = packs.get(n) or group.get("entity_id") or group["id"]
    return f"{base}:{group['kind']}"[:256]


async def store(
    services: Services,
    tenant: str,
    groups: list[dict[str, Any]],
    packs: dict[int, str],
    mode: str,
    on_duplicate: str,
    batch: bool = False,
) -> dict[tuple[int, int], str]:
    """Every statement, oldest first; (group index, statement index) -> memory id. With
    ``batch``, in calls of ``BATCH`` without occurred_at (stated at one instant each)."""
    rows = []
    for g_at, g in enumerate(groups):
        entity = entity_of(g, g_at, packs, mode)
        for s_at, s in enumerate(g["statements"]):
            rows.append((s["occurred_at"], g_at, s_at, s["text"], entity))
    rows.sort()
    ids: dict[tuple[int, int], str] = {}
    for i in range(0, len(rows), BATCH if batch else 1):  # batch: one list sent, no times
        chunk = rows[i : i + (BATCH if batch else 1)]
        items = [
            MemoryIn(
                content=text,
                entity_id=entity,
                occurred_at=None if batch else datetime.fromisoformat(at.replace("Z", "+00:00")),
                on_duplicate=on_duplicate,
            )
            for at, _, _, text, entity in chunk
        ]
        if batch:
            stored = await services.memory.remember_batch(tenant, items)
        else:
            stored = [(await services.memory.remember(tenant, items[0])).id]
        ids.update({(r[1], r[2]): mid for r, mid in zip(chunk, stored, strict=True)})
    return ids


async def pending_pairs(services: Services, tenant: str) -> set[frozenset[str]]:
    rows = await services.store.run_raw(
        "MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id "
        "RETURN p.memory_id_a AS a, p.memory_id_b AS b",
        tenant_id=tenant,
    )
    return {frozenset((r["a"], r["b"])) for r in rows}


async def score(
    services: Services,
    tenant: str,
    groups: list[dict[str, Any]],
    ids: dict[tuple[int, int], str],
    pending: set[frozenset[str]],
    packs: dict[int, str],
    mode: str,
) -> dict[str, Any]:
    changed = {"questions": 0, "above": 0, "first": 0, "in_top": 0, "slots": 0, "paired": 0}
    alike = {"questions": 0, "true": 0, "in_top": 0, "by_id": 0, "marked": 0, "moved": 0}
    alike_now = {"true": 0, "in_top": 0}
    kept = {"plain": 0, "kept": 0}
    plain = rules_off(services)
    later = _latest_of_relation(groups)
    group_of = {mid: g for (g, _), mid in ids.items()}
    for g_at, g in enumerate(groups):
        mine = [ids[(g_at, s)] for s in range(len(g["statements"]))]
        texts = [s["text"] for s in g["statements"]]
        entity = entity_of(g, g_at, packs, mode)
        if g["kind"] == "changed":
            # A value may come back ("… Renault", "… McLaren", "… Renault"): every copy
            # of the current text is the newest value, the other texts are older values.
            newest = {m for m, t in zip(mine, texts, strict=True) if t == texts[-1]}
            older = {m for m, t in zip(mine, texts, strict=True) if t != texts[-1]}
            changed["slots"] += 1
            paired = any(p & newest and p & older for p in pending)
            changed["paired"] += paired
            if not paired and SHOW["left"] > 0:
                SHOW["left"] -= 1
                print(f"  UNPAIRED {' / '.join(repr(t) for t in texts)}", file=sys.stderr)
        for q in g["questions"]:
            request = RecallIn(
                cue=q, entity_id=entity, top_k=TOP_K, reinforce=False, on_conflict="keep"
            )
            results = (await services.recall.recall(tenant, request)).results
            # By text: recall merges copies of one text, and a source may hold a statement
            # in two groups (stored twice in the tenant-wide mode).
            got = [r.memory.content for r in results]
            if g["kind"] == "changed":
                changed["questions"] += 1
                rank = got.index(texts[-1]) if texts[-1] in got else None
                olders = [got.index(t) for t in set(texts) - {texts[-1]} if t in got]
                changed["in_top"] += rank is not None
                changed["first"] += rank == 0
                above = rank is not None and all(rank < r for r in olders)
                changed["above"] += above
                if not above and SHOW["left"] > 0:
                    SHOW["left"] -= 1
                    print(f"  MISS {q!r} newest {texts[-1]!r}: {got[:3]}", file=sys.stderr)
            else:
                said = {s["text"] for s in g["statements"]}
                alike["questions"] += 1
                alike["true"] += len(said)
                alike["in_top"] += len(said & set(got))
                if _still_true(g, later):
                    alike_now["true"] += len(said)
                    alike_now["in_top"] += len(said & set(got))
                found = said & {
                    r.memory.content for r in (await plain.recall(tenant, request)).results
                }
                kept["plain"] += len(found)
                kept["kept"] += len(found & set(got))
                top_ids = {r.memory.id for r in results}
                alike["by_id"] += len({t for m, t in zip(mine, texts, strict=True) if m in top_ids})
                for t in sorted(said - set(got)):
                    if SHOW["left"] > 0:
                        SHOW["left"] -= 1
                        print(f"  LOOK-ALIKE MISS {q!r} {t!r}: {got[:3]}", file=sys.stderr)
                for r in results:
                    if r.memory.content in said:
                        alike["marked"] += bool(r.may_be_superseded_by)
                        note = r.breakdown.conflict
                        alike["moved"] += bool(note and note.rank != note.rank_by_score)
    kinds = {mid: groups[g]["kind"] for mid, g in group_of.items()}
    in_changed = [p for p in pending if all(kinds.get(x) == "changed" for x in p)]
    same = [p for p in in_changed if len({group_of[x] for x in p}) == 1]
    text_of = {mid: groups[g]["statements"][s]["text"] for (g, s), mid in ids.items()}
    across = set(in_changed) - set(same)
    asked_alike = _asked_alike(groups, group_of, text_of, across)
    among_alike = [
        p
        for p in pending
        if all(kinds.get(x) == "lookalike" for x in p) and len({group_of[x] for x in p}) == 1
    ]
    q = changed["questions"]
    return {
        "changed_groups": changed["slots"],
        "questions": q,
        "newest_above_older": _share(changed["above"], q),
        "newest_first": _share(changed["first"], q),
        "newest_in_top10": _share(changed["in_top"], q),
        "pair_recall": _share(changed["paired"], changed["slots"]),
        "pair_precision": _share(len(same), len(in_changed)),
        "pair_precision_same_question_merged": _share(
            len(same) + len(asked_alike), len(in_changed)
        ),
        "pairs_across_same_question": len(asked_alike),
        "pending_pairs": len(pending),
        "lookalike_questions": alike["questions"],
        "lookalike_true_in_top10": _share(alike["in_top"], alike["true"]),
        "lookalike_true_in_top10_by_id": _share(alike["by_id"], alike["true"]),
        "lookalike_still_true_in_top10": _share(alike_now["in_top"], alike_now["true"]),
        "lookalike_still_true_statements": alike_now["true"],
        "lookalike_kept_in_top10": _share(kept["kept"], kept["plain"]),
        "lookalike_in_top10_rules_off": _share(kept["plain"], alike["true"]),
        "lookalike_marked": alike["marked"],
        "lookalike_moved": alike["moved"],
        "lookalike_pending_pairs": len(among_alike),
    }


def rules_off(services: Services) -> RecallService:
    """The recall service with every read-side order rule off: what retrieval alone gives."""
    rules = ("slots", "classifier", "cue", "closest")
    update = {f"recall_supersession_{rule}": False for rule in rules}
    settings = services.settings.model_copy(update=update)
    return RecallService(services.store, services.embedder, settings.recall, settings.contradiction)


def _latest_of_relation(groups: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    """(subject, relation) -> the latest occurred_at of any statement of it in the source."""
    out: dict[tuple[str, str], str] = {}
    for g in groups:
        key = (str(g.get("subject")), str(g.get("relation") or g["id"]))
        for st in g["statements"]:
            out[key] = max(out.get(key, ""), st["occurred_at"])
    return out


def _still_true(group: dict[str, Any], later: dict[tuple[str, str], str]) -> bool:
    """A look-alike group whose values all still hold when the source's latest value of
    the same subject and relation starts: none ended before it (``valid_until``, where
    the source gives one). A source's "all true at once" may be a moment long past
    (DyKnow: two interim presidents in 1920), superseded by later values stored in the
    same tenant."""
    latest = later[(str(group.get("subject")), str(group.get("relation") or group["id"]))]
    return all(st.get("valid_until", "9999") > latest for st in group["statements"])


def _asked_alike(
    groups: list[dict[str, Any]],
    group_of: dict[str, int],
    text_of: dict[str, str],
    pairs: set[frozenset[str]],
) -> list[frozenset[str]]:
    """The pairs between two groups that ask the same question in other words (by
    ``change_pairs.same_question``); each is printed, for a reader to check."""
    asked = own_questions(groups)
    out = []
    for p in sorted(pairs, key=lambda p: sorted(text_of[x] for x in p)):
        a, b = sorted({group_of[x] for x in p})
        if same_question(asked[a], asked[b]):
            out.append(p)
            print(f"  SAME QUESTION {' / '.join(sorted(repr(text_of[x]) for x in p))}")
    return out


def _share(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None


def written_as(groups: list[dict[str, Any]], style: str) -> None:
    """The same facts as an agent's notes often write them: ``numbered``, each the item of
    one list in the source's order ("12. The CEO of … is …"); ``dated``, each with the day
    it was said before it ("[2019-01-01] The CEO of … is …")."""
    statements = [s for g in groups for s in g["statements"]]
    for n, statement in enumerate(statements, 1):
        mark = f"{n}." if style == "numbered" else f"[{statement['occurred_at'][:10]}]"
        statement["text"] = f"{mark} {statement['text']}"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    services = await open_services(settings, embedder=load_embedder(settings))
    out: dict[str, Any] = {}
    try:
        for path in args.sources:
            source = json.loads(path.read_text())
            groups = source["groups"][: args.limit or None]
            if args.stored_as != "single":
                source["source"] += f"-{args.stored_as}"
            if args.written_as != "plain":
                source["source"] += f"-{args.written_as}"
                written_as(groups, args.written_as)
            packs = packed(groups, args.pack) if args.pack > 1 else {}
            for mode in args.modes:
                tenant = f"eval-public-{source['source']}-{mode}-{uuid.uuid4().hex[:6]}"
                started = time.perf_counter()
                try:
                    ids = await store(
                        services, tenant, groups, packs, mode, args.on_duplicate,
                        args.stored_as == "batch",
                    )  # fmt: skip
                    await services.contradict.drain()
                    pending = await pending_pairs(services, tenant)
                    database = await database_note(services, tenant)
                    row = await score(services, tenant, groups, ids, pending, packs, mode)
                finally:
                    await services.recall.drain()
                    await purge_tenant(services, tenant)
                row["seconds"] = round(time.perf_counter() - started, 1)
                row.update(database)
                out[f"{source['source']}/{mode}"] = row
                print(f"{source['source']}/{mode}: {json.dumps(row)}", flush=True)
    finally:
        await services.close()
    return out


def main() -> None:
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", type=Path, nargs="+")
    parser.add_argument("--modes", nargs="+", default=["entity", "tenant"])
    parser.add_argument(
        "--pack", type=int, default=1, help="groups an entity (one of each relation)"
    )
    parser.add_argument("--limit", type=int, default=0, help="first N groups only (debug)")
    parser.add_argument(
        "--on-duplicate",
        choices=["store", "reinforce"],
        default="store",
        help="a value that comes back in the same words: stored again (default here), or "
        "the service's default, reinforcing the first copy",
    )
    parser.add_argument(
        "--written-as",
        choices=["plain", "numbered", "dated"],
        default="plain",
        help="numbered: statements as one numbered list; dated: each after its [date]",
    )
    parser.add_argument(
        "--stored-as",
        choices=["single", "batch"],
        default="single",
        help="batch: the statements in order, 500 a call, without occurred_at",
    )
    parser.add_argument("--label", default="after", help="key the figures go under")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print this many misses")
    args = parser.parse_args()
    SHOW["left"] = args.show
    figures = asyncio.run(run(args))
    if args.out:
        save_figures(args.out, args.label, figures)


if __name__ == "__main__":
    main()
