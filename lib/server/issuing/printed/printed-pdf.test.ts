import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import * as portalPdfRoute from "@/app/(portal)/documents/[ecf]/pdf/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as pdfRoute from "@/app/[environment]/documentos-ecf/[ecf]/pdf/route";
import type { EcfType } from "@/lib/domain/ecf-types";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { type EcfObject, sampleEcfBodyOf } from "../testing/sample-ecf-bodies";
import { readPdf } from "./testing/read-pdf";

// The portal route reads the session and the environment cookie as Next gives them.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let app: VoidTestApp;
let operator: TestAccount;
let next = 0;

/** A sample body of `tipo` under a fresh e-NCF of the operator (as issue-endpoint.test.ts builds them). */
function bodyOf(tipo: EcfType, changes: (ecf: EcfObject) => void = () => {}) {
  next += 1;
  return sampleEcfBodyOf(tipo, operator.auth.rnc, `E${tipo}${String(next).padStart(10, "0")}`, changes);
}

const auth = () => ({ token: operator.idToken, headers: { "x-api-key": operator.apiKey! } });

async function issue(body: { ECF: EcfObject }) {
  const response = await app.call("POST", "/TesteCF/documentos-ecf", { ...auth(), body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { ecf: string; securityCode: string; signedDate: string; qr_url: string };
}

const measured: string[] = [];

/** GET …/pdf over HTTP: the PDF's bytes and how long the answer took. */
async function fetchPdf(ecf: string, query = "") {
  const started = performance.now();
  const response = await fetch(`${app.server.url}/TesteCF/documentos-ecf/${ecf}/pdf${query}`, {
    headers: { authorization: `Bearer ${operator.idToken}`, "x-api-key": operator.apiKey! },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status === 200)
    measured.push(`${ecf}${query || " (letter)"}: ${bytes.length} bytes, ${ms.toFixed(0)} ms`);
  return { response, bytes };
}

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/pdf", module: pdfRoute },
    ],
  });
  operator = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => {
  console.info(`Printed e-CF over HTTP:\n  ${measured.join("\n  ")}`);
  await app?.close();
});
beforeEach(() => app.simulator.admin.clearFaults());

