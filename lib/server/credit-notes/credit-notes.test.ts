import { readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { followUpDueIssued, issueEcf } from "@/lib/server/issuing";
import { sampleEcfBodyOf } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { createAuthorization } from "@/lib/server/ledger";
import { getDb } from "@/lib/server/platform/db";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import {
  creditNotesOf,
  issueCreditNote,
  listPortalRanges,
  modifiedBy,
  prepareCreditNote,
  removePortalRange,
  reservePortalRange,
} from ".";

/**
 * The portal's credit note over the real issuing path on PGlite, DGII the simulator: the E34
 * sub-range an administrator reserves, the note prepared from an accepted e-CF issued here, and its
 * issue with a number taken at confirmation from that sub-range.
 */
let app: VoidTestApp;
let account: TestAccount;
let next = 0;
const by = { actor: { type: "user" as const, id: null, label: "admin@test" } };
const e34 = (n: number) => `E34${String(n).padStart(10, "0")}`;

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "none";
}

/** An e-CF 31 issued here (the sample: 7,980.59 with 1,080.09 ITBIS), then accepted by DGII. */
async function acceptedOriginal(owner: TestAccount = account, fechaEmision = "01-12-2026"): Promise<string> {
  next += 1;
  const encf = `E31${String(next).padStart(10, "0")}`;
  const body = sampleEcfBodyOf("31", owner.auth.rnc, encf, (ecf) => {
    ecf.Encabezado.Emisor.FechaEmision = fechaEmision;
  });
  const issued = await issueEcf({
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment: "TesteCF",
    body,
  });
  expect(issued.kind).toBe("issued");
  const db = await getDb();
  await db.document.update({
    where: {
      accountId_environment_ncf: { accountId: owner.auth.accountId, environment: "TesteCF", ncf: encf },
    },
    data: { status: "Aceptado" },
  });
  return encf;
}

const input = (encf: string, reason = "Devolución total", owner: TestAccount = account) => ({
  accountId: owner.auth.accountId,
  rnc: owner.auth.rnc,
  environment: "TesteCF" as const,
  body: { encf, reason },
});

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 5_000, responseTimeoutMs: 5_000, routes: [] });
  account = await createTestAccount({ certificate: true });
  await createAuthorization({
    accountId: account.auth.accountId,
    environment: "TesteCF",
    body: { secuenciaDesde: e34(1), secuenciaHasta: e34(1000), fechaAutorizacion: "01-01-2026" },
    createdBy: "admin@test",
  });
});
afterAll(async () => app?.close());

describe("the E34 sub-range reserved for the portal", () => {
  it("refuses a range outside every E34 authorization, not type 34, or overlapping one reserved", async () => {
    const reserve = (from: string, to: string, owner = account) =>
      reservePortalRange({
        accountId: owner.auth.accountId,
        environment: "TesteCF",
        body: { secuenciaDesde: from, secuenciaHasta: to },
        by,
        createdBy: "admin@test",
      });
    expect(await code(reserve(e34(990), e34(1010)))).toBe("CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION");
    expect(await code(reserve(e34(1), e34(10), await createTestAccount()))).toBe(
      "CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION",
    );
    expect(await code(reserve("E310000000001", "E310000000010"))).toBe("VALIDATION_FAILED");
    expect(await code(reserve(e34(20), e34(10)))).toBe("VALIDATION_FAILED");

    const made = await reserve(e34(501), e34(503));
    expect(made).toMatchObject({ secuenciaDesde: e34(501), secuenciaHasta: e34(503), cantidad: 3 });
    expect(await code(reserve(e34(503), e34(600)))).toBe("CREDIT_NOTE_RANGE_OVERLAP");
    const db = await getDb();
    const logged = await db.activityLogEntry.findMany({
      where: { accountId: account.auth.accountId, subjectId: made.id },
    });
    expect(logged.map((entry) => entry.action)).toEqual(["credit_note_range.reserved"]);

    await removePortalRange({ accountId: account.auth.accountId, environment: "TesteCF", id: made.id, by });
    expect(await listPortalRanges(account.auth.accountId, "TesteCF")).toEqual([]);
    expect(
      await code(
        removePortalRange({ accountId: account.auth.accountId, environment: "TesteCF", id: made.id, by }),
      ),
    ).toBe("CREDIT_NOTE_RANGE_NOT_FOUND");
  });

  it("no sub-range reserved → CREDIT_NOTE_RANGE_MISSING when preparing, nothing signed", async () => {
    const original = await acceptedOriginal();
    expect(await code(prepareCreditNote(input(original)))).toBe("CREDIT_NOTE_RANGE_MISSING");
  });
});

