"""The shared-index benchmark's output: Markdown tables, the JSON (and .md) file, the
rows a resumed run keeps, and what the Neo4j server is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import neo4j

from .layout import Layout


def tables(report: dict[str, Any]) -> str:
    out = []
    for row in report["sizes"]:
        out.append(f"\n### {row['memories']:,} memories in the shared index\n")
        b = row.get("build")
        if b:
            out.append(f"Build {b['from']:,} -> {b['to']:,}: {b['memories_per_s']:,.0f} memories/s "
                       f"({b['seconds']:.0f} s; timelines: {'yes' if b['timeline'] else 'no'}; "
                       f"create {b['create_s']:.0f} s, timeline {b['timeline_s']:.0f} s; "
                       f"awaitIndexes {b['await_indexes_s']} s)\n")  # fmt: skip
        if row.get("build_note"):
            out.append(f"{row['build_note']}\n")
        out.append("| cell | scopes | scope size (min / median / max) | p50 ms | p95 ms | p99 ms "
                   "| exact top-10 share | short | exact scan p50 / p95 ms "
                   "| label-scan exact p50 ms |")  # fmt: skip
        out.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for cell, e in row["similarity"].items():
            s, sc = e["similarity"], row["scopes"][cell]
            x = e["exact_top10"]
            out.append(
                f"| {cell} | {sc['scopes']} | {sc['scope_min']:,} / {sc['scope_median']:,} / "
                f"{sc['scope_max']:,} | {s['p50_ms']} | {s['p95_ms']} | {s['p99_ms']} | "
                f"{x['mean']:.3f} (min {x['min']}, {x['below_1']}/{x['queries']} < 1) | "
                f"{e['short']}/{s['n']} | {e['exact_scan']['p50_ms']} / {e['exact_scan']['p95_ms']} | "
                f"{e.get('exact_scan_label_scan', {}).get('p50_ms', '-')} |"
            )
        out.append("\n| VectorRetriever (unfiltered) vs hebbs similarity | graphrag p50 / p95 ms "
                   "| hebbs p50 / p95 ms | ratio of medians (hebbs / graphrag) | pairwise ratio median "
                   "| unfiltered top 10's share of the scope's exact top 10 |")  # fmt: skip
        out.append("|---|---:|---:|---:|---:|---:|")
        rounds = [("", row["graphrag"]), (" (round 2)", row.get("graphrag_round2") or {})]
        for label, found in rounds:
            for name, g in found.items():
                gv, hv = g["graphrag_vector"], g["hebbs_similarity"]
                out.append(f"| {name}{label} | {gv['p50_ms']} / {gv['p95_ms']} | {hv['p50_ms']} / "
                           f"{hv['p95_ms']} | {g['ratio_of_medians']} | {g['pairwise_ratio_median']} "
                           f"| {g.get('unfiltered_share_of_scope_top10', '-')} |")  # fmt: skip
        if row.get("overfetch"):
            out.append("\n| diagnostic: similarity asked for k, cut to 10 | k | p50 / p95 ms "
                       "| exact top-10 share | queries < 1 |")  # fmt: skip
            out.append("|---|---:|---:|---:|---:|")
            for cell, by_k in row["overfetch"].items():
                base = row["similarity"][cell]
                out.append(f"| {cell} | 10 | {base['similarity']['p50_ms']} / {base['similarity']['p95_ms']} "
                           f"| {base['exact_top10']['mean']:.3f} | {base['exact_top10']['below_1']} |")  # fmt: skip
                for k, e in by_k.items():
                    out.append(f"| {cell} | {k[2:]} | {e['similarity']['p50_ms']} / "
                               f"{e['similarity']['p95_ms']} | {e['exact_top10']:.3f} | {e['below_1']} |")  # fmt: skip
        if row.get("expansion_ab"):
            ab = row["expansion_ab"]
            out.append(f"\n{ab['note']}\n")
            out.append("| cell | queries | expansion 1: p50 / p95 ms, exact top-10 share (< 1) "
                       "| expansion 3: p50 / p95 ms, exact top-10 share (< 1) |")  # fmt: skip
            out.append("|---|---:|---:|---:|")
            for cell, e in ab["cells"].items():
                one, three = e["expansion 1.0"], e["expansion 3.0"]
                out.append(f"| {cell} | {one['queries']} | {one['p50_ms']} / {one['p95_ms']}, "
                           f"{one['exact_top10']:.3f} ({one['below_1']}) | {three['p50_ms']} / "
                           f"{three['p95_ms']}, {three['exact_top10']:.3f} ({three['below_1']}) |")  # fmt: skip
        out.append(
            "\n| hybrid recall (end to end, cue vector memoised) | p50 ms | p95 ms | short |"
        )
        out.append("|---|---:|---:|---:|")
        for name, h in row["hybrid"].items():
            r = h["recall"]
            out.append(f"| {name} | {r['p50_ms']} | {r['p95_ms']} | {h['short']}/{r['n']} |")
    return "\n".join(out) + "\n"


def save(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(tables(report), encoding="utf-8")


def earlier_rows(path: Path, prefix: str, layout: Layout, have: int) -> dict[int, Any]:
    """Sizes a run on this build already measured (resume keeps them, by size)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if old.get("prefix") != prefix or old.get("layout") != layout.describe:
        return {}
    return {r["memories"]: r for r in old.get("sizes", []) if r["memories"] <= have}


def server_info(driver: neo4j.Driver) -> dict[str, Any]:
    info: dict[str, Any] = {}
    records, _, _ = driver.execute_query("CALL dbms.components() YIELD versions, edition "
                                         "RETURN versions[0] AS v, edition")  # fmt: skip
    info["version"], info["edition"] = records[0]["v"], records[0]["edition"]
    records, _, _ = driver.execute_query(
        "SHOW VECTOR INDEXES YIELD name, options, properties WHERE name = 'memory_embedding' "
        "RETURN options, properties"
    )
    if records:
        info["memory_embedding"] = {"properties": records[0]["properties"],
                                    "options": records[0]["options"]}  # fmt: skip
    try:
        records, _, _ = driver.execute_query(
            "CALL dbms.listConfig('server.memory') YIELD name, value RETURN name, value"
        )
        info["memory"] = {r["name"]: r["value"] for r in records}
    except neo4j.exceptions.Neo4jError:
        pass
    return info
