import "server-only";

import path from "node:path";
import { AppError } from "@/lib/errors";

import type { Environment } from "@/lib/domain/environments";

import { envSchema, logLevelFrom, type EnvValues, type LogLevel } from "./env-schema";
import { readOrCreateSecret } from "./generated-secret";

export interface AppConfig {
  /** Set: PostgreSQL server (production). Unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Absolute; holds the PGlite data and the generated secrets of the embedded default. */
  dataDir: string;
  /** HS256 key of idTokens and of the portal session. */
  authSecret: string;
  /**
   * 32 bytes, the current AES-256-GCM key of what is encrypted at rest (certificates, their
   * passwords, TOTP secrets): everything is written with it.
   */
  encryptionKey: Buffer;
  /**
   * The keys that may open what is stored: encryptionKey first, then ENCRYPTION_KEYS_PREVIOUS (keys
   * it replaced, until `npm run rotate-key` has re-encrypted everything).
   */
  decryptionKeys: Buffer[];
  /** METRICS_TOKEN: the bearer token GET /metrics requires; unset, /metrics answers 404. */
  metricsToken?: string;
  demo: { enabled: boolean; rnc: string; username: string; password: string; apiKey?: string };
  /**
   * Production deployment (TAXAUTH=dgii, or NODE_ENV=production with DATABASE_URL): secrets and
   * PostgreSQL are mandatory. The embedded default (`npm start`: NODE_ENV=production, PGlite, the
   * simulator) is not production in this sense.
   */
  production: boolean;
  /** How long SIGTERM waits for requests and sends in flight before closing the database. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long the port stays open answering 503 (and /readyz shutting_down) before it
   * closes: load balancers keep routing to an instance for a few seconds after it is told to stop.
   */
  shutdownDrainDelayMs: number;
  /**
   * A send's lease: its instance renews it every third of this while it waits for DGII; an Error
   * record whose lease is this long overdue was abandoned by a dead instance (INTERRUPTED).
   */
  voidSendLeaseMs: number;
  /**
   * TRUST_PROXY: how many reverse proxies in front of the app may be believed about the client's
   * address and scheme (X-Forwarded-For / X-Forwarded-Proto); 0 believes neither (client-address.ts).
   */
  trustProxy: number;
  /**
   * Failed sign-ins allowed in 15 minutes (login-throttle.ts, counted in the database for every
   * instance), 0 disables: per e-mail and client address (AUTH_MAX_FAILED_LOGINS) and per client
   * address (AUTH_MAX_FAILED_LOGINS_PER_ADDRESS).
   */
  loginThrottle: { perUser: number; perAddress: number };
  /**
   * REFRESH_TOKEN_TTL_DAYS: how long a refresh token of POST /{environment}/customer/authentication
   * stays usable. Each exchange issues a new one for this long again (refresh-tokens.ts), so an
   * integration that refreshes at least this often stays signed in until its password changes or
   * its user is disabled.
   */
  refreshTokenTtlMs: number;
  /**
   * NEXTAUTH_URL, the portal's public origin (optional): https makes the session cookies `Secure`;
   * links shown outside a request (the setup page printed at start) use it. Unset, every redirect
   * stays on the host and port the browser used (next-auth-options.ts sameOriginPath).
   */
  nextAuthUrl?: string;
  /**
   * SMTP_URL and MAIL_FROM: the notifications' e-mail (lib/server/notifications). Unset: nothing is
   * e-mailed (the bell still shows everything).
   */
  smtp?: { url: string; from: string };
  /** The tax authority: DGII or a simulator, and how long to wait for it. */
  taxAuth: TaxAuthSettings;
  /** How long POST void-ncf waits for DGII before answering 502 (the send keeps going). */
  voidDeadlineMs: number;
  /** Voids per account per minute (token bucket counted in the database, shared by every instance); 0 disables. */
  voidRateLimitPerMinute: number;
  /** Refresh of issued documents whose status is not final (refresh-documents.ts). */
  documentRefresh: {
    /** How often the background job runs; 0 turns it off. */
    intervalMs: number;
    /** How long a status query waits for DGII before answering with the stored status. */
    timeoutMs: number;
    /** A document is asked about again at most this often. */
    minIntervalMs: number;
  };
  /**
   * How long POST …/documentos-ecf waits for DGII's reception of an e-CF it signed and stored; past
   * it the answer says "Pendiente de envío" and the send goes on in the background.
   */
  ecfSendBudgetMs: number;
  /**
   * The follow-up of issued e-CF (DGII's verdict, resends): how often each instance looks for due
   * documents (0: never, for instances that only serve requests) and how many it works on at once.
   */
  issuedFollowUp: { pollMs: number; concurrency: number };
  /** e-NCF the company does not hold, looked up at DGII (consultatrackids, then consultaresultado). */
  documentLookup: {
    /** Lookups of one batch running at once. */
    concurrency: number;
    /** How long a status query waits for its lookups; the rest finish in the background. */
    budgetMs: number;
    /** How long "DGII has no submission of it" is remembered before DGII is asked again. */
    absentMs: number;
    /** DGII calls of lookups per company a minute, and for the whole deployment (0: no limit). */
    perCompanyPerMinute: number;
    totalPerMinute: number;
  };
  /**
   * LEDGER_QUIET_PERIOD_HOURS: the sequence ledger proposes a skipped number as a gap only once a
   * higher number of its series+type was issued at least this long ago — an ERP's e-CF not yet
   * imported looks exactly like a gap until then (lib/server/ledger/gaps.ts).
   */
  ledgerQuietPeriodHours: number;
  /**
   * Webhook deliveries (lib/server/webhooks): WEBHOOK_TIMEOUT_MS bounds one attempt from connect to
   * the answer (default 10 s); WEBHOOK_POLL_MS is how often each instance looks for new events and
   * due deliveries (default 250 ms: an event reaches its receiver well within a second).
   */
  webhooks: { timeoutMs: number; pollMs: number };
  /**
   * EVENT_RETENTION_DAYS: outbox events already delivered and notified, and finished webhook
   * deliveries with their attempts, are deleted after this many days (default 30). The activity
   * log is never touched.
   */
  eventRetentionDays: number;
  /**
   * The scans that announce events (lib/server/scans), each once per period across all instances:
   * LEDGER_SCAN_INTERVAL_MS (gaps, expiring and depleted ranges; default 1 h) and
   * CERTIFICATE_SCAN_INTERVAL_MS (active certificates about to expire; default 6 h) and
   * DEADLINE_SCAN_INTERVAL_MS (e-CF not yet received by DGII near or past their deadline; default
   * 15 min). 0 turns one off.
   */
  scans: { ledgerIntervalMs: number; certificateIntervalMs: number; deadlineIntervalMs: number };
  logLevel: LogLevel;
}

