import type { components } from "./schema";

/** Every code the API answers with (the OpenAPI document's ErrorCode). */
export type ApiErrorCode = components["schemas"]["ErrorCode"];

/**
 * Codes the client gives when the API gave none: no HTTP answer arrived (NETWORK_ERROR, TIMEOUT),
 * the answer was not the API's JSON (INVALID_RESPONSE), or there is nothing to sign in with.
 */
export type ClientErrorCode = "NETWORK_ERROR" | "TIMEOUT" | "INVALID_RESPONSE" | "NO_CREDENTIALS";

export type AnulaErrorCode = ApiErrorCode | ClientErrorCode;

export interface AnulaErrorInit {
  code: AnulaErrorCode;
  message: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  voidId?: string;
  requestId?: string;
  /** The Idempotency-Key of the void concerned: resend with it and nothing is sent twice. */
  idempotencyKey?: string;
  /** Seconds the server asked to wait (429, 503). */
  retryAfterSeconds?: number;
  /** The API's error body as received (`errors` per line, `status`, `detail`…). */
  body?: components["schemas"]["ErrorResponse"];
  cause?: unknown;
}

/**
 * An error as a value: methods return `{ error }` with one of these rather than throwing (only the
 * list iterators throw it, as an iterator has no other way). `code` is what programs branch on.
 */
export class AnulaError extends Error {
  readonly code: AnulaErrorCode;
  readonly status: number;
  readonly voidId?: string;
  readonly requestId?: string;
  readonly idempotencyKey?: string;
  readonly retryAfterSeconds?: number;
  readonly body?: components["schemas"]["ErrorResponse"];

  constructor(init: AnulaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "AnulaError";
    this.code = init.code;
    this.status = init.status;
    this.voidId = init.voidId;
    this.requestId = init.requestId;
    this.idempotencyKey = init.idempotencyKey;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = init.body;
  }

  /** The same error, naming the void's Idempotency-Key. */
  withIdempotencyKey(idempotencyKey: string): AnulaError {
    return new AnulaError({ ...this, message: this.message, idempotencyKey, cause: this.cause });
  }
}

export type Result<T> = { data: T; error?: undefined } | { data?: undefined; error: AnulaError };

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** The API's JSON error body → AnulaError; anything else (a proxy's HTML page) → INVALID_RESPONSE. */
export function errorFromResponse(response: Response, body: unknown): AnulaError {
  const common = {
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: retryAfterOf(response),
  };
  if (body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string") {
    const api = body as components["schemas"]["ErrorResponse"];
    return new AnulaError({
      ...common,
      code: api.code,
      message: typeof api.message === "string" ? api.message : api.code,
      voidId: api.voidId,
      body: api,
    });
  }
  return new AnulaError({
    ...common,
    code: "INVALID_RESPONSE",
    message: `HTTP ${response.status} without the API's error body`,
  });
}

/** A fetch that threw: no HTTP answer, so the outcome of a void is unknown (spec retry rule 4). */
export function errorFromThrown(thrown: unknown): AnulaError {
  // AbortSignal.timeout() rejects with a DOMException named TimeoutError, not always an Error subclass.
  const name = typeof thrown === "object" && thrown !== null && "name" in thrown ? String(thrown.name) : "";
  const timeout = name === "TimeoutError" || name === "AbortError";
  return new AnulaError({
    code: timeout ? "TIMEOUT" : "NETWORK_ERROR",
    status: 0,
    message: timeout
      ? "No answer in time"
      : `No answer: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    cause: thrown,
  });
}
