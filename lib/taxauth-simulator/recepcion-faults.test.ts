import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { buildXmlMultipart } from "@/lib/server/platform/taxauth/multipart";
import { credentialFor, signedTestAnecf } from "@/lib/server/platform/taxauth/test-support";
import { RECEPTION_CODES } from "./ecf-reception-checks";
import { startTaxAuthSimulator, type SimulatorHandle } from "./index";
import { receptionClient, signedTestEcf } from "./test-reception-client";

const RNC = "130000061";
const ENCF = "E310000000031";
let simulator: SimulatorHandle;
let dgii: ReturnType<typeof receptionClient>;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ adminEnabled: true, receptionDelayMs: 0 });
  dgii = receptionClient(simulator);
});
afterAll(async () => {
  await dgii.close();
  await simulator.close();
});
beforeEach(() => simulator.admin.reset());

const send = (signal?: AbortSignal) =>
  dgii.send(signedTestEcf({ rnc: RNC, encf: ENCF }), { as: RNC, signal });
const voidNumber = () =>
  dgii.client.voidRanges({
    environment: "TesteCF",
    rnc: RNC,
    credential: credentialFor(RNC),
    xml: signedTestAnecf(RNC, [{ tipo: "31", ranges: [[ENCF, ENCF]] }]),
    fileName: `${RNC}ANECF.xml`,
  });
const admin = (method: string, operation: string, body?: unknown) =>
  fetch(`${simulator.url}/admin/${operation}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));

describe("recepcion and the ledger", () => {
  it("spends an accepted number: a later anularrango of it is rejected as used", async () => {
    const { trackId } = (await send()).json();
    expect(await dgii.verdict(String(trackId), RNC)).toMatchObject({ codigo: 1 });
    expect(await voidNumber()).toMatchObject({
      kind: "rejected",
      response: {
        mensajes: [`Las secuencias que está intentando anular han sido utilizadas: ${ENCF}`],
      },
    });
  });

  it("rejects a voided number with secuenciaUtilizada true", async () => {
    expect(await voidNumber()).toMatchObject({ kind: "accepted" });
    const { trackId } = (await send()).json();
    expect(await dgii.verdict(String(trackId), RNC)).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [
        { valor: `El e-NCF ${ENCF} fue anulado y no puede utilizarse.`, codigo: RECEPTION_CODES.voided },
      ],
    });
  });

  it('answers 401 without a valid bearer token, and 400 "Multipart cannot be empty" to an empty upload', async () => {
    const { body, contentType } = buildXmlMultipart(
      signedTestEcf({ rnc: RNC, encf: ENCF }),
      `${RNC}${ENCF}.xml`,
    );
    const post = (authorization?: string) =>
      fetch(`${simulator.url}/testecf/recepcion/api/facturaselectronicas`, {
        method: "POST",
        headers: { "Content-Type": contentType, ...(authorization ? { Authorization: authorization } : {}) },
        body: new Uint8Array(body),
      });
    expect((await post()).status).toBe(401);
    expect((await post("bearer not-a-jwt")).status).toBe(401);
    const empty = await fetch(`${simulator.url}/testecf/recepcion/api/facturaselectronicas`, {
      method: "POST",
      headers: { Authorization: `bearer ${await dgii.token(RNC)}` },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe("Multipart cannot be empty");
  });
});

describe("recepcion faults", () => {
  it("no-verdict: a trackId, then En Proceso for good; the next e-CF is judged again", async () => {
    expect((await admin("POST", "faults", { service: "recepcion", mode: "no-verdict" })).status).toBe(200);
    const stuck = String((await send()).json().trackId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await dgii.result(stuck, RNC)).toMatchObject({ codigo: 3, estado: "En Proceso", mensajes: [] });
    const next = await dgii.send(signedTestEcf({ rnc: RNC, encf: "E310000000032" }), { as: RNC });
    expect(await dgii.verdict(String(next.json().trackId), RNC)).toMatchObject({ codigo: 1 });
  });

  it("down: a 503 HTML page or a dropped connection, and nothing received", async () => {
    simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
    simulator.admin.injectFault({ service: "recepcion", mode: "drop-before" });
    const unavailable = await send();
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatch(/<h1>503 Service Unavailable<\/h1>/);
    await expect(send()).rejects.toThrow();
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([]);
  });

  it("html: a WAF page with status 200 instead of the answer", async () => {
    simulator.admin.injectFault({ service: "recepcion", mode: "html" });
    const answer = await send();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/Request Rejected/);
  });

  it("drop-after: the e-CF IS received (consultatrackids finds it) though its trackId never arrived", async () => {
    simulator.admin.injectFault({ service: "recepcion", mode: "drop-after" });
    await expect(send()).rejects.toThrow();
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([expect.objectContaining({ estado: "Aceptado" })]);
  });

  it("slow (delay) answers late but normally; hang never answers", async () => {
    simulator.admin.injectFault({ service: "recepcion", mode: "delay", delayMs: 300 });
    const started = Date.now();
    expect((await send()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    simulator.admin.injectFault({ service: "recepcion", mode: "hang" });
    await expect(send(AbortSignal.timeout(200))).rejects.toThrow();
    const receptions = simulator.admin.calls().filter((call) => call.service === "recepcion");
    expect(receptions.map((call) => call.status)).toEqual([200, "hung"]);
  });
});

describe("reception delay admin", () => {
  it("is set and read over HTTP, refuses nonsense, and reset() restores the starting value", async () => {
    expect((await admin("POST", "reception-delay", { ms: 50 })).status).toBe(200);
    expect(JSON.parse((await admin("GET", "reception-delay")).body)).toEqual({ ms: 50 });
    expect((await admin("POST", "reception-delay", { ms: -1 })).status).toBe(400);
    expect(simulator.admin.receptionDelay()).toBe(50);
    simulator.admin.reset();
    expect(simulator.admin.receptionDelay()).toBe(0);
    const defaults = await startTaxAuthSimulator();
    try {
      expect(defaults.admin.receptionDelay()).toBe(200);
    } finally {
      await defaults.close();
    }
  });
});
