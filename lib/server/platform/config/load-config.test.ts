import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { parseConfig } from "./load-config";

const dataDir = mkdtempSync(path.join(tmpdir(), "anula-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRETS = { AUTH_SECRET: "a".repeat(32), ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") };
const POSTGRES = "postgres://anula:pw@db.internal:5432/anula";

function messageOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toMatchObject({ code: "CONFIGURATION_ERROR" });
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("configuration", () => {
  it("the embedded default (npm start: NODE_ENV=production, no DATABASE_URL, simulator) starts with generated secrets", () => {
    const config = parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(config).toMatchObject({ production: false, databaseUrl: undefined, shutdownTimeoutMs: 25_000 });
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ TAXAUTH: "dgii" }, ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY"]],
    [{ TAXAUTH: "dgii", ...SECRETS }, ["DATABASE_URL"]],
    [{ TAXAUTH: "dgii", DATABASE_URL: POSTGRES }, ["AUTH_SECRET", "ENCRYPTION_KEY"]],
    [
      { NODE_ENV: "production", DATABASE_URL: POSTGRES, AUTH_SECRET: SECRETS.AUTH_SECRET },
      ["ENCRYPTION_KEY"],
    ],
  ])("production %j refuses to start naming %j", (env, missing) => {
    const message = messageOf(env);
    for (const name of missing) expect(message).toContain(name);
    expect(message).toMatch(/production/);
    expect(message).not.toContain("pw@");
  });

  it("holds every setting the app reads, with its default, and the embedded simulator's", () => {
    const defaults = parseConfig({ DATA_DIR: dataDir });
    expect(defaults).toMatchObject({
      voidDeadlineMs: 25_000,
      ledgerQuietPeriodHours: 72,
      voidRateLimitPerMinute: 120,
      documentRefresh: { intervalMs: 60_000, timeoutMs: 1_500, minIntervalMs: 30_000 },
      taxAuth: {
        mode: "simulator",
        simulatorUrl: undefined,
        embeddedSimulator: {
          port: 0,
          ledgerFile: path.join(dataDir, "dgii-simulator-ledger.json"),
          adminEnabled: true,
        },
        urlOverrides: {},
        connectTimeoutMs: 10_000,
        responseTimeoutMs: 60_000,
      },
    });
    const set = parseConfig({
      DATA_DIR: dataDir,
      VOID_DEADLINE_MS: "5000",
      VOID_RATE_LIMIT_PER_MINUTE: "0",
      DOCUMENT_REFRESH_INTERVAL_MS: "0",
      DOCUMENT_REFRESH_TIMEOUT_MS: "800",
      DOCUMENT_REFRESH_MIN_INTERVAL_MS: "0",
      TAXAUTH_SIMULATOR_URL: "http://127.0.0.1:4010",
      TAXAUTH_URL_ECF: "https://proxy.example.do/ecf",
      TAXAUTH_RESPONSE_TIMEOUT_MS: "30000",
      LOG_LEVEL: "warn",
      LEDGER_QUIET_PERIOD_HOURS: "0",
    });
    expect(set).toMatchObject({
      voidDeadlineMs: 5_000,
      voidRateLimitPerMinute: 0,
      documentRefresh: { intervalMs: 0, timeoutMs: 800, minIntervalMs: 0 },
      taxAuth: {
        simulatorUrl: "http://127.0.0.1:4010",
        embeddedSimulator: null,
        urlOverrides: { eCF: "https://proxy.example.do/ecf" },
        responseTimeoutMs: 30_000,
      },
      logLevel: "warn",
      ledgerQuietPeriodHours: 0,
    });
    expect(
      parseConfig({ DATA_DIR: dataDir, TAXAUTH_SIMULATOR_ADMIN: "0" }).taxAuth.embeddedSimulator
        ?.adminEnabled,
    ).toBe(false);
    expect(messageOf({ DOCUMENT_REFRESH_TIMEOUT_MS: "soon" })).toContain("DOCUMENT_REFRESH_TIMEOUT_MS");
  });

  it("production with PostgreSQL and both secrets starts", () => {
    const config = parseConfig({
      TAXAUTH: "dgii",
      DATABASE_URL: POSTGRES,
      ...SECRETS,
      NODE_ENV: "production",
    });
    expect(config).toMatchObject({ production: true, databaseUrl: POSTGRES });
    expect(config.demo.enabled).toBe(false);
  });

  it.each([
    [{ DATABASE_URL: "mysql://db/anula" }, "DATABASE_URL"],
    [{ TAXAUTH: "dgi" }, "TAXAUTH"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ ENCRYPTION_KEY: "abc" }, "ENCRYPTION_KEY"],
    [{ VOID_DEADLINE_MS: "25s" }, "VOID_DEADLINE_MS"],
    [{ TAXAUTH_RESPONSE_TIMEOUT_MS: "0" }, "TAXAUTH_RESPONSE_TIMEOUT_MS"],
    [{ VOID_RATE_LIMIT_PER_MINUTE: "-1" }, "VOID_RATE_LIMIT_PER_MINUTE"],
    [{ SHUTDOWN_TIMEOUT_MS: "soon" }, "SHUTDOWN_TIMEOUT_MS"],
    [{ TAXAUTH_SIMULATOR_PORT: "70000" }, "TAXAUTH_SIMULATOR_PORT"],
    [{ TAXAUTH_URL_ECF: "ecf.dgii.gov.do" }, "TAXAUTH_URL_ECF"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ LEDGER_QUIET_PERIOD_HOURS: "8761" }, "LEDGER_QUIET_PERIOD_HOURS"],
    [{ LEDGER_QUIET_PERIOD_HOURS: "3.5" }, "LEDGER_QUIET_PERIOD_HOURS"],
    [{ DEMO: "yes" }, "DEMO"],
    [{ NEXTAUTH_URL: "anula.empresa.do" }, "NEXTAUTH_URL"],
    [{ NEXTAUTH_URL: "https://anula.empresa.do/portal" }, "NEXTAUTH_URL"],
    [{ NEXTAUTH_URL: "https://anula.empresa.do/?x=1" }, "NEXTAUTH_URL"],
  ])("an invalid value %j is refused with a message naming %s", (env, name) => {
    expect(messageOf({ ...SECRETS, ...env })).toContain(name);
  });

  it("NEXTAUTH_URL is optional and kept as an origin", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).nextAuthUrl).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir, NEXTAUTH_URL: "  " }).nextAuthUrl).toBeUndefined();
    for (const value of [
      "https://anula.empresa.do",
      "https://anula.empresa.do/",
      "https://anula.empresa.do/api/auth",
    ]) {
      expect(parseConfig({ DATA_DIR: dataDir, NEXTAUTH_URL: value }).nextAuthUrl).toBe(
        "https://anula.empresa.do",
      );
    }
    expect(parseConfig({ DATA_DIR: dataDir, NEXTAUTH_URL: "http://10.0.0.5:8080" }).nextAuthUrl).toBe(
      "http://10.0.0.5:8080",
    );
  });

  it("lists every invalid variable at once", () => {
    const message = messageOf({ TAXAUTH: "x", LOG_LEVEL: "loud", VOID_DEADLINE_MS: "-5" });
    expect(message).toMatch(/TAXAUTH.*VOID_DEADLINE_MS.*LOG_LEVEL/s);
  });

  it("REFRESH_TOKEN_TTL_DAYS sets the refresh tokens' lifetime: 30 days by default, 1 to 365", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).refreshTokenTtlMs).toBe(30 * 86_400_000);
    expect(parseConfig({ DATA_DIR: dataDir, REFRESH_TOKEN_TTL_DAYS: "7" }).refreshTokenTtlMs).toBe(
      7 * 86_400_000,
    );
    for (const invalid of ["0", "366", "30d"]) {
      expect(messageOf({ REFRESH_TOKEN_TTL_DAYS: invalid })).toContain("REFRESH_TOKEN_TTL_DAYS");
    }
  });

  it("SHUTDOWN_TIMEOUT_MS sets the drain bound", () => {
    expect(
      parseConfig({ ...SECRETS, DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: "5000" }).shutdownTimeoutMs,
    ).toBe(5000);
  });
});

