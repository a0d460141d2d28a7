import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET, PUT } from "@/app/[environment]/emisor/plazos/route";
import { DEADLINE_SETTING_BOUNDS } from "@/lib/schemas/deadline-settings";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { contextOf, documentHeaders } from "@/lib/server/documents/test-support";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

/**
 * GET/PUT …/emisor/plazos: the deadline settings through REST, with the portal form's one schema and
 * bounds, its role (administrators change, every role reads), its activity entry, per company and,
 * for the gap window and the forecast, per environment.
 */
let database: TestDatabase;
let admin: TestAccount;
let operator: TestAccount;
let other: TestAccount;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;

async function read(account: TestAccount, environment = "TesteCF") {
  const request = new Request(`http://localhost/${environment}/emisor/plazos`, {
    headers: documentHeaders(account),
  });
  const response = await GET(request, contextOf(environment));
  return { status: response.status, body: (await response.json()) as JsonBody };
}

async function write(account: TestAccount, body: unknown, environment = "TesteCF") {
  const request = new Request(`http://localhost/${environment}/emisor/plazos`, {
    method: "PUT",
    headers: documentHeaders(account, { "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
  const response = await PUT(request, contextOf(environment));
  return { status: response.status, body: (await response.json()) as JsonBody };
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount({ rnc: "130000411", apiKey: true });
  operator = await createTestAccount({ rnc: "130000422", roles: ["operator"], apiKey: true });
  other = await createTestAccount({ rnc: "130000433", apiKey: true });
});
afterAll(async () => database?.dispose());

describe("GET/PUT …/emisor/plazos", () => {
  it("reads the defaults: no deferred window, 75 %, no gap window, 15 days and 20 %", async () => {
    expect(await read(admin)).toEqual({
      status: 200,
      body: {
        environment: "TesteCF",
        deferredWindowHours: null,
        approachingPercent: 75,
        gapWindowDays: null,
        forecastLeadDays: 15,
        forecastUnusedPercent: 20,
      },
    });
  });

  it("saves every setting, the gap window and forecast in the path's environment only, and logs old and new", async () => {
    const saved = await write(admin, {
      deferredWindowHours: 24,
      approachingPercent: 60,
      gapWindowDays: 30,
      forecastLeadDays: 20,
      forecastUnusedPercent: 35,
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        environment: "TesteCF",
        deferredWindowHours: 24,
        approachingPercent: 60,
        gapWindowDays: 30,
        forecastLeadDays: 20,
        forecastUnusedPercent: 35,
      },
    });
    // The company's window and share hold everywhere; the gap window and the forecast are TesteCF's.
    expect((await read(admin, "CerteCF")).body).toEqual({
      environment: "CerteCF",
      deferredWindowHours: 24,
      approachingPercent: 60,
      gapWindowDays: null,
      forecastLeadDays: 15,
      forecastUnusedPercent: 20,
    });
    const entries = await database.prisma.activityLogEntry.findMany({
      where: { accountId: admin.auth.accountId, action: "contingency.settings_changed" },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      before: {
        deferredWindowHours: null,
        approachingPercent: 75,
        gapWindowDays: null,
        forecastLeadDays: 15,
      },
      after: { deferredWindowHours: 24, approachingPercent: 60, gapWindowDays: 30, forecastLeadDays: 20 },
    });
    // Another company sees none of it.
    expect((await read(other)).body).toMatchObject({ deferredWindowHours: null, gapWindowDays: null });
  });

  it("absent keeps the gap window and the other forecast setting; null removes a window", async () => {
    const kept = await write(admin, {
      deferredWindowHours: null,
      approachingPercent: 60,
      forecastLeadDays: 10,
    });
    expect(kept.body).toMatchObject({
      deferredWindowHours: null,
      gapWindowDays: 30,
      forecastLeadDays: 10,
      forecastUnusedPercent: 35,
    });
    const removed = await write(admin, {
      deferredWindowHours: 12,
      approachingPercent: 60,
      gapWindowDays: null,
    });
    expect(removed.body).toMatchObject({
      deferredWindowHours: 12,
      gapWindowDays: null,
      forecastLeadDays: 10,
    });
  });

  it("refuses each value out of its bounds, a fraction, text and an unknown field with 400 naming the field", async () => {
    const base = { deferredWindowHours: 24, approachingPercent: 75 };
    const refused: Array<[string, unknown]> = [];
    for (const [field, { min, max }] of Object.entries(DEADLINE_SETTING_BOUNDS)) {
      refused.push([field, min - 1], [field, max + 1], [field, 2.5], [field, "muchas"]);
    }
    refused.push(["approachingPercent", null], ["approachingPercent", ""]);
    for (const [field, value] of refused) {
      const answer = await write(admin, { ...base, [field]: value });
      expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field }] });
    }
    const missing = await write(admin, { deferredWindowHours: 24 });
    expect(missing.body).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "approachingPercent" }],
    });
    const unknown = await write(admin, { ...base, windowDays: 3 });
    expect(unknown).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    // The bounds themselves are accepted.
    for (const [field, { min, max }] of Object.entries(DEADLINE_SETTING_BOUNDS)) {
      for (const value of [min, max]) {
        const answer = await write(admin, { ...base, [field]: value });
        expect(answer.status, `${field} ${value}`).toBe(200);
        expect(answer.body[field]).toBe(value);
      }
    }
  });

  it("an operator reads them but may not change them: 403 FORBIDDEN, nothing saved or logged", async () => {
    expect((await read(operator)).status).toBe(200);
    const answer = await write(operator, { deferredWindowHours: 24, approachingPercent: 50 });
    expect(answer).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(
      await database.prisma.ecfDeadlineSetting.count({ where: { accountId: operator.auth.accountId } }),
    ).toBe(0);
    expect(
      await database.prisma.activityLogEntry.count({
        where: { accountId: operator.auth.accountId, action: "contingency.settings_changed" },
      }),
    ).toBe(0);
  });

  it("an unknown environment is a JSON 404", async () => {
    expect((await read(admin, "Prod")).status).toBe(404);
  });
});
