/**
 * The client's errors: the server's error tree (hebbs_graph/errors.py) plus ServerError
 * and ApiUnreachable, as the Python client has them.
 *
 *     HebbsError
 *      ├── InvalidInput       400/422 (and 403, 415: what the caller sent was refused)
 *      │    └── TooLarge      413
 *      ├── NotFound           404 (also another tenant's id)
 *      ├── Conflict           409
 *      │    └── UnknownSession, SessionExpired, NotInSession
 *      ├── Unauthorized       401
 *      ├── GraphUnavailable   503
 *      │    └── BookmarkNotReached  the bookmarks sent are not applied there yet
 *      ├── LLMError           the server's LLM provider failed (LLMBadOutput, LLMNotConfigured)
 *      ├── ServerError        any other 5xx
 *      └── ApiUnreachable     nothing answered at baseUrl
 *           └── ApiTimeout    no answer within the timeout
 *
 * The server's own code is `code` (e.g. "invalid_input", "forbidden_origin"), its details
 * (the fields at fault, a limit) are `details`, and the HTTP status is `status`.
 */

export interface ErrorOptions {
  details?: unknown;
  /** The server's error code; the class's own code when not given. */
  code?: string;
  status?: number;
  cause?: unknown;
}

export class HebbsError extends Error {
  static readonly code: string = "error";
  /** The server's error code (or the class's, for an error made here). */
  readonly code: string;
  /** What was at fault, as the server sent it (e.g. the list of invalid fields), or null. */
  readonly details: unknown;
  /** The HTTP status, when the error came back over HTTP. */
  readonly status: number | undefined;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code ?? (new.target as typeof HebbsError).code;
    this.details = options.details ?? null;
    this.status = options.status;
  }
}

export class InvalidInput extends HebbsError {
  static override readonly code: string = "invalid_input";
  /**
   * The fields the server named as at fault (422 answers list them in details), e.g.
   * ["body.importance"] or ["importance"].
   */
  get fields(): string[] {
    return fieldsOf(this.details);
  }
}
export class TooLarge extends InvalidInput {
  static override readonly code: string = "too_large";
}
export class NotFound extends HebbsError {
  static override readonly code: string = "not_found";
}
export class Conflict extends HebbsError {
  static override readonly code: string = "conflict";
}
export class UnknownSession extends Conflict {
  static override readonly code: string = "unknown_session";
}
export class SessionExpired extends Conflict {
  static override readonly code: string = "session_expired";
}
export class NotInSession extends Conflict {
  static override readonly code: string = "not_in_session";
}
export class Unauthorized extends HebbsError {
  static override readonly code: string = "unauthorized";
}
export class GraphUnavailable extends HebbsError {
  static override readonly code: string = "graph_unavailable";
}
/** The Neo4j member serving the request has not applied the writes its bookmarks name in time. */
export class BookmarkNotReached extends GraphUnavailable {
  static override readonly code: string = "bookmark_not_reached";
}
export class LLMError extends HebbsError {
  static override readonly code: string = "llm_error";
}
export class LLMBadOutput extends LLMError {
  static override readonly code: string = "llm_bad_output";
}
export class LLMNotConfigured extends LLMError {
  static override readonly code: string = "llm_not_configured";
}
/** The server failed (a 5xx other than 503), or broke the subscribe protocol. */
export class ServerError extends HebbsError {
  static override readonly code: string = "server_error";
}
/** No hebbs-graph API answered at the given URL. */
export class ApiUnreachable extends HebbsError {
  static override readonly code: string = "unreachable";
}
/** The API did not answer within the request's timeout. */
export class ApiTimeout extends ApiUnreachable {
  static override readonly code: string = "timeout";
}

type ErrorClass = new (message: string, options?: ErrorOptions) => HebbsError;

const BY_STATUS: Record<number, ErrorClass> = {
  400: InvalidInput,
  401: Unauthorized,
  404: NotFound,
  409: Conflict,
  413: TooLarge,
  422: InvalidInput,
  503: GraphUnavailable,
};

// Errors whose code says more than their status does.
const BY_CODE: Record<string, ErrorClass> = Object.fromEntries(
  [
    BookmarkNotReached,
    UnknownSession,
    SessionExpired,
    NotInSession,
    LLMError,
    LLMBadOutput,
    LLMNotConfigured,
  ].map(
    (kind) => [kind.code, kind],
  ),
);

// The codes of the subscribe stream's error frames.
const BY_FRAME_CODE: Record<string, ErrorClass> = {
  unauthorized: Unauthorized,
  invalid_input: InvalidInput,
  too_large: TooLarge,
  too_many_subscriptions: Conflict,
  graph_unavailable: GraphUnavailable,
};

interface ServerErrorBody {
  code?: unknown;
  message?: unknown;
  details?: unknown;
}

/** The error for an HTTP answer of status >= 400, from its body's {"error": {...}}. */
export function errorFrom(status: number, bodyText: string, statusText = ""): HebbsError {
  let message = bodyText.slice(0, 500) || statusText || `HTTP ${status}`;
  let code: string | undefined;
  let details: unknown = null;
  try {
    const error = (JSON.parse(bodyText) as { error?: ServerErrorBody }).error;
    if (error && typeof error.message === "string") {
      message = error.message;
      details = error.details ?? null;
      code = typeof error.code === "string" ? error.code : undefined;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  const kind =
    (code !== undefined ? BY_CODE[code] : undefined) ??
    BY_STATUS[status] ??
    (status >= 500 ? ServerError : InvalidInput);
  return new kind(message, { code, details, status });
}

/** The error for a subscribe error frame. */
export function errorFromFrame(code: string, message: string, details: unknown): HebbsError {
  const kind = BY_FRAME_CODE[code] ?? ServerError;
  return new kind(message, { code, details });
}

function fieldsOf(details: unknown): string[] {
  if (Array.isArray(details)) {
    // Litestar's validation problems: [{"key": "importance", "message": ...}, ...]
    return details.flatMap((problem: unknown) => {
      if (problem && typeof problem === "object") {
        const key = (problem as { key?: unknown; loc?: unknown }).key;
        if (typeof key === "string") return [key];
        const loc = (problem as { loc?: unknown }).loc;
        if (Array.isArray(loc)) return [loc.map(String).join(".")];
      }
      return [];
    });
  }
  if (details && typeof details === "object") {
    const fields = (details as { fields?: unknown }).fields;
    if (Array.isArray(fields)) return fields.map(String);
  }
  return [];
}
