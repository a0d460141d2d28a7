import "server-only";

import { z } from "zod";

import { MAX_RECURRING_PERIOD_MS } from "@/lib/server/platform/jobs/job-queue";

/**
 * Every environment variable Anula reads, validated once at start so a typo fails loudly with the
 * variable's name instead of surfacing later as a strange runtime error. Empty values count as unset.
 */

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

function integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return optionalText.refine((value) => value === undefined || isIntegerIn(value, min, max), {
    message: `${name} must be a whole number from ${min} to ${max}`,
  });
}

function isIntegerIn(value: string, min: number, max: number): boolean {
  if (!/^\d+$/.test(value)) return false;
  const number = Number(value);
  return number >= min && number <= max;
}

function oneOf(name: string, values: readonly string[]) {
  return optionalText.refine((value) => value === undefined || values.includes(value.toLowerCase()), {
    message: `${name} must be one of: ${values.join(", ")}`,
  });
}

const httpUrl = (name: string) =>
  optionalText.refine((value) => value === undefined || /^https?:\/\/[^/\s]+/i.test(value), {
    message: `${name} must be an http:// or https:// URL`,
  });

/**
 * NEXTAUTH_URL is an origin: next-auth reads a path in it as where its own routes live (default
 * /api/auth), so "https://host/portal" would move sign-in away from the app's /api/auth.
 */
export function isPortalOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/\s]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.pathname === "/" || url.pathname === "/api/auth") && !url.search && !url.hash && !url.username
    );
  } catch {
    return false;
  }
}

