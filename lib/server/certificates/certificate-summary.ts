import "server-only";

import { toMs } from "@/lib/server/platform/db/epoch";
import type { Certificate } from "@/prisma/generated/client";

import { certificateHolderId } from "./certificate-holder";

/** What the portal shows about a certificate (never its bytes or password). */
export interface CertificateSummary {
  id: string;
  subject: string;
  /** On DGII certificates the owner's RNC or cédula. */
  subjectSerialNumber: string | null;
  /** The holder's RNC (9 digits) or cédula (11) read from subjectSerialNumber, null when it names none. */
  holderId: string | null;
  commonName: string | null;
  issuer: string;
  serialNumberHex: string;
  notBefore: number;
  notAfter: number;
  fingerprintSha256: string;
  /** Signs for the company being looked at. */
  active: boolean;
  /** RNCs of the organization's companies it signs for. */
  companies: string[];
  createdAt: number;
}

type SummaryRow = Pick<
  Certificate,
  | "id"
  | "subject"
  | "subjectSerialNumber"
  | "commonName"
  | "issuer"
  | "serialNumberHex"
  | "notBefore"
  | "notAfter"
  | "fingerprint"
  | "createdAt"
> & { active: boolean; companies: string[] };

export function toCertificateSummary(row: SummaryRow): CertificateSummary {
  return {
    id: row.id,
    subject: row.subject,
    subjectSerialNumber: row.subjectSerialNumber,
    holderId: certificateHolderId(row.subjectSerialNumber),
    commonName: row.commonName,
    issuer: row.issuer,
    serialNumberHex: row.serialNumberHex,
    notBefore: toMs(row.notBefore),
    notAfter: toMs(row.notAfter),
    fingerprintSha256: row.fingerprint,
    active: row.active,
    companies: row.companies,
    createdAt: toMs(row.createdAt),
  };
}

/** Columns needed for a summary: lists never load the encrypted blobs. */
export const SUMMARY_COLUMNS = {
  id: true,
  subject: true,
  subjectSerialNumber: true,
  commonName: true,
  issuer: true,
  serialNumberHex: true,
  notBefore: true,
  notAfter: true,
  fingerprint: true,
  createdAt: true,
} as const;
