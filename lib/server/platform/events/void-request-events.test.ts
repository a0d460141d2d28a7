import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CompanyRole } from "@/lib/domain/roles";
import { createUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { approveVoidRequest } from "@/lib/server/approvals/approve-void-request";
import { sendOrRequestVoid } from "@/lib/server/approvals/create-void-request";
import { expireVoidRequests } from "@/lib/server/approvals/expire-void-requests";
import { rejectVoidRequest } from "@/lib/server/approvals/reject-void-request";
import type { AuthContext } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

/** The approvals' void.request.* events, each in the transaction of the request's change. */
let database: TestDatabase;
let simulator: SimulatorHandle;
let client: TaxAuthClient;
let company: TestAccount;
let operator: AuthContext;
let approver: AuthContext;
let people = 0;
let sequence = 0;

async function person(roles: CompanyRole[]): Promise<AuthContext> {
  people += 1;
  const user = await createUser({
    accountId: company.auth.accountId,
    email: `events-${people}@test.local`,
    password: "test-password-1",
    roles,
    organizationAdmin: false,
  });
  return (await loadActiveUser(user.id, company.auth.accountId))!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator));
  setTaxAuthClient(client);
  setEnvForTests({ VOID_DEADLINE_MS: "10000", VOID_RATE_LIMIT_PER_MINUTE: "0" });
  company = await createTestAccount({ roles: ["administrator"], certificate: true });
  operator = await person(["operator"]);
  approver = await person(["approver"]);
  await person(["approver"]);
  await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
});
afterAll(async () => {
  await waitForInFlight(10_000);
  setTaxAuthClient(undefined);
  await client?.close();
  await simulator?.close();
  await database?.dispose();
});

async function request(ttlMs?: number): Promise<string> {
  sequence += 100;
  const from = `E31${String(sequence + 1).padStart(10, "0")}`;
  const to = `E31${String(sequence + 4).padStart(10, "0")}`;
  const outcome = await sendOrRequestVoid({
    accountId: company.auth.accountId,
    rnc: company.auth.rnc,
    environment: "TesteCF",
    body: { value: { ranges: [{ secuenciaDesde: from, secuenciaHasta: to }] } },
    createdBy: operator.actor,
    requester: operator,
    ...(ttlMs !== undefined ? { ttlMs } : {}),
  });
  if (outcome.kind !== "requested") throw new Error("expected a request");
  return outcome.request.requestId;
}

const eventsOf = async (subjectId: string) =>
  (await database.prisma.outboxEvent.findMany({ where: { subjectId }, orderBy: { id: "asc" } })).map(
    (event) => ({ type: event.type, ...(event.payload as object) }),
  );

describe("void request events", () => {
  it("created, then approved with the void it sent", async () => {
    const requestId = await request();
    expect(await eventsOf(requestId)).toEqual([
      expect.objectContaining({
        type: "void.request.created",
        requestId,
        customerId: company.auth.rnc,
        environment: "TesteCF",
        status: "Pendiente",
        totalVoided: 4,
        rangeCount: 1,
        requestedBy: operator.actor,
        voidId: null,
      }),
    ]);
    const { result } = await approveVoidRequest(approver, "TesteCF", requestId);
    const events = await eventsOf(requestId);
    expect(events.at(-1)).toMatchObject({
      type: "void.request.approved",
      status: "Enviada",
      decidedBy: approver.actor,
      voidId: result.attempt.voidId,
    });
    expect((await eventsOf(result.attempt.voidId)).map((event) => event.type)).toContain("void.created");
  });

  it("rejected", async () => {
    const requestId = await request();
    await rejectVoidRequest(approver, "TesteCF", requestId, { reason: "No corresponde" });
    expect((await eventsOf(requestId)).at(-1)).toMatchObject({
      type: "void.request.rejected",
      status: "Rechazada",
      decidedBy: approver.actor,
    });
  });

  it("expired by the sweep, naming the company's RNC", async () => {
    const requestId = await request(1);
    expect(await expireVoidRequests(database.prisma, Date.now() + 1_000)).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(requestId)).at(-1)).toMatchObject({
      type: "void.request.expired",
      status: "Vencida",
      customerId: company.auth.rnc,
      totalVoided: 4,
    });
  });
});