describe("the credit note prepared and issued from the portal", () => {
  beforeAll(async () => {
    await reservePortalRange({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      body: { secuenciaDesde: e34(101), secuenciaHasta: e34(104) },
      by,
      createdBy: "admin@test",
    });
  });

  it("prepares the note: the original's buyer and amounts, its reference, the unsigned XML; takes nothing", async () => {
    const original = await acceptedOriginal();
    const prepared = await prepareCreditNote(input(original));
    expect(prepared).toMatchObject({
      noteEncf: e34(101),
      basis: "copy",
      total: "7980.59",
      fields: {
        NCFModificado: original,
        FechaNCFModificado: "01-12-2026",
        CodigoModificacion: 1,
        IndicadorNotaCredito: 0,
      },
      original: { encf: original, buyer: "Distribuidora del Cibao SRL", total: "7980.59" },
    });
    expect(prepared.xml).toContain(`<NCFModificado>${original}</NCFModificado>`);
    expect(prepared.xml).toContain("<RNCComprador>131880738</RNCComprador>");
    expect(prepared.xml).not.toContain("<Signature");
    const db = await getDb();
    expect(await db.document.count({ where: { accountId: account.auth.accountId, ncf: e34(101) } })).toBe(0);
    expect(await code(prepareCreditNote(input(original, "  ")))).toBe("VALIDATION_FAILED");
  });

  it("issues it with the sub-range's next number; its signed XML carries the reference; a second is refused", async () => {
    const original = await acceptedOriginal();
    const issued = await issueCreditNote(input(original, "Venta anulada por el cliente"));
    expect(issued.ecf).toBe(e34(101));
    const db = await getDb();
    const note = await db.document.findFirst({
      where: { accountId: account.auth.accountId, ncf: issued.ecf },
    });
    expect(note).toMatchObject({ source: "issued", tipoeCF: "34" });
    // DGII (the simulator: XSD, signature, amounts, the sequence) accepts it at its follow-up.
    await new Promise((resolve) => setTimeout(resolve, app.simulator.admin.receptionDelay() + 50));
    await followUpDueIssued({ now: () => Date.now() + 10 * 60_000 });
    const asked = await db.document.findFirst({
      where: { accountId: account.auth.accountId, ncf: issued.ecf },
    });
    expect(asked!.status).toBe("Aceptado");
    expect(Number(note!.invoiceTotal)).toBe(7980.59);
    for (const element of [
      `<NCFModificado>${original}</NCFModificado>`,
      "<FechaNCFModificado>01-12-2026</FechaNCFModificado>",
      "<CodigoModificacion>1</CodigoModificacion>",
      "<IndicadorNotaCredito>0</IndicadorNotaCredito>",
      "<RazonModificacion>Venta anulada por el cliente</RazonModificacion>",
    ])
      expect(note!.signedXml).toContain(element);
    expect(note!.signedXml).toContain("<Signature");
    expect(await creditNotesOf(account.auth.accountId, "TesteCF", original)).toEqual([
      { encf: e34(101), status: "Aceptado", total: "7980.59" },
    ]);
    expect(await modifiedBy(account.auth.accountId, "TesteCF", e34(101))).toBe(original);
    // The first note credits the whole amount: nothing is left for a second.
    expect(await code(issueCreditNote(input(original, "Otra vez")))).toBe("CREDIT_NOTE_NOTHING_LEFT");
  });

  it("a note issued before the modified e-NCF had its column is found once the migration's backfill ran", async () => {
    const original = await acceptedOriginal();
    const issued = await issueCreditNote(input(original, "Devolución de mercancía"));
    const db = await getDb();
    const where = { accountId: account.auth.accountId, ncf: issued.ecf };
    expect(await db.document.findFirst({ where, select: { ncfModificado: true } })).toEqual({
      ncfModificado: original,
    });
    // As a note stored by the code before the column: the notes are read from the column only.
    await db.document.updateMany({ where, data: { ncfModificado: null } });
    expect(await creditNotesOf(account.auth.accountId, "TesteCF", original)).toEqual([]);
    expect(await modifiedBy(account.auth.accountId, "TesteCF", issued.ecf)).toBeNull();
    const migration = readFileSync(
      path.join(process.cwd(), "prisma/migrations/20261207131520_note_modifies/migration.sql"),
      "utf8",
    );
    const backfill = /UPDATE "Document"[^;]+;/.exec(migration)![0];
    await db.$executeRawUnsafe(backfill);
    expect(await creditNotesOf(account.auth.accountId, "TesteCF", original)).toHaveLength(1);
    expect(await modifiedBy(account.auth.accountId, "TesteCF", issued.ecf)).toBe(original);
    // The original, an e-CF 31 issued here, modifies nothing.
    expect(
      await db.document.findFirst({ where: { ...where, ncf: original }, select: { ncfModificado: true } }),
    ).toEqual({
      ncfModificado: null,
    });
  });

  it("never credits more than earlier notes left; after 30 days the ITBIS is not credited", async () => {
    const original = await acceptedOriginal(account, "15-10-2026");
    const prepared = await prepareCreditNote(input(original));
    // 7,980.59 − 1,080.09 ITBIS: each line credited without it.
    expect(prepared).toMatchObject({
      basis: "copy-without-itbis",
      total: "6900.50",
      itbis: "0.00",
      fields: { IndicadorNotaCredito: 1 },
    });
    expect(prepared.xml).toContain("<IndicadorNotaCredito>1</IndicadorNotaCredito>");
    // An earlier note (issued elsewhere in the company, stored here) credited 7,000: 980.59 is left.
    const db = await getDb();
    await db.document.create({
      data: {
        accountId: account.auth.accountId,
        environment: "TesteCF",
        customerId: account.auth.rnc,
        ncf: e34(900),
        serie: "E",
        tipoeCF: "34",
        secuencia: 900n,
        source: "issued",
        status: "Aceptado",
        invoiceTotal: "7000.00",
        signedXml: `<ECF><InformacionReferencia><NCFModificado>${original}</NCFModificado></InformacionReferencia></ECF>`,
        ncfModificado: original,
        createdAt: BigInt(Date.now()),
        updateAt: BigInt(Date.now()),
      },
    });
    const balance = await prepareCreditNote(input(original));
    expect(balance).toMatchObject({ basis: "balance", total: "980.59", amount: { remaining: "980.59" } });
    // Within 30 days the balance keeps its ITBIS: base + 18 % never above what is left, and DGII's
    // arithmetic rules (checked while preparing) hold.
    const recent = await acceptedOriginal();
    await db.document.create({
      data: {
        accountId: account.auth.accountId,
        environment: "TesteCF",
        customerId: account.auth.rnc,
        ncf: e34(901),
        serie: "E",
        tipoeCF: "34",
        secuencia: 901n,
        source: "issued",
        status: "Aceptado",
        invoiceTotal: "1000.00",
        signedXml: `<ECF><InformacionReferencia><NCFModificado>${recent}</NCFModificado></InformacionReferencia></ECF>`,
        ncfModificado: recent,
        createdAt: BigInt(Date.now()),
        updateAt: BigInt(Date.now()),
      },
    });
    const withItbis = await prepareCreditNote(input(recent));
    expect(withItbis).toMatchObject({ basis: "balance", total: "6980.59", itbis: "1064.84" });
    expect(withItbis.xml).toContain("<TotalITBIS1>1064.84</TotalITBIS1>");
  });

  it("two confirmations at once never take the same number; an exhausted sub-range is said", async () => {
    const [a, b] = [await acceptedOriginal(), await acceptedOriginal()];
    const issued = await Promise.all([issueCreditNote(input(a)), issueCreditNote(input(b))]);
    const numbers = issued.map((note) => note.ecf);
    expect(new Set(numbers).size).toBe(2);
    for (const number of numbers) expect([e34(101), e34(102), e34(103), e34(104)]).toContain(number);
    // The sub-range's four numbers are taken one by one, then the portal says so.
    let refusal = "none";
    for (let i = 0; i < 4 && refusal === "none"; i += 1) {
      refusal = await code(issueCreditNote(input(await acceptedOriginal())));
    }
    expect(refusal).toBe("CREDIT_NOTE_RANGE_EXHAUSTED");
  });

  it("two confirmations of one e-CF at once store one note; the other is told nothing is left", async () => {
    await reservePortalRange({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      body: { secuenciaDesde: e34(201), secuenciaHasta: e34(210) },
      by,
      createdBy: "admin@test",
    });
    const original = await acceptedOriginal();
    const outcomes = await Promise.allSettled([
      issueCreditNote(input(original, "Devolución")),
      issueCreditNote(input(original, "Error en el precio")),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CREDIT_NOTE_NOTHING_LEFT" });
    expect(await creditNotesOf(account.auth.accountId, "TesteCF", original)).toHaveLength(1);
  });

  it("a number a void in progress holds is passed over: the note takes the next one", async () => {
    const other = await createTestAccount({ certificate: true });
    await createAuthorization({
      accountId: other.auth.accountId,
      environment: "TesteCF",
      body: { secuenciaDesde: e34(1), secuenciaHasta: e34(1000), fechaAutorizacion: "01-01-2026" },
      createdBy: "admin@test",
    });
    await reservePortalRange({
      accountId: other.auth.accountId,
      environment: "TesteCF",
      body: { secuenciaDesde: e34(301), secuenciaHasta: e34(305) },
      by,
      createdBy: "admin@test",
    });
    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const failed = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: other.idToken,
      body: { ranges: [{ secuenciaDesde: e34(301), secuenciaHasta: e34(301) }] },
    });
    app.simulator.admin.clearFaults();
    expect(failed.body).toMatchObject({ status: "Error" });
    const original = await acceptedOriginal(other);
    expect(await prepareCreditNote(input(original, "Devolución", other))).toMatchObject({
      noteEncf: e34(302),
    });
    expect((await issueCreditNote(input(original, "Devolución", other))).ecf).toBe(e34(302));
  });

  it("refuses an e-CF not issued here or not accepted: CREDIT_NOTE_NOT_APPLICABLE", async () => {
    expect(await code(prepareCreditNote(input("E310000999999")))).toBe("CREDIT_NOTE_NOT_APPLICABLE");
    next += 1;
    const pending = `E31${String(next).padStart(10, "0")}`;
    const body = sampleEcfBodyOf("31", account.auth.rnc, pending);
    await issueEcf({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF",
      body,
    });
    const db = await getDb();
    await db.document.update({
      where: {
        accountId_environment_ncf: {
          accountId: account.auth.accountId,
          environment: "TesteCF",
          ncf: pending,
        },
      },
      data: { status: "Rechazado", trackId: null },
    });
    expect(await code(prepareCreditNote(input(pending)))).toBe("CREDIT_NOTE_NOT_APPLICABLE");
  });
});
