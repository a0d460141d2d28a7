import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as resolutionRoute from "@/app/[environment]/customer/void-ncf/[voidId]/resolution/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/server/testing/route-server";
import { waitForInFlight } from "../platform/ops/in-flight";
import { PARTIAL_SUCCESS_MESSAGE } from "@/lib/server/platform/taxauth/void-answer-table";
import { resendVoid, resultOf } from "./resend-void";
import { EVIDENCE_MAX_BYTES } from "./settlement-evidence";
import { findEvidence } from "./settlement-repository";
import { decompressSignedXml } from "./signed-xml-storage";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * Settling unknown outcomes over real HTTP, a real database and the DGII simulator: a person's
 * resolution (every error code and limit), resends of the same signed bytes (the simulator's call
 * log compares them) and their outcomes.
 */

let app: VoidTestApp;
let resolution: RouteServer;
let approver: TestAccount;
let operator: TestAccount;
let other: TestAccount;
let sequence = 500_000;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF_HEADER = Buffer.from("%PDF-1.7\n");

function freshRange(count = 3) {
  sequence += 1000;
  return {
    secuenciaDesde: `E31${String(sequence + 1).padStart(10, "0")}`,
    secuenciaHasta: `E31${String(sequence + count).padStart(10, "0")}`,
  };
}

/** A void that ends in Error: DGII answers 500 to its send (nothing voided at DGII). */
async function errorVoid(account = approver, range = freshRange()): Promise<string> {
  app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
  const response = await app.call("POST", "/TesteCF/customer/void-ncf", {
    token: account.idToken,
    body: { ranges: [range] },
  });
  expect(response.status).toBe(502);
  return response.body.voidId as string;
}

async function resolve(
  voidId: string,
  body: { json?: unknown; form?: FormData; raw?: { type: string; data: string } },
  token = approver.idToken,
) {
  const response = await fetch(`${resolution.url}/TesteCF/customer/void-ncf/${voidId}/resolution`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(body.raw ? { "content-type": body.raw.type } : {}),
    },
    body: body.json !== undefined ? JSON.stringify(body.json) : (body.form ?? body.raw?.data),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (file) data.set("evidence", new Blob([Buffer.from(file.bytes)], { type: file.type ?? "" }), file.name);
  return data;
}

const getRecord = async (voidId: string, token = approver.idToken) =>
  (await app.call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, { token })).body;

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 1_500, responseTimeoutMs: 4_000 });
  resolution = await startRouteServer([
    { pattern: "/[environment]/customer/void-ncf/[voidId]/resolution", module: resolutionRoute },
  ]);
  approver = await createTestAccount({ certificate: true });
  operator = await createTestAccount({ roles: ["operator"], certificate: true });
  other = await createTestAccount({ certificate: true });
}, 60_000);

afterAll(async () => {
  await resolution?.close();
  await app?.close();
});

beforeEach(() => {
  app.simulator.admin.clearFaults();
});

