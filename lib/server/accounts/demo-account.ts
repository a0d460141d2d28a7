import "server-only";

import { randomBytes } from "node:crypto";

import { prepareApiKey, hashPassword } from "@/lib/server/auth";
import { prepareCertificate } from "@/lib/server/certificates";
import { DEMO_DEFAULT_PASSWORD, loadConfig, type AppConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { nowMs } from "@/lib/server/platform/db/epoch";
import { isUniqueViolation } from "@/lib/server/platform/db/unique-violation";
import { showSecretsOnce } from "@/lib/server/platform/ops/show-secrets-once";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import type { PrismaClient } from "@/prisma/generated/client";

/** The demo API key's and password's lines on the console (show-secrets-once.ts). */
export const DEMO_API_KEY_LABEL = "Demo API key (X-API-KEY)";
export const DEMO_PASSWORD_LABEL = "Demo password";

export interface DemoAccountCreated {
  accountId: string;
  rnc: string;
  username: string;
  /** The API key in clear: only here, once (DEMO_API_KEY when set). */
  apiKey: string;
}

/**
 * On the first start against an empty database (no company at all), creates the demo organization
 * and its company so the product works at once: RNC DEMO_RNC, user DEMO_USERNAME / DEMO_PASSWORD
 * (organization administrator; administrator, approver and operator of the company), a generated
 * certificate with serialNumber=<RNC> and an API key (DEMO_API_KEY, or generated and shown once).
 * Enabled by default only for the embedded PGlite; DEMO=off disables it, DEMO=on forces it.
 *
 * Called by getDb() while the database starts, with that client (getDb() is not ready yet), so it
 * writes through `prisma` directly, all in one transaction. Idempotent, also when several
 * instances start at once (the RNC is unique: the loser gives up quietly).
 */
export async function ensureDemoAccount(
  prisma: PrismaClient,
  config: AppConfig = loadConfig(),
): Promise<DemoAccountCreated | null> {
  const demo = config.demo;
  if (!demo.enabled) return null;
  if ((await prisma.account.count()) > 0) return null;

  // Slow parts (RSA key, scrypt) outside the transaction.
  const certificatePassword = randomBytes(18).toString("base64url");
  const { p12 } = generatePkcs12({ rnc: demo.rnc, password: certificatePassword, commonName: "ANULA DEMO" });
  const passwordHash = await hashPassword(demo.password);
  const now = nowMs();

  try {
    const created = await prisma.$transaction(async (tx) => {
      const organization = await tx.organization.create({
        data: { name: "Organización demo", createdAt: now, updatedAt: now },
      });
      const account = await tx.account.create({
        data: {
          organizationId: organization.id,
          rnc: demo.rnc,
          name: "Empresa demo",
          createdAt: now,
          updatedAt: now,
        },
      });
      const user = await tx.user.create({
        data: {
          homeOrganizationId: organization.id,
          email: demo.username,
          name: "Demo",
          passwordHash,
          createdAt: now,
          updatedAt: now,
          organizations: { create: { organizationId: organization.id, isAdmin: true, createdAt: now } },
          companies: {
            create: {
              accountId: account.id,
              roles: ["administrator", "approver", "operator"],
              createdAt: now,
              updatedAt: now,
            },
          },
        },
      });
      const apiKey = prepareApiKey(account.id, "Demo", { createdBy: user.id, key: demo.apiKey });
      await tx.apiKey.create({ data: apiKey.data });
      const certificate = await tx.certificate.create({
        data: prepareCertificate(organization.id, p12, certificatePassword, {
          createdBy: user.id,
          encryptionKey: config.encryptionKey,
        }).data,
      });
      await tx.companyCertificate.create({
        data: { accountId: account.id, certificateId: certificate.id, active: true, linkedAt: now },
      });
      return { accountId: account.id, rnc: account.rnc, username: user.email, apiKey: apiKey.key };
    });
    // The credentials never go through the logger: what the operator did not give in DEMO_PASSWORD
    // or DEMO_API_KEY is shown once on the console, with the other generated secrets.
    const passwordGiven = demo.password !== DEMO_DEFAULT_PASSWORD;
    logger.warn(
      { rnc: created.rnc, username: created.username },
      `Demo account created (RNC ${created.rnc}). Sign in at /login as ${created.username} with ` +
        (passwordGiven ? "DEMO_PASSWORD" : "the demo password shown once on the console (never in the log)") +
        (demo.apiKey
          ? "; its API key is DEMO_API_KEY. "
          : "; its API key is shown once on the console too. ") +
        "Set DEMO=off to start without demo data.",
    );
    showSecretsOnce([
      ...(passwordGiven ? [] : [{ label: DEMO_PASSWORD_LABEL, value: demo.password }]),
      ...(demo.apiKey ? [] : [{ label: DEMO_API_KEY_LABEL, value: created.apiKey }]),
    ]);
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
