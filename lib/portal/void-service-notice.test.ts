import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { resetServiceStatusForTests } from "@/lib/server/platform/taxauth/service-status";
import { getDb } from "@/lib/server/platform/db";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

import { submitVoid } from "./actions/void-actions";
import { voidServiceNotice } from "./void-service-notice";

// The portal's session and request scope, as Next provides them to pages and server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

const MINUTE = 60_000;
let database: TestDatabase;
let simulator: SimulatorHandle;
let operator: TestAccount;

function withStatusKey(key: string | undefined) {
  setEnvForTests({ TAXAUTH_STATUS_API_KEY: key, TAXAUTH_STATUS_URL: key ? simulator.url : undefined });
  resetServiceStatusForTests();
}

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTaxAuthSimulator({ port: 0, statusApiKey: "clave-dgii" });
  operator = await createTestAccount({ roles: ["operator"], certificate: true });
  setSession({ userId: operator.auth.userId, signedInAt: Date.now() });
});

beforeEach(() => {
  simulator.admin.reset();
  withStatusKey("clave-dgii");
});

afterAll(async () => {
  withStatusKey(undefined);
  await simulator?.close();
  await database?.dispose();
});

describe("the portal and DGII's announced maintenance of Anulación Rangos", () => {
  it("the shell's banner data: the window in force in the portal's environment only", async () => {
    const now = Date.now();
    const window = simulator.admin.addMaintenanceWindow({
      environment: "CerteCF",
      from: now - MINUTE,
      to: now + 45 * MINUTE,
    });
    expect(await voidServiceNotice("CerteCF")).toMatchObject({ state: "maintenance", window });
    expect(await voidServiceNotice("TesteCF")).toBeNull();
    simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    resetServiceStatusForTests();
    expect(await voidServiceNotice("TesteCF")).toMatchObject({ state: "down" });
  });

  it("the void tool's submission gets createVoid's 503 TAXAUTH_UNAVAILABLE, and nothing is stored", async () => {
    const now = Date.now();
    simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - MINUTE,
      to: now + 10 * MINUTE,
    });
    const result = await submitVoid({
      environment: "TesteCF",
      ranges: "E310000070001\tE310000070005\n",
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      idempotencyKey: "portal-en-ventana",
      reason: { code: "08", text: "Salto de secuencia" },
    });
    expect(result).toMatchObject({
      ok: false,
      code: "TAXAUTH_UNAVAILABLE",
      status: 503,
      message: expect.stringContaining("mantenimiento"),
      extra: { retryAfter: expect.any(Number) },
    });
    expect(await (await getDb()).voidRecord.count({ where: { accountId: operator.auth.accountId } })).toBe(0);
  });

  it("without a key: no banner, and the status service is never asked", async () => {
    withStatusKey(undefined);
    simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    expect(await voidServiceNotice("TesteCF")).toBeNull();
    expect(simulator.admin.statusCalls()).toEqual([]);
  });
});
