import "server-only";

import path from "node:path";
import { z } from "zod";

import { AppError } from "@/lib/errors";

import { readOrCreateSecret } from "./generated-secret";

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const envSchema = z.object({
  DATABASE_URL: optionalText.refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
    message: "DATABASE_URL must be a postgres:// or postgresql:// URL",
  }),
  DATA_DIR: optionalText,
  AUTH_SECRET: optionalText.refine((value) => !value || value.length >= 32, {
    message: "AUTH_SECRET must have at least 32 characters",
  }),
  ENCRYPTION_KEY: optionalText,
  DEMO: optionalText.refine((value) => !value || value === "on" || value === "off", {
    message: 'DEMO must be "on" or "off"',
  }),
  DEMO_RNC: optionalText.refine((value) => !value || /^(\d{9}|\d{11})$/.test(value), {
    message: "DEMO_RNC must have 9 or 11 digits",
  }),
  DEMO_USERNAME: optionalText,
  DEMO_PASSWORD: optionalText,
  DEMO_API_KEY: optionalText,
});

export interface AppConfig {
  /** Set: PostgreSQL server (production). Unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Absolute; holds the PGlite data and the generated secrets of the embedded default. */
  dataDir: string;
  /** HS256 key of idTokens and of the portal session. */
  authSecret: string;
  /** 32 bytes, AES-256-GCM key of stored certificates and their passwords. */
  encryptionKey: Buffer;
  demo: { enabled: boolean; rnc: string; username: string; password: string; apiKey?: string };
}

/** ENCRYPTION_KEY: 32 bytes as 64 hex characters or base64. */
function parseEncryptionKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      "ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64 (e.g. `openssl rand -base64 32`).",
    );
  }
  return key;
}

/**
 * Reads and validates the environment. With DATABASE_URL (several instances share the database)
 * AUTH_SECRET and ENCRYPTION_KEY are required, since each instance would otherwise generate its
 * own; the embedded default generates them once into DATA_DIR.
 */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new AppError("CONFIGURATION_ERROR", `Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR ?? "./data");
  const shared = values.DATABASE_URL !== undefined;
  if (shared && (!values.AUTH_SECRET || !values.ENCRYPTION_KEY)) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      "With DATABASE_URL set, AUTH_SECRET and ENCRYPTION_KEY must be set too (all instances must share them).",
    );
  }
  const authSecret = values.AUTH_SECRET ?? readOrCreateSecret(dataDir, "auth-secret", "AUTH_SECRET");
  const encryptionKey = parseEncryptionKey(
    values.ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, "encryption-key", "ENCRYPTION_KEY"),
  );
  // Demo data only for the embedded default, unless asked for explicitly.
  const demoEnabled = values.DEMO === "on" || (values.DEMO === undefined && !shared);
  return {
    databaseUrl: values.DATABASE_URL,
    dataDir,
    authSecret,
    encryptionKey,
    demo: {
      enabled: demoEnabled,
      rnc: values.DEMO_RNC ?? "130000001",
      username: (values.DEMO_USERNAME ?? "demo@anula.local").toLowerCase(),
      password: values.DEMO_PASSWORD ?? "anula-demo",
      apiKey: values.DEMO_API_KEY,
    },
  };
}

let cached: AppConfig | undefined;

/** The process's configuration, read once from process.env. */
export function loadConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between cases; this forgets the cached configuration. */
export function resetConfigForTests(): void {
  cached = undefined;
}
