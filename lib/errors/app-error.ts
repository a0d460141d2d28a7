import { ERROR_STATUS, type ErrorCode } from "./error-codes";

/** One problem of a request, e.g. one invalid line of a void request (line is 1-based). */
export interface ErrorDetail {
  line?: number;
  field?: string;
  code: ErrorCode;
  message: string;
}

export interface AppErrorOptions {
  /** Every problem found, so a user can fix them all at once. */
  errors?: ErrorDetail[];
  /** Extra JSON fields for the response body (e.g. voidId of a failed attempt). */
  extra?: Record<string, unknown>;
  /** Overrides the status of the code table (rarely needed). */
  status?: number;
  cause?: unknown;
}

/**
 * The one error type of Anula. Library code throws it; the HTTP wrapper turns it into the spec's
 * JSON error body `{ message, code, errors?, ...extra }` with the status from the code table.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: ErrorDetail[];
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.errors = options.errors;
    this.extra = options.extra;
  }

  toBody(): Record<string, unknown> {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
