import "server-only";

import { randomBytes } from "node:crypto";

import { prepareApiKey } from "@/lib/server/auth/api-keys";
import { hashPassword } from "@/lib/server/auth/password";
import { prepareCertificate } from "@/lib/server/certificates/certificates";
import { loadConfig, type AppConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { nowMs } from "@/lib/server/db/epoch";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";
import { showSecretsOnce } from "@/lib/server/ops/show-secrets-once";
import { generatePkcs12 } from "@/lib/server/signing/generate-pkcs12";
import type { PrismaClient } from "@/prisma/generated/client";

/** The demo API key's line on the console (show-secrets-once.ts). */
export const DEMO_API_KEY_LABEL = "Demo API key (X-API-KEY)";

export interface DemoAccountCreated {
  accountId: string;
  rnc: string;
  username: string;
  /** The API key in clear: only here, once (DEMO_API_KEY when set). */
  apiKey: string;
}

/**
 * On the first start against an empty database (no account at all), creates the demo account so
 * the product works at once: RNC DEMO_RNC, admin user DEMO_USERNAME / DEMO_PASSWORD, a generated
 * certificate with serialNumber=<RNC> and an API key (DEMO_API_KEY, or generated and logged once).
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
      const account = await tx.account.create({
        data: { rnc: demo.rnc, name: "Cuenta demo", createdAt: now, updatedAt: now },
      });
      const user = await tx.user.create({
        data: {
          accountId: account.id,
          email: demo.username,
          name: "Demo",
          passwordHash,
          role: "admin",
          createdAt: now,
          updatedAt: now,
        },
      });
      const apiKey = prepareApiKey(account.id, "Demo", { createdBy: user.id, key: demo.apiKey });
      await tx.apiKey.create({ data: apiKey.data });
      await tx.certificate.create({
        data: prepareCertificate(account.id, p12, certificatePassword, {
          createdBy: user.id,
          encryptionKey: config.encryptionKey,
        }).data,
      });
      return { accountId: account.id, rnc: account.rnc, username: user.email, apiKey: apiKey.key };
    });
    const passwordHint = demo.password === "anula-demo" ? '"anula-demo"' : "DEMO_PASSWORD";
    logger.warn(
      { rnc: created.rnc, username: created.username },
      `Demo account created (RNC ${created.rnc}). Sign in at /login as ${created.username} with ${passwordHint}; ` +
        (demo.apiKey
          ? "its API key is DEMO_API_KEY. "
          : "its API key is shown once on the console (never in the log). ") +
        "Set DEMO=off to start without demo data.",
    );
    // The key itself never goes through the logger: it is a credential.
    if (!demo.apiKey) showSecretsOnce([{ label: DEMO_API_KEY_LABEL, value: created.apiKey }]);
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
