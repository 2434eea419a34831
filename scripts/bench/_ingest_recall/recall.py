"""The recall steps: latency per strategy and scope, the breakdown of a recall into its
parts, the tenant's entity sizes. ``Bench`` is the whole benchmark (ingest and recall)."""

from __future__ import annotations

import contextlib
import math
import os
import time
from datetime import UTC, datetime
from typing import Any

import numpy as np
from corpus import Cue

from hebbs_graph.models.recall import RecallIn, Strategy, StrategySpec
from hebbs_graph.services.recall.lucene import fulltext_query
from hebbs_graph.services.recall.service import Scope
from hebbs_graph.services.records import to_memory

from .base import EXACT_TENANT, RETURN_FULL, RETURN_SHAPES, STRATEGIES, log, pct
from .ingest import Ingest


class Bench(Ingest):
    """The benchmark: the ingest steps (``Ingest``) and the recall steps."""

    # -- recall -----------------------------------------------------------------------

    def request(self, strategy: Strategy, cue: Cue, *, top_k: int = 10) -> RecallIn:
        text = None if strategy == Strategy.TEMPORAL else cue.text
        return RecallIn(
            cue=text,
            entity_id=cue.entity_id,
            strategies=[StrategySpec(strategy=strategy)],
            top_k=top_k,
            reinforce=False,
        )

    async def recall_cells(self) -> list[dict[str, Any]]:
        n, warm = self.args.queries, self.args.warmup
        cells = [(s, scoped) for s in STRATEGIES for scoped in (False, True)]
        cues = {
            cell: self.corpus.cues(n + warm, seed=cell[0].value, entity_scoped=cell[1])
            for cell in cells
        }
        wall: dict[Any, list[float]] = {c: [] for c in cells}
        took: dict[Any, list[float]] = {c: [] for c in cells}
        hits: dict[Any, list[int]] = {c: [] for c in cells}
        log(f"recall at {self.count}: {len(cells)} cells x ({warm} warm-up + {n}), interleaved")
        for j in range(n + warm):
            for cell in cells:  # interleaved, so background load spreads over all cells
                req = self.request(cell[0], cues[cell][j])
                t0 = time.perf_counter()
                out = await self.services.recall.recall(self.tenant, req)
                dt = time.perf_counter() - t0
                if j >= warm:
                    wall[cell].append(dt)
                    took[cell].append(out.took_ms / 1000)
                    hits[cell].append(len(out.results))
        load = round(os.getloadavg()[0], 2)
        rows = []
        for cell in cells:
            stats = pct(wall[cell])
            rows.append(
                {
                    "size": self.count,
                    "strategy": cell[0].value,
                    "scope": "entity" if cell[1] else "tenant",
                    "warmup": warm,
                    **stats,
                    "took_ms_p50": pct(took[cell]).get("p50_ms"),
                    "mean_results": round(float(np.mean(hits[cell])), 2),
                    "loadavg_1m_at_end": load,
                }
            )
        return rows

    # -- recall breakdown -------------------------------------------------------------

    async def timed_query(
        self, name: str, params: dict[str, Any], text: str | None = None
    ) -> tuple[float, float, int]:
        """(client seconds, server seconds, rows) of one named query in a read transaction.

        ``text`` replaces the registered statement (the return-shape experiments)."""
        text = text or self.services.store.queries[name]

        async def work(tx: Any) -> tuple[list[dict[str, Any]], Any]:
            result = await tx.run(text, params)
            rows = await result.data()
            return rows, await result.consume()

        t0 = time.perf_counter()
        async with self.driver.session(database=self.database) as session:
            rows, summary = await session.execute_read(work)
        client = time.perf_counter() - t0
        server = (
            (summary.result_available_after or 0) + (summary.result_consumed_after or 0)
        ) / 1000
        return client, server, len(rows)

    async def breakdown(self) -> dict[str, Any]:
        """Where a recall's time goes: each part measured alone, same cues as recall."""
        n, warm = self.args.profile_queries, 10
        settings = self.services.settings
        inner = self.embedder.inner
        parts: dict[str, list[float]] = {}
        server: dict[str, list[float]] = {}
        rows_seen: dict[str, list[int]] = {}
        cap = settings.fulltext_term_hits * 10 + 1  # what hybrid counts for its idf
        k_sim = 10
        n_hyb = max(10, settings.hybrid_candidates)

        def fetch(k: int) -> int:  # how far the HNSW search looks, as Nearest.search asks
            return max(k, math.ceil(k * settings.vector_search_expansion))

        def add(
            key: str, seconds: float, srv: float | None = None, rows: int | None = None
        ) -> None:
            parts.setdefault(key, []).append(seconds)
            if srv is not None:
                server.setdefault(key, []).append(srv)
            if rows is not None:
                rows_seen.setdefault(key, []).append(rows)

        log(f"recall breakdown at {self.count}: {n} cues per part")
        for scoped in (False, True):
            cues = self.corpus.cues(n + warm, seed="profile", entity_scoped=scoped)
            kind = "entity" if scoped else "tenant"
            for j, cue in enumerate(cues):
                keep = j >= warm
                scope = Scope(self.tenant, cue.entity_id, False, False)
                sp = scope.params()

                def rec(key: str, *vals: Any, keep: bool = keep) -> None:
                    if keep:
                        add(key, *vals)

                t0 = time.perf_counter()
                vector = (await self.embedder.embed([cue.text]))[0]
                rec(f"{kind}: cue embedding (embed, via thread)", time.perf_counter() - t0)
                t0 = time.perf_counter()
                inner.embed_sync([cue.text])
                rec(f"{kind}: cue embedding (embed_sync, direct)", time.perf_counter() - t0)

                c, s, r = await self.timed_query("recall/scope_size_" + kind, {"cap": cap, **sp})
                rec(f"{kind}: scope_size_{kind} (cap {cap})", c, s, r)
                for k in (k_sim, n_hyb):  # filtered inside the vector index
                    c, s, r = await self.timed_query(
                        f"recall/similarity_{kind}",
                        {**sp, "vector": vector, "k": k, "fetch": fetch(k)},
                    )
                    rec(f"{kind}: similarity_{kind} k={k}", c, s, r)
                if not scoped and self.count <= self.args.exact_tenant_max:
                    c, s, r = await self.timed_query("", {**sp, "vector": vector}, EXACT_TENANT)
                    rec(f"{kind}: exact cosine scan of the tenant, top 10", c, s, r)
                query = fulltext_query(cue.text, self.tenant, cue.entity_id)
                ft = {**sp, "query": query, "fetch": n_hyb * 2, "k": n_hyb}
                c, s, r = await self.timed_query("recall/fulltext", ft)
                rec(f"{kind}: fulltext k={n_hyb} fetch={n_hyb * 2}", c, s, r)
                if not scoped:  # same queries, other return shapes: what decoding costs
                    ann = {**sp, "vector": vector, "k": n_hyb, "fetch": fetch(n_hyb)}
                    for label, shape in RETURN_SHAPES.items():
                        for name, params in (("similarity_tenant", ann), ("fulltext", ft)):
                            text = self.services.store.queries["recall/" + name]
                            if RETURN_FULL not in text:
                                continue
                            c, s, r = await self.timed_query(
                                "", params, text.replace(RETURN_FULL, shape)
                            )
                            rec(f"{kind}: {name} k={n_hyb}, returning {label}", c, s, r)
                c, s, r = await self.timed_query(
                    f"recall/temporal_{kind}_newest",
                    {**sp, "k": 10, "start": datetime(1, 1, 1, tzinfo=UTC),
                     "end": datetime(9999, 12, 31, tzinfo=UTC)},
                )  # fmt: skip
                rec(f"{kind}: temporal_{kind}_newest k=10", c, s, r)

                # The service's own strategy methods (queries + Python shaping, no embedding).
                t0 = time.perf_counter()
                sim = await self.services.recall.similarity(scope, vector, k_sim)
                rec(f"{kind}: RecallService.similarity k={k_sim}", time.perf_counter() - t0)
                t0 = time.perf_counter()
                await self.services.recall.hybrid(scope, cue.text, vector, k_sim)
                rec(f"{kind}: RecallService.hybrid k={k_sim}", time.perf_counter() - t0)
                ids = [m.id for m, _ in sim]
                c, s, r = await self.timed_query(
                    "recall/conflicts", {"tenant_id": self.tenant, "ids": ids}
                )
                rec(f"{kind}: conflicts (ids of the similarity top {k_sim})", c, s, r)
                t0 = time.perf_counter()
                async with self.driver.session(database=self.database) as session:
                    await session.execute_read(lambda tx: _return_one(tx))
                rec(f"{kind}: empty read transaction (RETURN 1)", time.perf_counter() - t0)

        # Python shaping alone: to_memory on 50 stored rows.
        sample = await self.timed_rows("recall/temporal_tenant_newest", n_hyb)
        for _ in range(n):
            t0 = time.perf_counter()
            for row in sample:
                to_memory(row["memory"])
            add(f"python: to_memory x{len(sample)}", time.perf_counter() - t0)

        # Cue embedding with torch on one thread (the default uses every core).
        with contextlib.suppress(ImportError):
            import torch

            threads = torch.get_num_threads()
            cues = self.corpus.cues(n + warm, seed="profile")
            try:
                torch.set_num_threads(1)
                for j, cue in enumerate(cues):
                    t0 = time.perf_counter()
                    inner.embed_sync([cue.text])
                    if j >= warm:
                        add("cue embedding (embed_sync, torch 1 thread)", time.perf_counter() - t0)
            finally:
                torch.set_num_threads(threads)

        out = {}
        for key, values in parts.items():
            entry = pct(values)
            if key in server:
                entry["server_p50_ms"] = pct(server[key])["p50_ms"]
            if key in rows_seen:
                entry["mean_rows"] = round(float(np.mean(rows_seen[key])), 1)
            out[key] = entry
        return out

    async def timed_rows(self, name: str, k: int) -> list[dict[str, Any]]:
        return await self.services.store.read_rows(
            name,
            k=k,
            start=datetime(1, 1, 1, tzinfo=UTC),
            end=datetime(9999, 12, 31, tzinfo=UTC),
            **Scope(self.tenant, None, False, False).params(),
        )

    async def entity_sizes(self) -> dict[str, Any]:
        res = await self.driver.execute_query(
            "MATCH (m:Memory) WHERE m.tenant_id = $t AND m.entity_id IS NOT NULL "
            "WITH m.entity_id AS e, count(*) AS n RETURN collect(n) AS sizes",
            t=self.tenant,
            database_=self.database,
            routing_="r",
        )
        sizes = sorted(res.records[0]["sizes"]) or [0]
        total = await self.driver.execute_query(
            "MATCH (m:Memory) RETURN count(m) AS n", database_=self.database, routing_="r"
        )
        return {
            "memories_in_database": total.records[0]["n"],
            "entities": len(sizes),
            "min": sizes[0],
            "median": sizes[len(sizes) // 2],
            "max": sizes[-1],
        }


async def _return_one(tx: Any) -> None:
    result = await tx.run("RETURN 1 AS one")
    await result.consume()