/** off/false/no/0: believe no X-Forwarded-* header; on/true/yes: one proxy; 1–10: that many proxies. */
export const TRUST_PROXY_PATTERN = /^(off|false|no|on|true|yes|\d|10)$/i;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const envSchema = z.object({
  NODE_ENV: optionalText,
  DATABASE_URL: optionalText.refine((value) => !value || /^postgres(ql)?:\/\/[^/\s]+/.test(value), {
    message: "DATABASE_URL must be a postgres:// or postgresql:// URL",
  }),
  DATA_DIR: optionalText,
  AUTH_SECRET: optionalText.refine((value) => !value || value.length >= 32, {
    message: "AUTH_SECRET must have at least 32 characters (e.g. `openssl rand -base64 32`)",
  }),
  ENCRYPTION_KEY: optionalText,
  // Rotation: the keys ENCRYPTION_KEY replaced, still accepted for reading until `npm run rotate-key`
  // has re-encrypted everything with ENCRYPTION_KEY. Comma-separated; each like ENCRYPTION_KEY.
  ENCRYPTION_KEYS_PREVIOUS: optionalText,
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is off.
  METRICS_TOKEN: optionalText.refine((value) => !value || /^[\x21-\x7e]{16,}$/.test(value), {
    message:
      "METRICS_TOKEN must have at least 16 visible characters, no spaces (e.g. `openssl rand -hex 32`)",
  }),
  TAXAUTH: oneOf("TAXAUTH", ["simulator", "dgii"]),
  TAXAUTH_SIMULATOR_URL: httpUrl("TAXAUTH_SIMULATOR_URL"),
  TAXAUTH_SIMULATOR_PORT: integer("TAXAUTH_SIMULATOR_PORT", 0, 65_535),
  TAXAUTH_SIMULATOR_ADMIN: optionalText.refine((value) => !value || /^(0|1|on|off)$/i.test(value), {
    message: 'TAXAUTH_SIMULATOR_ADMIN must be "0"/"off" or "1"/"on"',
  }),
  TAXAUTH_SIMULATOR_LEDGER: optionalText,
  TAXAUTH_URL_TESTECF: httpUrl("TAXAUTH_URL_TESTECF"),
  TAXAUTH_URL_CERTECF: httpUrl("TAXAUTH_URL_CERTECF"),
  TAXAUTH_URL_ECF: httpUrl("TAXAUTH_URL_ECF"),
  TAXAUTH_CONNECT_TIMEOUT_MS: integer("TAXAUTH_CONNECT_TIMEOUT_MS", 1),
  TAXAUTH_RESPONSE_TIMEOUT_MS: integer("TAXAUTH_RESPONSE_TIMEOUT_MS", 1),
  TAXAUTH_STATUS_API_KEY: optionalText,
  TAXAUTH_STATUS_URL: httpUrl("TAXAUTH_STATUS_URL"),
  TAXAUTH_STATUS_INTERVAL_MS: integer("TAXAUTH_STATUS_INTERVAL_MS", 1_000, 3_600_000),
  TAXAUTH_STATUS_TIMEOUT_MS: integer("TAXAUTH_STATUS_TIMEOUT_MS", 1, 60_000),
  VOID_DEADLINE_MS: integer("VOID_DEADLINE_MS", 1),
  VOID_RATE_LIMIT_PER_MINUTE: integer("VOID_RATE_LIMIT_PER_MINUTE", 0),
  // The periods of recurring jobs stop at the longest the job queue can keep (lib/server/platform/jobs).
  DOCUMENT_REFRESH_INTERVAL_MS: integer("DOCUMENT_REFRESH_INTERVAL_MS", 0, MAX_RECURRING_PERIOD_MS),
  DOCUMENT_REFRESH_TIMEOUT_MS: integer("DOCUMENT_REFRESH_TIMEOUT_MS", 1),
  DOCUMENT_REFRESH_MIN_INTERVAL_MS: integer("DOCUMENT_REFRESH_MIN_INTERVAL_MS", 0),
  DOCUMENT_LOOKUP_CONCURRENCY: integer("DOCUMENT_LOOKUP_CONCURRENCY", 1, 64),
  DOCUMENT_LOOKUP_BUDGET_MS: integer("DOCUMENT_LOOKUP_BUDGET_MS", 1),
  DOCUMENT_LOOKUP_ABSENT_MS: integer("DOCUMENT_LOOKUP_ABSENT_MS", 0),
  DGII_LOOKUPS_PER_MINUTE: integer("DGII_LOOKUPS_PER_MINUTE", 0),
  ECF_SEND_BUDGET_MS: integer("ECF_SEND_BUDGET_MS", 1),
  ISSUED_FOLLOW_UP_POLL_MS: integer("ISSUED_FOLLOW_UP_POLL_MS", 0, MAX_RECURRING_PERIOD_MS),
  ISSUED_FOLLOW_UP_CONCURRENCY: integer("ISSUED_FOLLOW_UP_CONCURRENCY", 1, 256),
  DGII_LOOKUPS_PER_MINUTE_TOTAL: integer("DGII_LOOKUPS_PER_MINUTE_TOTAL", 0),
  AUTH_MAX_FAILED_LOGINS: integer("AUTH_MAX_FAILED_LOGINS", 0),
  AUTH_MAX_FAILED_LOGINS_PER_ADDRESS: integer("AUTH_MAX_FAILED_LOGINS_PER_ADDRESS", 0),
  REFRESH_TOKEN_TTL_DAYS: integer("REFRESH_TOKEN_TTL_DAYS", 1, 365),
  TRUST_PROXY: optionalText.refine((value) => value === undefined || TRUST_PROXY_PATTERN.test(value), {
    message:
      'TRUST_PROXY must be "off" (default), "on" (one proxy) or the number of proxies in front, 0 to 10',
  }),
  NEXTAUTH_URL: optionalText.refine((value) => value === undefined || isPortalOrigin(value), {
    message:
      "NEXTAUTH_URL must be the portal's public origin, e.g. https://anula.empresa.do (http:// or https://, no path, query or #)",
  }),
  // E-mail of the notifications (lib/server/notifications/mailer.ts): unset, nothing is sent.
  SMTP_URL: optionalText.refine((value) => !value || /^smtps?:\/\/[^/\s]+/i.test(value), {
    message: "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@smtp.empresa.do:587",
  }),
  MAIL_FROM: optionalText,
  SHUTDOWN_TIMEOUT_MS: integer("SHUTDOWN_TIMEOUT_MS", 0, 600_000),
  SHUTDOWN_DRAIN_DELAY_MS: integer("SHUTDOWN_DRAIN_DELAY_MS", 0, 600_000),
  VOID_SEND_LEASE_MS: integer("VOID_SEND_LEASE_MS", 1_000, 3_600_000),
  LEDGER_QUIET_PERIOD_HOURS: integer("LEDGER_QUIET_PERIOD_HOURS", 0, 8_760),
  // Webhook deliveries (lib/server/webhooks): one attempt's connect + answer limit, how often each
  // instance looks for events and due deliveries, and how long delivered events are kept.
  WEBHOOK_TIMEOUT_MS: integer("WEBHOOK_TIMEOUT_MS", 100, 120_000),
  WEBHOOK_POLL_MS: integer("WEBHOOK_POLL_MS", 10, 60_000),
  EVENT_RETENTION_DAYS: integer("EVENT_RETENTION_DAYS", 1, 3_650),
  // Scans that announce sequence.* and certificate.expiring events (lib/server/scans); 0 turns one off.
  LEDGER_SCAN_INTERVAL_MS: integer("LEDGER_SCAN_INTERVAL_MS", 0, MAX_RECURRING_PERIOD_MS),
  CERTIFICATE_SCAN_INTERVAL_MS: integer("CERTIFICATE_SCAN_INTERVAL_MS", 0, MAX_RECURRING_PERIOD_MS),
  // The deadline scan of e-CF not yet received by DGII (lib/server/contingency); 0 turns it off.
  DEADLINE_SCAN_INTERVAL_MS: integer("DEADLINE_SCAN_INTERVAL_MS", 0, MAX_RECURRING_PERIOD_MS),
  LOG_LEVEL: oneOf("LOG_LEVEL", LOG_LEVELS),
  DEMO: optionalText.refine((value) => !value || value === "on" || value === "off", {
    message: 'DEMO must be "on" or "off"',
  }),
  DEMO_RNC: optionalText.refine((value) => !value || /^(\d{9}|\d{11})$/.test(value), {
    message: "DEMO_RNC must have 9 or 11 digits",
  }),
  DEMO_USERNAME: optionalText,
  DEMO_PASSWORD: optionalText,
  DEMO_API_KEY: optionalText,
  // `npm run setup` only (scripts/setup.ts): the first administrator's password, kept as given (a
  // password may start or end with a space); never an argument, which `ps` would show.
  SETUP_ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});

export type EnvValues = z.infer<typeof envSchema>;

export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * LOG_LEVEL, or silent under vitest and info otherwise. The logger needs it before (and without)
 * the rest of the configuration, so an invalid value falls back here; loadConfig then stops the
 * process naming it.
 */
export function logLevelFrom(env: Record<string, string | undefined>): LogLevel {
  const parsed = envSchema.shape.LOG_LEVEL.safeParse(env.LOG_LEVEL);
  const level = parsed.success ? (parsed.data?.toLowerCase() as LogLevel | undefined) : undefined;
  return level ?? (env.VITEST ? "silent" : "info");
}
