/**
 * hebbs-graph-client: the TypeScript client of the hebbs-graph API.
 *
 *     import { HebbsClient, NotFound } from "hebbs-graph-client";
 *
 *     const hebbs = new HebbsClient({ baseUrl: "http://127.0.0.1:8000", apiKey: process.env.HEBBS_API_KEY });
 *     const memory = await hebbs.remember({ content: "Acme's budget is $5,000", entity_id: "acme" });
 *     const found = await hebbs.recall({ cue: "what is Acme's budget?", entity_id: "acme" });
 */
export { BOOKMARK_HEADER, DEFAULT_URL, HebbsClient, LONG_TIMEOUT_MS } from "./client.js";
export type { ClientOptions, RequestOptions } from "./client.js";
export { Subscription } from "./subscribe.js";
export type { SubscribeOptions } from "./subscribe.js";
export {
  ApiTimeout,
  ApiUnreachable,
  BookmarkNotReached,
  Conflict,
  GraphUnavailable,
  HebbsError,
  InvalidInput,
  LLMBadOutput,
  LLMError,
  LLMNotConfigured,
  NotFound,
  NotInSession,
  ServerError,
  SessionExpired,
  TooLarge,
  Unauthorized,
  UnknownSession,
  errorFrom,
} from "./errors.js";
export type { ErrorOptions } from "./errors.js";
export type * from "./types.js";