export interface TaxAuthSettings {
  mode: "simulator" | "dgii";
  /** TAXAUTH_SIMULATOR_URL: a simulator already running there (e.g. `npm run simulator`). */
  simulatorUrl?: string;
  /** Simulator mode without TAXAUTH_SIMULATOR_URL: the one the app starts on loopback. */
  embeddedSimulator: { port: number; ledgerFile: string; adminEnabled: boolean } | null;
  /** TAXAUTH_URL_TESTECF / _CERTECF / _ECF: one environment's base URL, overriding the mode's. */
  urlOverrides: Partial<Record<Environment, string>>;
  connectTimeoutMs: number;
  /** From the request being sent to the whole answer being read (also in the background). */
  responseTimeoutMs: number;
  /**
   * DGII's service status (statusecf: obtenerestatus, obtenerventanasmantenimiento), on only with
   * TAXAUTH_STATUS_API_KEY (a key DGII issues): null keeps voids and the portal exactly as without it.
   */
  status: ServiceStatusSettings | null;
}

export interface ServiceStatusSettings {
  /** Sent as `Authorization: Apikey <key>`; never logged. */
  apiKey: string;
  /**
   * TAXAUTH_STATUS_URL: the status service's root. Unset: https://statusecf.dgii.gov.do with
   * TAXAUTH=dgii, the simulator's own status service in simulator mode.
   */
  url?: string;
  /** A cached answer is used this long; the next void or page after it asks DGII again. */
  intervalMs: number;
  /** Connect + answer timeout of one status request. */
  timeoutMs: number;
}

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;
const DEFAULT_SHUTDOWN_DRAIN_DELAY_MS = 5_000;
const DEFAULT_VOID_SEND_LEASE_MS = 30_000;
const DEFAULT_MAX_FAILED_LOGINS = 10;
const DEFAULT_MAX_FAILED_LOGINS_PER_ADDRESS = 30;
const DEFAULT_REFRESH_TOKEN_TTL_DAYS = 30;
export const DEFAULT_LEDGER_QUIET_PERIOD_HOURS = 72;
const DAY_MS = 86_400_000;

