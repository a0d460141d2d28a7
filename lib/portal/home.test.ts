import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { formatEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";
import { createUser } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createApiKey } from "@/lib/server/auth";
import { uploadCertificate } from "@/lib/server/certificates";
import { createAuthorization, setCoverageMark } from "@/lib/server/ledger";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { sampleVoidContent } from "@/lib/server/voids/testing/stored-voids";

import { certificateStateOf } from "./certificate-state";
import { loadHome } from "./home";
import { homeView } from "./home-view";

// page-auth (mayTake) sits beside the portal's session code, which reads Next's request scope.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
const e33 = (n: number) => formatEncf("E", "33", n);

let database: TestDatabase;
/** The company looked at: everything counted below is seeded here. */
let ana: TestAccount;
/** Another company with the same kinds of data in the same environment: never counted for Ana. */
let other: TestAccount;
let seq = 0;

async function errorVoid(owner: TestAccount, environment: Environment) {
  seq += 1;
  const id = `0190f000-0000-7000-8000-${String(seq).padStart(12, "0")}`;
  const content = sampleVoidContent(1);
  await database.prisma.voidRecord.create({
    data: {
      id,
      accountId: owner.auth.accountId,
      customerId: owner.auth.rnc,
      environment,
      status: "Error",
      fechaHoraAnulacion: content.fechaHoraAnulacion,
      totalVoided: BigInt(content.totalVoided),
      ranges: content.storedRanges,
      rangeCount: content.rangeCount,
      fileName: `${owner.auth.rnc}ANECF${id}.xml`,
      signedXmlGzip: gzipSync("<ANECF/>").toString("base64"),
      createdAt: BigInt(NOW - DAY),
      updateAt: BigInt(NOW - DAY),
    },
  });
}

async function pendingRequest(owner: TestAccount, requestedBy: { id: string; email: string }) {
  seq += 1;
  await database.prisma.voidRequest.create({
    data: {
      id: `0190f000-0000-7000-9000-${String(seq).padStart(12, "0")}`,
      accountId: owner.auth.accountId,
      environment: "TesteCF",
      status: "Pendiente",
      ranges: JSON.stringify([["33", e33(900), e33(900), 1]]),
      rangeCount: 1,
      totalVoided: 1n,
      requestedByUserId: requestedBy.id,
      requestedBy: requestedBy.email,
      requestedAt: BigInt(NOW - DAY),
      expiresAt: BigInt(NOW + DAY),
    },
  });
}

async function documents(owner: TestAccount, environment: Environment, status: string, numbers: number[]) {
  await database.prisma.document.createMany({
    data: numbers.map((n) => ({
      accountId: owner.auth.accountId,
      environment,
      customerId: owner.auth.rnc,
      ncf: formatEncf("E", "31", n),
      serie: "E",
      tipoeCF: "31",
      secuencia: BigInt(n),
      status,
      createdAt: BigInt(NOW - DAY),
      updateAt: BigInt(NOW - DAY),
    })),
  });
}

/** One expired authorization with numbers left (a gap and an alert) and one expiring in 15 days. */
async function authorizations(owner: TestAccount) {
  const { accountId } = owner.auth;
  await createAuthorization({
    accountId,
    environment: "TesteCF",
    createdBy: "t",
    body: {
      secuenciaDesde: e33(1),
      secuenciaHasta: e33(100),
      fechaAutorizacion: "01-01-2024",
      fechaVencimiento: "31-12-2025",
    },
    now: NOW,
  });
  await createAuthorization({
    accountId,
    environment: "TesteCF",
    createdBy: "t",
    body: {
      secuenciaDesde: e33(101),
      secuenciaHasta: e33(200),
      fechaAutorizacion: "01-01-2026",
      fechaVencimiento: "30-06-2026",
    },
    now: NOW,
  });
  await setCoverageMark(accountId, "TesteCF", NOW, "t", NOW);
}

async function seed(owner: TestAccount, requester: { id: string; email: string }) {
  await errorVoid(owner, "TesteCF");
  await errorVoid(owner, "TesteCF");
  await errorVoid(owner, "CerteCF");
  await pendingRequest(owner, requester);
  await documents(owner, "TesteCF", "En Proceso", [10, 11, 12]);
  await documents(owner, "TesteCF", "Pendiente de envío", [13]);
  await documents(owner, "TesteCF", "Aceptado", [14]);
  await documents(owner, "CerteCF", "En Proceso", [10]);
  await authorizations(owner);
}

