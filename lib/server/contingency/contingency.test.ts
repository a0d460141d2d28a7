import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as contingencyRoute from "@/app/[environment]/emisor/contingencia/route";
import * as pdfRoute from "@/app/[environment]/documentos-ecf/[ecf]/pdf/route";
import {
  declareContingencyAction,
  endContingencyAction,
  saveDeadlineSettingsAction,
} from "@/lib/portal/actions/contingency-actions";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getForecastSettings, getGapWindow } from "@/lib/server/ledger";
import { readPdf } from "@/lib/server/issuing/printed/testing/read-pdf";
import { sampleEcfBodyOf } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { getDb } from "@/lib/server/platform/db";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { getDeadlineSettings, issuedInContingency, listContingencies } from "./index";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * A company declares and ends a connectivity contingency per environment (administrators, logged
 * with who and when); an e-CF signed while it is declared prints DGII's legend, one signed before or
 * after does not.
 */
let app: VoidTestApp;
let admin: TestAccount;
let operator: TestAccount;
let next = 0;

const LEGEND = "e-CF emitido en modalidad de contingencia";
const actAs = (account: TestAccount) => setSession({ userId: account.auth.userId, signedInAt: Date.now() });

async function issue(): Promise<string> {
  next += 1;
  const ncf = `E31${String(next).padStart(10, "0")}`;
  const response = await app.call("POST", "/TesteCF/documentos-ecf", {
    token: admin.idToken,
    headers: { "x-api-key": admin.apiKey! },
    body: sampleEcfBodyOf("31", admin.auth.rnc, ncf),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return ncf;
}

async function pdfText(ncf: string): Promise<string> {
  const response = await fetch(`${app.server.url}/TesteCF/documentos-ecf/${ncf}/pdf`, {
    headers: { authorization: `Bearer ${admin.idToken}`, "x-api-key": admin.apiKey! },
  });
  expect(response.status).toBe(200);
  const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
  return pdf.texts.join(" ").replace(/\s+/g, " ");
}

async function activity(accountId: string) {
  const db = await getDb();
  return db.activityLogEntry.findMany({
    where: { accountId, action: { startsWith: "contingency." } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/pdf", module: pdfRoute },
      { pattern: "/[environment]/emisor/contingencia", module: contingencyRoute },
    ],
  });
  admin = await createTestAccount({ certificate: true, apiKey: true });
  operator = await createTestAccount({ roles: ["operator"] });
});
afterAll(async () => app?.close());

describe("declaring and ending a contingency", () => {
  it("an administrator declares then ends one per environment, each logged with who and when", async () => {
    actAs(admin);
    const before = Date.now();
    expect(await declareContingencyAction("CerteCF")).toMatchObject({ ok: true });
    const [open] = await listContingencies(admin.auth.accountId, "CerteCF");
    expect(open).toMatchObject({ endedAt: null, declaredBy: admin.auth.actor });
    expect(open!.declaredAt).toBeGreaterThanOrEqual(before);
    // Another environment is not in contingency.
    expect(await listContingencies(admin.auth.accountId, "eCF")).toEqual([]);
    expect(await endContingencyAction("CerteCF")).toMatchObject({ ok: true });
    const [ended] = await listContingencies(admin.auth.accountId, "CerteCF");
    expect(ended).toMatchObject({ id: open!.id, endedBy: admin.auth.actor });
    expect(ended!.endedAt).toBeGreaterThanOrEqual(open!.declaredAt);

    const entries = await activity(admin.auth.accountId);
    expect(entries.map((entry) => [entry.action, entry.environment, entry.actorType])).toEqual([
      ["contingency.declared", "CerteCF", "user"],
      ["contingency.ended", "CerteCF", "user"],
    ]);
    expect(
      entries.every((entry) => entry.actorId === admin.auth.userId && entry.subjectId === open!.id),
    ).toBe(true);
    expect(Number(entries[0]!.createdAt)).toBeGreaterThanOrEqual(before);
  });

  it("declaring twice: 409 CONTINGENCY_ALREADY_DECLARED, one period, one entry", async () => {
    actAs(admin);
    const logged = (await activity(admin.auth.accountId)).length;
    expect(await declareContingencyAction("CerteCF")).toMatchObject({ ok: true });
    const twice = await declareContingencyAction("CerteCF");
    expect(twice.ok).toBe(false);
    expect(twice.message).toContain("Ya hay una contingencia declarada");
    const open = (await listContingencies(admin.auth.accountId, "CerteCF")).filter((p) => p.endedAt === null);
    expect(open).toHaveLength(1);
    expect(await activity(admin.auth.accountId)).toHaveLength(logged + 1);
    await endContingencyAction("CerteCF");
  });

  it("ending when none is declared: CONTINGENCY_NOT_DECLARED, nothing logged", async () => {
    actAs(admin);
    const logged = (await activity(admin.auth.accountId)).length;
    const refused = await endContingencyAction("CerteCF");
    expect(refused).toEqual({ ok: false, message: "No hay una contingencia declarada en CerteCF." });
    expect(await activity(admin.auth.accountId)).toHaveLength(logged);
  });

  it("a member who is not an administrator: FORBIDDEN, nothing declared or logged", async () => {
    actAs(operator);
    await expect(declareContingencyAction("TesteCF")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(endContingencyAction("TesteCF")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      saveDeadlineSettingsAction({ deferredWindowHours: "24", approachingPercent: "50" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await listContingencies(operator.auth.accountId, "TesteCF")).toEqual([]);
    expect(await activity(operator.auth.accountId)).toEqual([]);
  });

  it("the deadline settings: no deferred window by default, saved and logged, invalid values refused", async () => {
    actAs(admin);
    expect(await getDeadlineSettings(admin.auth.accountId)).toEqual({
      deferredWindowHours: null,
      approachingPercent: 75,
    });
    expect(
      await saveDeadlineSettingsAction({ deferredWindowHours: "0", approachingPercent: "75" }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await saveDeadlineSettingsAction({ deferredWindowHours: "24", approachingPercent: "50" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await getDeadlineSettings(admin.auth.accountId)).toEqual({
      deferredWindowHours: 24,
      approachingPercent: 50,
    });
    const last = (await activity(admin.auth.accountId)).at(-1)!;
    expect(last.action).toBe("contingency.settings_changed");
    expect(last.details).toMatchObject({ after: { deferredWindowHours: 24, approachingPercent: 50 } });
    await saveDeadlineSettingsAction({ deferredWindowHours: "", approachingPercent: "75" });
    expect((await getDeadlineSettings(admin.auth.accountId)).deferredWindowHours).toBeNull();
  });

  it("the deadline to void a gap: none by default, per environment, saved with the share, logged, removed, bounded", async () => {
    actAs(admin);
    const save = (environment: "TesteCF" | "eCF", gapWindowDays: string, approachingPercent = "60") =>
      saveDeadlineSettingsAction({ deferredWindowHours: "", approachingPercent, environment, gapWindowDays });
    expect(await getGapWindow(admin.auth.accountId, "eCF")).toBeNull();
    expect(await save("eCF", "90")).toMatchObject({ ok: true });
    expect(await getGapWindow(admin.auth.accountId, "eCF")).toEqual({ days: 90, approachingPercent: 60 });
    expect(await getGapWindow(admin.auth.accountId, "TesteCF")).toBeNull();
    const last = (await activity(admin.auth.accountId)).at(-1)!;
    expect(last.details).toMatchObject({
      before: { gapWindowEnvironment: "eCF", gapWindowDays: null },
      after: { gapWindowEnvironment: "eCF", gapWindowDays: 90 },
    });
    expect(await save("eCF", "0")).toMatchObject({ ok: false });
    expect(await save("eCF", "3651")).toMatchObject({ ok: false });
    expect((await getGapWindow(admin.auth.accountId, "eCF"))?.days).toBe(90);
    // A form without the field (the e-CF settings alone) leaves the window as it is.
    await saveDeadlineSettingsAction({ deferredWindowHours: "", approachingPercent: "75" });
    expect(await getGapWindow(admin.auth.accountId, "eCF")).toEqual({ days: 90, approachingPercent: 75 });
    expect(await save("eCF", "")).toMatchObject({ ok: true });
    expect(await getGapWindow(admin.auth.accountId, "eCF")).toBeNull();
  });

  it("the forecast's lead time and unused share: 15 days and 20 % by default, per environment, saved, logged, bounded", async () => {
    actAs(admin);
    const save = (forecastLeadDays: string, forecastUnusedPercent: string) =>
      saveDeadlineSettingsAction({
        deferredWindowHours: "",
        approachingPercent: "75",
        environment: "CerteCF",
        forecastLeadDays,
        forecastUnusedPercent,
      });
    expect(await getForecastSettings(admin.auth.accountId, "CerteCF")).toEqual({
      leadDays: 15,
      unusedPercent: 20,
    });
    expect(await save("30", "35")).toMatchObject({ ok: true });
    expect(await getForecastSettings(admin.auth.accountId, "CerteCF")).toEqual({
      leadDays: 30,
      unusedPercent: 35,
    });
    expect(await getForecastSettings(admin.auth.accountId, "eCF")).toEqual({
      leadDays: 15,
      unusedPercent: 20,
    });
    const last = (await activity(admin.auth.accountId)).at(-1)!;
    expect(last.action).toBe("contingency.settings_changed");
    expect(last.details).toMatchObject({
      before: { forecastEnvironment: "CerteCF", forecastLeadDays: 15, forecastUnusedPercent: 20 },
      after: { forecastEnvironment: "CerteCF", forecastLeadDays: 30, forecastUnusedPercent: 35 },
    });
    for (const [lead, share] of [
      ["0", "20"],
      ["366", "20"],
      ["15", "0"],
      ["15", "100"],
    ] as const)
      expect(await save(lead, share)).toMatchObject({ ok: false });
    expect(await getForecastSettings(admin.auth.accountId, "CerteCF")).toEqual({
      leadDays: 30,
      unusedPercent: 35,
    });
  });
});

describe("the API: GET, POST and DELETE /{env}/emisor/contingencia", () => {
  it("declares and ends, refuses twice each with its 409, and a member who is not an administrator with 403", async () => {
    const call = (method: "GET" | "POST" | "DELETE", account: TestAccount) =>
      app.call(method, "/eCF/emisor/contingencia", { token: account.idToken });
    expect((await call("GET", admin)).body).toMatchObject({ declared: false, current: null });
    const declared = await call("POST", admin);
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({
      declared: true,
      current: { declaredBy: admin.auth.actor, endedAt: null },
    });
    expect((await call("POST", admin)).body).toMatchObject({ code: "CONTINGENCY_ALREADY_DECLARED" });
    expect((await call("POST", admin)).status).toBe(409);
    expect((await call("DELETE", operator)).status).toBe(403);
    const ended = await call("DELETE", admin);
    expect(ended.body).toMatchObject({
      declared: false,
      current: null,
      periods: [{ endedBy: admin.auth.actor }],
    });
    const again = await call("DELETE", admin);
    expect([again.status, again.body.code]).toEqual([409, "CONTINGENCY_NOT_DECLARED"]);
    expect((await call("POST", operator)).status).toBe(403);
    expect((await call("GET", operator)).body).toMatchObject({ declared: false, periods: [] });
    const logged = (await activity(admin.auth.accountId)).filter((entry) => entry.environment === "eCF");
    expect(logged.map((entry) => entry.action)).toEqual(["contingency.declared", "contingency.ended"]);
  });
});

describe("an e-CF signed in a declared contingency", () => {
  it("is marked so and prints DGII's legend; one signed before or after the period does not", async () => {
    actAs(admin);
    const before = await issue();
    expect(await declareContingencyAction("TesteCF")).toMatchObject({ ok: true });
    const during = await issue();
    expect(await endContingencyAction("TesteCF")).toMatchObject({ ok: true });
    const after = await issue();

    const db = await getDb();
    const signedAt = async (ncf: string) => {
      const row = await db.document.findFirstOrThrow({
        where: { accountId: admin.auth.accountId, environment: "TesteCF", ncf },
      });
      return Number(row.issuedAt);
    };
    const marked = async (ncf: string) =>
      issuedInContingency(admin.auth.accountId, "TesteCF", await signedAt(ncf));
    expect([await marked(before), await marked(during), await marked(after)]).toEqual([false, true, false]);

    expect(await pdfText(during)).toContain(LEGEND);
    expect(await pdfText(before)).not.toContain(LEGEND);
    expect(await pdfText(after)).not.toContain(LEGEND);
  });
});
