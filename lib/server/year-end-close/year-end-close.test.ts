import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createVoid } from "@/lib/server/voids";
import { createAuthorization } from "@/lib/server/ledger";
import { MAX_RANGES_PER_TIPO } from "@/lib/domain/void-request";
import { createUser } from "@/lib/server/accounts";
import { consumeEventsForNotifications } from "@/lib/server/notifications/consume-events";
import { getDictionary } from "@/lib/i18n";
import { notificationText } from "@/lib/i18n/notification-text";
import { openAuditPack } from "@/lib/server/audit/build-audit-pack";
import { parseAuditPeriod } from "@/lib/domain/audit-period";
import { formatFechaHora } from "@/lib/domain/fecha";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { getDb } from "@/lib/server/platform/db";
import { santoDomingoDate } from "@/lib/domain/fecha";

import {
  advanceYearEndCloses,
  confirmStoppedIssuing,
  createYearEndClose,
  decideCompany,
  getYearEndClose,
  startYearEndClose,
} from ".";
import { signIdToken } from "@/lib/server/auth";
import * as listRoute from "@/app/[environment]/organizacion/cierres-de-ano/route";
import * as closeRoute from "@/app/[environment]/organizacion/cierres-de-ano/[closeId]/route";
import * as decisionRoute from "@/app/[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision/route";
import * as startRoute from "@/app/[environment]/organizacion/cierres-de-ano/[closeId]/iniciar/route";

import { createCloseOrganization, requireApproval, type CloseOrganization } from "./testing/close-fixture";

let app: VoidTestApp;
const YEAR = Number(santoDomingoDate(Date.now()).slice(0, 4));

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
});
afterAll(async () => {
  await app.close();
});

const sends = () => app.simulator.admin.callCounts().anularrango ?? 0;

/** The path to the sends: the first company confirmed and approved by its administrator, the second by its approver. */
async function approveBothAndStart(org: CloseOrganization, closeId: string): Promise<void> {
  const admin = org.admin.auth;
  await confirmStoppedIssuing(admin, "TesteCF", closeId, admin.accountId);
  await decideCompany(admin, "TesteCF", closeId, admin.accountId, { decision: "approve" });
  await decideCompany(org.approver, "TesteCF", closeId, org.second.accountId, { decision: "approve" });
  await startYearEndClose(admin, "TesteCF", closeId);
}

