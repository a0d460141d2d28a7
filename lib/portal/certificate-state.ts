import "server-only";

import { certificateWarning, wholeDaysUntil } from "@/lib/domain/expiry-warnings";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, type Dictionary } from "@/lib/i18n";
import { getActiveCertificateSummary } from "@/lib/server/certificates";

/** The company's active certificate as the portal says it: missing, expired, expiring within 30 days, or valid. */
export type CertificateState =
  { state: "missing" } | { state: "valid" | "expiring" | "expired"; notAfter: number; daysLeft: number };

/** The state by the scans' own rule (certificateWarning): warned from 30 days before, expired once notAfter passed. */
export function certificateStateOf(notAfter: number | null, now: number): CertificateState {
  if (notAfter === null) return { state: "missing" };
  const warning = certificateWarning(notAfter, now);
  const daysLeft = wholeDaysUntil(notAfter, now);
  return { state: warning === "expired" ? "expired" : warning ? "expiring" : "valid", notAfter, daysLeft };
}

/** The company's active certificate's state now. */
export async function loadCertificateState(
  accountId: string,
  now: number = Date.now(),
): Promise<CertificateState> {
  const active = await getActiveCertificateSummary(accountId);
  return certificateStateOf(active?.notAfter ?? null, now);
}

/**
 * Why the void tool cannot sign for the company (no active certificate, or an expired one), in the
 * reader's words; undefined when it can. The tool says it before any confirmation.
 */
export async function voidCertificateProblem(
  accountId: string,
  t: Dictionary["voidTool"]["certificate"],
): Promise<string | undefined> {
  const certificate = await loadCertificateState(accountId);
  if (certificate.state === "missing") return t.missing;
  if (certificate.state === "expired") {
    return format(t.expired, { date: formatFechaHora(certificate.notAfter).slice(0, 10) });
  }
  return undefined;
}
