import "server-only";

import { certificateWarning, wholeDaysUntil } from "@/lib/domain/expiry-warnings";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";

import { announceOnce, type Announcement } from "./announce";

export interface CertificateScanResult {
  /** Active certificates read. */
  certificates: number;
  announced: number;
}

/**
 * The certificate scan (recurring job "scans.certificates"): each company's ACTIVE certificate
 * whose notAfter is within 30, 7 or 1 days — or already past — is announced as
 * certificate.expiring once per company × certificate × threshold ("expired" is the last one;
 * daysLeft is then negative). A scan that first sees a certificate at 5 days announces the 7-day
 * warning only. The event belongs to no environment (a certificate signs for all three), so it goes
 * to every webhook endpoint of the company. Replacing the certificate (a new active one) starts its
 * own warnings; the old one, no longer active, is not read.
 */
export async function scanCertificates(options: { now?: number } = {}): Promise<CertificateScanResult> {
  const now = options.now ?? Date.now();
  const db = await getDb();
  const links = await db.companyCertificate.findMany({
    where: { active: true },
    select: {
      accountId: true,
      account: { select: { rnc: true } },
      certificate: { select: { id: true, subject: true, serialNumberHex: true, notAfter: true } },
    },
    orderBy: [{ accountId: "asc" }],
  });
  let announced = 0;
  let failed = 0;
  for (const link of links) {
    const notAfter = Number(link.certificate.notAfter);
    const warning = certificateWarning(notAfter, now);
    if (warning === null) continue;
    const announcement: Announcement = {
      key: `certificate:${link.accountId}:${link.certificate.id}:${warning}`,
      event: {
        type: "certificate.expiring",
        accountId: link.accountId,
        environment: null,
        subjectId: link.certificate.id,
        payload: {
          certificateId: link.certificate.id,
          customerId: link.account.rnc,
          subject: link.certificate.subject,
          serialNumberHex: link.certificate.serialNumberHex,
          notAfter: new Date(notAfter).toISOString(),
          daysLeft: wholeDaysUntil(notAfter, now),
        },
      },
    };
    // One company per transaction: a company's failure never holds back another's warning.
    try {
      announced += (await announceOnce(link.accountId, [announcement])).length;
    } catch (error) {
      failed += 1;
      logger.error({ err: error, accountId: link.accountId }, "Certificate scan of a company failed");
    }
  }
  if (announced > 0 || failed > 0)
    logger.info({ certificates: links.length, announced, failed }, "Certificate scan");
  if (failed > 0) {
    throw new AppError(
      "INTERNAL_ERROR",
      `The certificate scan failed for ${failed} of ${links.length} companies.`,
    );
  }
  return { certificates: links.length, announced };
}
