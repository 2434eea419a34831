import assert from "node:assert/strict";
import { after, test } from "node:test";

import type { ConversationOut } from "hebbs-graph-client";

import { client, entity } from "./live.js";

const hebbs = client();
const acme = entity("conversation");

after(async () => {
  await hebbs.forget({ entity_id: acme });
});

test("a conversation is stored one episode a turn, and a retry stores nothing twice", async () => {
  const call = {
    entity_id: acme,
    session_id: "call-7",
    started_at: "2025-03-03T09:00:00Z",
    messages: [
      { speaker: "Dana", content: "Our budget is $5,000 this year" },
      { role: "assistant" as const, content: "Noted, I will plan the renewal around it" },
      { speaker: "Dana", content: "We renew in March" },
    ],
  };
  const stored: ConversationOut = await hebbs.conversation(call);
  assert.equal(stored.session_id, "call-7");
  assert.equal(stored.stored, 3);
  assert.equal(stored.memory_ids.length, 3);
  assert.equal(stored.first_turn, 0);

  const first = await hebbs.get(stored.memory_ids[0] ?? "");
  assert.match(first.content, /Dana: Our budget is \$5,000/);
  assert.equal(first.context?.session_id, "call-7");

  const again = await hebbs.conversation(call);
  assert.equal(again.stored, 0);
  assert.equal(again.skipped, 3);

  const page = await hebbs.listMemories({ entity_id: acme, limit: 50 });
  assert.equal(page.items.length, 3);
});