beforeAll(async () => {
  database = await createTestDatabase();
  ana = await createTestAccount();
  other = await createTestAccount({ certificate: true, apiKey: true });
  // Luis asks in each company; Ana approves in hers (never her own request).
  const luis = await createUser({
    accountId: ana.auth.accountId,
    email: `luis-${ana.auth.rnc}@test.local`,
    password: "test-password-1",
    roles: ["operator"],
  });
  const otherClerk = await createUser({
    accountId: other.auth.accountId,
    email: `clerk-${other.auth.rnc}@test.local`,
    password: "test-password-1",
    roles: ["operator"],
  });
  await seed(ana, luis);
  await pendingRequest(ana, { id: ana.auth.userId, email: ana.auth.email });
  await seed(other, otherClerk);
  await errorVoid(other, "TesteCF");
  await errorVoid(other, "TesteCF");
});
afterAll(async () => database?.dispose());

describe("the home's counts, per company and environment", () => {
  it("counts what waits in this company and environment, each as its own page counts it", async () => {
    const home = await loadHome(ana.auth, "TesteCF", NOW);
    expect(home.toSettle).toBe(2);
    // Luis's request waits for Ana; her own never does.
    expect(home.requestsWaiting).toBe(1);
    // The one pending is imported: only an e-CF signed here has a deadline.
    expect(home.awaitingVerdict).toEqual({ pendingSend: 1, inProcess: 3, nearestDeadline: null });
    expect(home.authorizations).toEqual({ expiring: 1, low: 0, expiredUnused: 1 });
    expect(home.gaps.count).toBeGreaterThan(0);
    expect(home.gaps.more).toBe(false);
    expect(home.certificate).toEqual({ state: "missing" });
  });

  it("counts another environment on its own", async () => {
    const home = await loadHome(ana.auth, "CerteCF", NOW);
    expect(home.toSettle).toBe(1);
    expect(home.requestsWaiting).toBe(0);
    expect(home.awaitingVerdict).toEqual({ pendingSend: 0, inProcess: 1, nearestDeadline: null });
    expect(home.authorizations).toEqual({ expiring: 0, low: 0, expiredUnused: 0 });
    expect(home.gaps).toEqual({ count: 0, more: false });
  });

  it("never counts another company's data of the same kinds in the same environment", async () => {
    const mine = await loadHome(ana.auth, "TesteCF", NOW);
    const theirs = await loadHome(other.auth, "TesteCF", NOW);
    expect(theirs.toSettle).toBe(4);
    expect(mine.toSettle).toBe(2);
    expect(theirs.certificate.state).toBe("valid");
    expect(mine.certificate.state).toBe("missing");
    const theirActivity = new Set(theirs.activity!.map((entry) => entry.id));
    expect(mine.activity!.some((entry) => theirActivity.has(entry.id))).toBe(false);
  });

  it("leaves out what the person may not act on: a viewer sees no queue, no requests, no activity, no checklist", async () => {
    const viewer = await createTestAccount({ roles: ["viewer"] });
    const home = await loadHome(viewer.auth, "TesteCF", NOW);
    expect(home).toMatchObject({ toSettle: null, requestsWaiting: null, activity: null, checklist: null });
    expect(home.gaps).toEqual({ count: 0, more: false });
  });
});

describe("a new company's first steps", () => {
  const done = async (account: TestAccount) =>
    Object.fromEntries(
      ((await loadHome(account.auth, "TesteCF", NOW)).checklist ?? []).map((step) => [step.id, step.done]),
    );

  it("ticks each step as it is done, then hides the list", async () => {
    const fresh = await createTestAccount();
    const { accountId } = fresh.auth;
    expect(await done(fresh)).toEqual({
      certificate: false,
      authorizations: false,
      coverage: false,
      apiKey: false,
      approver: false,
    });

    const p12Password = "p12-password";
    const { p12 } = generatePkcs12({ rnc: fresh.auth.rnc, password: p12Password });
    await uploadCertificate(accountId, p12, p12Password);
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: { secuenciaDesde: e33(1), secuenciaHasta: e33(10), fechaAutorizacion: "01-01-2026" },
      now: NOW,
    });
    // A key of another environment does not count for this one.
    await createApiKey(accountId, "certificación", { environment: "CerteCF" });
    expect(await done(fresh)).toEqual({
      certificate: true,
      authorizations: true,
      coverage: false,
      apiKey: false,
      approver: false,
    });

    await setCoverageMark(accountId, "TesteCF", NOW, "t", NOW);
    await createApiKey(accountId, "erp");
    // The administrator is an approver too: four eyes need someone else.
    await createUser({
      accountId,
      email: `aprobadora-${fresh.auth.rnc}@test.local`,
      password: "test-password-1",
      roles: ["approver"],
    });
    expect((await loadHome(fresh.auth, "TesteCF", NOW)).checklist).toBeNull();
    // Authorizations and the mark are per environment: CerteCF still asks for them.
    const certe = await loadHome(fresh.auth, "CerteCF", NOW);
    expect(certe.checklist?.filter((step) => !step.done).map((step) => step.id)).toEqual([
      "authorizations",
      "coverage",
    ]);
  });
});

