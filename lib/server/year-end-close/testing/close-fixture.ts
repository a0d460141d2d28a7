import "server-only";

import type { CompanyRole } from "@/lib/domain/roles";
import { createCompany, createUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import type { AuthContext } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { uploadCertificate } from "@/lib/server/certificates";
import { createAuthorization, setCoverageMark } from "@/lib/server/ledger";
import { getDb } from "@/lib/server/platform/db";
import { generatePkcs12, generateRsaKeyPem } from "@/lib/server/platform/signing/generate-pkcs12";
import type { SimulatorAdmin } from "@/lib/taxauth-simulator";

/**
 * A two-company organization for the year-end close's tests: the first company (its user is the
 * organization's administrator) has an authorization of E31 1–100 still valid until the year's end;
 * the second an expired one, E31 1–50 (until 30-06 of the year), an approval policy in TesteCF and an
 * approver of its own. Both have the coverage mark an hour ago and, unless told, a certificate.
 */
export interface CloseOrganization {
  admin: TestAccount;
  second: { accountId: string; rnc: string };
  approver: AuthContext;
}

let companies = 0;

export async function createCloseOrganization(
  /** null: the simulator is another process's (its ranges are authorized there). */
  simulator: Pick<SimulatorAdmin, "authorizeRanges"> | null,
  options: { year: number; secondCertificate?: boolean; now?: number; rncs?: [string, string] },
): Promise<CloseOrganization> {
  const now = options.now ?? Date.now();
  const admin = await createTestAccount({ certificate: true, rnc: options.rncs?.[0] });
  companies += 1;
  const rnc =
    options.rncs?.[1] ??
    `13${String(process.pid % 1000).padStart(3, "0")}${String(companies).padStart(4, "0")}`;
  const second = await createCompany({
    organizationId: admin.auth.organizationId,
    rnc,
    name: `Segunda ${rnc}`,
  });
  if (options.secondCertificate ?? true) {
    const { p12 } = generatePkcs12({ rnc, password: "p12", privateKeyPem: generateRsaKeyPem() });
    await uploadCertificate(second.id, p12, "p12");
  }
  await requireApproval(second.id, now);
  const approver = await person(second.id, rnc, ["approver"]);
  await createAuthorization({
    accountId: admin.auth.accountId,
    environment: "TesteCF",
    body: {
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000000100",
      fechaAutorizacion: `01-01-${options.year - 1}`,
      fechaVencimiento: `31-12-${options.year}`,
    },
    createdBy: "test",
  });
  await createAuthorization({
    accountId: second.id,
    environment: "TesteCF",
    body: {
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000000050",
      fechaAutorizacion: `01-01-${options.year - 1}`,
      fechaVencimiento: `30-06-${options.year}`,
    },
    createdBy: "test",
  });
  for (const accountId of [admin.auth.accountId, second.id])
    await setCoverageMark(accountId, "TesteCF", now - 3_600_000, "test", now);
  simulator?.authorizeRanges({
    environment: "TesteCF",
    rnc: admin.auth.rnc,
    ranges: [{ from: "E310000000001", to: "E310000000100" }],
  });
  simulator?.authorizeRanges({
    environment: "TesteCF",
    rnc,
    ranges: [{ from: "E310000000001", to: "E310000000050" }],
  });
  return { admin, second: { accountId: second.id, rnc }, approver };
}

/** An approval policy in TesteCF for every void of the company (any size). */
export async function requireApproval(accountId: string, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db.approvalPolicy.create({
    data: { accountId, environment: "TesteCF", enabled: true, minSequences: null, updatedAt: BigInt(now) },
  });
}

async function person(accountId: string, rnc: string, roles: CompanyRole[]): Promise<AuthContext> {
  const user = await createUser({
    accountId,
    email: `close-${roles.join("-")}-${rnc}@test.local`,
    password: "test-password-1",
    roles,
    organizationAdmin: false,
  });
  return (await loadActiveUser(user.id, accountId))!;
}