/** TRUST_PROXY (validated by env-schema): off/false/no → 0, on/true/yes → 1, a digit → that many. */
export function parseTrustProxy(value: string | undefined): number {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "off" || text === "false" || text === "no") return 0;
  if (text === "on" || text === "true" || text === "yes") return 1;
  return Number(text);
}

/** ENCRYPTION_KEY (or one of ENCRYPTION_KEYS_PREVIOUS): 32 bytes as 64 hex characters or base64. */
function parseEncryptionKey(value: string, name = "ENCRYPTION_KEY"): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32 || !/^[A-Za-z0-9+/=_-]+$/.test(value)) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      `${name} must be 32 bytes, as 64 hex characters or base64 (e.g. \`openssl rand -base64 32\`).`,
    );
  }
  return key;
}

/** ENCRYPTION_KEYS_PREVIOUS: comma-separated keys, each like ENCRYPTION_KEY; the current one is left out. */
function parsePreviousKeys(value: string | undefined, current: Buffer): Buffer[] {
  const keys = (value ?? "")
    .split(",")
    .map((text) => text.trim())
    .filter((text) => text !== "")
    .map((text, index) => parseEncryptionKey(text, `ENCRYPTION_KEYS_PREVIOUS (key ${index + 1})`));
  return keys.filter((key, index) => !key.equals(current) && keys.findIndex((k) => k.equals(key)) === index);
}

