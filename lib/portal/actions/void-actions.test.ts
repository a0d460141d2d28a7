import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { encodeRanges } from "@/lib/domain/draft-codec";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { importDocuments } from "@/lib/server/documents/import-documents";
import { createAuthorization } from "@/lib/server/ledger";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { checkVoidWarnings, submitVoid } from "./void-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * The void tool's server actions and the sequence ledger: the pre-send check shows what createVoid
 * would refuse (SEQUENCE_USED, with the numbers) or warn about (OUTSIDE_AUTHORIZATION) before the
 * clerk confirms, and the send passes createVoid's warnings on to the result page.
 */
let app: VoidTestApp;
let clerk: TestAccount;

const e31 = (n: number) => `E31${String(n).padStart(10, "0")}`;
/** The portal requires a reason. */
const REASON = { code: "08", text: "Saltos del sistema de facturación" };
const wire = (...ranges: Array<[number, number]>) =>
  encodeRanges(ranges.map(([desde, hasta]) => ({ secuenciaDesde: e31(desde), secuenciaHasta: e31(hasta) })));

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  clerk = await createTestAccount({ certificate: true });
  setSession({ userId: clerk.auth.userId, signedInAt: Date.now() });
  await importDocuments({
    accountId: clerk.auth.accountId,
    rnc: clerk.auth.rnc,
    environment: "TesteCF",
    body: {
      documents: [
        ...Array.from({ length: 25 }, (_, i) => ({ ncf: e31(101 + i), status: "Aceptado" })),
        { ncf: e31(7), status: "Aceptado" },
      ],
    },
  });
  await createAuthorization({
    accountId: clerk.auth.accountId,
    environment: "TesteCF",
    body: { secuenciaDesde: e31(1), secuenciaHasta: e31(500), fechaAutorizacion: "02-01-2026" },
    createdBy: "test",
  });
});
afterAll(async () => app?.close());

describe("checkVoidWarnings: the ledger's checks before the confirmation", () => {
  it("names the used numbers (first 20, then the total) and the parts outside the authorizations", async () => {
    const result = await checkVoidWarnings({
      environment: "TesteCF",
      ranges: wire([5, 8], [90, 130], [499, 503]),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.used).toEqual({
      numbers: [e31(7), ...Array.from({ length: 19 }, (_, i) => e31(101 + i))],
      total: 26,
      capped: false,
    });
    expect(result.outsideAuthorization).toEqual({
      ranges: [{ tipoeCF: "31", secuenciaDesde: e31(501), secuenciaHasta: e31(503), cantidad: 3 }],
      total: 1,
    });
  });

  it("marks each line holding used numbers with exactly those numbers, so the tool can cut them out", async () => {
    const result = await checkVoidWarnings({
      environment: "TesteCF",
      ranges: wire([1, 3], [5, 8], [90, 110], [111, 140]),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.used?.total).toBe(26);
    expect(result.usedLines).toEqual([
      { line: 2, serie: "E", tipoeCF: "31", used: [{ desde: 7, hasta: 7 }] },
      { line: 3, serie: "E", tipoeCF: "31", used: [{ desde: 101, hasta: 110 }] },
      { line: 4, serie: "E", tipoeCF: "31", used: [{ desde: 111, hasta: 125 }] },
    ]);
  });

  it("has nothing to say of unseen numbers inside an authorization", async () => {
    const result = await checkVoidWarnings({ environment: "TesteCF", ranges: wire([10, 20]) });
    expect(result).toMatchObject({
      ok: true,
      used: null,
      usedLines: [],
      outsideAuthorization: { ranges: [], total: 0 },
    });
  });
});

describe("submitVoid passes createVoid's warnings on", () => {
  it("returns OUTSIDE_AUTHORIZATION with an accepted void, and nothing when there is none", async () => {
    const outside = await submitVoid({
      environment: "TesteCF",
      ranges: wire([600, 602]),
      fechaHoraAnulacion: "02-01-2026 10:00:00",
      idempotencyKey: "portal-outside-1",
      reason: REASON,
    });
    expect(outside).toMatchObject({
      ok: true,
      outcome: "accepted",
      warnings: [
        {
          code: "OUTSIDE_AUTHORIZATION",
          tipoeCF: "31",
          secuenciaDesde: e31(600),
          secuenciaHasta: e31(602),
          cantidad: 3,
        },
      ],
    });
    const inside = await submitVoid({
      environment: "TesteCF",
      ranges: wire([30, 31]),
      fechaHoraAnulacion: "02-01-2026 10:00:00",
      idempotencyKey: "portal-inside-1",
      reason: REASON,
    });
    expect(inside).toMatchObject({ ok: true, outcome: "accepted" });
    expect(inside).not.toHaveProperty("warnings");
  });

  it("still refuses a used number with SEQUENCE_USED when the check was skipped", async () => {
    const refused = await submitVoid({
      environment: "TesteCF",
      ranges: wire([7, 7]),
      fechaHoraAnulacion: "02-01-2026 10:00:00",
      idempotencyKey: "portal-used-1",
      reason: REASON,
    });
    expect(refused).toMatchObject({ ok: false, code: "SEQUENCE_USED", status: 409 });
  });
});

describe("submitVoid requires the void's reason", () => {
  it("refuses a void without a code or without text (INVALID_MOTIVO): nothing stored or sent", async () => {
    const db = app.db.prisma;
    const before = await db.voidRecord.count({ where: { accountId: clerk.auth.accountId } });
    const sent = app.simulator.admin.callCounts().anularrango ?? 0;
    for (const reason of [
      undefined,
      null,
      { code: "", text: "Texto" },
      { code: "11", text: "Texto" },
      { code: "08", text: "   " },
      { code: "08", text: null },
      { code: "08", text: "x".repeat(251) },
    ]) {
      const refused = await submitVoid({
        environment: "TesteCF",
        ranges: wire([40, 41]),
        fechaHoraAnulacion: "02-01-2026 10:00:00",
        idempotencyKey: `portal-no-reason-${JSON.stringify(reason)}`,
        reason,
      });
      expect(refused).toMatchObject({ ok: false, code: "INVALID_MOTIVO", status: 400 });
      // The catalogue's wording, in the reader's language.
      expect((refused as { message: string }).message).toMatch(/motivo/i);
    }
    expect(await db.voidRecord.count({ where: { accountId: clerk.auth.accountId } })).toBe(before);
    expect(app.simulator.admin.callCounts().anularrango ?? 0).toBe(sent);
  });

  it("stores the code and the trimmed text with the void", async () => {
    const result = await submitVoid({
      environment: "TesteCF",
      ranges: wire([42, 43]),
      fechaHoraAnulacion: "02-01-2026 10:00:00",
      idempotencyKey: "portal-reason-1",
      reason: { code: "09", text: "  Cierre de la sucursal  " },
    });
    expect(result).toMatchObject({ ok: true, outcome: "accepted" });
    const row = await app.db.prisma.voidRecord.findUniqueOrThrow({
      where: { id: (result as { voidId: string }).voidId },
      select: { reasonCode: true, reasonText: true, createdBy: true },
    });
    expect(row).toEqual({
      reasonCode: "09",
      reasonText: "Cierre de la sucursal",
      createdBy: expect.stringContaining("(portal)"),
    });
  });
});
