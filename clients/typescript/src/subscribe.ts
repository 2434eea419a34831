/**
 * The client side of /v1/subscribe: a Subscription to send lines to and iterate.
 *
 * Node 20 has no WebSocket of its own (22 has one, without a way to set the
 * Authorization header), so this uses the `ws` package: the key goes in the handshake's
 * header, as for REST, and a refused key is an HTTP 401 mapped to Unauthorized.
 *
 * Iteration yields MemoryPush, Recalled and ErrorFrame frames (a frame the server could
 * not take; the subscription goes on) and ends when the socket closes cleanly. A reader
 * that falls behind pauses the socket, so the server's bounded send queue holds back
 * its recalls instead of frames piling up here.
 */
import WebSocket from "ws";

import {
  ApiTimeout,
  ApiUnreachable,
  Conflict,
  type HebbsError,
  InvalidInput,
  ServerError,
  TooLarge,
  Unauthorized,
  errorFrom,
  errorFromFrame,
} from "./errors.js";
import type { Push, SubscribeFrame, SubscribeIn, Subscribed } from "./types.js";

export interface SubscribeOptions {
  /** How long to wait for the server's `subscribed` frame, in milliseconds. */
  openTimeoutMs?: number;
  /** Frames held for a slow reader before the socket is paused (default 64). */
  highWaterMark?: number;
}

interface OpenOptions extends SubscribeOptions {
  apiKey?: string | undefined;
}

// Close codes a server refuses a subscription with, when its error frame is not read
// first (it may close before the scope frame is even sent).
const BY_CLOSE: Record<number, new (message: string) => HebbsError> = {
  1008: Unauthorized,
  1013: Conflict,
};
const CLEAN_CLOSE = new Set([1000, 1001, 1005]);

type Waiter = {
  resolve: (frame: Push | null) => void;
  reject: (error: unknown) => void;
};

export class Subscription implements AsyncIterable<Push> {
  /** The limits the server settled on (threshold, top_k, max_recalls_per_s, ...). */
  readonly subscribed: Subscribed;
  /** How many lines have been sent; a push's `after_text` indexes them from 0. */
  linesSent = 0;
  readonly #socket: WebSocket;
  readonly #highWater: number;
  readonly #frames: Push[] = [];
  readonly #waiters: Waiter[] = [];
  #ended: { error: unknown } | null = null;
  #closed: Promise<void>;

  /** @internal Made by HebbsClient.subscribe. */
  constructor(socket: WebSocket, subscribed: Subscribed, highWaterMark: number) {
    this.#socket = socket;
    this.subscribed = subscribed;
    this.#highWater = highWaterMark;
    this.#closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("message", (data, isBinary) => this.#take(data, isBinary));
    socket.on("close", (code, reason) => {
      const clean = CLEAN_CLOSE.has(code);
      const text = reason.toString();
      this.#end(
        clean
          ? null
          : new ServerError(`the subscription was closed: ${code}${text ? ` ${text}` : ""}`, {
              details: { close_code: code },
            }),
      );
    });
    socket.on("error", (error) => this.#end(new ServerError(`the subscription failed: ${error.message}`, { cause: error })));
  }

  /**
   * Send one line of the conversation; resolves, once it is written, with its index
   * (the `after_text` of what it brings up). A line the server would refuse (empty, or
   * a frame over its `max_frame_bytes`) is refused here instead, with InvalidInput or
   * TooLarge, and not sent, so the indexes stay the server's.
   */
  send(text: string): Promise<number> {
    if (this.#ended || this.#socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ServerError("the subscription is closed"));
    }
    if (text.length === 0) {
      return Promise.reject(new InvalidInput("text: a line must not be empty", { details: { fields: ["text"] } }));
    }
    const frame = JSON.stringify({ text });
    const size = Buffer.byteLength(frame);
    const limit = this.subscribed.max_frame_bytes;
    if (size > limit) {
      return Promise.reject(
        new TooLarge(`a frame may hold at most ${limit} bytes (this one: ${size})`, { details: { limit } }),
      );
    }
    const index = this.linesSent++;
    return new Promise((resolve, reject) => {
      this.#socket.send(frame, (error) => (error ? reject(error) : resolve(index)));
    });
  }

