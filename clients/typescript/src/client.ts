/**
 * HebbsClient: one method per REST operation of hebbs-graph. Each takes the operation's
 * request body (and a path id first, where the path has one) and resolves to its answer,
 * typed from the generated schema; refusals reject with the errors in ./errors.ts.
 */
import { ApiTimeout, ApiUnreachable, HebbsError, errorFrom } from "./errors.js";
import { openSubscription, type Subscription, type SubscribeOptions } from "./subscribe.js";
import type {
  Answer,
  CompactPrimeOut,
  CompactRecallOut,
  PrimeOut,
  Query,
  RecallOut,
  RequestBody,
  SubscribeIn,
} from "./types.js";

export const DEFAULT_URL = "http://127.0.0.1:8000";
/** The header Neo4j bookmarks travel in (decision 0030): opaque, comma-separated tokens. */
export const BOOKMARK_HEADER = "Hebbs-Bookmarks";
/** A request carries at most this many bookmarks (the server's limit); the oldest go. */
const MAX_BOOKMARKS = 64;
/** The LLM route may make many provider calls, and a restore may be large: give them longer. */
export const LONG_TIMEOUT_MS = 900_000;

export interface ClientOptions {
  /** The API's base URL (default http://127.0.0.1:8000). */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer <apiKey>`; each key maps to one tenant. */
  apiKey?: string;
  /** Per request, in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** A fetch of your own (a proxy agent, instrumentation); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Bookmarks another client held (its `bookmarks`), to read after its writes. */
  bookmarks?: string;
}

export interface RequestOptions {
  /** This request's timeout in milliseconds, instead of the client's. */
  timeoutMs?: number;
  /** Cancels the request; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

type RecallBody = RequestBody<"/v1/recall", "post">;
type PrimeBody = RequestBody<"/v1/prime", "post">;
type GraphQuery = Omit<Query<"/v1/graph", "get">, "ids"> & {
  /** Memory ids (sent comma-separated). */
  ids?: readonly string[] | string | null;
};

export class HebbsClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof globalThis.fetch;
  #bookmarks: string[] = [];

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_URL).replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.bookmarks = options.bookmarks;
  }

  /**
   * The Neo4j bookmarks of the newest answers this client received, as the opaque
   * `Hebbs-Bookmarks` value it sends with every request: its reads then see its writes,
   * whichever worker, host or cluster member serves them. Hand it to another client
   * (`new HebbsClient({ bookmarks })` or this setter) to carry the session on there.
   */
  get bookmarks(): string | undefined {
    return this.#bookmarks.length ? this.#bookmarks.join(", ") : undefined;
  }

  set bookmarks(value: string | undefined | null) {
    this.#bookmarks = tokens(value).slice(-MAX_BOOKMARKS);
  }

  // -- memories ---------------------------------------------------------------------------

  /**
   * Remember one episode (importance 0.5 and occurred_at now unless given). The same words
   * again for the same entity reinforce the stored memory and return it with
   * `reinforced: true` (HTTP 200), unless `on_duplicate: "store"`.
   */
  remember(
    body: RequestBody<"/v1/memories", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories", "post">> {
    return this.#json("POST", "/v1/memories", { body, ...options });
  }

  /** Remember up to 1,000 at once; `memory_ids` come back in input order. */
  rememberBatch(
    body: RequestBody<"/v1/memories/batch", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories/batch", "post">> {
    return this.#json("POST", "/v1/memories/batch", { body, ...options });
  }

  /**
   * Remember a conversation's turns, one episode each, chained by FOLLOWED_BY; the same
   * session_id again appends, and turns the session already holds are skipped.
   */
  conversation(
    body: RequestBody<"/v1/conversations", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/conversations", "post">> {
    return this.#json("POST", "/v1/conversations", { body, ...options });
  }

  get(memoryId: string, options?: RequestOptions): Promise<Answer<"/v1/memories/{memory_id}", "get">> {
    return this.#json("GET", `/v1/memories/${segment(memoryId)}`, { ...options });
  }

  /** Memories newest first; pass `next_cursor` back as `cursor` for the next page. */
  listMemories(
    query: Query<"/v1/memories", "get"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories", "get">> {
    return this.#json("GET", "/v1/memories", { query, ...options });
  }

  /** A memory's relationships, both directions. */
  edges(
    memoryId: string,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories/{memory_id}/edges", "get">> {
    return this.#json("GET", `/v1/memories/${segment(memoryId)}/edges`, { ...options });
  }

  /** Draw an edge from `memoryId` to `target_id` (CAUSED_BY or RELATED_TO). */
  link(
    memoryId: string,
    body: RequestBody<"/v1/memories/{memory_id}/edges", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories/{memory_id}/edges", "post">> {
    return this.#json("POST", `/v1/memories/${segment(memoryId)}/edges`, { body, ...options });
  }

  /** Revise in place; the old wording is kept as a snapshot (see lineage). */
  revise(
    memoryId: string,
    body: RequestBody<"/v1/revise/{memory_id}", "put">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/revise/{memory_id}", "put">> {
    return this.#json("PUT", `/v1/revise/${segment(memoryId)}`, { body, ...options });
  }

  /** Hard-delete every memory matching all the criteria given (at least one). */
  forget(
    body: RequestBody<"/v1/forget", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/forget", "post">> {
    return this.#json("POST", "/v1/forget", { body, ...options });
  }

  // -- recall -----------------------------------------------------------------------------

  /**
   * Recall by cue (hybrid unless `strategies` says otherwise), best first. With
   * `view: "compact"` the answer holds id, content, score, time and kind only.
   */
  recall(body: RecallBody & { view: "compact" }, options?: RequestOptions): Promise<CompactRecallOut>;
  recall(body: RecallBody & { view?: "full" | null }, options?: RequestOptions): Promise<RecallOut>;
  recall(body: RecallBody, options?: RequestOptions): Promise<Answer<"/v1/recall", "post">>;
  recall(body: RecallBody, options?: RequestOptions): Promise<Answer<"/v1/recall", "post">> {
    return this.#json("POST", "/v1/recall", { body, ...options });
  }

  /** What an agent should know about an entity before it starts. */
  prime(body: PrimeBody & { view: "compact" }, options?: RequestOptions): Promise<CompactPrimeOut>;
  prime(body: PrimeBody & { view?: "full" | null }, options?: RequestOptions): Promise<PrimeOut>;
  prime(body: PrimeBody, options?: RequestOptions): Promise<Answer<"/v1/prime", "post">>;
  prime(body: PrimeBody, options?: RequestOptions): Promise<Answer<"/v1/prime", "post">> {
    return this.#json("POST", "/v1/prime", { body, ...options });
  }

  /**
   * Streaming recall over the /v1/subscribe WebSocket: resolves once the server has
   * taken the scope (its `subscribed` frame is `subscription.subscribed`).
   *
   *     const sub = await client.subscribe({ entity_id: "acme", threshold: 0.35 });
   *     await sub.send("Ana: did the security review sign off on SSO?");
   *     for await (const frame of sub) if (frame.type === "memory") ...
   *     await sub.close();
   */
  subscribe(scope: SubscribeIn = {}, options: SubscribeOptions = {}): Promise<Subscription> {
    return openSubscription(this.baseUrl, scope, {
      apiKey: this.#apiKey,
      openTimeoutMs: options.openTimeoutMs ?? this.timeoutMs,
      ...options,
    });
  }

  // -- graph ------------------------------------------------------------------------------

  /** For an insight its INSIGHT_FROM sources, for any memory its REVISED_FROM history. */
  lineage(
    memoryId: string,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/memories/{memory_id}/lineage", "get">> {
    return this.#json("GET", `/v1/memories/${segment(memoryId)}/lineage`, { ...options });
  }

  /** Nodes and edges around ids or an entity (what the Memory Palace draws). */
  graph(query: GraphQuery = {}, options?: RequestOptions): Promise<Answer<"/v1/graph", "get">> {
    const ids = typeof query.ids === "string" ? query.ids : query.ids?.join(",");
    return this.#json("GET", "/v1/graph", { query: { ...query, ids }, ...options });
  }

  /** Entity ids with their counts, by `after` and `limit`. */
  entities(
    query: Query<"/v1/entities", "get"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/entities", "get">> {
    return this.#json("GET", "/v1/entities", { query, ...options });
  }

  // -- contradictions ---------------------------------------------------------------------

  /** Pending contradiction candidates, strongest first, with the verdict guide. */
  contradictionPrepare(
    body: RequestBody<"/v1/contradictions/prepare", "post"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/contradictions/prepare", "post">> {
    return this.#json("POST", "/v1/contradictions/prepare", { body, ...options });
  }

  /** Verdicts {pending_id, verdict, ...}: applied all at once, or none of them. */
  contradictionCommit(
    body: RequestBody<"/v1/contradictions/commit", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/contradictions/commit", "post">> {
    return this.#json("POST", "/v1/contradictions/commit", { body, ...options });
  }

  /** Run detection over existing memories; with `limit`, page on with `next_cursor`. */
  contradictionScan(
    body: RequestBody<"/v1/contradictions/scan", "post"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/contradictions/scan", "post">> {
    return this.#json("POST", "/v1/contradictions/scan", { body, ...options });
  }

  // -- reflect ----------------------------------------------------------------------------

  /** Agent route, step 1: clusters of new episodes, each with a proposal prompt. */
  reflectPrepare(
    body: RequestBody<"/v1/reflect/prepare", "post"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/reflect/prepare", "post">> {
    return this.#json("POST", "/v1/reflect/prepare", { body, ...options });
  }

  /** Agent route, step 2: store insights and verdicts on stale insights. */
  reflectCommit(
    body: RequestBody<"/v1/reflect/commit", "post">,
    options?: RequestOptions,
  ): Promise<Answer<"/v1/reflect/commit", "post">> {
    return this.#json("POST", "/v1/reflect/commit", { body, ...options });
  }

  /** LLM route: the server's LLM proposes, validates and stores insights (15 min timeout). */
  reflect(
    body: RequestBody<"/v1/reflect", "post"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/reflect", "post">> {
    return this.#json("POST", "/v1/reflect", { body, timeoutMs: LONG_TIMEOUT_MS, ...options });
  }

  reflectStatus(
    query: Query<"/v1/reflect/status", "get"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/reflect/status", "get">> {
    return this.#json("GET", "/v1/reflect/status", { query, ...options });
  }

  insights(
    query: Query<"/v1/insights", "get"> = {},
    options?: RequestOptions,
  ): Promise<Answer<"/v1/insights", "get">> {
    return this.#json("GET", "/v1/insights", { query, ...options });
  }

  // -- backup -----------------------------------------------------------------------------

  /**
   * The tenant's (or one entity's) backup, line by line as the API streams it. The
   * timeout covers the wait for the answer to start, not the whole stream.
   */
  async *exportBackup(
    query: Query<"/v1/export", "get"> = {},
    options: RequestOptions = {},
  ): AsyncGenerator<string, void, undefined> {
    const response = await this.#send("GET", "/v1/export", { query, ...options, headersOnly: true });
    if (!response.body) return;
    const decoder = new TextDecoder();
    let rest = "";
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      rest += decoder.decode(chunk, { stream: true });
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line) yield line;
    }
    rest += decoder.decode();
    if (rest) yield rest;
  }

  /**
   * Restore a backup (as exportBackup gave it) into this tenant, all or nothing: the
   * NDJSON text, its bytes, or an async iterable of lines or chunks (streamed).
   */
  async importBackup(
    content: string | Uint8Array | AsyncIterable<string | Uint8Array>,
    query: Query<"/v1/import", "post"> = {},
    options: RequestOptions = {},
  ): Promise<Answer<"/v1/import", "post">> {
    const streamed = typeof content !== "string" && !(content instanceof Uint8Array);
    const body = streamed ? encodeStream(content) : content;
    const response = await this.#send("POST", "/v1/import", {
      query,
      timeoutMs: LONG_TIMEOUT_MS,
      ...options,
      raw: body,
      contentType: "application/x-ndjson",
    });
    return (await response.json()) as Answer<"/v1/import", "post">;
  }

  // -- health -----------------------------------------------------------------------------

  /** Liveness: the process answers. */
  live(options?: RequestOptions): Promise<Answer<"/v1/health/live", "get">> {
    return this.#json("GET", "/v1/health/live", { ...options });
  }

  /** Readiness (Neo4j reachable, indexes online); a 503 is an answer here, not an error. */
  ready(options?: RequestOptions): Promise<Answer<"/v1/health/ready", "get">> {
    return this.#json("GET", "/v1/health/ready", { ...options, ok: [503] });
  }

  /** The Prometheus exposition text. */
  async metrics(options?: RequestOptions): Promise<string> {
    return await (await this.#send("GET", "/v1/metrics", { ...options })).text();
  }

  // -- plumbing ---------------------------------------------------------------------------

  async #json<T>(method: string, path: string, request: SendOptions): Promise<T> {
    const response = await this.#send(method, path, request);
    return (await response.json()) as T;
  }

  async #send(method: string, path: string, request: SendOptions): Promise<Response> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      const text = queryText(value);
      if (text !== undefined) url.searchParams.set(name, text);
    }
    const headers: Record<string, string> = { Accept: "application/json" };
    if (this.#apiKey) headers.Authorization = `Bearer ${this.#apiKey}`;
    const sent = this.bookmarks;
    if (sent) headers[BOOKMARK_HEADER] = sent;
    let body: RequestInit["body"];
    let duplex: "half" | undefined;
    if (request.raw !== undefined) {
      headers["Content-Type"] = request.contentType ?? "application/octet-stream";
      body = request.raw as RequestInit["body"];
      if (typeof request.raw !== "string" && !(request.raw instanceof Uint8Array)) duplex = "half";
    } else if (request.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timer.signal]) : timer.signal;
    const init: RequestInit & { duplex?: "half" } = { method, headers, body, signal };
    if (duplex) init.duplex = duplex;
    let response: Response;
    try {
      response = await this.#fetch(url, init);
      this.#keepBookmarks(sent, response.headers.get(BOOKMARK_HEADER));
      if (response.status >= 400 && !(request.ok ?? []).includes(response.status)) {
        throw errorFrom(response.status, await response.text(), response.statusText);
      }
      if (request.headersOnly) {
        clearTimeout(timeout);
        return response;
      }
      // Read the body under the same timeout, then hand on a response that holds it.
      const bytes = await response.arrayBuffer();
      return new Response(bytes, { status: response.status, headers: response.headers });
    } catch (error) {
      throw this.#failure(error, request.signal, timer.signal, timeoutMs);
    } finally {
      if (!request.headersOnly) clearTimeout(timeout);
    }
  }

  /**
   * The tokens this request sent are replaced by the ones its answer names (they follow
   * them); the others stay (answers to requests in flight at once each add theirs).
   */
  #keepBookmarks(sent: string | undefined, received: string | null): void {
    const fresh = tokens(received);
    if (!fresh.length) return;
    const gone = new Set([...tokens(sent), ...fresh]);
    this.#bookmarks = [...this.#bookmarks.filter((t) => !gone.has(t)), ...fresh].slice(-MAX_BOOKMARKS);
  }

  #failure(error: unknown, caller: AbortSignal | undefined, timer: AbortSignal, timeoutMs: number): unknown {
    if (error instanceof HebbsError) return error;
    if (caller?.aborted) return caller.reason;
    if (timer.aborted) {
      return new ApiTimeout(`the hebbs-graph API at ${this.baseUrl} did not answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof TypeError) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const why = cause?.code ?? error.message;
      return new ApiUnreachable(
        `no hebbs-graph API at ${this.baseUrl} (${why}); start one with \`hebbs-graph serve\``,
        { cause: error },
      );
    }
    return error;
  }
}

interface SendOptions extends RequestOptions {
  body?: unknown;
  query?: object;
  raw?: unknown;
  contentType?: string;
  ok?: number[];
  /** Resolve once the headers are in (a stream), with the timeout covering only them. */
  headersOnly?: boolean;
}

/** The tokens of a Hebbs-Bookmarks value, in order, repeats dropped. */
function tokens(value: string | undefined | null): string[] {
  const found: string[] = [];
  for (const part of (value ?? "").split(",")) {
    const token = part.trim();
    if (token && !found.includes(token)) found.push(token);
  }
  return found;
}

/** One path segment, whatever the caller passed (an id never changes the route). */
function segment(value: string): string {
  return encodeURIComponent(value);
}

function queryText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(String).join(",");
  return String(value);
}

async function* encodeStream(
  content: AsyncIterable<string | Uint8Array>,
): AsyncGenerator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  for await (const chunk of content) yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
}
