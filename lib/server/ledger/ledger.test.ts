import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEncf } from "@/lib/domain/encf";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { voidContentOf } from "@/lib/server/voids/prepare-void";
import type { VoidCompletion } from "@/lib/server/voids/types";
import { completeVoid } from "@/lib/server/voids/record-answer";
import { insertWriteAhead } from "@/lib/server/voids/void-repository";

import {
  assertSequencesUnused,
  backfillVoidedIntervals,
  createAuthorization,
  createAuthorizations,
  deleteAuthorization,
  findGaps,
  getInventory,
  outsideAuthorizationWarnings,
  setCoverageMark,
  type Gap,
} from "./index";

let database: TestDatabase;
let counter = 0;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 15, 12);

const e31 = (n: number) => formatEncf("E", "31", n);

async function issue(
  owner: TestAccount,
  numbers: number[],
  createdAt: number,
  tipo = "31",
  extra: { status?: string; reusable?: boolean } = {},
) {
  await database.prisma.document.createMany({
    data: numbers.map((n) => ({
      accountId: owner.auth.accountId,
      environment: "TesteCF" as const,
      customerId: owner.auth.rnc,
      ncf: formatEncf("E", tipo as "31", n),
      serie: "E",
      tipoeCF: tipo,
      secuencia: BigInt(n),
      status: extra.status ?? "Aceptado",
      sequenceReusable: extra.reusable ?? false,
      createdAt: BigInt(createdAt),
      updateAt: BigInt(createdAt),
    })),
  });
}

async function voidOf(owner: TestAccount, ranges: Array<[number, number]>, completion?: VoidCompletion) {
  counter += 1;
  const voidId = `0190f300-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  const result = validateVoidRequest({
    ranges: ranges.map(([a, b]) => ({ secuenciaDesde: e31(a), secuenciaHasta: e31(b) })),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const content = voidContentOf(result.plan);
  const record = await insertWriteAhead({
    voidId,
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment: "TesteCF",
    content,
    fileName: `${owner.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: NOW - 1000 + counter,
    lease: { owner: "test-instance", expiresAt: 1 },
  });
  if (completion) await completeVoid(record, completion, content, NOW - 1000 + counter);
  return voidId;
}

const accepted: VoidCompletion = { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] };