describe("the home in words", () => {
  it("says each count in Spanish and English, links it to its page, and keeps zeros quiet", async () => {
    const home = await loadHome(ana.auth, "TesteCF", NOW);
    const view = homeView(home, es, "es", { environment: "TesteCF", company: "Ana SRL" });
    const row = (id: string) => view.rows.find((candidate) => candidate.id === id);
    expect(row("to-settle")).toEqual({
      id: "to-settle",
      text: "2 anulaciones por confirmar",
      href: "/voids/pending",
      active: true,
    });
    expect(row("requests")).toMatchObject({
      text: "1 solicitud de anulación espera su aprobación",
      href: "/voids/requests",
    });
    expect(row("in-process")).toMatchObject({ href: "/documents?status=En%20Proceso", active: true });
    expect(row("authorizations-expiring")?.text).toBe("1 autorización de la DGII vence pronto");
    expect(view.certificate).toMatchObject({ tone: "danger", link: { href: "/settings" } });
    expect(view.allClear).toBe(false);

    const quietHome = await loadHome(ana.auth, "eCF", NOW);
    const quiet = homeView(quietHome, en, "en", { environment: "eCF", company: "Ana SRL" });
    expect(quiet.rows.filter((candidate) => candidate.active)).toEqual([]);
    expect(quiet.rows.find((candidate) => candidate.id === "to-settle")?.text).toBe("No voids to confirm");
  });

  it("says how long the oldest e-CF signed here has waited for DGII, in Spanish and English", async () => {
    const company = await createTestAccount();
    for (const [n, hoursAgo] of [
      [21, 10],
      [22, 3],
    ] as const) {
      await database.prisma.document.create({
        data: {
          accountId: company.auth.accountId,
          environment: "TesteCF",
          customerId: company.auth.rnc,
          ncf: formatEncf("E", "31", n),
          serie: "E",
          tipoeCF: "31",
          secuencia: BigInt(n),
          status: "Pendiente de envío",
          source: "issued",
          createdAt: BigInt(NOW - hoursAgo * 3_600_000),
          updateAt: BigInt(NOW - hoursAgo * 3_600_000),
        },
      });
    }
    const home = await loadHome(company.auth, "TesteCF", NOW);
    // No contingency and no deferred-sending window: no deadline, the oldest's age.
    expect(home.awaitingVerdict.nearestDeadline).toMatchObject({ state: "none", ageMs: 10 * 3_600_000 });
    const row = (view: ReturnType<typeof homeView>) =>
      view.rows.find((candidate) => candidate.id === "pending-send");
    expect(row(homeView(home, es, "es", { environment: "TesteCF", company: "C" }))?.text).toBe(
      "2 e-CF pendientes de envío a la DGII · el más antiguo: Firmado hace 10 h 0 min",
    );
    expect(row(homeView(home, en, "en", { environment: "TesteCF", company: "C" }))?.text).toBe(
      "2 e-CF waiting to be sent to DGII · oldest: Signed 10 h 0 min ago",
    );
  });

  it("words the certificate by the scans' rule: valid, expiring within 30 days, expired", () => {
    expect(certificateStateOf(NOW + 31 * DAY, NOW).state).toBe("valid");
    expect(certificateStateOf(NOW + 12 * DAY, NOW)).toEqual({
      state: "expiring",
      notAfter: NOW + 12 * DAY,
      daysLeft: 12,
    });
    expect(certificateStateOf(NOW - 1, NOW).state).toBe("expired");
    const view = homeView(
      {
        service: null,
        toSettle: null,
        requestsWaiting: null,
        gaps: { count: 0, more: false },
        authorizations: { expiring: 0, low: 0, expiredUnused: 0 },
        awaitingVerdict: { pendingSend: 0, inProcess: 0, nearestDeadline: null },
        activity: null,
        checklist: null,
        certificate: certificateStateOf(Date.UTC(2026, 5, 16, 12), NOW),
      },
      es,
      "es",
      { environment: "TesteCF", company: "Ana SRL" },
    );
    expect(view.certificate.text).toBe(
      "El certificado vence en 1 día, el 16-06-2026. Cargue el nuevo antes.",
    );
  });
});