describe("POST …/resolution: a person settles an Error void", () => {
  it("Aceptado (JSON): Error → Aceptado with the settlement, DGII's fields untouched, ALREADY_VOIDED after", async () => {
    const range = freshRange();
    const voidId = await errorVoid(approver, range);
    const response = await resolve(voidId, {
      json: { outcome: "Aceptado", note: "Aparece en Consulta de Anulaciones de la OFV." },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      voidId,
      status: "Aceptado",
      taxauthCode: null,
      taxauthName: null,
      taxauthResponse: [],
      dgiiCode: null,
      settlement: {
        by: `${approver.auth.email} (API)`,
        at: expect.any(Number),
        outcome: "Aceptado",
        note: "Aparece en Consulta de Anulaciones de la OFV.",
        evidence: [],
      },
    });
    expect(response.body).not.toHaveProperty("errorCode");
    expect(await getRecord(voidId)).toEqual(response.body);

    // The settled ranges count like an accepted answer's: a new void overlapping them is refused.
    const again = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [range] },
    });
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
  });

  it("Rechazado (multipart) with a PNG: the evidence is stored as sent and listed; no ALREADY_VOIDED", async () => {
    const range = freshRange();
    const voidId = await errorVoid(approver, range);
    const response = await resolve(voidId, {
      form: form(
        { outcome: "Rechazado", note: "No aparece en la OFV." },
        { bytes: PNG, name: "captura.png", type: "text/plain" },
      ),
    });
    expect(response.status).toBe(200);
    const settlement = response.body.settlement as { evidence: Array<Record<string, unknown>> };
    expect(response.body.status).toBe("Rechazado");
    expect(settlement.evidence).toEqual([
      { id: expect.any(String), fileName: "captura.png", contentType: "image/png", size: PNG.length },
    ]);
    const stored = await findEvidence(approver.auth.accountId, voidId, settlement.evidence[0]!.id as string);
    expect(stored).toEqual({ fileName: "captura.png", contentType: "image/png", content: PNG });
    // Another company never reads it.
    expect(await findEvidence(other.auth.accountId, voidId, settlement.evidence[0]!.id as string)).toBeNull();
    // Rechazado voided nothing: the same range may be voided now.
    const again = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [range] },
    });
    expect(again.status).toBe(200);
  });

  it("refuses a bad outcome or note (400 INVALID_SETTLEMENT) and another media type (415)", async () => {
    const voidId = await errorVoid();
    for (const json of [
      { outcome: "Error", note: "x" },
      { outcome: "aceptado", note: "x" },
      { note: "x" },
      { outcome: "Aceptado" },
      { outcome: "Aceptado", note: "   " },
      { outcome: "Aceptado", note: "x".repeat(2001) },
    ]) {
      const response = await resolve(voidId, { json });
      expect(response, JSON.stringify(json)).toMatchObject({
        status: 400,
        body: { code: "INVALID_SETTLEMENT" },
      });
    }
    expect(await resolve(voidId, { raw: { type: "text/plain", data: "Aceptado" } })).toMatchObject({
      status: 415,
      body: { code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    expect((await getRecord(voidId)).status).toBe("Error");
  });

  it("evidence: PDF, PNG or JPEG by magic bytes (415 otherwise), at most 10 MB (413)", async () => {
    const voidId = await errorVoid();
    const fields = { outcome: "Aceptado", note: "n" };
    const notPdf = await resolve(voidId, {
      form: form(fields, {
        bytes: Buffer.from("hola, soy texto"),
        name: "captura.pdf",
        type: "application/pdf",
      }),
    });
    expect(notPdf).toMatchObject({ status: 415, body: { code: "EVIDENCE_TYPE_NOT_ALLOWED" } });
    const big = Buffer.alloc(EVIDENCE_MAX_BYTES + 1);
    PDF_HEADER.copy(big);
    const tooLarge = await resolve(voidId, { form: form(fields, { bytes: big, name: "ofv.pdf" }) });
    expect(tooLarge).toMatchObject({ status: 413, body: { code: "EVIDENCE_TOO_LARGE" } });
    const huge = Buffer.alloc(EVIDENCE_MAX_BYTES + 2 * 1024 * 1024);
    const bodyTooLarge = await resolve(voidId, { form: form(fields, { bytes: huge, name: "ofv.pdf" }) });
    expect(bodyTooLarge).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect((await getRecord(voidId)).status).toBe("Error");

    const exact = Buffer.alloc(EVIDENCE_MAX_BYTES);
    PDF_HEADER.copy(exact);
    const pdf = await resolve(voidId, { form: form(fields, { bytes: exact, name: "ofv.pdf" }) });
    expect(pdf.status).toBe(200);
    expect((pdf.body.settlement as { evidence: unknown[] }).evidence).toEqual([
      expect.objectContaining({ contentType: "application/pdf", size: EVIDENCE_MAX_BYTES }),
    ]);
    const jpegVoid = await errorVoid();
    const jpeg = await resolve(jpegVoid, {
      form: form(fields, { bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), name: "a.jpg" }),
    });
    expect((jpeg.body.settlement as { evidence: unknown[] }).evidence).toEqual([
      expect.objectContaining({ contentType: "image/jpeg" }),
    ]);
  });

  it("only an unknown void: 409 VOID_ALREADY_SETTLED, VOID_NOT_UNKNOWN, VOID_IN_PROGRESS; 404 unknown or another company's", async () => {
    const voidId = await errorVoid();
    expect((await resolve(voidId, { json: { outcome: "Rechazado", note: "a" } })).status).toBe(200);
    expect(await resolve(voidId, { json: { outcome: "Aceptado", note: "b" } })).toMatchObject({
      status: 409,
      body: { code: "VOID_ALREADY_SETTLED", voidId },
    });

    const accepted = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [freshRange()] },
    });
    expect(accepted.status).toBe(200);
    expect(
      await resolve(accepted.body.voidId as string, { json: { outcome: "Rechazado", note: "x" } }),
    ).toMatchObject({ status: 409, body: { code: "VOID_NOT_UNKNOWN" } });

    const sending = await errorVoid();
    await app.db.prisma.voidRecord.update({
      where: { id: sending },
      data: { leaseOwner: "another-instance", leaseExpiresAt: BigInt(Date.now() + 60_000) },
    });
    expect(await resolve(sending, { json: { outcome: "Aceptado", note: "x" } })).toMatchObject({
      status: 409,
      body: { code: "VOID_IN_PROGRESS" },
    });
    // A lease that ran out (its instance died) no longer blocks.
    await app.db.prisma.voidRecord.update({
      where: { id: sending },
      data: { leaseExpiresAt: BigInt(Date.now() - 1) },
    });
    expect((await resolve(sending, { json: { outcome: "Aceptado", note: "x" } })).status).toBe(200);

    const theirs = await errorVoid(other);
    expect(await resolve(theirs, { json: { outcome: "Aceptado", note: "x" } })).toMatchObject({
      status: 404,
      body: { code: "VOID_NOT_FOUND" },
    });
    expect((await getRecord(theirs, other.idToken)).status).toBe("Error");
    expect(
      await resolve("0190f000-0000-7000-8000-0000000000ff", { json: { outcome: "Aceptado", note: "x" } }),
    ).toMatchObject({ status: 404, body: { code: "VOID_NOT_FOUND" } });
  });

  it("approvers only: an operator gets 403 FORBIDDEN and nothing changes", async () => {
    const voidId = await errorVoid(operator);
    expect(
      await resolve(voidId, { json: { outcome: "Aceptado", note: "x" } }, operator.idToken),
    ).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect((await getRecord(voidId, operator.idToken)).status).toBe("Error");
  });
});

