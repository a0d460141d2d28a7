import "server-only";

import type { IncomingMessage } from "node:http";

import type { Environment } from "@/lib/domain/environments";
import type { Dialect } from "./dialects";
import type { Fault } from "./faults";
import type { CallRecord, SimulatorState } from "./state";

/** What a service handler answers; the server writes it (or drops it, when a fault says so). */
export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Facts for the call log (who called, for which RNC). */
  call?: Partial<Pick<CallRecord, "tokenHolderId" | "tokenFingerprint" | "rncEmisor">>;
}

export interface ServiceRequest {
  environment: Environment;
  request: IncomingMessage;
  url: URL;
  body: Buffer;
  state: SimulatorState;
  /** How this call's answer is worded: the simulator's dialect, or a dialect fault's for this call. */
  dialect: Dialect;
  /** The fault this call took, when the service itself acts on it (recepcion's no-verdict). */
  fault?: Fault;
}

export function jsonReply(status: number, value: unknown, call?: Reply["call"]): Reply {
  return { status, body: JSON.stringify(value), contentType: "application/json; charset=utf-8", call };
}

/** DGII answers several errors with a bare string body, not JSON. */
export function textReply(status: number, text: string, call?: Reply["call"]): Reply {
  return { status, body: text, contentType: "text/plain; charset=utf-8", call };
}

/** ASP.NET's 401 for a missing/invalid bearer token: empty body and a WWW-Authenticate challenge. */
export function unauthorizedReply(): Reply {
  return { status: 401, body: "", headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } };
}
