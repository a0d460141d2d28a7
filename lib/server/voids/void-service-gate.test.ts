import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import * as signing from "@/lib/server/platform/signing";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";

import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";
import { MAX_RETRY_AFTER_SECONDS } from "./void-service-gate";

// Counts signatures: during an announced window the ANECF must not even be signed.
vi.mock("@/lib/server/platform/signing", async (original) => {
  const real = await original<typeof import("@/lib/server/platform/signing")>();
  return { ...real, signBuiltXml: vi.fn(real.signBuiltXml) };
});
const signatures = () => vi.mocked(signing.signBuiltXml).mock.calls.length;

/**
 * POST void-ncf while DGII's status service announces Anulación Rangos in maintenance or down:
 * refused with 503 TAXAUTH_UNAVAILABLE + Retry-After before anything is stored or sent — with a key
 * configured. Without one, nothing changes (and the status service is never asked).
 */
const MINUTE = 60_000;
let app: VoidTestApp;
let account: TestAccount;
let sequence = 0;

function freshRange(count = 3) {
  sequence += 1000;
  const at = (n: number) => `E31${String(n).padStart(10, "0")}`;
  return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
}

const post = (body: unknown, env = "TesteCF", headers: Record<string, string> = {}) =>
  app.call("POST", `/${env}/customer/void-ncf`, { token: account.idToken, body, headers });
const stored = async (env = "TesteCF") =>
  (
    (await app.call("GET", `/${env}/customer/void-ncf?limit=100`, { token: account.idToken })).body
      .items as unknown[]
  ).length;
/** Every call that reached the simulated DGII's e-CF services (semilla, validarsemilla, anularrango, …). */
const sent = () => Object.values(app.simulator.admin.callCounts()).reduce((sum, count) => sum + count, 0);

function withStatusKey(key: string | undefined) {
  setEnvForTests({
    TAXAUTH_STATUS_API_KEY: key,
    TAXAUTH_STATUS_URL: key ? app.simulator.url : undefined,
    TAXAUTH_STATUS_INTERVAL_MS: key ? "60000" : undefined,
  });
  resetServiceStatusForTests();
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 5_000, responseTimeoutMs: 5_000 });
  account = await createTestAccount({ certificate: true });
});

afterAll(async () => {
  withStatusKey(undefined);
  await app?.close();
});

beforeEach(() => {
  app.simulator.admin.reset();
  withStatusKey("XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX");
});

describe("createVoid during DGII's announced maintenance window", () => {
  it("answers 503 TAXAUTH_UNAVAILABLE with Retry-After until the window ends; nothing stored, nothing sent", async () => {
    const now = Date.now();
    const window = app.simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - 10 * MINUTE,
      to: now + 20 * MINUTE,
    });
    const [storedBefore, sentBefore, signedBefore] = [await stored(), sent(), signatures()];
    const response = await post({ ranges: [freshRange()] });
    expect(response.status).toBe(503);
    expect(signatures()).toBe(signedBefore); // refused before signing
    expect(response.body).toEqual({
      message: expect.stringMatching(
        /Anulación Rangos de TesteCF en mantenimiento.*no se guardó ni se envió nada/,
      ),
      code: "TAXAUTH_UNAVAILABLE",
      retryAfter: expect.any(Number),
    });
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBe(response.body.retryAfter);
    expect(retryAfter).toBeGreaterThan((window.to - Date.now()) / 1000 - 5);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((window.to - now) / 1000));
    expect(await stored()).toBe(storedBefore);
    expect(sent()).toBe(sentBefore);
    expect(sent()).toBe(0);
  });

  it("bounds Retry-After to an hour for a long window", async () => {
    const now = Date.now();
    app.simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - MINUTE,
      to: now + 5 * 60 * MINUTE,
    });
    const response = await post({ ranges: [freshRange()] });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(MAX_RETRY_AFTER_SECONDS));
  });

  it("validates first: a bad body is still 400, a repeated Idempotency-Key still gets its stored outcome", async () => {
    const body = { ranges: [freshRange()] };
    const first = await post(body, "TesteCF", { "idempotency-key": "antes-de-la-ventana" });
    expect(first.status).toBe(200);
    const now = Date.now();
    app.simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - MINUTE,
      to: now + 30 * MINUTE,
    });
    resetServiceStatusForTests();
    const sentBefore = sent();
    expect((await post({ ranges: [{ secuenciaDesde: "E31", secuenciaHasta: "E31" }] })).status).toBe(400);
    const replay = await post(body, "TesteCF", { "idempotency-key": "antes-de-la-ventana" });
    expect(replay.status).toBe(200);
    expect(replay.body.voidId).toBe(first.body.voidId);
    expect((await post({ ranges: [freshRange()] })).status).toBe(503);
    expect(sent()).toBe(sentBefore);
  });

  it("a window of another environment, or one already over, does not stop a void", async () => {
    const now = Date.now();
    app.simulator.admin.addMaintenanceWindow({
      environment: "eCF",
      from: now - MINUTE,
      to: now + 30 * MINUTE,
    });
    app.simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - 60 * MINUTE,
      to: now - 30 * MINUTE,
    });
    expect((await post({ ranges: [freshRange()] })).status).toBe(200);
  });
});

describe("createVoid while DGII lists Anulación Rangos as No Disponible", () => {
  it("answers 503 with Retry-After of one status interval; nothing stored or sent", async () => {
    app.simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    const storedBefore = await stored();
    const response = await post({ ranges: [freshRange()] });
    expect(response.status).toBe(503);
    expect(response.body.code).toBe("TAXAUTH_UNAVAILABLE");
    expect(response.body.message).toMatch(/no está disponible/);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await stored()).toBe(storedBefore);
    expect(sent()).toBe(0);
  });

  it("another service down, or down in another environment, does not stop a void", async () => {
    app.simulator.admin.setServiceStatus({
      environment: "TesteCF",
      service: "Recepción",
      estatus: "No Disponible",
    });
    app.simulator.admin.setServiceStatus({ environment: "CerteCF", estatus: "No Disponible" });
    expect((await post({ ranges: [freshRange()] })).status).toBe(200);
  });
});

describe("an unknown status never refuses", () => {
  it("an answer Anula cannot read, a refused key or a failing status service: the void goes through", async () => {
    app.simulator.admin.setStatusAnswer({
      endpoint: "obtenerestatus",
      body: JSON.stringify([
        { servicio: "Anulación Rangos", estatus: "Degradado", ambiente: "PreCertificacion" },
      ]),
    });
    app.simulator.admin.setStatusAnswer({
      endpoint: "obtenerventanasmantenimiento",
      status: 500,
      body: "{}",
    });
    expect((await post({ ranges: [freshRange()] })).status).toBe(200);
    app.simulator.admin.setStatusAnswer({ endpoint: "obtenerestatus", status: 401, body: "" });
    resetServiceStatusForTests();
    expect((await post({ ranges: [freshRange()] })).status).toBe(200);
  });
});

describe("without TAXAUTH_STATUS_API_KEY (the default)", () => {
  it("nothing changes: the status service is never asked, and a void during a window is sent as before", async () => {
    withStatusKey(undefined);
    const now = Date.now();
    app.simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - MINUTE,
      to: now + 30 * MINUTE,
    });
    app.simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    const response = await post({ ranges: [freshRange()] });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("Aceptado");
    expect(app.simulator.admin.statusCalls()).toEqual([]);
  });
});
