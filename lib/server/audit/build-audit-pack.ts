import "server-only";

import type { Readable } from "node:stream";

import type { AuditPeriod } from "@/lib/domain/audit-period";
import { MAX_608_LINES_PER_FILE } from "@/lib/domain/dgii-608";
import type { Environment } from "@/lib/domain/environments";
import { logger } from "@/lib/server/platform/config/logger";

import {
  activityCsv,
  rangesCsv,
  settlementsCsv,
  voidsCsv,
  withoutReasonCsv,
  writeAnswers,
  writeEvidence,
  writeSignedXml,
} from "./audit-files";
import { countsOf, lines608ByMonth, type AuditScope, type PageOptions } from "./audit-queries";
import { plan608, write608 } from "./form-608";
import { readmeTxt } from "./readme-txt";
import { ZipWriter } from "./zip-writer";

export interface AuditPackOptions {
  /** Lines per 608 file (default 1,000,000): a test splits at a few. */
  maxLinesPerFile?: number;
  /** Voids per page, and a hook seeing each page (tests). */
  pages?: Pick<PageOptions, "pageSize" | "onPage">;
  now?: number;
}

/**
 * The audit pack of one company, environment and period as a ZIP stream. What decides the files'
 * shape (the counts, the 608 plan) is read before this returns, so a database error there is an
 * ordinary error answer; the rest is written while the client reads, one file after the other, the
 * voids page by page. An error later aborts the stream (the download fails visibly, never a short
 * ZIP that looks whole).
 */
export async function openAuditPack(
  company: { accountId: string; rnc: string },
  environment: Environment,
  period: AuditPeriod,
  options: AuditPackOptions = {},
): Promise<Readable> {
  const now = options.now ?? Date.now();
  const scope: AuditScope = {
    ...company,
    environment,
    startMs: period.startMs,
    // Nothing created after the pack began: a void made during a long download would change the
    // 608 counts already written in the headers (the README.txt gives this instant).
    endMs: Math.min(period.endMs, now),
  };
  const maxLinesPerFile = options.maxLinesPerFile ?? MAX_608_LINES_PER_FILE;
  const [counts, linesByMonth] = await Promise.all([countsOf(scope), lines608ByMonth(scope)]);
  const plans = plan608(linesByMonth, maxLinesPerFile);
  const zip = new ZipWriter({ date: new Date(now) });
  const pages = options.pages ?? {};

  async function write(): Promise<void> {
    const readme = readmeTxt({
      scope,
      from: period.from,
      to: period.to,
      generatedAt: now,
      voids: counts.voids,
      withoutReason: counts.withoutReason,
      plans,
      maxLinesPerFile,
    });
    await zip.add("README.txt", readme);
    await zip.add("anulaciones.csv", voidsCsv(scope, pages));
    await zip.add("rangos.csv", rangesCsv(scope, pages));
    await writeSignedXml(zip, scope, pages);
    await writeAnswers(zip, scope, pages);
    await zip.add("conciliaciones.csv", settlementsCsv(scope, pages));
    await writeEvidence(zip, scope, pages);
    await zip.add("actividad.csv", activityCsv(scope));
    await zip.add("sin-motivo.csv", withoutReasonCsv(scope, pages));
    for (const plan of plans) await write608(zip, scope, plan, pages);
    await zip.finish();
  }

  write().catch((error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    // A client that went away is not an error of ours; anything else is logged and aborts the ZIP.
    if (!/closed/.test(failure.message)) {
      logger.error({ err: failure, accountId: company.accountId, environment }, "audit pack failed");
    }
    zip.fail(failure);
  });
  return zip.archive;
}
