export { createAnulaClient } from "./client";
export type {
  AnulaClient,
  AnulaClientOptions,
  DocumentRecord,
  DocumentsBatchResponse,
  Environment,
  VoidListFilter,
  VoidListPage,
  VoidOutcome,
  VoidRecord,
  VoidRequest,
  VoidResult,
} from "./client";
export { AnulaError } from "./errors";
export type { AnulaErrorCode, ApiErrorCode, ClientErrorCode, Result } from "./errors";
export { isRetryable, type RequestKind, type RetryOptions } from "./retry";
export type { Credentials, Tokens } from "./session";
export type { components, operations, paths } from "./schema";
