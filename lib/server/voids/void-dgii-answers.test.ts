import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { classifyVoidAnswer, type TaxAuthClient } from "@/lib/server/platform/taxauth";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

/**
 * DGII's answers beyond the spec's codigo 1/2, through the whole void flow: the success dialect an
 * integrator relayed (codigo 15 "Satisfactorio") is Aceptado; an answer nobody understands stays
 * Error with the answer kept verbatim in the record.
 */
let app: VoidTestApp;
let account: TestAccount;
let sequence = 700_000;

function freshRange(count = 3) {
  sequence += 1000;
  const at = (n: number) => `E31${String(n).padStart(10, "0")}`;
  return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
}

const post = (body: unknown) =>
  app.call("POST", "/TesteCF/customer/void-ncf", { token: account.idToken, body });
const record = (voidId: string) =>
  app.call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, { token: account.idToken });

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 10_000, responseTimeoutMs: 10_000 });
  account = await createTestAccount({ certificate: true });
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => {
  app.simulator.admin.clearFaults();
  setTaxAuthClient(app.client);
});

describe("DGII's codigo 15 success", () => {
  it("answered by the simulator's success15 dialect → 200 Aceptado, stored with DGII's own codigo and texts", async () => {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "success15" });
    const range = freshRange();
    const response = await post({ ranges: [range] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: "Aceptado",
      totalVoided: 3,
      taxauthResponse: { codigo: "15", nombre: "Satisfactorio" },
    });
    const voidId = response.body.voidId as string;
    expect((await record(voidId)).body).toMatchObject({
      status: "Aceptado",
      taxauthCode: "15",
      taxauthName: "Satisfactorio",
      taxauthResponse: ["Las secuencias fueron anuladas correctamente."],
    });
    // The authority did void them, and the service now knows it (no second send of the same range).
    expect(app.simulator.admin.voidedRanges("TesteCF", account.auth.rnc)).toContainEqual({
      from: range.secuenciaDesde,
      to: range.secuenciaHasta,
    });
    const again = await post({ ranges: [range] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ALREADY_VOIDED", voidId });
  });

  it("a rejection under the success15 dialect is still a rejection (422 Rechazado)", async () => {
    const range = freshRange();
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaDesde, to: range.secuenciaDesde }],
    });
    app.simulator.admin.injectFault({ service: "anularrango", mode: "success15" });
    const response = await post({ ranges: [range] });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ status: "Rechazado", taxauthResponse: { codigo: "2" } });
  });
});

describe("an answer no rule understands", () => {
  it("a partial success (codigo 15) excepting a sequence that was not sent → 502 and an Error record that shows DGII's answer verbatim", async () => {
    const answer = JSON.stringify({
      rnc: account.auth.rnc,
      codigo: 15,
      nombre: "Satisfactorio",
      mensajes: [
        "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle",
        "E310000701002",
      ],
    });
    let sent = 0;
    setTaxAuthClient({
      voidRanges: async () => {
        sent += 1;
        return classifyVoidAnswer({ status: 200, body: answer, contentType: "application/json" });
      },
    } as unknown as TaxAuthClient);
    const response = await post({ ranges: [freshRange()] });
    expect(sent).toBe(1);
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ status: "Error", code: "TAXAUTH_VOID_ERROR" });
    expect(response.body.detail).toContain(`Respuesta recibida: ${answer}`);
    const stored = (await record(response.body.voidId as string)).body;
    expect(stored).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR", taxauthCode: null });
    expect(stored.errorMessage).toBe(
      'Respuesta de la DGII no reconocida (HTTP 200, codigo "15") (éxito parcial cuyas secuencias exceptuadas ' +
        "no están todas entre las enviadas, o que las excluye todas): no se tomó como aceptada ni como " +
        `rechazada; verifique en la DGII. Respuesta recibida: ${answer}`,
    );
  });
});
