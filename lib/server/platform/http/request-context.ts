import "server-only";

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log line of the current REST request should say beyond method, path, status and
 * duration. Use cases add what only they know (the account's RNC, the voidId) without threading a
 * logger through every call. Never secrets: only identifiers and outcomes.
 */
export interface RequestLogFields {
  rnc?: string;
  environment?: string;
  voidId?: string;
  voidStatus?: string;
  /** A void held by the approval policy: the request it became. */
  requestId?: string;
  /** An issued e-CF: its e-NCF, and whether the answer was the stored one (the same e-CF again). */
  ecf?: string;
  replayed?: boolean;
}

interface RequestContext {
  requestId: string;
  fields: RequestLogFields;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  return storage.run({ requestId, fields: {} }, work);
}

/** The x-request-id of the REST request being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Adds fields to the current request's log line (ignored outside a request). */
export function annotateRequest(fields: RequestLogFields): void {
  const context = storage.getStore();
  if (context) Object.assign(context.fields, fields);
}

export function currentRequestFields(): RequestLogFields {
  return { ...storage.getStore()?.fields };
}
