"""The ingest / recall benchmark's Markdown report."""

from __future__ import annotations

from typing import Any

from hebbs_graph.services.memory.service import WRITE_CHUNK


def report(result: dict[str, Any]) -> str:
    lines = [
        "# hebbs-graph ingest / recall benchmark",
        "",
        f"- {result['note']}",
        f"- started {result['started_at']}, took {result['duration_s']:.0f} s; "
        f"Neo4j {result['neo4j'].get('version')} ({result['neo4j'].get('edition')}), "
        f"python {result['machine']['python']}, {result['machine']['cpu_count']} CPUs, "
        f"load average at start {result['machine']['loadavg_at_start']}, "
        f"at end {result['machine'].get('loadavg_at_end')}",
        f"- model {result['settings']['embedding_model']} (dim {result['embedding_dimension']}), "
        f"embedding_batch_size {result['settings']['embedding_batch_size']}, "
        f"ingest batches of {result['args']['batch']}, write chunk {WRITE_CHUNK}",
        "",
        "## Ingest",
        "",
        "| memories | items | raw embed texts/s | ingest texts/s | ingest % of raw "
        "| embed busy s | write-tx busy s | ingest wall s | write-only texts/s | load 1m |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        ing = step["ingest"]
        if not ing.get("items"):
            continue
        wo = step.get("write_only", {}).get("texts_per_s", "-")
        lines.append(
            f"| {ing['from']:,} → {ing['to']:,} | {ing['items']:,} | {ing['raw_embed_texts_per_s']}"
            f" | {ing['ingest_texts_per_s']} | {ing['ingest_pct_of_raw']}%"
            f" | {ing['ingest_embed_busy_s']} | {ing['ingest_write_busy_s']} | {ing['ingest_s']}"
            f" | {wo} | {ing['loadavg_1m_mean']} |"
        )
    tot = result.get("ingest_total")
    if tot:
        lines.append(
            f"| **all** | {tot['items']:,} | {tot['raw_embed_texts_per_s']} | "
            f"{tot['ingest_texts_per_s']} | **{tot['ingest_pct_of_raw']}%** | "
            f"{tot['ingest_embed_busy_s']} | {tot['ingest_write_busy_s']} | {tot['ingest_s']} | | |"
        )
    lines += [
        "",
        "Inside the write transactions of ingest (client-side seconds per query, "
        "run + fetch + decode; per 1,000 memories):",
        "",
        "| memories | query | seconds | s per 1,000 |",
        "|---|---|---|---|",
    ]
    for step in result["steps"]:
        for label, part in (("ingest", step["ingest"]), ("write-only", step.get("write_only"))):
            if not part or not part.get("items"):
                continue
            where = f"{part['from']:,} → {part['to']:,}" if label == "ingest" else "write-only"
            for name, secs in part["write_tx_query_s"].items():
                lines.append(
                    f"| {where} | {name} | {secs} | {round(1000 * secs / part['items'], 2)} |"
                )
    lines += [
        "",
        "## Recall latency (end to end: RecallService.recall incl. cue embedding; "
        "reinforce=False; top_k 10)",
        "",
        "| memories | strategy | scope | p50 ms | p95 ms | p99 ms | mean ms | n | results |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        for r in step["recall"]:
            lines.append(
                f"| {r['size']:,} | {r['strategy']} | {r['scope']} | {r['p50_ms']} | {r['p95_ms']}"
                f" | {r['p99_ms']} | {r['mean_ms']} | {r['n']} | {r['mean_results']} |"
            )
    lines.append("")
    for step in result["steps"]:
        es = step.get("entity_sizes") or {}
        if es:
            lines.append(
                f"- at {step['size']:,}: {es['entities']} entities hold min {es['min']} / "
                f"median {es['median']} / max {es['max']} memories; the database held "
                f"{es['memories_in_database']:,} memories in all (every tenant shares one "
                "vector index and one fulltext index)"
            )
    lines += [
        "",
        "## Single remember latency",
        "",
        "| memories | p50 ms | p95 ms | mean ms | embed p50 ms | write tx p50 ms "
        "| queries in the tx, p50 ms | n |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for step in result["steps"]:
        s = step["remember_single"]
        queries = ", ".join(
            f"{name.split('/')[-1]} {v['p50_ms']}" for name, v in s["write_tx_queries"].items()
        )
        lines.append(
            f"| {step['size']:,} | {s['p50_ms']} | {s['p95_ms']} | {s['mean_ms']} | "
            f"{s['embed']['p50_ms']} | {s['write_tx']['p50_ms']} | {queries} | {s['n']} |"
        )
    for step in result["steps"]:
        if not step.get("breakdown"):
            continue
        lines += [
            "",
            f"## Recall breakdown at {step['size']:,} memories (each part alone)",
            "",
            "| part | p50 ms | p95 ms | server p50 ms | rows |",
            "|---|---|---|---|---|",
        ]
        for key, v in step["breakdown"].items():
            lines.append(
                f"| {key} | {v['p50_ms']} | {v['p95_ms']} | {v.get('server_p50_ms', '')} "
                f"| {v.get('mean_rows', '')} |"
            )
    return "\n".join(lines) + "\n"
