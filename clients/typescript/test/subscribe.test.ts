import assert from "node:assert/strict";
import { after, test } from "node:test";

import { HebbsClient, InvalidInput, TooLarge, Unauthorized, type MemoryPush, type Push, type Subscription } from "hebbs-graph-client";

import { client, deadline, entity, url } from "./live.js";

const hebbs = client();
const acme = entity("subscribe");
const SECURITY = "Acme's security review blocked the SSO rollout until audit logs ship";
const CONVERSATION = [
  "Ana: good morning, how was your weekend?",
  "Ana: did the security review sign off on the single sign-on rollout?",
];

after(async () => {
  await hebbs.forget({ entity_id: acme });
});

/** Frames until the recall that followed line `index`. */
async function untilRecalled(sub: Subscription, index: number): Promise<Push[]> {
  const seen: Push[] = [];
  const read = (async () => {
    for await (const frame of sub) {
      seen.push(frame);
      if (frame.type === "recalled" && frame.after_text >= index) return seen;
    }
    throw new Error("the subscription closed before the recall");
  })();
  return await deadline(read, 20_000, `the recall after line ${index}`);
}

test("a subscription pushes the memory a line brings up, once", async () => {
  const memory = await hebbs.remember({ content: SECURITY, entity_id: acme, importance: 0.8 });
  await hebbs.remember({ content: "Acme prefers invoices in euros", entity_id: acme });
  const sub = await hebbs.subscribe({ entity_id: acme, threshold: 0.25, top_k: 3 });
  try {
    assert.equal(sub.subscribed.type, "subscribed");
    assert.equal(sub.subscribed.threshold, 0.25);
    assert.equal(sub.subscribed.top_k, 3);

    assert.equal(await sub.send(CONVERSATION[0] ?? ""), 0);
    const first = await untilRecalled(sub, 0);
    assert.deepEqual(first.filter((f) => f.type === "memory"), [], "nothing before the related line");

    assert.equal(await sub.send(CONVERSATION[1] ?? ""), 1);
    const second = await untilRecalled(sub, 1);
    const pushes = second.filter((f): f is MemoryPush => f.type === "memory");
    assert.deepEqual(
      pushes.map((p) => p.memory.id),
      [memory.id],
    );
    const push = pushes[0];
    assert.ok(push);
    assert.equal(push.after_text, 1);
    assert.ok(push.score >= 0.25);
    assert.equal(typeof push.breakdown.relevance, "number");

    // A line the server would refuse is refused here, and not sent (nor counted).
    await assert.rejects(sub.send(""), InvalidInput);
    const huge = "x".repeat(sub.subscribed.max_frame_bytes);
    await assert.rejects(sub.send(huge), TooLarge);
    assert.equal(sub.linesSent, 2);
    // A bad frame sent anyway gets an error frame naming the field, and the subscription goes on.
    await sub.sendFrame({ text: "", tone: "cheerful" });
    const bad = await deadline(sub.receive(), 10_000, "the error frame");
    assert.ok(bad && bad.type === "error", `expected an error frame, got ${JSON.stringify(bad)}`);
    assert.equal(bad.error.code, "invalid_input");
    assert.match(bad.error.message, /text|tone/);

    // The related line again: the memory is not pushed twice.
    const index = await sub.send(CONVERSATION[1] ?? "");
    const third = await untilRecalled(sub, index);
    assert.deepEqual(third.filter((f) => f.type === "memory"), []);
  } finally {
    await sub.close();
  }
  assert.equal(await sub.receive(), null, "a closed subscription ends its iteration");
});

test("a subscription with a wrong key is refused as Unauthorized", async () => {
  const stranger = new HebbsClient({ baseUrl: url, apiKey: "not-a-key" });
  await assert.rejects(stranger.subscribe({ entity_id: acme }), (error: unknown) => {
    assert.ok(error instanceof Unauthorized, String(error));
    return true;
  });
});
