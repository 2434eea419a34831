/**
 * Request and answer types of each operation, taken from the generated schema by path and
 * method: nothing here is written by hand, so a changed REST model changes these types.
 */
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";

/** Every model of the API by name, e.g. `Schemas["Memory"]`. */
export type Schemas = components["schemas"];

type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];

/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } }
    ? B
    : never;

/** The JSON an operation answers with (its 200 or 201). */
export type Answer<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { "application/json": infer T } } }
      ? T
      : R extends { 201: { content: { "application/json": infer T } } }
        ? T
        : never
    : never;

/** The query parameters an operation takes. */
export type Query<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

// -- the models by name, for callers ------------------------------------------------------

export type Memory = Schemas["Memory"];
export type MemoryIn = Schemas["MemoryIn"];
export type MemoryPage = Schemas["MemoryPage"];
export type MemoryKind = Schemas["MemoryKind"];
export type Edge = Schemas["Edge"];
export type EdgeIn = Schemas["EdgeIn"];
export type EdgeType = Schemas["EdgeType"];
// The server checks each strategy against its own spec (RecallRequest: their union).
export type RecallIn = Schemas["RecallRequest"];
export type RecallOut = Schemas["RecallOut"];
export type RecallResult = Schemas["RecallResult"];
export type CompactRecallOut = Schemas["CompactRecallOut"];
export type PrimeIn = Schemas["PrimeIn"];
export type PrimeOut = Schemas["PrimeOut"];
export type CompactPrimeOut = Schemas["CompactPrimeOut"];
export type ScoreBreakdown = Schemas["ScoreBreakdown"];
export type StrategySpec = Schemas["StrategySpec"];
export type Weights = Schemas["Weights"];
export type ForgetIn = Schemas["ForgetIn"];
export type ForgetOut = Schemas["ForgetOut"];
export type ConversationIn = Schemas["ConversationIn"];
export type ConversationOut = Schemas["ConversationOut"];
export type MessageIn = Schemas["MessageIn"];
export type Insight = Schemas["Insight"];
export type InsightIn = Schemas["InsightIn"];
export type VerdictIn = Schemas["VerdictIn"];
export type PendingContradiction = Schemas["PendingContradiction"];
export type RestoreOut = Schemas["RestoreOut"];
export type ErrorBody = Schemas["Error"];

// -- the subscribe stream's frames (documented as components; OpenAPI has no WebSocket) ---

export type SubscribeIn = Schemas["SubscribeIn"];
/** Any frame the server sends on /v1/subscribe. */
export type SubscribeFrame = Schemas["SubscribeFrame"];
export type Subscribed = Schemas["Subscribed"];
export type MemoryPush = Schemas["MemoryPush"];
export type Recalled = Schemas["Recalled"];
export type ErrorFrame = Schemas["ErrorFrame"];
/** What iterating a subscription yields: everything after its `subscribed` frame. */
export type Push = MemoryPush | Recalled | ErrorFrame;
