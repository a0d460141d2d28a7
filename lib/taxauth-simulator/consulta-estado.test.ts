import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startTaxAuthSimulator, type SimulatorHandle } from "./index";
import type { SimulatedDocument } from "./registry";
import { receptionClient } from "./test-reception-client";

/** consultaestado over loopback: the validity of an e-CF by issuer and e-NCF, from what the simulator holds. */
const RNC = "130000071";
const OTHER = "130000072";
let simulator: SimulatorHandle;
let dgii: ReturnType<typeof receptionClient>;
let trackCounter = 0;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ adminEnabled: true, receptionDelayMs: 0 });
  dgii = receptionClient(simulator);
});
afterAll(async () => {
  await dgii.close();
  await simulator.close();
});
beforeEach(() => simulator.admin.reset());

function received(encf: string, codigo: SimulatedDocument["codigo"], extra: Partial<SimulatedDocument> = {}) {
  trackCounter += 1;
  simulator.admin.registerDocument({
    environment: "TesteCF",
    trackId: `00000000-0000-4000-9000-${String(trackCounter).padStart(12, "0")}`,
    rnc: RNC,
    encf,
    codigo,
    fechaRecepcion: `11/3/2025 8:${String(10 + trackCounter).slice(-2)}:37 PM`,
    ...extra,
  });
}

async function consultaEstado(query: string, as: string | null = RNC) {
  const response = await fetch(`${simulator.url}/testecf/ConsultaEstado/api/Consultas/Estado?${query}`, {
    headers: as ? { Authorization: `bearer ${await dgii.token(as)}` } : {},
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const estadoOf = async (encf: string, extra = "", as: string | null = RNC) =>
  (await consultaEstado(`RncEmisor=${RNC}&NcfElectronico=${encf}${extra}`, as)).json();

describe("consultaestado", () => {
  it("answers the reception that decides, in DGII's fields; what the registry does not keep is null", async () => {
    received("E310000000001", 1);
    received("E310000000001", 2, { secuenciaUtilizada: true });
    expect(await estadoOf("e310000000001")).toEqual({
      codigo: 1,
      estado: "Aceptado",
      rncEmisor: RNC,
      ncfElectronico: "E310000000001",
      montoTotal: null,
      totalITBIS: null,
      fechaEmision: null,
      fechaFirma: null,
      rncComprador: null,
      codigoSeguridad: null,
      idExtranjero: null,
    });
    received("E310000000002", 2, { secuenciaUtilizada: false });
    expect(await estadoOf("E310000000002")).toMatchObject({ codigo: 2, estado: "Rechazado" });
  });

  it("shows DGII's three states: En Proceso is not found yet, a whole e-CF accepted conditionally is Aceptado", async () => {
    received("E310000000003", 3);
    expect(await estadoOf("E310000000003")).toMatchObject({ codigo: 0, estado: "No encontrado" });
    received("E310000000004", 4);
    expect(await estadoOf("E310000000004")).toMatchObject({ codigo: 1, estado: "Aceptado" });
    expect(await estadoOf("E310000000099")).toMatchObject({ codigo: 0, estado: "No encontrado" });
  });

  it("keeps a state DGII's table does not list verbatim", async () => {
    received("E310000000005", 2, { estado: "Anulado", secuenciaUtilizada: false });
    expect(await estadoOf("E310000000005")).toMatchObject({ codigo: 2, estado: "Anulado" });
  });

  it("finds a consumer-invoice summary (RFCE), Aceptado Condicional included, only with its own code", async () => {
    received("E320000000006", 4, { summary: { codigoSeguridad: "Ab+3xZ" } });
    expect(await estadoOf("E320000000006", "&CodigoSeguridad=Ab%2B3xZ")).toMatchObject({
      codigo: 4,
      estado: "Aceptado Condicional",
      codigoSeguridad: "Ab+3xZ",
    });
    expect(await estadoOf("E320000000006", "&codigoseguridad=zzzzzz")).toMatchObject({ codigo: 0 });
  });

  it("answers another issuer's e-CF as not found; 400 without RncEmisor and NcfElectronico; 401 without a token", async () => {
    received("E310000000007", 1);
    expect(await estadoOf("E310000000007", "", OTHER)).toMatchObject({ codigo: 0, estado: "No encontrado" });
    const missing = await consultaEstado(`RncEmisor=${RNC}`);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("NcfElectronico");
    expect((await consultaEstado(`RncEmisor=${RNC}&NcfElectronico=E310000000007`, null)).status).toBe(401);
  });

  it("takes the simulator's faults and latency like every other service", async () => {
    received("E310000000008", 1);
    simulator.admin.injectFault({ service: "consultaestado", mode: "status", status: 503 });
    expect((await consultaEstado(`RncEmisor=${RNC}&NcfElectronico=E310000000008`)).status).toBe(503);
    simulator.admin.setLatency("consultaestado", 150);
    const started = performance.now();
    expect(await estadoOf("E310000000008")).toMatchObject({ codigo: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(simulator.admin.callCounts().consultaestado).toBe(2);
  });
});