  /**
   * Send a frame as it is (JSON-encoded), for what `send` does not cover; a frame the
   * server cannot take comes back as an error frame, and the subscription goes on.
   */
  sendFrame(frame: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#socket.send(JSON.stringify(frame), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** The next frame, or null once the socket has closed cleanly. */
  receive(): Promise<Push | null> {
    const frame = this.#frames.shift();
    if (frame !== undefined) {
      if (this.#frames.length < this.#highWater / 2 && this.#socket.isPaused) this.#socket.resume();
      return Promise.resolve(frame);
    }
    if (this.#ended) {
      return this.#ended.error ? Promise.reject(this.#ended.error) : Promise.resolve(null);
    }
    if (this.#socket.isPaused) this.#socket.resume();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  [Symbol.asyncIterator](): AsyncIterator<Push> {
    return {
      next: async (): Promise<IteratorResult<Push>> => {
        const frame = await this.receive();
        return frame === null ? { done: true, value: undefined } : { done: false, value: frame };
      },
    };
  }

  /** Close the socket (a close frame; the server stops its recalls) and wait for it. */
  async close(): Promise<void> {
    if (this.#socket.readyState === WebSocket.CLOSED) return;
    if (this.#socket.readyState !== WebSocket.CLOSING) this.#socket.close(1000);
    const timer = setTimeout(() => this.#socket.terminate(), 5_000);
    try {
      await this.#closed;
    } finally {
      clearTimeout(timer);
    }
  }

  #take(data: WebSocket.RawData, isBinary: boolean): void {
    let frame: SubscribeFrame;
    try {
      if (isBinary) throw new Error("a binary frame");
      frame = JSON.parse(rawText(data)) as SubscribeFrame;
    } catch (error) {
      this.#end(new ServerError(`the server sent a frame that is not JSON: ${String(error)}`));
      this.#socket.close(1002);
      return;
    }
    if (frame.type === "subscribed") {
      this.#end(new ServerError("the server sent a second subscribed frame"));
      this.#socket.close(1002);
      return;
    }
    const waiter = this.#waiters.shift();
    if (waiter) {
      waiter.resolve(frame);
      return;
    }
    this.#frames.push(frame);
    if (this.#frames.length >= this.#highWater && !this.#socket.isPaused) this.#socket.pause();
  }

  #end(error: unknown): void {
    if (this.#ended) return;
    this.#ended = { error };
    for (const waiter of this.#waiters.splice(0)) {
      if (error) waiter.reject(error);
      else waiter.resolve(null);
    }
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}

/**
 * Open /v1/subscribe at `baseUrl` (http or https), send the scope, and wait for the
 * server's `subscribed` frame.
 */
export async function openSubscription(
  baseUrl: string,
  scope: SubscribeIn,
  options: OpenOptions = {},
): Promise<Subscription> {
  const url = baseUrl.replace(/\/+$/, "").replace(/^http/, "ws") + "/v1/subscribe";
  const openTimeoutMs = options.openTimeoutMs ?? 10_000;
  const headers: Record<string, string> = {};
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  const socket = new WebSocket(url, { headers, handshakeTimeout: openTimeoutMs });
  return await new Promise<Subscription>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on("error", () => undefined);
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) {
        socket.terminate();
      }
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new ApiTimeout(`no subscribed frame from ${baseUrl} within ${openTimeoutMs} ms`)),
      openTimeoutMs,
    );
    socket.once("unexpected-response", (_request, response) => {
      // The handshake was refused with an HTTP answer (401 without a valid key).
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        const error = errorFrom(status, Buffer.concat(chunks).toString("utf8"), response.statusMessage);
        fail(status === 401 || status === 403 ? retype(error, Unauthorized) : error);
      });
      response.on("error", (error) => fail(error));
    });
    socket.once("error", (error: Error & { code?: string }) => {
      fail(
        new ApiUnreachable(
          `no hebbs-graph API at ${baseUrl} (${error.code ?? error.message}); start one with \`hebbs-graph serve\``,
          { cause: error },
        ),
      );
    });
    socket.once("open", () => {
      // Refused before the scope was read, the close (or an error frame) says why.
      socket.send(JSON.stringify({ type: "subscribe", ...scope }), () => undefined);
    });
    socket.once("close", (code, reason) => {
      const kind = BY_CLOSE[code] ?? ServerError;
      fail(new kind(`the subscription was refused: ${reason.toString() || `close code ${code}`}`));
    });
    socket.once("message", (data, isBinary) => {
      let frame: SubscribeFrame;
      try {
        if (isBinary) throw new Error("a binary frame");
        frame = JSON.parse(rawText(data)) as SubscribeFrame;
      } catch {
        fail(new ServerError("the server's first frame is not JSON"));
        return;
      }
      if (frame.type === "subscribed") {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.removeAllListeners();
        resolve(new Subscription(socket, frame, options.highWaterMark ?? 64));
        return;
      }
      if (frame.type === "error") {
        fail(errorFromFrame(frame.error.code, frame.error.message, frame.error.details));
        return;
      }
      fail(new ServerError(`expected a subscribed frame, got ${frame.type}`));
    });
  });
}

/** The same error as another class (the handshake's 401/403 are both Unauthorized). */
function retype(error: HebbsError, kind: typeof Unauthorized): HebbsError {
  if (error instanceof kind) return error;
  return new kind(error.message, { code: error.code, details: error.details, status: error.status });
}