describe("encryption keys and the metrics token", () => {
  const A = Buffer.alloc(32, 1);
  const B = Buffer.alloc(32, 2);

  it("ENCRYPTION_KEYS_PREVIOUS: the keys that may still open stored values, after the current one", () => {
    const alone = parseConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: B.toString("base64") });
    expect(alone.decryptionKeys).toEqual([B]);
    const rotating = parseConfig({
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: B.toString("base64"),
      // hex or base64, comma-separated; the current key and repeats are dropped.
      ENCRYPTION_KEYS_PREVIOUS: ` ${A.toString("hex")} , ${B.toString("base64")},${A.toString("base64")}`,
    });
    expect(rotating.encryptionKey).toEqual(B);
    expect(rotating.decryptionKeys).toEqual([B, A]);
  });

  it("refuses a previous key that is not 32 bytes, naming which", () => {
    expect(messageOf({ ENCRYPTION_KEYS_PREVIOUS: `${A.toString("base64")},c2hvcnQ=` })).toContain(
      "ENCRYPTION_KEYS_PREVIOUS (key 2) must be 32 bytes",
    );
  });

  it("METRICS_TOKEN: unset by default (/metrics off); at least 16 visible characters", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "m".repeat(16) }).metricsToken).toBe(
      "m".repeat(16),
    );
    for (const invalid of ["short", "has a space in it ok"]) {
      expect(messageOf({ METRICS_TOKEN: invalid })).toContain("METRICS_TOKEN");
    }
  });
});
