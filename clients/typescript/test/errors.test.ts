import assert from "node:assert/strict";
import { after, test } from "node:test";

import {
  ApiUnreachable,
  Conflict,
  HebbsClient,
  HebbsError,
  InvalidInput,
  LLMNotConfigured,
  NotFound,
  Unauthorized,
  UnknownSession,
} from "hebbs-graph-client";

import { client, entity, url } from "./live.js";

const hebbs = client();
const acme = entity("errors");

after(async () => {
  await hebbs.forget({ entity_id: acme });
});

function refusedWith<E extends HebbsError>(
  kind: abstract new (...args: never[]) => E,
  check: (error: E) => void = () => undefined,
): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof kind, `expected ${kind.name}, got ${String(error)}`);
    assert.ok(error instanceof HebbsError);
    check(error);
    return true;
  };
}

test("an unknown id is NotFound (404)", async () => {
  await assert.rejects(
    hebbs.get("0123456789abcdef0123456789abcdef"),
    refusedWith(NotFound, (e) => {
      assert.equal(e.status, 404);
      assert.equal(e.code, "not_found");
    }),
  );
});

test("a body that does not validate is InvalidInput (422) naming the field", async () => {
  await assert.rejects(
    hebbs.remember({ content: "Acme's budget", entity_id: acme, importance: 2 }),
    refusedWith(InvalidInput, (e) => {
      assert.equal(e.status, 422);
      assert.equal(e.code, "invalid_input");
      assert.match(e.message, /importance/);
      assert.ok(e.fields.some((f) => f.includes("importance")), `fields: ${e.fields.join(", ")}`);
    }),
  );
});

test("a wrong key is Unauthorized (401)", async () => {
  const stranger = new HebbsClient({ baseUrl: url, apiKey: "not-a-key" });
  await assert.rejects(
    stranger.listMemories(),
    refusedWith(Unauthorized, (e) => assert.equal(e.status, 401)),
  );
});

test("an error code says more than its status: UnknownSession, LLMNotConfigured", async () => {
  await assert.rejects(
    hebbs.reflectCommit({ session_id: "0123456789abcdef0123456789abcdef", insights: [] }),
    refusedWith(UnknownSession, (e) => {
      assert.ok(e instanceof Conflict);
      assert.equal(e.status, 409);
    }),
  );
  // The API under test has no LLM configured: its LLM route says so.
  await assert.rejects(
    hebbs.reflect({ entity_id: acme }),
    refusedWith(LLMNotConfigured, (e) => assert.equal(e.status, 409)),
  );
});

test("a restore into a tenant that holds memories is a Conflict (409)", async () => {
  await hebbs.remember({ content: "Acme renews in March", entity_id: acme });
  const lines: string[] = [];
  for await (const line of hebbs.exportBackup({ entity_id: acme, embeddings: false })) lines.push(line);
  async function* streamed(): AsyncGenerator<string> {
    for (const line of lines) yield `${line}\n`;
  }
  await assert.rejects(hebbs.importBackup(streamed()), refusedWith(Conflict, (e) => assert.equal(e.status, 409)));
});

test("nothing listening is ApiUnreachable", async () => {
  const nowhere = new HebbsClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 5_000 });
  await assert.rejects(nowhere.live(), refusedWith(ApiUnreachable));
  await assert.rejects(nowhere.subscribe({}), refusedWith(ApiUnreachable));
});
