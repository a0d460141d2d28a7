import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { json, readJsonBody } from "@/lib/server/platform/http";
import { prefersRespondAsync } from "@/lib/server/platform/http/prefer";
import { annotateRequest } from "@/lib/server/platform/http/request-context";

import { issueEcf } from "./issue-ecf";

/** An e-CF of 1,000 items is ~1 MB of JSON; DGII's own limit on an e-CF is far below this. */
export const ISSUE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * POST /{environment}/documentos-ecf once its caller is known: `?validate=true` answers `{ valid: true,
 * message }`; an issued e-CF answers 200 with MSeller's fields (202 only when the client asked for
 * `Prefer: respond-async` and DGII's reception is still going on). Never an error status for a
 * document that was signed and stored: a client that reads any non-200 as failure would issue the
 * sale again under a new number.
 */
export async function answerIssuePost(
  request: Request,
  environment: Environment,
  auth: AuthContext,
): Promise<Response> {
  const body = await readJsonBody(request, { maxBytes: ISSUE_BODY_LIMIT_BYTES });
  const validateOnly = new URL(request.url).searchParams.get("validate") === "true";
  const respondAsync = prefersRespondAsync(request.headers);
  const result = await issueEcf({
    accountId: auth.accountId,
    rnc: auth.rnc,
    environment,
    body,
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    validateOnly,
    respondAsync,
  });
  if (result.kind === "valid") return json({ valid: true, message: result.message });
  annotateRequest({ ecf: result.answer.ecf, replayed: result.replayed });
  const status = respondAsync && result.sentInBackground ? 202 : 200;
  return json({ ...result.answer, replayed: result.replayed }, status);
}
