import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";
import { TaxAuthClient } from "./taxauth-client";
import { configFor, credentialFor, startTestSimulator } from "./test-support";
import { parseTrackIdsAnswer } from "./track-ids";

const RNC = "130000011";
const OTHER = "130000022";
let simulator: SimulatorHandle;
let client: TaxAuthClient;

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await client?.close();
  await simulator.close();
});
beforeEach(async () => {
  await client?.close();
  client = new TaxAuthClient(configFor(simulator));
  simulator.admin.reset();
});

describe("consultatrackids over HTTP against the simulator", () => {
  it("lists every reception of one e-NCF with its estado, and nothing for a number never received", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "track-rejected",
      rnc: RNC,
      encf: "E310000000007",
      codigo: 2,
      secuenciaUtilizada: true,
      fechaRecepcion: "2026-01-02T10:00:00Z",
    });
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "track-accepted",
      rnc: RNC,
      encf: "E310000000007",
      codigo: 1,
    });
    simulator.admin.registerDocument({
      environment: "CerteCF",
      trackId: "other-environment",
      rnc: RNC,
      encf: "E310000000008",
      codigo: 1,
    });

    const entries = await client.queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000007");
    expect(entries).toEqual([
      { trackId: "track-rejected", estado: "Rechazado", codigo: "2", fechaRecepcion: "2026-01-02T10:00:00Z" },
      { trackId: "track-accepted", estado: "Aceptado", codigo: "1" },
    ]);
    expect(await client.queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000008")).toEqual([]);
    expect(await client.queryTrackIds("CerteCF", RNC, credentialFor(RNC), "E310000000008")).toHaveLength(1);
    const calls = simulator.admin.calls().filter((call) => call.service === "consultatrackids");
    expect(calls.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(calls[0]).toMatchObject({ tokenHolderId: RNC, rncEmisor: RNC });
  });

  it("never shows another issuer's receptions to a holder that is not delegated for it", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "theirs",
      rnc: OTHER,
      encf: "E310000000001",
      codigo: 1,
    });
    // The client asks as the company (rncemisor = its own RNC): another RNC's documents never match.
    expect(await client.queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000001")).toEqual([]);
    const token = await client.getToken("TesteCF", RNC, credentialFor(RNC));
    const direct = await fetch(
      `${simulator.url}/testecf/ConsultaTrackIds/api/TrackIds/Consulta?RncEmisor=${OTHER}&ENCF=E310000000001`,
      { headers: { Authorization: `bearer ${token}` } },
    );
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual([]);
    simulator.admin.delegate({ rncEmisor: OTHER, delegateId: RNC });
    const delegated = await fetch(
      `${simulator.url}/testecf/consultatrackids/api/trackids/consulta?rncemisor=${OTHER}&encf=e310000000001`,
      { headers: { Authorization: `bearer ${token}` } },
    );
    expect(await delegated.json()).toEqual([
      { trackId: "theirs", codigo: "1", estado: "Aceptado", fechaRecepcion: null },
    ]);
  });

  it("refuses a call without a token (401) or without both parameters (400)", async () => {
    const anonymous = await fetch(
      `${simulator.url}/testecf/consultatrackids/api/trackids/consulta?rncemisor=${RNC}&encf=E310000000001`,
    );
    expect(anonymous.status).toBe(401);
    const token = await client.getToken("TesteCF", RNC, credentialFor(RNC));
    const missing = await fetch(
      `${simulator.url}/testecf/consultatrackids/api/trackids/consulta?rncemisor=${RNC}`,
      {
        headers: { Authorization: `bearer ${token}` },
      },
    );
    expect(missing.status).toBe(400);
  });

  it("reports an unreadable or failed answer as TAXAUTH_STATUS_ERROR, never as 'never sent'", async () => {
    simulator.admin.injectFault({ service: "consultatrackids", mode: "html" });
    await expect(
      client.queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000001"),
    ).rejects.toMatchObject({
      code: "TAXAUTH_STATUS_ERROR",
    });
    simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500 });
    const failure = await client
      .queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000001")
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe("TAXAUTH_STATUS_ERROR");
  });

  it("renews an expired token once (401) and answers", async () => {
    await client.getToken("TesteCF", RNC, credentialFor(RNC));
    simulator.admin.revokeTokens();
    expect(await client.queryTrackIds("TesteCF", RNC, credentialFor(RNC), "E310000000001")).toEqual([]);
    expect(simulator.admin.callCounts().validarsemilla).toBe(2);
  });
});

describe("parseTrackIdsAnswer", () => {
  it("reads both published shapes and refuses anything else", () => {
    expect(parseTrackIdsAnswer([{ TrackId: "a", Estado: "Aceptado", FechaRecepcion: "x" }])).toEqual([
      { trackId: "a", estado: "Aceptado", fechaRecepcion: "x" },
    ]);
    expect(
      parseTrackIdsAnswer({ detalles: [{ trackId: "b", codigo: 2, estado: "Rechazado", mensaje: "m" }] }),
    ).toEqual([{ trackId: "b", estado: "Rechazado", codigo: "2", mensaje: "m" }]);
    expect(parseTrackIdsAnswer({ detalles: [] })).toEqual([]);
    expect(parseTrackIdsAnswer({ codigo: 0 })).toBeUndefined();
    expect(parseTrackIdsAnswer([{ estado: "Aceptado" }])).toBeUndefined();
    expect(parseTrackIdsAnswer("texto")).toBeUndefined();
  });
});
