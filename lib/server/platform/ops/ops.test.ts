import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { GET as health } from "@/app/healthz/route";
import { GET as ready } from "@/app/readyz/route";
import { readinessResponseSchema } from "@/lib/schemas/ops-responses";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { json, route } from "@/lib/server/platform/http";
import { trackInFlight } from "@/lib/server/platform/ops/in-flight";

import { resetLifecycleForTests } from "./lifecycle";
import { checkReadiness } from "./readiness";
import { shutdown } from "./shutdown";

let database: TestDatabase;
const SECRET_WORDS = /secret|password|postgres:\/\/|key|token/i;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());
afterEach(() => resetLifecycleForTests());

const call = (handler: typeof health, url: string) => handler(new Request(url), {});

describe("GET /healthz and /readyz", () => {
  it("healthz answers 200 while the process runs", async () => {
    const response = await call(health, "http://localhost/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", uptimeSeconds: expect.any(Number) });
  });

  it("readyz answers 200 with every check passed, and no secrets", async () => {
    const response = await call(ready, "http://localhost/readyz");
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(readinessResponseSchema.parse(JSON.parse(text))).toEqual({
      status: "ready",
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        taxAuthority: { ok: true, mode: "simulator" },
      },
    });
    expect(text).not.toMatch(SECRET_WORDS);
  });

  it("not ready when a migration is missing from the database", async () => {
    await database.prisma.$executeRawUnsafe(
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = (SELECT max(migration_name) FROM "_prisma_migrations")`,
    );
    try {
      const { ready: isReady, body } = await checkReadiness();
      expect(isReady).toBe(false);
      expect(body.checks.migrations).toMatchObject({ ok: false, pending: [expect.any(String)] });
    } finally {
      await database.prisma.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL`);
    }
  });

  it("not ready when the database does not answer, without leaking the error", async () => {
    const failing = async () => {
      throw new Error("connect ECONNREFUSED postgres://anula:s3cret@db:5432/anula");
    };
    const { ready: isReady, body } = await checkReadiness({ db: failing as never });
    expect(isReady).toBe(false);
    expect(body.checks.database).toEqual({ ok: false, message: "database unreachable" });
    expect(JSON.stringify(body)).not.toMatch(SECRET_WORDS);
  });

  it("in production mode (TAXAUTH=dgii) the authority's base URLs must be configured as https", async () => {
    const good = await checkReadiness({ env: { TAXAUTH: "dgii" } as unknown as NodeJS.ProcessEnv });
    expect(good.body.checks.taxAuthority).toEqual({ ok: true, mode: "dgii" });
    const plain = await checkReadiness({
      env: { TAXAUTH: "dgii", TAXAUTH_URL_ECF: "http://proxy.local/ecf" } as unknown as NodeJS.ProcessEnv,
    });
    expect(plain.ready).toBe(false);
    expect(plain.body.checks.taxAuthority.ok).toBe(false);
    const broken = await checkReadiness({
      env: { TAXAUTH: "dgii", TAXAUTH_URL_ECF: "nope" } as unknown as NodeJS.ProcessEnv,
    });
    expect(broken.body.checks.taxAuthority.ok).toBe(false);
  });
});

describe("graceful shutdown", () => {
  it("refuses new requests with 503, lets running ones and sends in flight finish, then closes the database", async () => {
    let releaseRequest!: () => void;
    const slow = route(async () => {
      await new Promise<void>((resolve) => (releaseRequest = resolve));
      return json({ done: true });
    });
    const running = slow(new Request("http://localhost/TesteCF/slow"), {});
    let sendSettled = false;
    void trackInFlight(new Promise((resolve) => setTimeout(resolve, 150)).then(() => (sendSettled = true)));
    let closed = false;

    const report = shutdown({ timeoutMs: 5_000, closeDatabase: async () => void (closed = true) });
    const refused = await route(async () => json({}))(new Request("http://localhost/TesteCF/new"), {});
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    const readiness = await call(ready, "http://localhost/readyz");
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "shutting_down" });
    expect(closed).toBe(false);

    releaseRequest();
    expect((await running).status).toBe(200);
    expect(await report).toMatchObject({ requestsFinished: true, sendsFinished: true, sendsAbandoned: 0 });
    expect(sendSettled).toBe(true);
    expect(closed).toBe(true);
  });

  it("keeps the listener open for the drain delay, answering 503 and shutting_down, then closes it", async () => {
    let listenerClosedAt: number | undefined;
    const started = Date.now();
    const report = shutdown({
      timeoutMs: 5_000,
      drainDelayMs: 300,
      closeListener: () => (listenerClosedAt = Date.now()),
      closeDatabase: async () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listenerClosedAt).toBeUndefined();
    const refused = await route(async () => json({}))(new Request("http://localhost/TesteCF/new"), {});
    expect(refused.status).toBe(503);
    expect((await call(ready, "http://localhost/readyz")).status).toBe(503);
    await report;
    expect(listenerClosedAt! - started).toBeGreaterThanOrEqual(290);
  });

  it("is bounded: a send that never settles is abandoned (its record stays Error) and the database still closes", async () => {
    void trackInFlight(new Promise(() => {}));
    let closed = false;
    const started = Date.now();
    const report = await shutdown({ timeoutMs: 200, closeDatabase: async () => void (closed = true) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(report).toMatchObject({ sendsFinished: false, sendsAbandoned: 1 });
    expect(closed).toBe(true);
  });
});