describe("a year-end close over a two-company organization", () => {
  it("proposes each company's tail with its checks, asks confirmation and one approval, then sends once", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    let close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    const [first, second] = [
      close.companies.find((company) => company.accountId === admin.accountId)!,
      close.companies.find((company) => company.accountId === org.second.accountId)!,
    ];
    // Still valid until the year's end: DGII was asked, a person must confirm.
    expect(first).toMatchObject({ state: "awaiting_confirmation", approvalRequired: false, sequences: 100 });
    expect(first.ranges[0]).toMatchObject({
      kind: "vigente",
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000000100",
      checked: { dgii: "never-received" },
    });
    // Expired: the ledger proves it; its policy asks an approver.
    expect(second).toMatchObject({ state: "awaiting_approval", approvalRequired: true, sequences: 50 });
    expect(second.ranges[0]).toMatchObject({ kind: "vencida", checked: { dgii: "not-needed" } });

    await expect(startYearEndClose(admin, "TesteCF", close.id)).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_READY",
    });
    await expect(
      decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "approve" }),
    ).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_READY",
    });
    // The organization's administrator is no approver of the second company.
    await expect(
      decideCompany(admin, "TesteCF", close.id, org.second.accountId, { decision: "approve" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      decideCompany(admin, "TesteCF", close.id, "nope", { decision: "approve" }),
    ).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_FOUND",
    });
    await decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "approve" });
    // The approver sees only their company.
    expect((await getYearEndClose(org.approver, close.id)).companies.map((c) => c.accountId)).toEqual([
      org.second.accountId,
    ]);
    await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
    await decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "approve" });
    close = await startYearEndClose(admin, "TesteCF", close.id);
    expect(close.status).toBe("sending");
    await expect(startYearEndClose(admin, "TesteCF", close.id)).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_READY",
    });

    const before = sends();
    await advanceYearEndCloses();
    close = await getYearEndClose(admin, close.id);
    expect(close.status).toBe("done");
    expect(close.summary).toMatchObject({
      accepted: 2,
      rejected: 0,
      partial: 0,
      toSettle: 0,
      doneCompanies: 2,
    });
    expect(close.progress).toEqual({ finished: 2, total: 2 });
    expect(sends() - before).toBe(2);
    // Nothing is sent again by another run.
    await advanceYearEndCloses();
    expect(sends() - before).toBe(2);
    const db = await getDb();
    const records = await db.voidRecord.findMany({
      where: { accountId: { in: [admin.accountId, org.second.accountId] } },
      select: { createdBy: true, status: true, idempotencyKey: true },
    });
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.createdBy).toContain(`Cierre de año ${YEAR}`);
      expect(record.idempotencyKey).toMatch(new RegExp(`^year-end-close:${close.id}:`));
    }
  }, 60_000);

  it("sends nothing for a company without a certificate, and runs the checks again at the send", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR, secondCertificate: false });
    const admin = org.admin.auth;
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    expect(close.companies.find((c) => c.accountId === org.second.accountId)!.certificateNotAfter).toBeNull();
    await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
    await decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "approve" });
    await decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "approve" });
    await startYearEndClose(admin, "TesteCF", close.id);
    // Meanwhile part of the tail is voided by hand: the campaign sends only the rest.
    const manual = await createVoid({
      accountId: admin.accountId,
      rnc: admin.rnc,
      environment: "TesteCF",
      body: { value: { ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000010" }] } },
      createdBy: "test",
    });
    expect(manual.attempt.status).toBe("Aceptado");
    const before = sends();
    await advanceYearEndCloses();
    const done = await getYearEndClose(admin, close.id);
    const first = done.companies.find((c) => c.accountId === admin.accountId)!;
    const second = done.companies.find((c) => c.accountId === org.second.accountId)!;
    expect(first.state).toBe("done");
    expect(first.chunks[0]).toMatchObject({ status: "Aceptado", sequences: 90 });
    expect(second).toMatchObject({ state: "blocked", blockedReason: "CERTIFICATE_MISSING", chunks: [] });
    expect(done.summary).toMatchObject({ accepted: 1, blockedCompanies: 1 });
    expect(sends() - before).toBe(1);
    // One event per company, written with its last state.
    const events = await (
      await getDb()
    ).outboxEvent.findMany({
      where: { type: "year_end_close.completed", subjectId: close.id },
      select: { accountId: true, payload: true },
    });
    expect(events).toHaveLength(2);
    expect(events.find((event) => event.accountId === org.second.accountId)?.payload).toMatchObject({
      state: "blocked",
      blockedReason: "CERTIFICATE_MISSING",
      accepted: 0,
    });
    expect(events.find((event) => event.accountId === admin.accountId)?.payload).toMatchObject({
      state: "done",
      accepted: 1,
      year: YEAR,
    });
  }, 60_000);

  it("refuses bad input and people outside the organization", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    await expect(createYearEndClose(org.admin.auth, "TesteCF", { year: 1900 })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(createYearEndClose(org.approver, "TesteCF", { year: YEAR })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const close = await createYearEndClose(org.admin.auth, "TesteCF", { year: YEAR });
    await expect(getYearEndClose(other.admin.auth, close.id)).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_FOUND",
    });
    // A campaign is of one environment: another one's path does not find it.
    await expect(getYearEndClose(org.admin.auth, close.id, "eCF")).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_FOUND",
    });
    await expect(
      decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "maybe" }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  }, 60_000);

  it("answers over REST: create (201), read, decide, start; the approver's token decides its company", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const call = async (
      handler: (request: Request, context: never) => Promise<Response>,
      method: string,
      path: string,
      token: string,
      params: Record<string, string>,
      body?: unknown,
    ) => {
      const response = await handler(
        new Request(`http://localhost${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        }),
        { params: Promise.resolve({ environment: "TesteCF", ...params }) } as never,
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const adminToken = org.admin.idToken;
    const approverToken = await signIdToken(org.approver);
    const base = "/TesteCF/organizacion/cierres-de-ano";
    const created = await call(listRoute.POST, "POST", base, adminToken, {}, { year: YEAR });
    expect(created.status).toBe(201);
    const closeId = created.body.id as string;
    expect(await call(listRoute.POST, "POST", base, approverToken, {}, { year: YEAR })).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect(await call(listRoute.POST, "POST", base, adminToken, {}, { year: "2026" })).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    const listed = await call(listRoute.GET, "GET", base, approverToken, {});
    expect(listed.body.items).toEqual([expect.objectContaining({ id: closeId, status: "proposed" })]);
    const decide = (token: string, body: unknown) =>
      call(
        decisionRoute.POST,
        "POST",
        `${base}/${closeId}/empresas/${org.second.accountId}/decision`,
        token,
        { closeId, companyId: org.second.accountId },
        body,
      );
    expect(await decide(adminToken, { decision: "approve" })).toMatchObject({ status: 403 });
    expect(await decide(approverToken, { decision: "approve" })).toMatchObject({ status: 200 });
    expect(await decide(approverToken, { decision: "approve" })).toMatchObject({
      status: 409,
      body: { code: "YEAR_END_CLOSE_NOT_READY" },
    });
    // The first company still waits for its confirmation: not ready to start.
    expect(
      await call(startRoute.POST, "POST", `${base}/${closeId}/iniciar`, adminToken, { closeId }),
    ).toMatchObject({ status: 409, body: { code: "YEAR_END_CLOSE_NOT_READY" } });
    const read = await call(closeRoute.GET, "GET", `${base}/${closeId}`, adminToken, { closeId });
    expect(read.status).toBe(200);
    expect(read.body.companies).toEqual([
      expect.objectContaining({ accountId: org.admin.auth.accountId, state: "awaiting_confirmation" }),
      expect.objectContaining({ accountId: org.second.accountId, state: "approved" }),
    ]);
    expect(
      await call(closeRoute.GET, "GET", `/eCF/organizacion/cierres-de-ano/${closeId}`, adminToken, {
        environment: "eCF",
        closeId,
      }),
    ).toMatchObject({ status: 404, body: { code: "YEAR_END_CLOSE_NOT_FOUND" } });
  }, 60_000);

  it("sends nothing for a company whose certificate expires before the send", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    await approveBothAndStart(org, close.id);
    const notAfter = Math.max(
      ...close.companies.map((company) => company.certificateNotAfter ?? Number.POSITIVE_INFINITY),
    );
    expect(Number.isFinite(notAfter)).toBe(true);
    const before = sends();
    // The send happens after both certificates ran out.
    await advanceYearEndCloses({ now: () => notAfter + 60_000 });
    const done = await getYearEndClose(admin, close.id);
    expect(done.companies.map((company) => [company.state, company.blockedReason])).toEqual([
      ["blocked", "CERTIFICATE_EXPIRED"],
      ["blocked", "CERTIFICATE_EXPIRED"],
    ]);
    expect(done.summary).toMatchObject({ accepted: 0, blockedCompanies: 2 });
    expect(sends() - before).toBe(0);
  }, 60_000);

  it("waits for the company's void rate limit and goes on at the next run", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
    await decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "approve" });
    await decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "reject" });
    await startYearEndClose(admin, "TesteCF", close.id);
    const before = sends();
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "1" });
    try {
      // Someone just sent a void of the company: its bucket is empty.
      await enforceRateLimit(`void:${admin.accountId}`);
      expect(await advanceYearEndCloses()).toEqual([]);
      const waiting = await getYearEndClose(admin, close.id);
      expect(waiting.status).toBe("sending");
      expect(waiting.companies[0]).toMatchObject({ state: "sending", chunks: [] });
      expect(sends() - before).toBe(0);
    } finally {
      setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
    }
    expect(await advanceYearEndCloses()).toEqual([close.id]);
    const done = await getYearEndClose(admin, close.id);
    expect(done.companies.map((company) => company.state)).toEqual(["done", "rejected"]);
    expect(done.summary).toMatchObject({ accepted: 1 });
    expect(sends() - before).toBe(1);
  }, 60_000);

  it("sends what the checks at the send split past DGII's 10,000 ranges per type in more voids, and resumes", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    const { accountId, rnc } = org.second;
    // The second company also has an expired E33 authorization of 20,001 numbers: one range proposed.
    const last = 2 * MAX_RANGES_PER_TIPO + 1;
    const e33 = (n: number) => `E33${String(n).padStart(10, "0")}`;
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      body: {
        secuenciaDesde: e33(1),
        secuenciaHasta: e33(last),
        fechaAutorizacion: `01-01-${YEAR - 1}`,
        fechaVencimiento: `30-06-${YEAR}`,
      },
      createdBy: "test",
    });
    app.simulator.admin.authorizeRanges({
      environment: "TesteCF",
      rnc,
      ranges: [{ from: e33(1), to: e33(last) }],
    });
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    const proposed = close.companies.find((company) => company.accountId === accountId)!;
    expect(proposed.ranges.map((range) => [range.secuenciaDesde, range.secuenciaHasta])).toEqual([
      ["E310000000001", "E310000000050"],
      [e33(1), e33(last)],
    ]);
    await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
    await decideCompany(admin, "TesteCF", close.id, admin.accountId, { decision: "reject" });
    await decideCompany(org.approver, "TesteCF", close.id, accountId, { decision: "approve" });
    await startYearEndClose(admin, "TesteCF", close.id);
    // Meanwhile every even number is voided by hand: the range becomes 10,001 at the send's checks.
    const evens = Array.from({ length: MAX_RANGES_PER_TIPO }, (_, i) => e33(2 * (i + 1)));
    const manual = await createVoid({
      accountId,
      rnc,
      environment: "TesteCF",
      body: { value: { ranges: evens.map((n) => ({ secuenciaDesde: n, secuenciaHasta: n })) } },
      createdBy: "test",
    });
    expect(manual.attempt.status).toBe("Aceptado");
    const before = sends();
    // One void a minute: the chunk's second void waits for the next run, which reads the first's record.
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "1" });
    try {
      expect(await advanceYearEndCloses()).toEqual([]);
    } finally {
      setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
    }
    expect(sends() - before).toBe(1);
    expect(await advanceYearEndCloses()).toEqual([close.id]);
    const done = await getYearEndClose(admin, close.id);
    const second = done.companies.find((company) => company.accountId === accountId)!;
    expect(second.state).toBe("done");
    expect(second.chunks.map((chunk) => [chunk.status, chunk.ranges, chunk.sequences])).toEqual([
      ["Aceptado", 1 + MAX_RANGES_PER_TIPO, 50 + MAX_RANGES_PER_TIPO],
      ["Aceptado", 1, 1],
    ]);
    expect(sends() - before).toBe(2);
    // What the two voids hold: every odd number once, the 1–50 of E31, nothing twice.
    const records = await (
      await getDb()
    ).voidRecord.findMany({
      where: { accountId, idempotencyKey: { startsWith: `year-end-close:${close.id}:` } },
      select: { idempotencyKey: true, totalVoided: true },
      orderBy: { createdAt: "asc" },
    });
    expect(records.map((record) => [record.idempotencyKey, Number(record.totalVoided)])).toEqual([
      [`year-end-close:${close.id}:${accountId}:0`, 50 + MAX_RANGES_PER_TIPO],
      [`year-end-close:${close.id}:${accountId}:0.1`, 1],
    ]);
    await advanceYearEndCloses();
    expect(sends() - before).toBe(2);
  }, 180_000);

  it("tells each company's approvers once, when its part is ready to decide, with a link to the campaign", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    const db = await getDb();
    // The first company asks an approval too, and has an approver besides its administrator (who
    // prepares the campaign, so is never told); the second an operator, who does not decide.
    await requireApproval(admin.accountId);
    const member = (accountId: string, rnc: string, role: "approver" | "operator") =>
      createUser({
        accountId,
        email: `notify-${role}-${rnc}@test.local`,
        password: "test-password-1",
        roles: [role],
        organizationAdmin: false,
      });
    const firstApprover = await member(admin.accountId, admin.rnc, "approver");
    await member(org.second.accountId, org.second.rnc, "operator");
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    const announced = () =>
      db.outboxEvent.findMany({
        where: { type: "year_end_close.awaiting_decision", subjectId: close.id },
        select: { id: true, accountId: true, payload: true },
      });
    // The second company is ready to decide at once; the first waits for its confirmation.
    expect(await announced()).toEqual([
      expect.objectContaining({
        accountId: org.second.accountId,
        payload: { closeId: close.id, year: YEAR, requestedBy: admin.actor, ranges: 1, sequences: 50 },
      }),
    ]);
    await confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId);
    await expect(confirmStoppedIssuing(admin, "TesteCF", close.id, admin.accountId)).rejects.toMatchObject({
      code: "YEAR_END_CLOSE_NOT_READY",
    });
    await decideCompany(org.approver, "TesteCF", close.id, org.second.accountId, { decision: "approve" });
    const events = await announced();
    expect(events.map((event) => event.accountId).sort()).toEqual(
      [admin.accountId, org.second.accountId].sort(),
    );
    expect(events.find((event) => event.accountId === admin.accountId)?.payload).toMatchObject({
      ranges: 1,
      sequences: 100,
    });

    await consumeEventsForNotifications();
    const notifications = await db.notification.findMany({
      where: { eventId: { in: events.map((event) => event.id) } },
      select: { userId: true, accountId: true, type: true, data: true },
    });
    // Each company's approvers only: not its operator, not the administrator who prepared it.
    expect(notifications.map((n) => [n.accountId, n.userId]).sort()).toEqual(
      [
        [admin.accountId, firstApprover.id],
        [org.second.accountId, org.approver.userId],
      ].sort(),
    );
    const told = notifications.find((n) => n.accountId === org.second.accountId)!;
    const es = notificationText(told, getDictionary("es").notifications, "es");
    expect(es).toEqual({
      title: "Cierre de año por decidir",
      detail: `${admin.actor} preparó el cierre de año ${YEAR}: espera su decisión para esta empresa (anular 50 números sin usar).`,
      href: `/organization/cierre-de-ano?id=${close.id}`,
    });
    const en = notificationText(told, getDictionary("en").notifications, "en");
    expect(en).toEqual({
      title: "Year-end close awaiting your decision",
      detail: `${admin.actor} prepared the ${YEAR} year-end close: it awaits your decision for this company (voiding 50 unused numbers).`,
      href: `/organization/cierre-de-ano?id=${close.id}`,
    });
  }, 60_000);

  it("lists each void it sent once in the company's audit pack, naming the campaign and the approver who decided", async () => {
    const org = await createCloseOrganization(app.simulator.admin, { year: YEAR });
    const admin = org.admin.auth;
    const close = await createYearEndClose(admin, "TesteCF", { year: YEAR });
    await approveBothAndStart(org, close.id);
    await advanceYearEndCloses();
    const done = await getYearEndClose(admin, close.id);
    const decidedAt = done.companies.find(
      (company) => company.accountId === org.second.accountId,
    )!.decidedAt!;
    const today = santoDomingoDate(Date.now());
    const period = parseAuditPeriod(today, today);
    if (!period.ok) throw new Error(period.message);
    const voidsCsv = async (company: { accountId: string; rnc: string }) => {
      const bytes: Buffer[] = [];
      for await (const chunk of await openAuditPack(company, "TesteCF", period.period))
        bytes.push(chunk as Buffer);
      const files = unzipSync(new Uint8Array(Buffer.concat(bytes)));
      const text = Buffer.from(files["anulaciones.csv"]!).toString("utf8").slice(1);
      return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    };
    const company = (accountId: string) => done.companies.find((c) => c.accountId === accountId)!;

    // Its policy asked an approver: the void carries them, as an approved request's void does.
    const second = await voidsCsv(org.second);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({
      Anulación: company(org.second.accountId).chunks[0]!.voidId,
      Estado: "Aceptado",
      "Aprobada por": org.approver.actor,
      Aprobada: formatFechaHora(decidedAt),
      Solicitud: "",
    });
    expect(second[0]!["Solicitada por"]).toContain(`Cierre de año ${YEAR}`);
    // No policy there: the administrator's decision is no approval; the void names the campaign only.
    const first = await voidsCsv({ accountId: admin.accountId, rnc: admin.rnc });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      Anulación: company(admin.accountId).chunks[0]!.voidId,
      "Aprobada por": "",
      Aprobada: "",
    });
    expect(first[0]!["Solicitada por"]).toContain(`Cierre de año ${YEAR}`);
  }, 60_000);
});