/** Text as MuPDF extracts it, its line breaks as spaces (a wrapped line reads as one). */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("GET …/documentos-ecf/{ecf}/pdf", () => {
  it("prints an e-CF 31 on letter from its signed XML: issuer, type, e-NCF, buyer, lines, totals per rate, QR, code, date; pending while DGII validates", async () => {
    const body = bodyOf("31");
    const issued = await issue(body);
    const { response, bytes } = await fetchPdf(issued.ecf);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="${operator.auth.rnc}${issued.ecf}.pdf"`,
    );
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.sizes[0]).toEqual({ width: 612, height: 792 });
    const text = flat(pdf.texts[0]!);
    for (const expected of [
      "Anula Demo",
      "Comercial Anula Demo SRL",
      `RNC: ${operator.auth.rnc}`,
      "Dirección: Av. Abraham Lincoln No. 1003, Piantini",
      "Fecha de Emisión: 01-12-2026",
      "Factura de Crédito Fiscal Electrónica",
      `e-NCF: ${issued.ecf}`,
      "Fecha Vencimiento: 31-12-2027",
      "Razón Social Cliente: Distribuidora del Cibao SRL",
      "RNC Cliente: 131880738",
      "Resma papel bond 8.5x11",
      "Mantenimiento de impresoras",
      "3,500.00",
      "Monto gravado ITBIS 18% 6,000.50",
      "Subtotal Exento 900.00",
      "ITBIS 18% 1,080.09",
      "Total 7,980.59",
      `Código de Seguridad: ${issued.securityCode}`,
      `Fecha de Firma Digital: ${issued.signedDate}`,
      "Pendiente de validación por la DGII",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("SIN VALIDEZ FISCAL");
    // The exempt line carries its "E" before the description.
    expect(text).toMatch(/E \S/);
    const qr = pdf.qr(0);
    expect(qr?.data).toBe(issued.qr_url);
    expect(qr!.version).toBeGreaterThanOrEqual(8);
  });

  it("the receipt layout is 80 mm wide and as tall as its content, with the same content and QR", async () => {
    const issued = await issue(bodyOf("31"));
    const { response, bytes } = await fetchPdf(issued.ecf, "?layout=receipt");
    expect(response.status).toBe(200);
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.sizes[0]!.width).toBeCloseTo((80 * 72) / 25.4, 1);
    expect(pdf.sizes[0]!.height).toBeGreaterThan(300);
    expect(pdf.sizes[0]!.height).toBeLessThan(792);
    const text = flat(pdf.texts[0]!);
    for (const expected of [
      `e-NCF: ${issued.ecf}`,
      "Factura de Crédito Fiscal Electrónica",
      "Total 7,980.59",
      `Código de Seguridad: ${issued.securityCode}`,
      `Fecha de Firma Digital: ${issued.signedDate}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.qr(0)?.data).toBe(issued.qr_url);
  });

  it("a type 32 under RD$250,000: the summary's consultatimbrefc QR at version 8, no buyer RNC, no pending mark once DGII accepted the summary", async () => {
    const issued = await issue(bodyOf("32"));
    expect(new URL(issued.qr_url).pathname).toBe("/testecf/consultatimbrefc");
    for (const query of ["", "?layout=receipt"]) {
      const pdf = await readPdf((await fetchPdf(issued.ecf, query)).bytes);
      const text = flat(pdf.texts[0]!);
      expect(text).toContain("Factura de Consumo Electrónica");
      expect(text).toContain("Total 1,475.00");
      expect(text).toContain(`Código de Seguridad: ${issued.securityCode}`);
      expect(text).not.toContain("RNC Cliente");
      expect(text).not.toContain("Pendiente de validación");
      expect(pdf.qr(0)).toEqual({ data: issued.qr_url, version: 8 });
    }
  });

  it("a credit note (34) prints the modified e-NCF and the modification code in words", async () => {
    const issued = await issue(bodyOf("34"));
    const pdf = await readPdf((await fetchPdf(issued.ecf)).bytes);
    const text = flat(pdf.texts[0]!);
    expect(text).toContain("Nota de Crédito Electrónica");
    expect(text).toContain("e-NCF Modificado: E310000000001");
    expect(text).toContain("Código de Modificación: 3 - Corrige montos del NCF modificado");
    expect(text).toContain("Total 826.00");
    // A credit note has no sequence expiry (Informe Técnico §18.2.1, note 43).
    expect(text).not.toContain("Fecha Vencimiento");
    expect(pdf.qr(0)?.data).toBe(issued.qr_url);
  });

  it("Pendiente de envío (DGII unreachable) is marked pending; Rechazado is SIN VALIDEZ FISCAL", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
    const pending = await issue(bodyOf("31"));
    app.simulator.admin.clearFaults();
    const db = await getDb();
    expect((await db.document.findFirst({ where: { ncf: pending.ecf } }))?.status).toBe("Pendiente de envío");
    const pendingText = flat(
      (await readPdf((await fetchPdf(pending.ecf, "?layout=receipt")).bytes)).texts[0]!,
    );
    expect(pendingText).toContain("Pendiente de validación por la DGII");

    const rejected = await issue(bodyOf("31"));
    await db.document.updateMany({ where: { ncf: rejected.ecf }, data: { status: "Rechazado" } });
    for (const query of ["", "?layout=receipt"]) {
      const text = flat((await readPdf((await fetchPdf(rejected.ecf, query)).bytes)).texts[0]!);
      expect(text).toContain("SIN VALIDEZ FISCAL");
      expect(text).not.toContain("Pendiente de validación");
    }
  });

  it("prints characters outside WinAnsi as close as it can instead of failing", async () => {
    const issued = await issue(
      bodyOf("31", (ecf) => {
        ecf.DetallesItems.Item[0].NombreItem = "Café Tōkyō Őr 東京 ☕ 😀 “ñandú” – ok";
      }),
    );
    const { response, bytes } = await fetchPdf(issued.ecf);
    expect(response.status).toBe(200);
    const text = flat((await readPdf(bytes)).texts[0]!);
    expect(text).toContain("Café Tokyo Or ?? ? ? “ñandú” – ok");
  });

  it("a long document goes on as many letter pages as it needs, the header on each, numbered", async () => {
    const items = Array.from({ length: 70 }, (_, index) => ({
      NumeroLinea: index + 1,
      IndicadorFacturacion: 4,
      NombreItem: `Artículo de oficina número ${index + 1}`,
      IndicadorBienoServicio: 1,
      CantidadItem: 1,
      PrecioUnitarioItem: "10.00",
      MontoItem: "10.00",
    }));
    const issued = await issue(
      bodyOf("43", (ecf) => {
        ecf.DetallesItems.Item = items;
        ecf.Encabezado.Totales = { MontoExento: "700.00", MontoTotal: "700.00" };
      }),
    );
    const pdf = await readPdf((await fetchPdf(issued.ecf)).bytes);
    expect(pdf.pageCount).toBeGreaterThan(1);
    pdf.texts.forEach((pageText, index) => {
      const text = flat(pageText);
      expect(text).toContain(`e-NCF: ${issued.ecf}`);
      expect(text).toContain(`Página ${index + 1} de ${pdf.pageCount}`);
    });
    const all = flat(pdf.texts.join(" "));
    expect(all).toContain("Artículo de oficina número 70");
    expect(flat(pdf.texts.at(-1)!)).toContain("Total 700.00");
    expect(pdf.qr(pdf.pageCount - 1)?.data).toBe(issued.qr_url);
  });

  it("404 DOCUMENT_NOT_FOUND for an unknown e-NCF or a document without signed XML; 400 for another layout", async () => {
    const unknown = await app.call("GET", "/TesteCF/documentos-ecf/E310999999999/pdf", auth());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: "DOCUMENT_NOT_FOUND",
      message: expect.stringContaining("No hay un e-CF firmado con el e-NCF E310999999999 en TesteCF"),
    });

    const db = await getDb();
    const now = BigInt(Date.now());
    await db.document.create({
      data: {
        accountId: operator.auth.accountId,
        environment: "TesteCF",
        customerId: operator.auth.rnc,
        ncf: "E310888888888",
        status: "Aceptado",
        source: "import",
        signedXml: `ecf/TesteCF/${operator.auth.rnc}/${operator.auth.rnc}E310888888888.xml`,
        createdAt: now,
        updateAt: now,
      },
    });
    const imported = await app.call("GET", "/TesteCF/documentos-ecf/E310888888888/pdf", auth());
    expect(imported.status).toBe(404);
    expect(imported.body).toMatchObject({ code: "DOCUMENT_NOT_FOUND" });

    const issued = await issue(bodyOf("31"));
    const bad = await app.call("GET", `/TesteCF/documentos-ecf/${issued.ecf}/pdf?layout=a4`, auth());
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_PARAMETER", parameter: "layout" });
  });
});

describe("GET /(portal)/documents/{ecf}/pdf", () => {
  it("serves the same PDF to a signed-in person of the company, in the session's environment", async () => {
    const issued = await issue(bodyOf("31"));
    setSession({ userId: operator.auth.userId, signedInAt: Date.now() });
    const context = { params: Promise.resolve({ ecf: issued.ecf }) };
    const answer = await portalPdfRoute.GET(
      new Request(`http://localhost/documents/${issued.ecf}/pdf?layout=receipt`),
      context,
    );
    expect(answer.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await answer.arrayBuffer()));
    expect(flat(pdf.texts[0]!)).toContain(`e-NCF: ${issued.ecf}`);
    expect(pdf.qr(0)?.data).toBe(issued.qr_url);
    setSession(null);
    const signedOut = await portalPdfRoute.GET(
      new Request(`http://localhost/documents/${issued.ecf}/pdf`),
      context,
    );
    expect(signedOut.status).toBe(401);
  });
});