/**
 * Reads and validates the environment; the message names every missing or invalid variable. With
 * DATABASE_URL (several instances share the database) AUTH_SECRET and ENCRYPTION_KEY are required,
 * since each instance would otherwise generate its own; production (see AppConfig.production) also
 * requires a PostgreSQL DATABASE_URL. The embedded default generates the secrets once into DATA_DIR.
 */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new AppError("CONFIGURATION_ERROR", `Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  // Runtime data, not a source file: keeps Turbopack from tracing the whole project into the build.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ values.DATA_DIR ?? "./data");
  const shared = values.DATABASE_URL !== undefined;
  const production = isProduction(values);
  const missing = requiredMissing(values, production);
  if (missing.length > 0) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      `Invalid configuration: ${missing.join(", ")} must be set ` +
        (production
          ? "in production (TAXAUTH=dgii, or NODE_ENV=production with DATABASE_URL): a PostgreSQL DATABASE_URL and secrets shared by every instance."
          : "with DATABASE_URL set (all instances must share them)."),
    );
  }
  if (values.SMTP_URL !== undefined && values.MAIL_FROM === undefined) {
    // The notifications' e-mail needs a sender as much as a server.
    throw new AppError(
      "CONFIGURATION_ERROR",
      'Invalid configuration: MAIL_FROM must be set with SMTP_URL (the sender of the notifications, e.g. "Anula <anula@empresa.do>").',
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
    decryptionKeys: [encryptionKey, ...parsePreviousKeys(values.ENCRYPTION_KEYS_PREVIOUS, encryptionKey)],
    metricsToken: values.METRICS_TOKEN,
    demo: {
      enabled: demoEnabled,
      rnc: values.DEMO_RNC ?? "130000001",
      username: (values.DEMO_USERNAME ?? "demo@anula.local").toLowerCase(),
      password: values.DEMO_PASSWORD ?? DEMO_DEFAULT_PASSWORD,
      apiKey: values.DEMO_API_KEY,
    },
    production,
    shutdownTimeoutMs:
      values.SHUTDOWN_TIMEOUT_MS !== undefined
        ? Number(values.SHUTDOWN_TIMEOUT_MS)
        : DEFAULT_SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: Number(values.SHUTDOWN_DRAIN_DELAY_MS ?? DEFAULT_SHUTDOWN_DRAIN_DELAY_MS),
    voidSendLeaseMs: Number(values.VOID_SEND_LEASE_MS ?? DEFAULT_VOID_SEND_LEASE_MS),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    loginThrottle: {
      perUser: Number(values.AUTH_MAX_FAILED_LOGINS ?? DEFAULT_MAX_FAILED_LOGINS),
      perAddress: Number(values.AUTH_MAX_FAILED_LOGINS_PER_ADDRESS ?? DEFAULT_MAX_FAILED_LOGINS_PER_ADDRESS),
    },
    refreshTokenTtlMs: Number(values.REFRESH_TOKEN_TTL_DAYS ?? DEFAULT_REFRESH_TOKEN_TTL_DAYS) * DAY_MS,
    // An origin (env-schema.ts checks it): "https://host/" and "https://host/api/auth" both mean https://host.
    nextAuthUrl: values.NEXTAUTH_URL && new URL(values.NEXTAUTH_URL).origin,
    ...(values.SMTP_URL ? { smtp: { url: values.SMTP_URL, from: values.MAIL_FROM! } } : {}),
    taxAuth: taxAuthSettingsOf(values, dataDir),
    voidDeadlineMs: Number(values.VOID_DEADLINE_MS ?? 25_000),
    voidRateLimitPerMinute: Number(values.VOID_RATE_LIMIT_PER_MINUTE ?? 120),
    documentRefresh: {
      intervalMs: Number(values.DOCUMENT_REFRESH_INTERVAL_MS ?? 60_000),
      timeoutMs: Number(values.DOCUMENT_REFRESH_TIMEOUT_MS ?? 1_500),
      minIntervalMs: Number(values.DOCUMENT_REFRESH_MIN_INTERVAL_MS ?? 30_000),
    },
    ecfSendBudgetMs: Number(values.ECF_SEND_BUDGET_MS ?? 10_000),
    issuedFollowUp: {
      pollMs: Number(values.ISSUED_FOLLOW_UP_POLL_MS ?? 1_000),
      concurrency: Number(values.ISSUED_FOLLOW_UP_CONCURRENCY ?? 128),
    },
    documentLookup: {
      concurrency: Number(values.DOCUMENT_LOOKUP_CONCURRENCY ?? 8),
      budgetMs: Number(values.DOCUMENT_LOOKUP_BUDGET_MS ?? 10_000),
      absentMs: Number(values.DOCUMENT_LOOKUP_ABSENT_MS ?? 5 * 60_000),
      perCompanyPerMinute: Number(values.DGII_LOOKUPS_PER_MINUTE ?? 600),
      totalPerMinute: Number(values.DGII_LOOKUPS_PER_MINUTE_TOTAL ?? 3_000),
    },
    ledgerQuietPeriodHours: Number(values.LEDGER_QUIET_PERIOD_HOURS ?? DEFAULT_LEDGER_QUIET_PERIOD_HOURS),
    webhooks: {
      timeoutMs: Number(values.WEBHOOK_TIMEOUT_MS ?? 10_000),
      pollMs: Number(values.WEBHOOK_POLL_MS ?? 250),
    },
    eventRetentionDays: Number(values.EVENT_RETENTION_DAYS ?? 30),
    scans: {
      ledgerIntervalMs: Number(values.LEDGER_SCAN_INTERVAL_MS ?? 3_600_000),
      certificateIntervalMs: Number(values.CERTIFICATE_SCAN_INTERVAL_MS ?? 6 * 3_600_000),
      deadlineIntervalMs: Number(values.DEADLINE_SCAN_INTERVAL_MS ?? 15 * 60_000),
    },
    logLevel: logLevelFrom(env),
  };
}

function taxAuthSettingsOf(values: EnvValues, dataDir: string): TaxAuthSettings {
  const mode = values.TAXAUTH?.toLowerCase() === "dgii" ? "dgii" : "simulator";
  const embedded = mode === "simulator" && values.TAXAUTH_SIMULATOR_URL === undefined;
  return {
    mode,
    simulatorUrl: values.TAXAUTH_SIMULATOR_URL,
    embeddedSimulator: embedded
      ? {
          port: Number(values.TAXAUTH_SIMULATOR_PORT ?? 0),
          ledgerFile: values.TAXAUTH_SIMULATOR_LEDGER ?? path.join(dataDir, "dgii-simulator-ledger.json"),
          adminEnabled: !/^(0|off)$/i.test(values.TAXAUTH_SIMULATOR_ADMIN ?? ""),
        }
      : null,
    urlOverrides: {
      ...(values.TAXAUTH_URL_TESTECF ? { TesteCF: values.TAXAUTH_URL_TESTECF } : {}),
      ...(values.TAXAUTH_URL_CERTECF ? { CerteCF: values.TAXAUTH_URL_CERTECF } : {}),
      ...(values.TAXAUTH_URL_ECF ? { eCF: values.TAXAUTH_URL_ECF } : {}),
    },
    connectTimeoutMs: Number(values.TAXAUTH_CONNECT_TIMEOUT_MS ?? 10_000),
    responseTimeoutMs: Number(values.TAXAUTH_RESPONSE_TIMEOUT_MS ?? 60_000),
    status: values.TAXAUTH_STATUS_API_KEY
      ? {
          apiKey: values.TAXAUTH_STATUS_API_KEY,
          url: values.TAXAUTH_STATUS_URL,
          intervalMs: Number(values.TAXAUTH_STATUS_INTERVAL_MS ?? 60_000),
          timeoutMs: Number(values.TAXAUTH_STATUS_TIMEOUT_MS ?? 2_000),
        }
      : null,
  };
}

/**
 * The tax-authority part of an environment alone (tests and checks that build a client for a
 * given set of variables): validated like the whole configuration.
 */
export function parseTaxAuthSettings(env: Record<string, string | undefined>): TaxAuthSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new AppError("CONFIGURATION_ERROR", `Invalid configuration: ${problems.join("; ")}`);
  }
  return taxAuthSettingsOf(
    parsed.data,
    path.resolve(/*turbopackIgnore: true*/ parsed.data.DATA_DIR ?? "./data"),
  );
}

function isProduction(values: EnvValues): boolean {
  return (
    values.TAXAUTH?.toLowerCase() === "dgii" ||
    (values.NODE_ENV === "production" && values.DATABASE_URL !== undefined)
  );
}

function requiredMissing(values: EnvValues, production: boolean): string[] {
  const required: Array<keyof EnvValues> =
    production || values.DATABASE_URL !== undefined ? ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY"] : [];
  return required.filter((name) => values[name] === undefined);
}

/** The demo user's password unless DEMO_PASSWORD gives one (documented; shown once at the demo's creation). */
export const DEMO_DEFAULT_PASSWORD = "anula-demo";

let cached: AppConfig | undefined;

/** The process's configuration, read once from process.env. */
export function loadConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * Tests: sets (or, with undefined, removes) environment variables and forgets the cached
 * configuration, so the next loadConfig() reads them.
 */
export function setEnvForTests(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
}

/** Tests change the environment between cases; this forgets the cached configuration. */
export function resetConfigForTests(): void {
  cached = undefined;
}
