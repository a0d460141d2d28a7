import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import type { Dialect } from "@/lib/taxauth-simulator";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * The core void flow (void-endpoint.test.ts's accepted and rejected cases) against each way DGII
 * words its answers (the simulator's dialects): the same request gives the same outcome whether
 * DGII says codigo 1, codigo 15 "Satisfactorio" or answers in XML. A partial success is not
 * understood yet: it stays an unconfirmed Error with DGII's answer verbatim, never Aceptado.
 */
const FULL = "Las secuencias fueron anuladas correctamente.";
const PARTIAL = "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";

interface DialectCase {
  dialect: Dialect;
  /** What the record keeps of DGII's acceptance; null: the dialect does not confirm the void. */
  acceptance: { codigo: string; nombre: string; mensajes: string[] } | null;
}

const CASES: DialectCase[] = [
  { dialect: "success1", acceptance: { codigo: "1", nombre: "Aceptado", mensajes: [] } },
  { dialect: "success15", acceptance: { codigo: "15", nombre: "Satisfactorio", mensajes: [FULL] } },
  { dialect: "xml", acceptance: { codigo: "1", nombre: "Aceptado", mensajes: [] } },
  { dialect: "partial", acceptance: null },
];

let app: VoidTestApp;
let account: TestAccount;
let sequence = 900_000;

function freshRange(count: number, tipo = "31") {
  sequence += 1000;
  const at = (n: number) => `E${tipo}${String(n).padStart(10, "0")}`;
  return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
}

const post = (body: unknown) =>
  app.call("POST", "/TesteCF/customer/void-ncf", { token: account.idToken, body });
const record = async (voidId: string) =>
  (await app.call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, { token: account.idToken })).body;
const voidedBySimulator = () => app.simulator.admin.voidedRanges("TesteCF", account.auth.rnc);
/** What the simulated DGII answered to the last anularrango call, as a client would read it. */
const partialAnswer = (excepted: string[]) =>
  JSON.stringify({
    rnc: account.auth.rnc,
    codigo: 15,
    nombre: "Satisfactorio",
    mensajes: [PARTIAL, ...excepted],
  });

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  account = await createTestAccount({ certificate: true });
});

afterAll(async () => {
  await app?.close();
});

describe.each(CASES)("DGII answering in the $dialect dialect", ({ dialect, acceptance }) => {
  beforeEach(() => {
    app.simulator.admin.clearFaults();
    app.simulator.admin.setDialect(dialect);
  });

  it(
    acceptance
      ? "a void of never-used ranges → 200 Aceptado, stored with DGII's own answer"
      : "a void of never-used ranges → 502, an Error record with DGII's answer verbatim",
    async () => {
      const single = freshRange(1, "32");
      const ranges = [freshRange(5), { ...single, secuenciaHasta: single.secuenciaDesde }];
      const response = await post({ ranges, fechaHoraAnulacion: "22-11-2026 08:30:00" });
      const voidId = response.body.voidId as string;
      if (acceptance) {
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          voidId,
          status: "Aceptado",
          totalVoided: 6,
          // The 200 body lists no messages (the spec's example); the record keeps DGII's.
          taxauthResponse: { codigo: acceptance.codigo, nombre: acceptance.nombre, mensajes: [] },
          dgiiResponse: { codigo: acceptance.codigo, nombre: acceptance.nombre, mensajes: [] },
        });
        expect(await record(voidId)).toMatchObject({
          status: "Aceptado",
          taxauthCode: acceptance.codigo,
          taxauthName: acceptance.nombre,
          taxauthResponse: acceptance.mensajes,
        });
        expect(voidedBySimulator()).toEqual(
          expect.arrayContaining([
            { from: ranges[0]!.secuenciaDesde, to: ranges[0]!.secuenciaHasta },
            { from: single.secuenciaDesde, to: single.secuenciaDesde },
          ]),
        );
        const again = await post({ ranges: [ranges[0]] });
        expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
        return;
      }
      // DGII voided the 31 range and excepted the 32 sequence: Anula cannot store that yet.
      const answer = partialAnswer([single.secuenciaDesde]);
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ status: "Error", code: "TAXAUTH_VOID_ERROR", voidId });
      const stored = await record(voidId);
      expect(stored).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR", taxauthCode: null });
      expect(stored.errorMessage).toBe(
        'Respuesta de la DGII no reconocida (HTTP 200, codigo "15"): no se tomó como aceptada ni como ' +
          `rechazada; verifique en la DGII. Respuesta recibida: ${answer}`,
      );
      expect(voidedBySimulator()).toContainEqual({
        from: ranges[0]!.secuenciaDesde,
        to: ranges[0]!.secuenciaHasta,
      });
      expect(voidedBySimulator()).not.toContainEqual({
        from: single.secuenciaDesde,
        to: single.secuenciaDesde,
      });
    },
  );

  it(
    acceptance
      ? "a void with an issued sequence → 422 Rechazado with DGII's reasons"
      : "a void with an issued sequence → 502, an Error record with DGII's answer verbatim",
    async () => {
      const range = freshRange(3);
      app.simulator.admin.markIssued({
        environment: "TesteCF",
        rnc: account.auth.rnc,
        ranges: [{ from: range.secuenciaHasta, to: range.secuenciaHasta }],
      });
      const response = await post({ ranges: [range] });
      const voidId = response.body.voidId as string;
      if (acceptance) {
        const rejection = {
          codigo: "2",
          nombre: "Rechazado",
          mensajes: [expect.stringContaining("utilizadas")],
        };
        expect(response.status).toBe(422);
        expect(response.body).toMatchObject({
          status: "Rechazado",
          totalVoided: 3,
          taxauthResponse: rejection,
        });
        expect(await record(voidId)).toMatchObject({
          status: "Rechazado",
          taxauthCode: "2",
          taxauthName: "Rechazado",
          taxauthResponse: [expect.stringContaining(range.secuenciaHasta)],
        });
        expect(voidedBySimulator()).not.toContainEqual(
          expect.objectContaining({ from: range.secuenciaDesde }),
        );
        return;
      }
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ status: "Error", code: "TAXAUTH_VOID_ERROR" });
      expect(response.body.detail).toContain(`Respuesta recibida: ${partialAnswer([range.secuenciaHasta])}`);
      expect(await record(voidId)).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
      const first = range.secuenciaDesde;
      const second = `${first.slice(0, 3)}${String(Number(first.slice(3)) + 1).padStart(10, "0")}`;
      expect(voidedBySimulator()).toContainEqual({ from: first, to: second });
    },
  );
});
