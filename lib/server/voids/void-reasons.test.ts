import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { VOID_REASON_CODES } from "@/lib/domain/void-reasons";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";

import { createVoid } from "./create-void";
import { prepareVoid } from "./prepare-void";
import { requestHash } from "./request-hash";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * The void's 608 reason through the REST API over real HTTP and through createVoid (the portal's path):
 * the optional `motivo` extension is validated (400 INVALID_MOTIVO), stored, returned on the POST
 * answer, `?voidId=` and the list, filtered by the list's `motivo`, and hashed for Idempotency-Key
 * without changing the hash of a request that has none.
 */

let app: VoidTestApp;
let account: TestAccount;
let sequence = 5_000_000;

function freshRange(count = 2, tipo = "31") {
  sequence += 100;
  const from = String(sequence + 1).padStart(10, "0");
  const to = String(sequence + count).padStart(10, "0");
  return { secuenciaDesde: `E${tipo}${from}`, secuenciaHasta: `E${tipo}${to}` };
}

const post = (body: unknown, headers: Record<string, string> = {}, token = account.idToken) =>
  app.call("POST", "/TesteCF/customer/void-ncf", { token, body, headers });
const get = (query: string, token = account.idToken) =>
  app.call("GET", `/TesteCF/customer/void-ncf${query}`, { token });
const sent = () => app.simulator.admin.callCounts().anularrango ?? 0;

async function storedReason(voidId: string) {
  return app.db.prisma.voidRecord.findUniqueOrThrow({
    where: { id: voidId },
    select: { reasonCode: true, reasonText: true },
  });
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  account = await createTestAccount({ certificate: true });
});
afterAll(async () => app?.close());

describe("POST void-ncf with motivo", () => {
  it("stores every 608 code with its text and returns it on the answer, ?voidId= and the list", async () => {
    for (const codigo of VOID_REASON_CODES) {
      const descripcion = `Motivo ${codigo}: saltos del sistema`;
      const response = await post({ ranges: [freshRange()], motivo: { codigo, descripcion } });
      expect(response.status).toBe(200);
      expect(response.body.motivo).toEqual({ codigo, descripcion });
      const voidId = response.body.voidId as string;
      expect(await storedReason(voidId)).toEqual({ reasonCode: codigo, reasonText: descripcion });
      const record = await get(`?voidId=${voidId}`);
      expect(record.status).toBe(200);
      expect(record.body.motivo).toEqual({ codigo, descripcion });
    }
    const page = await get("?limit=10");
    const items = page.body.items as Array<{ motivo: unknown }>;
    expect(items.map((item) => item.motivo)).toEqual(
      [...VOID_REASON_CODES]
        .reverse()
        .map((codigo) => ({ codigo, descripcion: `Motivo ${codigo}: saltos del sistema` })),
    );
  });

  it("keeps a code without text (descripcion absent, null or blank) with descripcion null", async () => {
    for (const motivo of [
      { codigo: "09" },
      { codigo: "09", descripcion: null },
      { codigo: "09", descripcion: "   " },
    ]) {
      const response = await post({ ranges: [freshRange()], motivo });
      expect(response.status).toBe(200);
      expect(response.body.motivo).toEqual({ codigo: "09", descripcion: null });
      expect(await storedReason(response.body.voidId as string)).toEqual({
        reasonCode: "09",
        reasonText: null,
      });
    }
  });

  it("trims the text and accepts exactly 250 characters", async () => {
    const text = "x".repeat(250);
    const response = await post({
      ranges: [freshRange()],
      motivo: { codigo: "08", descripcion: `  ${text}  ` },
    });
    expect(response.status).toBe(200);
    expect(response.body.motivo).toEqual({ codigo: "08", descripcion: text });
  });

  it("answers motivo null when none was sent (absent or null), and stores none: never a default", async () => {
    for (const body of [{ ranges: [freshRange()] }, { ranges: [freshRange()], motivo: null }]) {
      const response = await post(body);
      expect(response.status).toBe(200);
      expect(response.body.motivo).toBeNull();
      const voidId = response.body.voidId as string;
      expect(await storedReason(voidId)).toEqual({ reasonCode: null, reasonText: null });
      expect((await get(`?voidId=${voidId}`)).body.motivo).toBeNull();
    }
  });

  it("returns motivo on a 422 Rechazado answer too", async () => {
    const range = freshRange();
    // A number DGII knows as issued: it rejects the void.
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaHasta, to: range.secuenciaHasta }],
    });
    const response = await post({ ranges: [range], motivo: { codigo: "04", descripcion: "Corrección" } });
    expect(response.status).toBe(422);
    expect(response.body.motivo).toEqual({ codigo: "04", descripcion: "Corrección" });
  });

  it("returns motivo on a 502 answer too (null when none was sent), as on the Error record", async () => {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const response = await post({
      ranges: [freshRange()],
      motivo: { codigo: "05", descripcion: "Duplicado" },
    });
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_VOID_ERROR", status: "Error" } });
    expect(response.body.motivo).toEqual({ codigo: "05", descripcion: "Duplicado" });
    const record = await get(`?voidId=${response.body.voidId as string}`);
    expect(record.body.motivo).toEqual({ codigo: "05", descripcion: "Duplicado" });
    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const without = await post({ ranges: [freshRange()] });
    expect(without.status).toBe(502);
    expect(without.body.motivo).toBeNull();
  });
});

