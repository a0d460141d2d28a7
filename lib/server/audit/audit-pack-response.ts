import "server-only";

import { Readable } from "node:stream";

import { parseAuditPeriod } from "@/lib/domain/audit-period";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { actorOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/auth";
import { getDb } from "@/lib/server/platform/db";
import { clientAddressOf, UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import { openAuditPack, type AuditPackOptions } from "./build-audit-pack";

/** anula-auditoria-{RNC}-{environment}-{from}-{to}.zip */
export function auditPackFileName(rnc: string, environment: Environment, from: string, to: string): string {
  return `anula-auditoria-${rnc}-${environment}-${from}-${to}.zip`;
}

/**
 * The audit pack as a download, for the API and the portal alike: the period checked (400
 * INVALID_PERIOD / PERIOD_TOO_LONG), the download recorded in the activity log
 * ("audit_pack.downloaded" with the period), then the ZIP streamed as the client reads it.
 */
export async function auditPackResponse(
  request: Request,
  auth: AuthContext,
  environment: Environment,
  input: { from: unknown; to: unknown },
  options?: AuditPackOptions,
): Promise<Response> {
  const parsed = parseAuditPeriod(input.from, input.to);
  if (!parsed.ok) throw new AppError(parsed.code, parsed.message);
  const { period } = parsed;
  const ip = clientAddressOf(request);
  await recordActivity(await getDb(), {
    accountId: auth.accountId,
    organizationId: auth.organizationId,
    environment,
    action: "audit_pack.downloaded",
    actor: actorOf(auth),
    details: { from: period.from, to: period.to, environment },
    ip: ip === UNKNOWN_ADDRESS ? null : ip,
  });
  // Opened after the entry is written, so the pack's activity log holds its own download.
  const stream = await openAuditPack(
    { accountId: auth.accountId, rnc: auth.rnc },
    environment,
    period,
    options,
  );
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${auditPackFileName(auth.rnc, environment, period.from, period.to)}"`,
      "cache-control": "private, no-store",
    },
  });
}
