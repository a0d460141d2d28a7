import "server-only";

import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { AppError } from "@/lib/errors";
import { getDictionary } from "@/lib/i18n";
import { firstRunSchema, type FirstRunInput } from "@/lib/schemas/first-run";
import { createCompany, createOrganization, createUser } from "@/lib/server/accounts";
import { beginLoginAttempt } from "@/lib/server/auth";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, type PrismaClient } from "@/lib/server/platform/db";

import { consumeSetupToken, hasAnyUser, retireSetupToken, setupClosed } from "./setup-token";

/**
 * The first run: a deployment whose database has no user gets its organization, first company and
 * first administrator (organization administrator; administrator, approver and operator of the
 * company). Two doors, one use case: the /setup page with the setup token shown on the console, and
 * `npm run setup`, where access to the database is the proof. Either way it happens once: one
 * transaction, serialized by an advisory lock, re-checks that no user exists and spends the token.
 */

/** Serializes setups (an arbitrary constant, distinct from the migrations' lock). */
const SETUP_LOCK_KEY = 4_711_016;

export type SetupProof = { kind: "token"; token: string; clientAddress: string } | { kind: "database" };

export interface FirstRunResult {
  organization: { id: string; name: string };
  company: { id: string; rnc: string; name: string };
  administrator: { id: string; email: string; name: string | null };
  /** The RNC's check digit fails and the person confirmed it anyway. */
  checkDigitOverridden: boolean;
}

/** Whether the deployment still waits for its first run (no user at all). */
export async function isSetupOpen(db?: Pick<PrismaClient, "user">): Promise<boolean> {
  return !(await hasAnyUser(db ?? (await getDb())));
}

/** The details checked with the form's own schema, worded in Spanish (the API's language). */
function parseDetails(input: FirstRunInput) {
  const parsed = firstRunSchema(getDictionary("es").setup.validation).safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ""),
    code: "VALIDATION_FAILED" as const,
    message: issue.message,
  }));
  throw new AppError("VALIDATION_FAILED", errors[0]?.message ?? "Revise los datos.", { errors });
}

export async function completeFirstRun(
  input: FirstRunInput,
  proof: SetupProof,
  client?: PrismaClient,
): Promise<FirstRunResult> {
  const details = parseDetails(input);
  // Wrong tokens are throttled like failed sign-ins (per address; "setup" stands for the e-mail).
  const attempt =
    proof.kind === "token"
      ? await beginLoginAttempt("setup", proof.clientAddress, loadConfig().loginThrottle)
      : undefined;
  const db = client ?? (await getDb());
  const result = await db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
      const now = Date.now();
      if (proof.kind === "token") await consumeSetupToken(tx, proof.token, now);
      if (await hasAnyUser(tx)) throw setupClosed();
      if (proof.kind === "database") await retireSetupToken(tx, now);
      const organization = await createOrganization({ name: details.organizationName }, tx);
      const company = await createCompany(
        { organizationId: organization.id, rnc: details.rnc, name: details.companyName },
        tx,
      );
      const administrator = await createUser(
        {
          accountId: company.id,
          email: details.email,
          name: details.name,
          password: details.password,
          roles: ["administrator", "approver", "operator"],
          organizationAdmin: true,
        },
        tx,
      );
      return {
        organization,
        company: { id: company.id, rnc: company.rnc, name: company.name },
        administrator: { id: administrator.id, email: administrator.email, name: administrator.name },
        checkDigitOverridden: !hasValidCheckDigit(details.rnc),
      };
    },
    // The password hash (scrypt) runs inside; a slow disk must not abort the one first run.
    { timeout: 30_000, maxWait: 30_000 },
  );
  await attempt?.succeeded();
  return result;
}
