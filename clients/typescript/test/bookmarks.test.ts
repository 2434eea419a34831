import assert from "node:assert/strict";
import { after, test } from "node:test";

import { BOOKMARK_HEADER, GraphUnavailable, HebbsClient } from "hebbs-graph-client";

import { apiKey, entity, url } from "./live.js";

const acme = entity("bookmarks");
const cleanup = new HebbsClient({ baseUrl: url, apiKey: apiKey || undefined });

after(async () => {
  await cleanup.forget({ entity_id: acme });
});

/** A client whose requests' bookmark headers are recorded, in order. */
function recording(bookmarks?: string): { client: HebbsClient; sent: (string | null)[] } {
  const sent: (string | null)[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(new Headers(init?.headers).get(BOOKMARK_HEADER));
    return globalThis.fetch(input, init);
  };
  return { client: new HebbsClient({ baseUrl: url, apiKey: apiKey || undefined, fetch, bookmarks }), sent };
}

test("a client sends the bookmarks its answers named, and another can carry them on", async () => {
  const { client, sent } = recording();
  assert.equal(client.bookmarks, undefined);
  const memory = await client.remember({ content: "Acme's renewal is due in March", entity_id: acme });
  const written = client.bookmarks;
  assert.ok(written, "a write's answer names its bookmark");
  assert.match(written, /^[A-Za-z0-9_-]+(, [A-Za-z0-9_-]+)*$/);

  await client.get(memory.id);
  assert.deepEqual(sent, [null, written]);

  // Another client (another process, another host) reads after the first one's write.
  const other = recording(written);
  assert.equal((await other.client.get(memory.id)).content, "Acme's renewal is due in March");
  assert.deepEqual(other.sent, [written]);
  other.client.bookmarks = undefined;
  await other.client.live();
  assert.equal(other.sent[1], null);
});

test("answers in flight at once each add theirs; the next answer replaces them all", async () => {
  const { client, sent } = recording();
  await Promise.all(
    ["SSO", "SCIM", "audit logs"].map((what) => client.remember({ content: `Acme asked for ${what}`, entity_id: acme })),
  );
  const held = client.bookmarks?.split(", ") ?? [];
  assert.ok(held.length >= 1 && held.length <= 3, `${held.length}`);
  await client.listMemories({ entity_id: acme, limit: 5 });
  assert.deepEqual(sent.at(-1)?.split(", ").sort(), [...held].sort());
  assert.equal(client.bookmarks?.split(", ").length, 1);
});

test("a malformed value is refused naming the header, and a refusal keeps what the client held", async () => {
  const { client } = recording("not a bookmark");
  await assert.rejects(client.get("0123456789abcdef0123456789abcdef"), (error: unknown) => {
    assert.ok(!(error instanceof GraphUnavailable));
    assert.ok(error instanceof Error && error.message.includes(BOOKMARK_HEADER), String(error));
    return true;
  });
  client.bookmarks = "bm90LWEtYm9va21hcms";
  await assert.rejects(client.listMemories({ entity_id: acme }), (error: unknown) => {
    assert.ok(error instanceof Error && error.message.includes(BOOKMARK_HEADER), String(error));
    return true;
  });
  assert.equal(client.bookmarks, "bm90LWEtYm9va21hcms");
});
