import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";
import { TaxAuthClient } from "./taxauth-client";
import { configFor, credentialFor, signedTestAnecf, startTestSimulator } from "./test-support";

const TENANT_A = "130000011";
const TENANT_B = "130000022";
let simulator: SimulatorHandle;
let client: TaxAuthClient;

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  await client?.close();
  client = new TaxAuthClient(configFor(simulator));
  simulator.admin.reset();
});

describe("authentication (semilla → signed seed → validarsemilla)", () => {
  it("obtains a 3600 s token bound to the certificate's serialNumber, and reuses it", async () => {
    const token = await client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(TENANT_A);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(await client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A))).toBe(token);
    expect(simulator.admin.callCounts()).toMatchObject({ semilla: 1, validarsemilla: 1 });
  });

  it("shares one authentication between concurrent callers of the same key", async () => {
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A))),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(simulator.admin.callCounts().validarsemilla).toBe(1);
  });

  it("keeps separate tokens per environment and per certificate", async () => {
    const test = await client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
    const cert = await client.getToken("CerteCF", TENANT_A, credentialFor(TENANT_A));
    const otherCertificate = credentialFor(TENANT_A, { notBefore: new Date(Date.now() - 3_600_000) });
    const renewedCert = await client.getToken("TesteCF", TENANT_A, otherCertificate);
    expect(new Set([test, cert, renewedCert]).size).toBe(3);
    expect(decodeJwt(cert).environment).toBe("CerteCF");
    expect(simulator.admin.callCounts().validarsemilla).toBe(3);
  });

  it("never mixes tokens between two tenants voiding in parallel", async () => {
    const voidFor = (rnc: string, index: number) => {
      const from = `E3100000000${String(10 + index)}`;
      return client.voidRanges({
        environment: "TesteCF",
        rnc,
        credential: credentialFor(rnc),
        xml: signedTestAnecf(rnc, [{ tipo: "31", ranges: [[from, from]] }]),
        fileName: "f.xml",
      });
    };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) => voidFor(index % 2 === 0 ? TENANT_A : TENANT_B, index)),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(6).fill("accepted"));
    const voidCalls = simulator.admin.calls().filter((call) => call.service === "anularrango");
    expect(voidCalls).toHaveLength(6);
    for (const call of voidCalls) expect(call.tokenHolderId).toBe(call.rncEmisor);
    expect(new Set(voidCalls.map((call) => call.tokenFingerprint)).size).toBe(2);
    expect(simulator.admin.callCounts().validarsemilla).toBe(2);
    expect(simulator.admin.voidedRanges("TesteCF", TENANT_A)).toHaveLength(3);
    expect(simulator.admin.voidedRanges("TesteCF", TENANT_B)).toHaveLength(3);
  });

  it("renews the token once when a service answers 401 (tokens revoked), then succeeds", async () => {
    const first = await client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
    simulator.admin.revokeTokens();
    const outcome = await client.voidRanges({
      environment: "TesteCF",
      rnc: TENANT_A,
      credential: credentialFor(TENANT_A),
      xml: signedTestAnecf(TENANT_A, [{ tipo: "31", ranges: [["E310000000001", "E310000000001"]] }]),
      fileName: "f.xml",
    });
    expect(outcome.kind).toBe("accepted");
    expect(await client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A))).not.toBe(first);
    expect(simulator.admin.callCounts()).toMatchObject({ validarsemilla: 2, anularrango: 2 });
  });

  it("renews before expira when inside the safety margin", async () => {
    const eager = new TaxAuthClient(configFor(simulator, { tokenSafetyMarginMs: 3_601_000 }));
    try {
      await eager.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
      await eager.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
      expect(simulator.admin.callCounts().validarsemilla).toBe(2);
    } finally {
      await eager.close();
    }
  });

  it("throws TAXAUTH_AUTH_ERROR with DGII's reason when authentication fails", async () => {
    simulator.admin.injectFault({ service: "validarsemilla", mode: "status", status: 503 });
    const failure = client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: "TAXAUTH_AUTH_ERROR",
      message: /503 Service Unavailable/,
    });
    simulator.admin.injectFault({ service: "semilla", mode: "html" });
    await expect(client.getToken("TesteCF", TENANT_A, credentialFor(TENANT_A))).rejects.toMatchObject({
      code: "TAXAUTH_AUTH_ERROR",
      message: /Request Rejected/,
    });
  });
});

describe("consultaresultado", () => {
  it("maps codigo 0–4 to the published estados, only for the caller's own documents", async () => {
    const credential = credentialFor(TENANT_A);
    const register = (trackId: string, codigo: 1 | 2 | 3 | 4, rnc = TENANT_A) =>
      simulator.admin.registerDocument({
        environment: "TesteCF",
        trackId,
        rnc,
        encf: `E31000000${trackId.slice(-4)}`,
        codigo,
      });
    register("track-0001", 1);
    register("track-0002", 2);
    register("track-0003", 3);
    register("track-0004", 4);
    register("track-0005", 1, TENANT_B);
    const estado = async (trackId: string) =>
      (await client.queryStatus("TesteCF", TENANT_A, credential, trackId)).estado;
    expect(await estado("track-0001")).toBe("Aceptado");
    expect(await estado("track-0002")).toBe("Rechazado");
    expect(await estado("track-0003")).toBe("En Proceso");
    expect(await estado("track-0004")).toBe("Aceptado Condicional");
    expect(await estado("unknown")).toBe("No encontrado");
    expect(await estado("track-0005")).toBe("No encontrado");
    const full = await client.queryStatus("TesteCF", TENANT_A, credential, "track-0004");
    expect(full).toMatchObject({
      codigo: 4,
      raw: { trackId: "track-0004", rnc: TENANT_A, secuenciaUtilizada: true },
    });
  });

  it("a registered, used e-NCF cannot be voided any more", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "t-1",
      rnc: TENANT_A,
      encf: "E310000000007",
      codigo: 1,
    });
    const outcome = await client.voidRanges({
      environment: "TesteCF",
      rnc: TENANT_A,
      credential: credentialFor(TENANT_A),
      xml: signedTestAnecf(TENANT_A, [{ tipo: "31", ranges: [["E310000000001", "E310000000010"]] }]),
      fileName: "f.xml",
    });
    expect(outcome).toMatchObject({
      kind: "rejected",
      response: { mensajes: [expect.stringMatching(/E310000000007$/)] },
    });
  });

  it("throws TAXAUTH_STATUS_ERROR when the answer is not a status", async () => {
    simulator.admin.injectFault({ service: "consultaresultado", mode: "status", status: 502 });
    await expect(client.queryStatus("TesteCF", TENANT_A, credentialFor(TENANT_A), "x")).rejects.toMatchObject(
      {
        code: "TAXAUTH_STATUS_ERROR",
      },
    );
  });
});
