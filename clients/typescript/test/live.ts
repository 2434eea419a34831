// Where the tests find the API: HEBBS_URL and HEBBS_API_KEY (a key of a tenant of the
// tests' own; every memory they store is under an entity id of this run, and removed).
import { randomUUID } from "node:crypto";

import { HebbsClient } from "hebbs-graph-client";

export const url = process.env.HEBBS_URL ?? "";
export const apiKey = process.env.HEBBS_API_KEY ?? "";
if (!url) {
  throw new Error(
    "set HEBBS_URL (e.g. http://127.0.0.1:8000) and HEBBS_API_KEY to a key of a tenant for the tests",
  );
}

export function client(): HebbsClient {
  return new HebbsClient({ baseUrl: url, apiKey: apiKey || undefined, timeoutMs: 60_000 });
}

/** An entity id of this run only. */
export function entity(what: string): string {
  return `ts-${what}-${randomUUID().slice(0, 8)}`;
}

/** Rejects after `ms` (for waiting on a stream). */
export function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
