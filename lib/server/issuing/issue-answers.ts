import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { json, readJsonBody } from "@/lib/server/platform/http";
import { prefersRespondAsync } from "@/lib/server/platform/http/prefer";
import { annotateRequest } from "@/lib/server/platform/http/request-context";

import { issueEcf } from "./issue-ecf";
import { findIssuedSummaryXml, findIssuedXml } from "./issued-documents";

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

/**
 * The signed e-CF exactly as issued, or with `?summary=true` the signed summary (RFCE) DGII received
 * for a type 32 under RD$250,000, as a download named as DGII names it (RNCEmisor + e-NCF). The API
 * and the portal serve it alike; 404 DOCUMENT_NOT_FOUND when the company holds no such XML.
 */
export async function signedXmlResponse(
  auth: { accountId: string; rnc: string },
  environment: Environment,
  ecf: string,
  query: URLSearchParams,
): Promise<Response> {
  const summary = summaryParameter(query);
  const xml = summary
    ? await findIssuedSummaryXml(auth.accountId, environment, ecf)
    : await findIssuedXml(auth.accountId, environment, ecf);
  if (xml === null) {
    throw new AppError(
      "DOCUMENT_NOT_FOUND",
      summary
        ? `No hay un resumen (RFCE) firmado del e-NCF ${ecf} en ${environment}: solo una factura de consumo menor de RD$250,000 emitida aquí lo tiene.`
        : `No hay un e-CF firmado con el e-NCF ${ecf} en ${environment}.`,
    );
  }
  return new Response(xml, {
    status: 200,
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${auth.rnc}${ecf.replace(/[^A-Za-z0-9]/g, "")}.xml"`,
    },
  });
}

function summaryParameter(query: URLSearchParams): boolean {
  const value = query.get("summary");
  if (value === null || value === "false") return false;
  if (value === "true") return true;
  throw new AppError("INVALID_PARAMETER", "summary debe ser true o false.", {
    extra: { parameter: "summary" },
  });
}