const spans = (gaps: Gap[]) =>
  gaps.map((g) => [g.kind, Number(g.secuenciaDesde.slice(3)), Number(g.secuenciaHasta.slice(3))]);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("gaps: the safety rules", () => {
  it("proposes nothing without a coverage mark, then only below a number issued before min(mark, now − quiet period)", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    await issue(company, [1, 2, 5, 9], NOW - 100 * HOUR);
    await issue(company, [20], NOW - 10 * HOUR); // within the 72 h quiet period
    let page = await findGaps({ accountId, environment: "TesteCF", now: NOW });
    expect(page.gaps).toEqual([]);
    expect(page.checks.withheld).toMatchObject([{ tipoeCF: "31", reason: "NO_COVERAGE_MARK" }]);

    await setCoverageMark(accountId, "TesteCF", NOW - HOUR, "test", NOW);
    page = await findGaps({ accountId, environment: "TesteCF", now: NOW });
    // 10–19 waits: 20 was issued 10 h ago.
    expect(spans(page.gaps)).toEqual([
      ["salto", 3, 4],
      ["salto", 6, 8],
    ]);
    expect(page.gaps[0]!.checked).toMatchObject({
      higherIssued: e31(9),
      quietPeriodHours: 72,
      coverageMark: NOW - HOUR,
    });
    expect(page.checks.withheld).toMatchObject([{ reason: "QUIET_PERIOD", highestIssued: e31(20) }]);

    // A mark older than 9's issue: nothing proves the skips yet.
    await setCoverageMark(accountId, "TesteCF", NOW - 200 * HOUR, "test", NOW);
    expect((await findGaps({ accountId, environment: "TesteCF", now: NOW })).gaps).toEqual([]);

    // 100 hours later the quiet period is over for 20.
    await setCoverageMark(accountId, "TesteCF", NOW, "test", NOW);
    page = await findGaps({ accountId, environment: "TesteCF", now: NOW + 100 * HOUR });
    expect(spans(page.gaps)).toEqual([
      ["salto", 3, 4],
      ["salto", 6, 8],
      ["salto", 10, 19],
    ]);
  });

  it("leaves out what DGII voided (only what it voided: a partial success's excepted numbers stay gaps) and unknown outcomes", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    await issue(company, [1, 100], NOW - 100 * HOUR);
    await setCoverageMark(accountId, "TesteCF", NOW, "test", NOW);
    await voidOf(
      company,
      [
        [2, 5],
        [50, 60],
      ],
      accepted,
    );
    // DGII voided 70–80 except 75–76.
    await voidOf(company, [[70, 80]], {
      ...accepted,
      partial: {
        ranges: [],
        storedRanges: JSON.stringify([
          ["31", e31(70), e31(74), 5],
          ["31", e31(77), e31(80), 4],
        ]),
        storedExcepted: JSON.stringify([["31", e31(75), e31(76), 2]]),
        excepted: [],
        totalVoided: 9,
        totalExcepted: 2,
      },
    } as unknown as VoidCompletion);
    await voidOf(company, [[90, 91]]); // Error: unknown outcome
    const page = await findGaps({ accountId, environment: "TesteCF", now: NOW });
    expect(spans(page.gaps)).toEqual([
      ["salto", 6, 49],
      ["salto", 61, 69],
      ["salto", 75, 76],
      ["salto", 81, 89],
      ["salto", 92, 99],
    ]);
    const inventory = await getInventory(accountId, "TesteCF", NOW);
    expect(inventory.types[0]).toMatchObject({
      issued: 2,
      voided: 4 + 11 + 9,
      unknown: 2,
      highestIssued: e31(100),
    });
  });

  it("pages with limit and nextToken, and refuses a bad token or limit", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    await issue(
      company,
      Array.from({ length: 50 }, (_, i) => 1 + i * 3),
      NOW - 100 * HOUR,
    );
    await setCoverageMark(accountId, "TesteCF", NOW, "test", NOW);
    const all: Gap[] = [];
    let token: string | undefined;
    do {
      const page = await findGaps({
        accountId,
        environment: "TesteCF",
        now: NOW,
        limit: "7",
        nextToken: token,
      });
      expect(page.gaps.length).toBeLessThanOrEqual(7);
      all.push(...page.gaps);
      token = page.nextToken;
    } while (token);
    expect(all).toHaveLength(49);
    expect(spans(all)[48]).toEqual(["salto", 146, 147]);
    await expect(findGaps({ accountId, environment: "TesteCF", nextToken: "nope" })).rejects.toMatchObject({
      code: "INVALID_NEXT_TOKEN",
    });
    await expect(findGaps({ accountId, environment: "TesteCF", limit: "0" })).rejects.toMatchObject({
      code: "INVALID_LIMIT",
    });
  });

  it("proposes the unused tail of an expired authorization and a closing tail", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: {
        secuenciaDesde: e31(1),
        secuenciaHasta: e31(100),
        fechaAutorizacion: "01-01-2024",
        fechaVencimiento: "31-12-2025",
      },
    });
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: { secuenciaDesde: e31(101), secuenciaHasta: e31(200), fechaAutorizacion: "01-01-2026" },
    });
    await issue(company, [1, 2, 3], Date.UTC(2025, 5, 1));
    await issue(company, [101, 102], NOW - 100 * HOUR);
    await setCoverageMark(accountId, "TesteCF", NOW, "test", NOW);
    const page = await findGaps({ accountId, environment: "TesteCF", now: NOW, cierreDesde: e31(150) });
    expect(spans(page.gaps)).toEqual([
      ["salto", 4, 100],
      ["cierre", 150, 200],
    ]);
    const closing = page.gaps[1]!;
    expect(closing.checked.closingFrom).toBe(e31(150));
    await expect(
      findGaps({ accountId, environment: "TesteCF", now: NOW, cierreDesde: e31(500) }),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER" });

    const other = await createTestAccount();
    await createAuthorization({
      accountId: other.auth.accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: { secuenciaDesde: e31(1), secuenciaHasta: e31(100), fechaAutorizacion: "01-01-2024" },
    });
    await issue(other, [1, 2], Date.UTC(2024, 5, 1));
    await setCoverageMark(other.auth.accountId, "TesteCF", NOW, "test", NOW);
    const tails = await findGaps({ accountId: other.auth.accountId, environment: "TesteCF", now: NOW });
    expect(spans(tails.gaps)).toEqual([["vencida", 3, 100]]);
    expect(tails.gaps[0]!.checked.expiredOn).toBe("31-12-2025");
  });
});