describe("POST void-ncf: 400 INVALID_MOTIVO, nothing stored or sent", () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ["a string", "01", /motivo debe ser un objeto/],
    ["an array", [{ codigo: "01" }], /motivo debe ser un objeto/],
    ["a number", 1, /motivo debe ser un objeto/],
    ["no codigo", { descripcion: "sin código" }, /motivo\.codigo falta/],
    ["codigo null", { codigo: null }, /motivo\.codigo falta/],
    ["codigo as a number", { codigo: 1 }, /motivo\.codigo "1" no es válido/],
    ["codigo with one digit", { codigo: "1" }, /motivo\.codigo "1" no es válido/],
    ["codigo 00", { codigo: "00" }, /motivo\.codigo "00" no es válido/],
    ["codigo 11", { codigo: "11" }, /motivo\.codigo "11" no es válido/],
    [
      "descripcion not a string",
      { codigo: "01", descripcion: 5 },
      /motivo\.descripcion debe ser un texto de hasta 250/,
    ],
    ["descripcion of 251 characters", { codigo: "01", descripcion: "y".repeat(251) }, /tiene 251/],
  ];
  it.each(cases)("refuses motivo as %s", async (_name, motivo, message) => {
    const before = sent();
    const count = await app.db.prisma.voidRecord.count();
    const response = await post({ ranges: [freshRange()], motivo });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_MOTIVO");
    expect(response.body.message).toMatch(message);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ code: "INVALID_MOTIVO", field: "motivo" }),
    ]);
    expect(sent()).toBe(before);
    expect(await app.db.prisma.voidRecord.count()).toBe(count);
  });

  it("lists a bad motivo beside the ranges' problems (every problem at once)", async () => {
    const response = await post({
      ranges: [{ secuenciaDesde: "E31", secuenciaHasta: "E310000000001" }],
      motivo: { codigo: "99" },
    });
    expect(response.status).toBe(400);
    const codes = (response.body.errors as Array<{ code: string }>).map((error) => error.code);
    expect(codes).toEqual(expect.arrayContaining(["INVALID_MOTIVO", "INVALID_ENCF_LENGTH"]));
  });
});

describe("GET void-ncf: filtered by motivo", () => {
  it("lists only the voids with a code, or with none, and refuses an unknown code", async () => {
    const owner = await createTestAccount({ certificate: true });
    const send = (motivo?: unknown) =>
      post({ ranges: [freshRange()], ...(motivo ? { motivo } : {}) }, {}, owner.idToken);
    const with06 = (await send({ codigo: "06", descripcion: "Devolución" })).body.voidId;
    const with10 = (await send({ codigo: "10" })).body.voidId;
    const without = (await send()).body.voidId;
    const ids = async (query: string) => {
      const response = await get(query, owner.idToken);
      expect(response.status).toBe(200);
      return (response.body.items as Array<{ voidId: string }>).map((item) => item.voidId);
    };
    expect(await ids("?motivo=06")).toEqual([with06]);
    expect(await ids("?motivo=10")).toEqual([with10]);
    expect(await ids("?motivo=none")).toEqual([without]);
    expect(await ids("?motivo=01")).toEqual([]);
    expect(await ids("")).toEqual([without, with10, with06]);
    expect(await ids("?motivo=06&status=Rechazado")).toEqual([]);
    // Another company's voids never appear, whatever the filter.
    expect((await get("?motivo=06&limit=100")).body.items).not.toContainEqual(
      expect.objectContaining({ voidId: with06 }),
    );
    const bad = await get("?motivo=11", owner.idToken);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_PARAMETER");
    expect(bad.body.message).toMatch(/motivo/);
  });
});

