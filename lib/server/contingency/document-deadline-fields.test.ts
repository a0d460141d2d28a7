import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as lookupExport from "@/app/(portal)/documents/export/route";
import * as listExport from "@/app/(portal)/documents/list-export/route";
import { GET as IN_REVIEW } from "@/app/[environment]/documentos-ecf/por-confirmar/route";
import { GET } from "@/app/[environment]/documentos-ecf/route";
import { POST as BATCH } from "@/app/[environment]/documentos-ecf/status/batch/route";
import { PENDING_SEND } from "@/lib/domain/dgii-submissions";
import { documentBatchDataSchema, documentRecordSchema } from "@/lib/schemas/documents-responses";
import { issuedInReviewListSchema } from "@/lib/schemas/issued-review";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { contextOf, documentHeaders, jsonPost } from "@/lib/server/documents/test-support";
import { SYSTEM_BY } from "@/lib/server/platform/activity/record-activity";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import { declareContingency, setDeadlineSettings } from "./index";
import { startReceptionStatus, type ReceptionStatus } from "./testing/reception-status";

vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * The extension field `deadline` of GET documentos-ecf and POST …/status/batch: only on an e-CF signed
 * here that DGII has not received, computed by lib/domain/ecf-deadline.ts (the portal's rule): its
 * age, and its 72-hour contingency window or the company's deferred-sending window, its state, and
 * "DGII no disponible" (dgii_unavailable) while DGII's status service lists reception down; and the
 * documents export's deadline columns, in the list's words.
 */
const HOUR = 3_600_000;

let database: TestDatabase;
let status: ReceptionStatus;
let company: TestAccount;
let quiet: TestAccount;
let sequence = 0;
const now = Date.now();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;

async function document(
  account: TestAccount,
  signedAt: number,
  fields: { status?: string; source?: string; reviewReason?: string } = {},
): Promise<string> {
  sequence += 1;
  const ncf = `E31${String(sequence).padStart(10, "0")}`;
  await database.prisma.document.create({
    data: {
      accountId: account.auth.accountId,
      environment: "TesteCF",
      customerId: account.auth.rnc,
      ncf,
      status: fields.status ?? PENDING_SEND,
      source: fields.source ?? "issued",
      reviewReason: fields.reviewReason ?? null,
      createdAt: BigInt(signedAt),
      updateAt: BigInt(signedAt),
      issuedAt: BigInt(signedAt),
    },
  });
  return ncf;
}

async function getOne(account: TestAccount, ncf: string): Promise<JsonBody> {
  const request = new Request(`http://localhost/TesteCF/documentos-ecf?ecf=${ncf}`, {
    headers: documentHeaders(account),
  });
  const response = await GET(request, contextOf("TesteCF"));
  expect(response.status).toBe(200);
  const body = (await response.json()) as JsonBody;
  expect(documentRecordSchema.safeParse(body).success).toBe(true);
  return body;
}

async function batch(account: TestAccount, ecfs: string[]): Promise<JsonBody[]> {
  const response = await BATCH(
    jsonPost("http://localhost/TesteCF/documentos-ecf/status/batch", account, { ecfs }),
    contextOf("TesteCF"),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as JsonBody;
  return (body.results as JsonBody[]).map((result) => {
    expect(documentBatchDataSchema.safeParse(result.data).success).toBe(true);
    return result.data as JsonBody;
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  status = await startReceptionStatus();
  company = await createTestAccount({ rnc: "130000511", apiKey: true });
  quiet = await createTestAccount({ rnc: "130000522", apiKey: true });
  // Declared 100 hours ago and never ended: everything company signed since is in contingency.
  await declareContingency(company.auth.accountId, "TesteCF", SYSTEM_BY, now - 100 * HOUR);
});

afterAll(async () => {
  await status?.close();
  await database?.dispose();
});

describe("the deadline of an e-CF DGII has not received, in the REST answers", () => {
  it("in a contingency: running, approaching at 75 % of 72 hours, missed after; single and batch agree", async () => {
    const running = await document(company, now - 10 * HOUR);
    const approaching = await document(company, now - 60 * HOUR);
    const missed = await document(company, now - 80 * HOUR);
    const single = await getOne(company, running);
    expect(single.status).toBe(PENDING_SEND);
    expect(single.deadline).toMatchObject({
      state: "running",
      inContingency: true,
      basis: "contingency",
      windowHours: 72,
      deadlineAt: now - 10 * HOUR + 72 * HOUR,
      approachingAt: now - 10 * HOUR + 54 * HOUR,
    });
    expect(single.deadline.ageMs).toBeGreaterThanOrEqual(10 * HOUR);
    expect(single.deadline.ageMs).toBeLessThan(11 * HOUR);
    expect(single.deadline.timeLeftMs).toBeLessThanOrEqual(62 * HOUR);
    expect(single.deadline.timeLeftMs).toBeGreaterThan(61 * HOUR);

    const [first, second, third] = await batch(company, [running, approaching, missed]);
    expect(first!.deadline).toMatchObject({ state: "running", deadlineAt: single.deadline.deadlineAt });
    expect(second!.deadline).toMatchObject({ state: "approaching", basis: "contingency" });
    expect(third!.deadline).toMatchObject({ state: "missed", basis: "contingency" });
    expect(third!.deadline.timeLeftMs).toBeLessThan(-7 * HOUR);
  });

  it("received by DGII, or imported: no deadline field at all", async () => {
    const accepted = await document(company, now - 80 * HOUR, { status: "Aceptado" });
    const imported = await document(company, now - 80 * HOUR, { source: "import" });
    expect(await getOne(company, accepted)).not.toHaveProperty("deadline");
    const [acceptedData, importedData] = await batch(company, [accepted, imported]);
    expect(acceptedData).not.toHaveProperty("deadline");
    expect(importedData).not.toHaveProperty("deadline");
  });

  it("outside a contingency: its age and no window, until the company sets a deferred-sending window", async () => {
    const ncf = await document(quiet, now - 30 * HOUR);
    expect((await getOne(quiet, ncf)).deadline).toMatchObject({
      state: "none",
      inContingency: false,
      basis: null,
      windowHours: null,
      deadlineAt: null,
      approachingAt: null,
      timeLeftMs: null,
    });
    await setDeadlineSettings(
      quiet.auth.accountId,
      { deferredWindowHours: 24, approachingPercent: 50 },
      SYSTEM_BY,
    );
    expect((await getOne(quiet, ncf)).deadline).toMatchObject({
      state: "missed",
      basis: "deferred",
      windowHours: 24,
      deadlineAt: now - 6 * HOUR,
    });
  });

  it('while DGII lists its reception down: "DGII no disponible", never missed', async () => {
    const missed = await document(company, now - 90 * HOUR);
    status.setTesteCF("No Disponible");
    try {
      expect((await getOne(company, missed)).deadline).toMatchObject({
        state: "dgii_unavailable",
        basis: "contingency",
        deadlineAt: now - 18 * HOUR,
      });
      const [data] = await batch(company, [missed]);
      expect(data!.deadline.state).toBe("dgii_unavailable");
    } finally {
      status.setTesteCF("Disponible");
    }
    expect((await getOne(company, missed)).deadline.state).toBe("missed");
  });
});

describe("GET …/documentos-ecf/por-confirmar", () => {
  it("an e-CF waiting for a person that DGII has not received carries its deadline; one in process does not", async () => {
    const account = await createTestAccount({ rnc: "130000544", apiKey: true });
    await declareContingency(account.auth.accountId, "TesteCF", SYSTEM_BY, now - 100 * HOUR);
    const notReceived = await document(account, now - 60 * HOUR, { reviewReason: "NOT_RECEIVED" });
    const noVerdict = await document(account, now - 60 * HOUR, {
      status: "En Proceso",
      reviewReason: "NO_VERDICT",
    });
    const response = await IN_REVIEW(
      new Request("http://localhost/TesteCF/documentos-ecf/por-confirmar", {
        headers: documentHeaders(account),
      }),
      contextOf("TesteCF"),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as JsonBody;
    expect(issuedInReviewListSchema.safeParse(body).success).toBe(true);
    const byNcf = new Map((body.items as JsonBody[]).map((item) => [item.ncf, item]));
    expect(byNcf.get(notReceived)!.deadline).toMatchObject({ state: "approaching", basis: "contingency" });
    expect(byNcf.get(noVerdict)).not.toHaveProperty("deadline");
  });
});

describe("the documents export's deadline columns", () => {
  it("when due, the time left and the age of each e-CF DGII has not received; empty for the others", async () => {
    const account = await createTestAccount({ rnc: "130000533" });
    await declareContingency(account.auth.accountId, "TesteCF", SYSTEM_BY, now - 100 * HOUR);
    const pending = await document(account, now - 80 * HOUR);
    const accepted = await document(account, now - 90 * HOUR, { status: "Aceptado" });
    setSession({ userId: account.auth.userId, signedInAt: Date.now() });
    const response = await listExport.GET(new Request("http://localhost/documents/list-export?format=csv"), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    const rows = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]!.slice(-3)).toEqual(["Vence el", "Tiempo restante", "Antigüedad"]);
    const byNcf = new Map(rows.slice(1).map((row) => [row[0], row.slice(-3)]));
    const [due, left, age] = byNcf.get(pending)!;
    // 72 hours from signing, passed 8 hours ago; signed 3 days 8 hours ago.
    expect(due).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(left).toMatch(/^Vencido hace 8 h \d+ min$/);
    expect(age).toMatch(/^Firmado hace 3 d 8 h$/);
    expect(byNcf.get(accepted)).toEqual(["", "", ""]);

    // The lookup's CSV (pasted e-NCF) writes the same three columns.
    const lookup = await lookupExport.GET(
      new Request(`http://localhost/documents/export?ecfs=${pending},${accepted}`),
      { params: Promise.resolve({}) },
    );
    expect(lookup.status).toBe(200);
    const found = Papa.parse<string[]>((await lookup.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(found[0]!.slice(-3)).toEqual(["Vence el", "Tiempo restante", "Antigüedad"]);
    expect(found[1]!.slice(-3)).toEqual([due, left, age]);
    expect(found[2]!.slice(-3)).toEqual(["", "", ""]);
  });
});
