// Compile-time checks of the typed API: `npm test` compiles this file (strict), and every
// `@ts-expect-error` below must meet an error, or the build fails. Nothing here runs.
import type {
  Answer,
  CompactRecallOut,
  HebbsClient,
  Memory,
  Push,
  RecallOut,
  RequestBody,
  Subscription,
} from "hebbs-graph-client";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function same<A, B>(proof: Equal<A, B>): void {
  void proof;
}

export async function checks(hebbs: HebbsClient, sub: Subscription): Promise<void> {
  // Right calls compile, and answer with the server's models.
  const memory: Memory = await hebbs.remember({ content: "Acme signed the pilot", importance: 0.7 });
  const full: RecallOut = await hebbs.recall({ cue: "Acme's plans?", top_k: 5, on_conflict: "current" });
  const compact: CompactRecallOut = await hebbs.recall({ cue: "Acme", view: "compact" });
  same<Answer<"/v1/recall", "post">, RecallOut | CompactRecallOut>(true);
  same<RequestBody<"/v1/memories", "post">["content"], string>(true);
  void [memory, full, compact];

  // @ts-expect-error a misspelt field (request models allow no other properties)
  await hebbs.remember({ content: "x", importanse: 0.7 });
  // @ts-expect-error importance is a number
  await hebbs.remember({ content: "x", importance: "high" });
  // @ts-expect-error content is required
  await hebbs.remember({ entity_id: "acme" });
  // @ts-expect-error no such edge type
  await hebbs.link(memory.id, { target_id: memory.id, edge_type: "LIKES" });
  // @ts-expect-error no such strategy
  await hebbs.recall({ cue: "x", strategies: [{ strategy: "telepathy" }] });
  // @ts-expect-error a memory id is a string
  await hebbs.get(42);
  // @ts-expect-error a compact recall has no score breakdown
  void compact.results[0]?.breakdown;
  // @ts-expect-error a conversation's messages are objects with content
  await hebbs.conversation({ entity_id: "acme", messages: ["hello"] });
  // @ts-expect-error no such operation
  await hebbs.rememberAll([]);
  // @ts-expect-error no such path
  same<RequestBody<"/v1/recollect", "post">, never>(true);

  // Frames narrow on `type`.
  const frame: Push | null = await sub.receive();
  if (frame?.type === "memory") {
    void frame.memory.content;
    void frame.breakdown.relevance;
  } else if (frame?.type === "recalled") {
    void frame.took_ms;
    // @ts-expect-error a recalled frame carries no memory
    void frame.memory;
  } else if (frame) {
    void frame.error.code;
  }
  // @ts-expect-error a line is text
  await sub.send({ text: "hi" });
}