describe("Idempotency-Key and motivo", () => {
  it("replays the same body with motivo, and refuses the same key with or without another motivo", async () => {
    const range = freshRange();
    const key = `reasons-${Date.now()}`;
    const body = { ranges: [range], fechaHoraAnulacion: "24-11-2026 10:00:00", motivo: { codigo: "02" } };
    const first = await post(body, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const before = sent();
    const again = await post(body, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(again.body.voidId).toBe(first.body.voidId);
    expect(again.body.motivo).toEqual({ codigo: "02", descripcion: null });
    expect(sent()).toBe(before);
    for (const other of [
      { ranges: [range], fechaHoraAnulacion: "24-11-2026 10:00:00" },
      { ...body, motivo: { codigo: "03" } },
      { ...body, motivo: { codigo: "02", descripcion: "otra" } },
    ]) {
      const reused = await post(other, { "Idempotency-Key": key });
      expect(reused.status).toBe(409);
      expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
  });

  it("stores, for a body without motivo, exactly the hash it had before reasons existed", async () => {
    const range = freshRange();
    const body = { ranges: [range], fechaHoraAnulacion: "24-11-2026 11:00:00" };
    const response = await post(body, { "Idempotency-Key": `plain-${Date.now()}` });
    expect(response.status).toBe(200);
    const row = await app.db.prisma.voidRecord.findUniqueOrThrow({
      where: { id: response.body.voidId as string },
      select: { requestHash: true },
    });
    expect(row.requestHash).toBe(requestHash(body));
  });
});

describe("the portal's path (createVoid with draft lines and a reason)", () => {
  const lines = "E310000000001\tE310000000003\n";
  const fecha = "24-11-2026 12:00:00";
  const rnc = "130000001";

  it("hashes lines without a reason exactly as before (no motivo key), and with one differently", () => {
    const plain = prepareVoid({
      rnc,
      body: { draftLines: lines, fechaHoraAnulacion: fecha },
      hashBody: true,
      credential: null,
    });
    // Pinned: the hash stored for the portal's requests before voids carried a reason (a stored
    // Idempotency-Key replays).
    expect(plain.requestHash).toBe(
      requestHash({
        ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000003" }],
        fechaHoraAnulacion: fecha,
      }),
    );
    expect(plain.requestHash).toBe("e6f7cbdf1c2eb31960a47eeb51f82e5d8c89e785afe60cb75523e09bf987e166");
    expect(plain.reason).toBeNull();
    const withReason = prepareVoid({
      rnc,
      body: { draftLines: lines, fechaHoraAnulacion: fecha, motivo: { codigo: "08", descripcion: "Salto" } },
      hashBody: true,
      credential: null,
    });
    expect(withReason.requestHash).not.toBe(plain.requestHash);
    expect(withReason.reason).toEqual({ code: "08", text: "Salto" });
  });

  it("stores the reason createVoid is given, and refuses a reason beside a JSON body", async () => {
    const range = freshRange(3);
    const result = await createVoid({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF",
      body: { draftLines: `${range.secuenciaDesde}\t${range.secuenciaHasta}\n` },
      createdBy: "ana@empresa.do (portal)",
      reason: { code: "05", text: "Cambio de productos del lote" },
    });
    expect(result.outcome).toBe("accepted");
    expect(result.attempt.reason).toEqual({ code: "05", text: "Cambio de productos del lote" });
    expect(await storedReason(result.attempt.voidId)).toEqual({
      reasonCode: "05",
      reasonText: "Cambio de productos del lote",
    });
    await expect(
      createVoid({
        accountId: account.auth.accountId,
        rnc: account.auth.rnc,
        environment: "TesteCF",
        body: { json: new TextEncoder().encode(JSON.stringify({ ranges: [freshRange()] })) },
        createdBy: "x",
        reason: { code: "05", text: null },
      }),
    ).rejects.toThrow(/motivo/);
  });

  it("validates the portal's reason like the API's: a text over 250 characters is INVALID_MOTIVO", async () => {
    await expect(
      createVoid({
        accountId: account.auth.accountId,
        rnc: account.auth.rnc,
        environment: "TesteCF",
        body: { draftLines: `${freshRange().secuenciaDesde}\t${freshRange().secuenciaHasta}\n` },
        createdBy: "x",
        reason: { code: "01", text: "z".repeat(251) },
      }),
    ).rejects.toMatchObject({ code: "INVALID_MOTIVO" });
  });
});
