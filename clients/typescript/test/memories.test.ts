import assert from "node:assert/strict";
import { after, test } from "node:test";

import { NotFound, type Memory, type RecallOut } from "hebbs-graph-client";

import { client, entity } from "./live.js";

const hebbs = client();
const acme = entity("memories");

after(async () => {
  await hebbs.forget({ entity_id: acme });
});

test("remember, recall, get, forget", async () => {
  const memory: Memory = await hebbs.remember({
    content: "Acme's budget is $5,000 per tenant",
    entity_id: acme,
    importance: 0.8,
    context: { source: "call" },
    tags: ["budget"],
  });
  assert.equal(memory.content, "Acme's budget is $5,000 per tenant");
  assert.equal(memory.entity_id, acme);
  assert.equal(memory.kind, "episode");
  assert.equal(memory.importance, 0.8);
  await hebbs.remember({ content: "Acme's office moved to Lisbon in May", entity_id: acme });

  const found: RecallOut = await hebbs.recall({ cue: "what is Acme's budget?", entity_id: acme });
  assert.ok(found.results.length >= 1);
  const best = found.results[0];
  assert.ok(best);
  assert.equal(best.memory.id, memory.id);
  assert.equal(typeof best.breakdown.relevance, "number");

  const compact = await hebbs.recall({ cue: "budget", entity_id: acme, view: "compact" });
  assert.ok(compact.results.some((r) => r.id === memory.id));

  const again = await hebbs.get(memory.id);
  assert.equal(again.id, memory.id);
  assert.deepEqual(again.context, { source: "call" });

  const gone = await hebbs.forget({ memory_ids: [memory.id] });
  assert.equal(gone.forgotten, 1);
  await assert.rejects(hebbs.get(memory.id), (error: unknown) => {
    assert.ok(error instanceof NotFound);
    assert.equal(error.status, 404);
    assert.equal(error.code, "not_found");
    return true;
  });
});

test("batch, link, edges, revise, lineage, list, prime", async () => {
  const batch = await hebbs.rememberBatch({
    memories: [
      { content: "Checkout returned HTTP 500 for an hour", entity_id: acme, importance: 0.9 },
      { content: "The payment provider's certificate had expired", entity_id: acme },
    ],
  });
  assert.equal(batch.memory_ids.length, 2);
  const [outage, cause] = batch.memory_ids as [string, string];

  const edge = await hebbs.link(outage, { target_id: cause, edge_type: "CAUSED_BY", confidence: 0.9 });
  assert.equal(edge.edge_type, "CAUSED_BY");
  const edges = await hebbs.edges(outage);
  assert.ok(edges.edges.some((e) => e.target_id === cause && e.edge_type === "CAUSED_BY"));

  const revised = await hebbs.revise(cause, { content: "The payment provider's TLS certificate had expired" });
  assert.equal(revised.version, 2);
  const lineage = await hebbs.lineage(cause);
  assert.ok((lineage.revisions ?? []).length >= 1, "the old wording is a revision");

  const page = await hebbs.listMemories({ entity_id: acme, limit: 10 });
  assert.ok(page.items.some((m) => m.id === outage));

  const primed = await hebbs.prime({ entity_id: acme, similarity_cue: "checkout outage" });
  assert.equal(typeof primed, "object");
  const compact = await hebbs.prime({ entity_id: acme, view: "compact" });
  assert.equal(typeof compact, "object");

  const walked = await hebbs.recall({
    strategies: [{ strategy: "causal", seed_memory_id: outage, direction: "forward", max_depth: 2 }],
  });
  assert.ok(walked.results.some((r) => r.memory.id === cause));

  const graph = await hebbs.graph({ ids: [outage], depth: 1 });
  assert.ok(graph.nodes.some((n) => n.id === outage));
  const entities = await hebbs.entities({ limit: 1000 });
  assert.ok(entities.entities.some((e) => e.entity_id === acme));
});

test("contradictions, reflection, insights, health, export", async () => {
  const prepared = await hebbs.contradictionPrepare({ entity_id: acme });
  assert.ok(Array.isArray(prepared.pending));
  const scanned = await hebbs.contradictionScan({ entity_id: acme });
  assert.equal(typeof scanned, "object");
  const reflection = await hebbs.reflectPrepare({ entity_id: acme });
  assert.equal(typeof reflection.session_id, "string");
  const status = await hebbs.reflectStatus({ entity_id: acme });
  assert.equal(typeof status, "object");
  const insights = await hebbs.insights({ entity_id: acme });
  assert.ok(Array.isArray(insights.insights));

  assert.deepEqual(await hebbs.live(), { status: "ok" });
  assert.equal((await hebbs.ready()).ready, true);
  assert.match(await hebbs.metrics(), /# TYPE/);

  await hebbs.remember({ content: "Acme renews in March", entity_id: acme });
  const lines: string[] = [];
  for await (const line of hebbs.exportBackup({ entity_id: acme, embeddings: false })) lines.push(line);
  assert.ok(lines.length >= 3, `a header, records and an end line: ${lines.length}`);
  for (const line of lines) JSON.parse(line);
  assert.ok(lines.some((line) => line.includes("Acme renews in March")));
});