describe("resend of the same signed document", () => {
  const anularrangoCalls = () => app.simulator.admin.calls().filter((call) => call.service === "anularrango");

  it("sends the stored bytes again (the simulator's log proves it); an acceptance settles the record", async () => {
    const range = freshRange();
    const before = anularrangoCalls().length;
    const voidId = await errorVoid(approver, range);
    const result = await resendVoid({
      accountId: approver.auth.accountId,
      environment: "TesteCF",
      voidId,
      requestedBy: "ana@empresa.do (portal)",
    });
    expect(result).toEqual({ attemptNumber: 2, outcome: "Aceptado" });

    const { signedXmlGzip } = await app.db.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } });
    const signed = Buffer.from(await decompressSignedXml(signedXmlGzip), "utf8");
    const digest = createHash("sha256").update(signed).digest("hex");
    const calls = anularrangoCalls().slice(before);
    expect(calls.map((call) => [call.status, call.xmlSha256, call.xmlBytes])).toEqual([
      [500, digest, signed.length],
      [200, digest, signed.length],
    ]);

    const record = await getRecord(voidId);
    expect(record).toMatchObject({
      status: "Aceptado",
      taxauthCode: null,
      taxauthResponse: [],
      settlement: { by: "ana@empresa.do (portal)", outcome: "Aceptado", evidence: [] },
      attempts: [
        {
          attemptNumber: 2,
          kind: "resend",
          requestedBy: "ana@empresa.do (portal)",
          outcome: "Aceptado",
          taxauthCode: "1",
          errorCode: null,
          finishedAt: expect.any(Number),
        },
      ],
    });
    const again = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [range] },
    });
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
    // Settled: no more resends.
    await expect(
      resendVoid({ accountId: approver.auth.accountId, environment: "TesteCF", voidId, requestedBy: "x" }),
    ).rejects.toMatchObject({ code: "VOID_ALREADY_SETTLED" });
  });

  it("a rejection (DGII voided it the first time) is the attempt's answer: the record stays Error", async () => {
    // The first send voids at DGII but its answer is lost.
    app.simulator.admin.injectFault({ service: "anularrango", mode: "drop-after" });
    const first = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [freshRange()] },
    });
    expect(first.status).toBe(502);
    const voidId = first.body.voidId as string;
    await waitForInFlight(5_000);
    const result = await resendVoid({
      accountId: approver.auth.accountId,
      environment: "TesteCF",
      voidId,
      requestedBy: "ana",
    });
    expect(result.outcome).toBe("Rechazado");
    const record = await getRecord(voidId);
    expect(record).toMatchObject({ status: "Error", taxauthCode: null });
    expect(record).not.toHaveProperty("settlement");
    const attempts = record.attempts as Array<Record<string, unknown>>;
    expect(attempts).toEqual([
      expect.objectContaining({ attemptNumber: 2, kind: "resend", outcome: "Rechazado", taxauthCode: "2" }),
    ]);
    expect((attempts[0]!.taxauthResponse as string[]).length).toBeGreaterThan(0);
    // The lease is released: the person may now settle it.
    expect((await resolve(voidId, { json: { outcome: "Aceptado", note: "En la OFV." } })).status).toBe(200);
  });

  it("a partial success settles it as a partial Aceptado: ranges what DGII voided, excepted what it did not", async () => {
    const range = freshRange(3);
    const voidId = await errorVoid(approver, range);
    const first = range.secuenciaDesde;
    const second = `E31${String(sequence + 2).padStart(10, "0")}`;
    const third = range.secuenciaHasta;
    // The simulator's partial success: the document's last sequence is excepted, the rest voided.
    app.simulator.admin.injectFault({ service: "anularrango", mode: "partial" });
    const result = await resendVoid({
      accountId: approver.auth.accountId,
      environment: "TesteCF",
      voidId,
      requestedBy: "ana@empresa.do (portal)",
    });
    expect(result).toEqual({
      attemptNumber: 2,
      outcome: "Aceptado",
      partial: { totalVoided: 2, totalExcepted: 1 },
    });
    const record = await getRecord(voidId);
    expect(record).toMatchObject({
      status: "Aceptado",
      // DGII's fields stay the first send's (none): its partial answer is the attempt's.
      taxauthCode: null,
      taxauthResponse: [],
      totalVoided: 2,
      ranges: [{ tipoeCF: "31", secuenciaDesde: first, secuenciaHasta: second, cantidad: 2 }],
      excepted: [{ tipoeCF: "31", secuenciaDesde: third, secuenciaHasta: third, cantidad: 1 }],
      totalExcepted: 1,
      settlement: {
        by: "ana@empresa.do (portal)",
        outcome: "Aceptado",
        note: expect.stringContaining("Aceptado en parte"),
      },
      attempts: [
        expect.objectContaining({
          attemptNumber: 2,
          kind: "resend",
          outcome: "Aceptado",
          taxauthCode: "15",
          taxauthResponse: [expect.stringContaining("Con excepción"), third],
          errorCode: null,
        }),
      ],
    });
    expect(record).not.toHaveProperty("needsReview");
    // Only what DGII voided counts for ALREADY_VOIDED; the excepted number may be voided again.
    const voided = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [{ secuenciaDesde: second, secuenciaHasta: second }] },
    });
    expect(voided).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
    const excepted = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: approver.idToken,
      body: { ranges: [{ secuenciaDesde: third, secuenciaHasta: third }] },
    });
    expect(excepted).toMatchObject({ status: 200, body: { status: "Aceptado" } });
  });

  it("a partial success whose excepted sequences were not all sent stays an Error attempt, DGII's answer kept", () => {
    const sent = JSON.stringify([["31", "E310000000001", "E310000000003", 3]]);
    const response = {
      rnc: "101000001",
      codigo: "15",
      nombre: "Satisfactorio",
      mensajes: [PARTIAL_SUCCESS_MESSAGE, "E310000000009"],
    };
    const outcome = {
      kind: "partially-accepted" as const,
      response,
      httpStatus: 200,
      excepted: [{ serie: "E", tipoeCF: "31", desde: 9, hasta: 9 }],
      unfitReason: "Respuesta parcial que no corresponde a lo enviado",
    };
    expect(resultOf(outcome, sent)).toEqual({
      outcome: "Error",
      errorCode: "TAXAUTH_VOID_ERROR",
      errorMessage: "Respuesta parcial que no corresponde a lo enviado",
      mensajes: response.mensajes,
    });
    // The same answer excepting a number that was sent: Aceptado for the other two.
    expect(
      resultOf({ ...outcome, excepted: [{ serie: "E", tipoeCF: "31", desde: 2, hasta: 2 }] }, sent),
    ).toMatchObject({ outcome: "Aceptado", partial: { totalVoided: 2, totalExcepted: 1 } });
  });

  it("a transport error keeps Error (attempt Error, lease released); a second resend at once → 409", async () => {
    const voidId = await errorVoid();
    app.simulator.admin.injectFault({ service: "anularrango", mode: "drop-before" });
    const failed = await resendVoid({
      accountId: approver.auth.accountId,
      environment: "TesteCF",
      voidId,
      requestedBy: "ana",
    });
    expect(failed).toEqual({ attemptNumber: 2, outcome: "Error" });
    expect(await getRecord(voidId)).toMatchObject({
      status: "Error",
      attempts: [expect.objectContaining({ outcome: "Error", errorCode: "TAXAUTH_VOID_ERROR" })],
    });

    app.simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 800 });
    const input = {
      accountId: approver.auth.accountId,
      environment: "TesteCF" as const,
      voidId,
      requestedBy: "b",
    };
    const both = await Promise.allSettled([resendVoid(input), resendVoid(input)]);
    const fulfilled = both.filter((result) => result.status === "fulfilled");
    const rejected = both.filter((result) => result.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected.map((result) => (result.reason as { code: string }).code)).toEqual(["VOID_IN_PROGRESS"]);
    expect(fulfilled[0]!.value).toEqual({ attemptNumber: 3, outcome: "Aceptado" });
    // Another company cannot resend it.
    await expect(resendVoid({ ...input, accountId: other.auth.accountId })).rejects.toMatchObject({
      code: "VOID_NOT_FOUND",
    });
  });
});

