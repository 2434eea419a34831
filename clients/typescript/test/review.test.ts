// A review right after writes lists their pairs: contradictionPrepare and prime wait
// (up to wait_for_checks_s) for the contradiction checks of memories just stored.
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { InvalidInput } from "hebbs-graph-client";

import { client, entity } from "./live.js";

const hebbs = client();
const acme = entity("review");

after(async () => {
  await hebbs.forget({ entity_id: acme });
});

test("prepare right after a batch lists its pair, then a revision is committed", async () => {
  const batch = await hebbs.rememberBatch({
    memories: [
      { content: "Acme's budget is $5,000", entity_id: acme, occurred_at: "2025-01-15T00:00:00Z" },
      { content: "Acme's budget is $2,000", entity_id: acme, occurred_at: "2025-03-15T00:00:00Z" },
    ],
  });
  const [older, newer] = batch.memory_ids as [string, string];
  // Generous: a loaded machine may take seconds to run the checks.
  const prepared = await hebbs.contradictionPrepare({ entity_id: acme, wait_for_checks_s: 30 });
  assert.equal(prepared.checks_pending, 0);
  assert.equal(prepared.checks_wait_timed_out, false);
  assert.deepEqual(
    prepared.pending.map((p) => [p.memory_id_a, p.memory_id_b]),
    [[older, newer]],
  );

  const primed = await hebbs.prime({ entity_id: acme, wait_for_checks_s: 30 });
  assert.equal(primed.pending_total, 1);
  assert.equal(primed.checks_wait_timed_out, false);
  const atOnce = await hebbs.contradictionPrepare({ entity_id: acme, wait_for_checks_s: 0 });
  assert.equal(atOnce.checks_waited_ms, 0);

  const pair = prepared.pending[0];
  assert.ok(pair);
  const done = await hebbs.contradictionCommit({
    verdicts: [{ pending_id: pair.pending_id, verdict: "revision" }],
  });
  assert.equal(done.revisions_created, 1);
});

test("a wait past its bound is InvalidInput naming wait_for_checks_s", async () => {
  for (const body of [{ wait_for_checks_s: 31 }, { wait_for_checks_s: -1 }]) {
    await assert.rejects(hebbs.contradictionPrepare(body), (error: unknown) => {
      assert.ok(error instanceof InvalidInput, String(error));
      assert.match(error.message, /wait_for_checks_s/);
      return true;
    });
  }
  await assert.rejects(hebbs.prime({ entity_id: acme, wait_for_checks_s: 31 }), InvalidInput);
});
