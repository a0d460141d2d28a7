import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { es } from "@/lib/i18n/es";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import {
  collectGaps,
  createAuthorization,
  getCoverageMark,
  listAuthorizations,
  setCoverageMark,
} from "@/lib/server/ledger";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import {
  createAuthorizationAction,
  importAuthorizationsCsvAction,
  selectAllGapsAction,
  setCoverageMarkAction,
} from "./sequence-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
  setSession({ userId: admin.auth.userId, signedInAt: Date.now() });
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.prisma.sequenceAuthorization.deleteMany({});
});

const listed = async () =>
  (await listAuthorizations(admin.auth.accountId, "TesteCF")).authorizations.map((a) => [
    a.secuenciaDesde,
    a.secuenciaHasta,
  ]);

describe("authorizations entered in the portal", () => {
  it("enters one by its fields (blank optional fields left out)", async () => {
    const result = await createAuthorizationAction({
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000000100",
      fechaAutorizacion: "02-01-2026",
      fechaVencimiento: "",
      nota: "",
    });
    expect(result).toEqual({ ok: true, message: "Autorización registrada: E310000000001 – E310000000100." });
    expect(await listed()).toEqual([["E310000000001", "E310000000100"]]);
  });

  it("enters a CSV whole, or refuses it naming the overlapping row and keeps none of it", async () => {
    const good =
      "secuenciaDesde,secuenciaHasta,fechaAutorizacion,fechaVencimiento,nota\n" +
      "E310000000001,E310000000100,02-01-2026,,lote 1\n" +
      "E320000000001,E320000000500,02-01-2026,,\n";
    expect(await importAuthorizationsCsvAction(good)).toEqual({
      ok: true,
      message: "Registradas 2 autorizaciones.",
    });
    const overlapping =
      "secuenciaDesde;secuenciaHasta;fechaAutorizacion\n" +
      "E330000000001;E330000000010;02-01-2026\n" +
      "E310000000050;E310000000200;02-01-2026\n";
    const refused = await importAuthorizationsCsvAction(overlapping);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(
      /^Fila 3 rechazada: .*E310000000001.*No se registró ninguna fila del CSV\.$/,
    );
    expect(await listed()).toEqual([
      ["E310000000001", "E310000000100"],
      ["E320000000001", "E320000000500"],
    ]);
  });

  it("refuses a CSV without its header, empty, or too large", async () => {
    const t = es.sequences.authorizations;
    expect(await importAuthorizationsCsvAction("a,b\n1,2\n")).toEqual({ ok: false, message: t.csvHeader });
    expect(await importAuthorizationsCsvAction("secuenciaDesde,secuenciaHasta\n")).toEqual({
      ok: false,
      message: t.csvEmpty,
    });
    expect(await importAuthorizationsCsvAction("x".repeat(200_001))).toEqual({
      ok: false,
      message: t.csvTooLarge,
    });
  });
});

describe("the import-coverage mark from the portal", () => {
  it("reads the field as Santo Domingo time and refuses a malformed or future one", async () => {
    expect(await setCoverageMarkAction("2026-01-05T08:30")).toEqual({
      ok: true,
      message: es.sequences.coverage.saved,
    });
    expect((await getCoverageMark(admin.auth.accountId, "TesteCF"))?.coveredUntil).toBe(
      Date.parse("2026-01-05T12:30:00Z"),
    );
    // As the field is typed: dd-mm-aaaa hh:mm, 24 hours.
    expect(await setCoverageMarkAction("05-01-2026 20:45")).toEqual({
      ok: true,
      message: es.sequences.coverage.saved,
    });
    expect((await getCoverageMark(admin.auth.accountId, "TesteCF"))?.coveredUntil).toBe(
      Date.parse("2026-01-06T00:45:00Z"),
    );
    expect(await setCoverageMarkAction("05-01-2026 8:45 PM")).toEqual({
      ok: false,
      message: es.sequences.coverage.invalid,
    });
    expect(await setCoverageMarkAction("05-01-2026")).toEqual({
      ok: false,
      message: es.sequences.coverage.invalid,
    });
    const future = await setCoverageMarkAction("2999-01-01T00:00");
    expect(future.ok).toBe(false);
  });
});

describe("selecting every gap of the review (all pages, server-side)", () => {
  const e34 = (n: number) => `E34${String(n).padStart(10, "0")}`;
  const range = (a: number, b: number) => ({ secuenciaDesde: e34(a), secuenciaHasta: e34(b) });

  beforeAll(async () => {
    // Type 34 (no expiry): issued 1, 3, 5, 7 four days ago, under a coverage mark set now.
    await database.prisma.document.createMany({
      data: [1, 3, 5, 7].map((n) => ({
        accountId: admin.auth.accountId,
        environment: "TesteCF" as const,
        customerId: admin.auth.rnc,
        ncf: e34(n),
        serie: "E",
        tipoeCF: "34",
        secuencia: BigInt(n),
        status: "Aceptado",
        createdAt: BigInt(Date.now() - 4 * 24 * 3_600_000),
        updateAt: BigInt(Date.now() - 4 * 24 * 3_600_000),
      })),
    });
    await setCoverageMark(admin.auth.accountId, "TesteCF", Date.now() - 60_000, "test");
  });

  it("follows nextToken page after page up to the cap, and says when the cap cut it", async () => {
    const query = { accountId: admin.auth.accountId, environment: "TesteCF" as const, pageSize: 1 };
    expect(await collectGaps(query)).toEqual({
      ranges: [range(2, 2), range(4, 4), range(6, 6)],
      capped: false,
    });
    expect(await collectGaps({ ...query, max: 2 })).toEqual({
      ranges: [range(2, 2), range(4, 4)],
      capped: true,
    });
    expect(await collectGaps({ ...query, max: 3 })).toMatchObject({ capped: false });
  });

  it("answers every gap, with the closing tail asked for, and refuses a closing outside every authorization", async () => {
    expect(await selectAllGapsAction()).toEqual({
      ok: true,
      ranges: [range(2, 2), range(4, 4), range(6, 6)],
      capped: false,
      max: 100_000,
    });
    await createAuthorization({
      accountId: admin.auth.accountId,
      environment: "TesteCF",
      body: { secuenciaDesde: e34(1), secuenciaHasta: e34(20), fechaAutorizacion: "02-01-2026" },
      createdBy: "test",
    });
    const closing = await selectAllGapsAction(` ${e34(10)} `);
    expect(closing).toMatchObject({ ok: true, capped: false });
    expect(closing.ok && closing.ranges).toEqual([range(2, 2), range(4, 4), range(6, 6), range(10, 20)]);
    const outside = await selectAllGapsAction(e34(500));
    expect(outside).toMatchObject({ ok: false, message: expect.stringContaining("cierreDesde") });
  });
});