describe("authorizations, inventory and the pre-void checks", () => {
  it("creates with the default expiry, refuses overlaps and bad fields, deletes; inventory counts and alerts", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    const created = await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: {
        secuenciaDesde: e31(1),
        secuenciaHasta: e31(100),
        fechaAutorizacion: "15-03-2026",
        nota: "primera",
      },
    });
    expect(created).toMatchObject({ fechaVencimiento: "31-12-2027", cantidad: 100, nota: "primera" });
    const noExpiry = await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: {
        secuenciaDesde: "E320000000001",
        secuenciaHasta: "E320000000010",
        fechaAutorizacion: "15-03-2026",
      },
    });
    expect(noExpiry.fechaVencimiento).toBeNull();
    await expect(
      createAuthorization({
        accountId,
        environment: "TesteCF",
        createdBy: "t",
        body: { secuenciaDesde: e31(100), secuenciaHasta: e31(150), fechaAutorizacion: "15-03-2026" },
      }),
    ).rejects.toMatchObject({ code: "AUTHORIZATION_OVERLAP" });
    await expect(
      createAuthorization({
        accountId,
        environment: "TesteCF",
        createdBy: "t",
        body: { secuenciaDesde: e31(300), secuenciaHasta: e31(200), fechaAutorizacion: "31-02-2026" },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "secuenciaHasta" }, { field: "fechaAutorizacion" }],
    });
    await expect(
      createAuthorization({
        accountId,
        environment: "TesteCF",
        createdBy: "t",
        body: {
          secuenciaDesde: "E340000000001",
          secuenciaHasta: "E340000000002",
          fechaAutorizacion: "01-01-2026",
          fechaVencimiento: "01-01-2027",
        },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    await issue(
      company,
      Array.from({ length: 92 }, (_, i) => i + 1),
      NOW - HOUR,
    );
    await voidOf(company, [[95, 96]], accepted);
    const inventory = await getInventory(accountId, "TesteCF", Date.UTC(2027, 11, 10, 12));
    const auth = inventory.types.find((t) => t.tipoeCF === "31")!.authorizations[0]!;
    expect(auth).toMatchObject({
      issued: 92,
      voided: 2,
      unknown: 0,
      available: 6,
      highestIssued: e31(92),
      nextFree: e31(93),
      expired: false,
    });
    expect(auth.alerts.map((a) => a.code)).toEqual(["LOW_AVAILABLE", "EXPIRING"]);
    const later = await getInventory(accountId, "TesteCF", Date.UTC(2028, 0, 2));
    expect(later.types[0]!.authorizations[0]!.alerts.map((a) => a.code)).toEqual(["EXPIRED_UNUSED"]);

    await deleteAuthorization(accountId, "TesteCF", noExpiry.id);
    await expect(deleteAuthorization(accountId, "TesteCF", noExpiry.id)).rejects.toMatchObject({
      code: "AUTHORIZATION_NOT_FOUND",
    });
    const stranger = await createTestAccount();
    await expect(deleteAuthorization(stranger.auth.accountId, "TesteCF", created.id)).rejects.toMatchObject({
      code: "AUTHORIZATION_NOT_FOUND",
    });
  });

  it("SEQUENCE_USED names the first 20 used numbers and counts the rest; reusable and unseen numbers pass; warnings outside authorizations", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    await issue(
      company,
      Array.from({ length: 30 }, (_, i) => 1000 + i),
      NOW,
    );
    await issue(company, [5], NOW, "31", { status: "Rechazado", reusable: true });
    await expect(
      assertSequencesUnused(accountId, "TesteCF", [{ serie: "E", tipoeCF: "31", desde: 1, hasta: 999 }]),
    ).resolves.toBeUndefined();
    const error = await assertSequencesUnused(accountId, "TesteCF", [
      { serie: "E", tipoeCF: "31", desde: 990, hasta: 2000 },
    ]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SEQUENCE_USED", extra: { total: 30 } });
    expect((error as { extra: { numbers: string[] } }).extra.numbers).toHaveLength(20);
    expect((error as Error).message).toContain("y 10 más");
    expect((error as Error).message).toContain("e-CF 34");
    // Another company's documents never count.
    const other = await createTestAccount();
    await expect(
      assertSequencesUnused(other.auth.accountId, "TesteCF", [
        { serie: "E", tipoeCF: "31", desde: 990, hasta: 2000 },
      ]),
    ).resolves.toBeUndefined();

    expect(
      await outsideAuthorizationWarnings(accountId, "TesteCF", [
        { serie: "E", tipoeCF: "31", desde: 1, hasta: 5 },
      ]),
    ).toEqual({ warnings: [], total: 0, unauthorized: ["E31"] });
    await createAuthorization({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      body: { secuenciaDesde: e31(1), secuenciaHasta: e31(100), fechaAutorizacion: "01-01-2026" },
    });
    const { warnings, unauthorized } = await outsideAuthorizationWarnings(accountId, "TesteCF", [
      { serie: "E", tipoeCF: "31", desde: 90, hasta: 120 },
      { serie: "E", tipoeCF: "32", desde: 1, hasta: 2 },
    ]);
    // Type 32 has no authorization entered: not checked, and said so.
    expect(unauthorized).toEqual(["E32"]);
    expect(warnings).toMatchObject([
      { code: "OUTSIDE_AUTHORIZATION", secuenciaDesde: e31(101), secuenciaHasta: e31(120), cantidad: 20 },
    ]);
  });

  it("the start-up backfill takes in existing accepted voids once and records it", async () => {
    const company = await createTestAccount();
    await voidOf(
      company,
      [
        [1, 5],
        [100, 105],
      ],
      accepted,
    );
    await database.prisma.runtimeStep.deleteMany({});
    const first = await backfillVoidedIntervals(NOW);
    expect(first.ran).toBe(true);
    expect(await backfillVoidedIntervals(NOW)).toEqual({ ran: false, voids: 0 });
    const rows = await database.prisma.voidedInterval.findMany({
      where: { accountId: company.auth.accountId },
      orderBy: { desde: "asc" },
    });
    // Exact intervals, not the bounding box 1–105.
    expect(rows.map((r) => [Number(r.desde), Number(r.hasta)])).toEqual([
      [1, 5],
      [100, 105],
    ]);
  });
});