describe('POST …/resolution with { action: "resend" }: the resend through the API', () => {
  const anularrangoCalls = () => app.simulator.admin.calls().filter((call) => call.service === "anularrango");

  it("refuses a wrong confirmation (400 RESEND_NOT_CONFIRMED) and a malformed resend (400 INVALID_SETTLEMENT), sending nothing", async () => {
    const voidId = await errorVoid();
    const before = anularrangoCalls().length;
    for (const confirmation of ["", "SI", voidId.slice(-5), voidId.slice(0, 6), undefined, 123]) {
      expect(await resolve(voidId, { json: { action: "resend", confirmation } })).toMatchObject({
        status: 400,
        body: { code: "RESEND_NOT_CONFIRMED", parameter: "confirmation" },
      });
    }
    for (const [json, parameter] of [
      [{ action: "reenviar", confirmation: "REENVIAR" }, "action"],
      [{ action: "resend", confirmation: "REENVIAR", outcome: "Aceptado" }, "outcome"],
      [{ action: "resend", confirmation: "REENVIAR", note: "x" }, "note"],
    ] as const) {
      expect(await resolve(voidId, { json }), JSON.stringify(json)).toMatchObject({
        status: 400,
        body: { code: "INVALID_SETTLEMENT", parameter },
      });
    }
    const withFile = await resolve(voidId, {
      form: form({ action: "resend", confirmation: "REENVIAR" }, { bytes: PNG, name: "a.png" }),
    });
    expect(withFile).toMatchObject({
      status: 400,
      body: { code: "INVALID_SETTLEMENT", parameter: "evidence" },
    });
    expect(anularrangoCalls()).toHaveLength(before);
    expect(await getRecord(voidId)).not.toHaveProperty("attempts");
  });

  it("the voidId's last 6 characters (any case): the same bytes sent again, the record answered settled", async () => {
    const range = freshRange();
    const before = anularrangoCalls().length;
    const voidId = await errorVoid(approver, range);
    const response = await resolve(voidId, {
      json: { action: "resend", confirmation: ` ${voidId.slice(-6).toLowerCase()} ` },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      voidId,
      status: "Aceptado",
      taxauthCode: null,
      settlement: { by: `${approver.auth.email} (API)`, outcome: "Aceptado", evidence: [] },
      attempts: [
        expect.objectContaining({
          attemptNumber: 2,
          kind: "resend",
          requestedBy: `${approver.auth.email} (API)`,
          outcome: "Aceptado",
          taxauthCode: "1",
        }),
      ],
    });
    expect(await getRecord(voidId)).toEqual(response.body);
    const calls = anularrangoCalls().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.xmlSha256).toBe(calls[0]!.xmlSha256);
    // Settled: a second resend is refused like the portal's.
    expect(await resolve(voidId, { json: { action: "resend", confirmation: "REENVIAR" } })).toMatchObject({
      status: 409,
      body: { code: "VOID_ALREADY_SETTLED" },
    });
  });

  it("a rejected resend answers 200 with the record still Error and the rejection as its attempt; approvers only", async () => {
    const voidId = await errorVoid(operator);
    expect(
      await resolve(voidId, { json: { action: "resend", confirmation: "REENVIAR" } }, operator.idToken),
    ).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });

    const range = freshRange(1);
    const rejected = await errorVoid(approver, range);
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: approver.auth.rnc,
      ranges: [{ from: range.secuenciaDesde, to: range.secuenciaHasta }],
    });
    const response = await resolve(rejected, { form: form({ action: "resend", confirmation: "reenviar" }) });
    expect(response).toMatchObject({
      status: 200,
      body: {
        status: "Error",
        attempts: [expect.objectContaining({ kind: "resend", outcome: "Rechazado", taxauthCode: "2" })],
      },
    });
    expect(response.body).not.toHaveProperty("settlement");
  });
});