describe("authorizations entered as a batch (the portal's CSV)", () => {
  it("enters every row in one transaction, or none: a refused row names its index and leaves nothing", async () => {
    const company = await createTestAccount();
    const { accountId } = company.auth;
    const stored = () => database.prisma.sequenceAuthorization.count({ where: { accountId } });
    const row = (a: number, b: number, fecha = "02-01-2026") => ({
      secuenciaDesde: e31(a),
      secuenciaHasta: e31(b),
      fechaAutorizacion: fecha,
    });
    // The third row's date is invalid: the two before it are not entered either.
    const invalid = await createAuthorizations({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      bodies: [row(1, 10), row(11, 20), row(21, 30, "31-02-2026")],
    });
    expect(invalid).toMatchObject({ ok: false, index: 2, error: { code: "VALIDATION_FAILED" } });
    expect(await stored()).toBe(0);
    // The second row overlaps the batch's own first row (checked inside the same transaction).
    const overlap = await createAuthorizations({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      bodies: [row(1, 10), row(5, 15)],
    });
    expect(overlap).toMatchObject({ ok: false, index: 1, error: { code: "AUTHORIZATION_OVERLAP" } });
    expect(await stored()).toBe(0);
    const fine = await createAuthorizations({
      accountId,
      environment: "TesteCF",
      createdBy: "t",
      bodies: [row(1, 10), row(11, 20)],
    });
    expect(fine.ok && fine.created.map((a) => a.cantidad)).toEqual([10, 10]);
    expect(await stored()).toBe(2);
  });
});
