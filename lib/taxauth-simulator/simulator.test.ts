import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signXml } from "@/lib/server/platform/signing";
import { buildXmlMultipart } from "@/lib/server/platform/taxauth/multipart";
import { TaxAuthClient } from "@/lib/server/platform/taxauth/taxauth-client";
import {
  configFor,
  credentialFor,
  signedTestAnecf,
  startTestSimulator,
} from "@/lib/server/platform/taxauth/test-support";
import { startTaxAuthSimulator, type SimulatorHandle } from "./index";

const RNC = "130000041";
let simulator: SimulatorHandle;

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => simulator.admin.reset());

async function fetchText(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

function postSeed(signedSeed: string, environment = "testecf") {
  const { body, contentType } = buildXmlMultipart(signedSeed, "semilla.xml");
  return fetchText(`${simulator.url}/${environment}/autenticacion/api/autenticacion/validarsemilla`, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(body),
  });
}

async function freshSeed(environment = "testecf"): Promise<string> {
  return (await fetchText(`${simulator.url}/${environment}/autenticacion/api/autenticacion/semilla`)).body;
}

describe("semilla / validarsemilla", () => {
  it("serves case-insensitive paths and a fresh seed with a -04:00 fecha like DGII's sample", async () => {
    const first = await fetchText(`${simulator.url}/TesteCF/Autenticacion/API/Autenticacion/Semilla`);
    const second = await fetchText(`${simulator.url}/testecf/autenticacion/api/autenticacion/semilla`);
    expect(first.status).toBe(200);
    expect(first.body).toMatch(
      /<SemillaModel xmlns:xsi="[^"]+" xmlns:xsd="[^"]+">\s*<valor>[A-Za-z0-9+/=]{160}<\/valor>/,
    );
    expect(first.body).toMatch(/<fecha>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}-04:00<\/fecha>/);
    const valor = (xml: string) => /<valor>(.*)<\/valor>/.exec(xml)?.[1];
    expect(valor(first.body)).not.toBe(valor(second.body));
    expect((await fetchText(`${simulator.url}/otroecf/autenticacion/api/autenticacion/semilla`)).status).toBe(
      404,
    );
  });

  it("accepts a signed seed once, and answers bad seeds with HTTP 400 and a bare string", async () => {
    const credential = credentialFor(RNC);
    const signed = signXml((await freshSeed()).replace(/>\s+</g, "><"), credential);
    const ok = await postSeed(signed);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({
      token: expect.any(String),
      expira: expect.stringMatching(/Z$/),
    });

    const reused = await postSeed(signed);
    expect(reused).toMatchObject({
      status: 400,
      body: "La semilla no es válida o ha expirado.",
      type: /text\/plain/,
    });

    const unsigned = await postSeed((await freshSeed()).replace(/>\s+</g, "><"));
    expect(unsigned).toMatchObject({ status: 400, type: /text\/plain/ });
    expect(unsigned.body).not.toMatch(/^[{"]/);

    const tampered = signXml((await freshSeed()).replace(/>\s+</g, "><"), credential).replace(
      /<valor>./,
      "<valor>#",
    );
    expect(await postSeed(tampered)).toMatchObject({
      status: 400,
      body: "La firma de la semilla no es válida.",
    });

    const otherEnvironment = signXml((await freshSeed("certecf")).replace(/>\s+</g, "><"), credential);
    expect((await postSeed(otherEnvironment, "testecf")).status).toBe(400);
  });

  it('rejects a multipart without Content-Length like DGII: 400 "Multipart cannot be empty"', async () => {
    const { body, contentType } = buildXmlMultipart("<x/>", "semilla.xml");
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${simulator.url}/testecf/autenticacion/api/autenticacion/validarsemilla`, {
        method: "POST",
        headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.end(body);
    });
    expect(answer).toEqual({ status: 400, body: "Multipart cannot be empty" });
  });
});

describe("anularrango protocol checks", () => {
  it("answers 401 without a valid bearer token, or with another environment's token", async () => {
    const { body, contentType } = buildXmlMultipart(
      signedTestAnecf(RNC, [{ tipo: "31", ranges: [["E310000000001", "E310000000001"]] }]),
      "f.xml",
    );
    const post = (authorization?: string) =>
      fetchText(`${simulator.url}/CERTECF/AnulacionRangos/api/Operaciones/AnularRango`, {
        method: "POST",
        headers: { "Content-Type": contentType, ...(authorization ? { Authorization: authorization } : {}) },
        body: new Uint8Array(body),
      });
    expect((await post()).status).toBe(401);
    expect((await post("bearer not-a-jwt")).status).toBe(401);
    const client = new TaxAuthClient(configFor(simulator));
    try {
      const testToken = await client.getToken("TesteCF", RNC, credentialFor(RNC));
      expect((await post(`bearer ${testToken}`)).status).toBe(401);
      const certToken = await client.getToken("CerteCF", RNC, credentialFor(RNC));
      const answer = await post(`Bearer ${certToken}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({
        codigo: "2",
        mensajes: [expect.stringMatching(/no están autorizadas/)],
      });
    } finally {
      await client.close();
    }
  });
});

describe("admin endpoints", () => {
  it("are served over HTTP when enabled", async () => {
    const post = (operation: string, body: unknown) =>
      fetchText(`${simulator.url}/admin/${operation}`, { method: "POST", body: JSON.stringify(body) });
    expect(
      (
        await post("issued-sequences", {
          environment: "TesteCF",
          rnc: RNC,
          ranges: [{ from: "E310000000002", to: "E310000000003" }],
        })
      ).status,
    ).toBe(200);
    expect((await post("faults", { service: "anularrango", mode: "status", status: 503 })).status).toBe(200);
    expect((await post("faults", { service: "nope", mode: "hang" })).status).toBe(400);
    const client = new TaxAuthClient(configFor(simulator));
    try {
      const send = () =>
        client.voidRanges({
          environment: "TesteCF",
          rnc: RNC,
          credential: credentialFor(RNC),
          xml: signedTestAnecf(RNC, [{ tipo: "31", ranges: [["E310000000001", "E310000000004"]] }]),
          fileName: "f.xml",
        });
      expect((await send()).kind).toBe("failed");
      expect(await send()).toMatchObject({
        kind: "rejected",
        response: { mensajes: [expect.stringMatching(/E310000000002-E310000000003$/)] },
      });
    } finally {
      await client.close();
    }
    const calls = JSON.parse((await fetchText(`${simulator.url}/admin/calls`)).body) as {
      counts: Record<string, number>;
    };
    expect(calls.counts.anularrango).toBe(2);
    expect(
      (await fetchText(`${simulator.url}/admin/voided-ranges?environment=TesteCF&rnc=${RNC}`)).body,
    ).toBe('{"ranges":[]}');
  });

  it("are absent (404) unless enabled, while the in-process API still works", async () => {
    const closed = await startTaxAuthSimulator();
    try {
      const answer = await fetchText(`${closed.url}/admin/reset`, { method: "POST" });
      expect(answer.status).toBe(404);
      closed.admin.markIssued({
        environment: "TesteCF",
        rnc: RNC,
        ranges: [{ from: "E310000000001", to: "E310000000001" }],
      });
    } finally {
      await closed.close();
    }
  });

  it("with a token, answer 401 to any request without it and serve the one that carries it", async () => {
    const guarded = await startTaxAuthSimulator({ adminEnabled: true, adminToken: "s3cret-admin-token" });
    try {
      const calls = (headers: Record<string, string>) => fetchText(`${guarded.url}/admin/calls`, { headers });
      expect((await calls({})).status).toBe(401);
      expect((await calls({ authorization: "Bearer wrong-admin-token!" })).status).toBe(401);
      expect((await calls({ authorization: "Bearer s3cret-admin-token" })).status).toBe(200);
      // DGII's own paths need no admin token.
      expect((await fetchText(`${guarded.url}/testecf/autenticacion/api/autenticacion/semilla`)).status).toBe(
        200,
      );
    } finally {
      await guarded.close();
    }
  });
});

describe("ledger file", () => {
  it("persists voided sequences across restarts", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "anula-sim-"));
    const ledgerFile = path.join(directory, "ledger.json");
    try {
      const first = await startTaxAuthSimulator({ ledgerFile });
      const client = new TaxAuthClient(configFor(first));
      const outcome = await client.voidRanges({
        environment: "TesteCF",
        rnc: RNC,
        credential: credentialFor(RNC),
        xml: signedTestAnecf(RNC, [{ tipo: "32", ranges: [["E320000000100", "E320000000199"]] }]),
        fileName: "f.xml",
      });
      expect(outcome.kind).toBe("accepted");
      await client.close();
      await first.close();
      const second = await startTaxAuthSimulator({ ledgerFile });
      expect(second.admin.voidedRanges("TesteCF", RNC)).toEqual([
        { from: "E320000000100", to: "E320000000199" },
      ]);
      await second.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("anularrango dialects", () => {
  const FULL = "Las secuencias fueron anuladas correctamente.";
  const PARTIAL = "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";
  let client: TaxAuthClient;
  beforeAll(() => {
    client = new TaxAuthClient(configFor(simulator));
  });
  afterAll(async () => {
    await client.close();
  });

  /** The raw answer to an ANECF of one type-31 block. */
  async function send(ranges: Array<[string, string]>) {
    const { body, contentType } = buildXmlMultipart(signedTestAnecf(RNC, [{ tipo: "31", ranges }]), "f.xml");
    const token = await client.getToken("TesteCF", RNC, credentialFor(RNC));
    return fetchText(`${simulator.url}/testecf/anulacionrangos/api/operaciones/anularrango`, {
      method: "POST",
      headers: { "Content-Type": contentType, Authorization: `bearer ${token}` },
      body: new Uint8Array(body),
    });
  }
  const issue = (from: string, to = from) =>
    simulator.admin.markIssued({ environment: "TesteCF", rnc: RNC, ranges: [{ from, to }] });
  const voided = () => simulator.admin.voidedRanges("TesteCF", RNC);

  it('success1 is the default: codigo "1" Aceptado / "2" Rechazado in JSON', async () => {
    expect(simulator.admin.dialect()).toBe("success1");
    const accepted = await send([["E310000000001", "E310000000002"]]);
    expect(accepted.type).toMatch(/application\/json/);
    expect(JSON.parse(accepted.body)).toEqual({ rnc: RNC, codigo: "1", nombre: "Aceptado", mensajes: [] });
    issue("E310000000010");
    const rejected = JSON.parse((await send([["E310000000010", "E310000000010"]])).body) as object;
    expect(rejected).toMatchObject({
      codigo: "2",
      nombre: "Rechazado",
      mensajes: [expect.stringMatching(/utilizadas/)],
    });
  });

  it("success15 words an acceptance as the integrator's real answer, a rejection unchanged", async () => {
    simulator.admin.setDialect("success15");
    const accepted = await send([["E310000000001", "E310000000002"]]);
    expect(accepted.body).toBe(
      JSON.stringify({ rnc: RNC, codigo: 15, nombre: "Satisfactorio", mensajes: [FULL] }),
    );
    expect(voided()).toEqual([{ from: "E310000000001", to: "E310000000002" }]);
    issue("E310000000010");
    expect(JSON.parse((await send([["E310000000010", "E310000000010"]])).body)).toMatchObject({
      codigo: "2",
    });
  });

  it("xml answers both ways in DGII's <RespuestaAnulacionRango>, set over the HTTP admin API", async () => {
    const admin = (method: string, body?: unknown) =>
      fetchText(`${simulator.url}/admin/dialect`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await admin("POST", { dialect: "xml" })).status).toBe(200);
    expect(JSON.parse((await admin("GET")).body)).toEqual({ dialect: "xml" });
    const accepted = await send([["E310000000001", "E310000000002"]]);
    expect(accepted.type).toMatch(/application\/xml/);
    expect(accepted.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><RespuestaAnulacionRango><rnc>${RNC}</rnc><codigo>1</codigo>` +
        "<nombre>Aceptado</nombre></RespuestaAnulacionRango>",
    );
    issue("E310000000010");
    const rejected = await send([["E310000000009", "E310000000010"]]);
    expect(rejected.body).toMatch(
      /^<\?xml[^>]*\?><RespuestaAnulacionRango><rnc>\d+<\/rnc><codigo>2<\/codigo><nombre>Rechazado<\/nombre><mensajes>Las secuencias que está intentando anular han sido utilizadas: E310000000010<\/mensajes><\/RespuestaAnulacionRango>$/,
    );
    expect((await admin("POST", { dialect: "json" })).status).toBe(400);
    simulator.admin.reset();
    expect(JSON.parse((await admin("GET")).body)).toEqual({ dialect: "success1" });
  });

  it("partial voids what it can and lists the excepted sequences after DGII's partial-success text", async () => {
    simulator.admin.setDialect("partial");
    issue("E310000000003");
    issue("E310000000007", "E310000000008");
    const partly = await send([["E310000000001", "E310000000009"]]);
    expect(partly.body).toBe(
      JSON.stringify({
        rnc: RNC,
        codigo: 15,
        nombre: "Satisfactorio",
        mensajes: [PARTIAL, "E310000000003", "E310000000007-E310000000008"],
      }),
    );
    expect(voided()).toEqual([
      { from: "E310000000001", to: "E310000000002" },
      { from: "E310000000004", to: "E310000000006" },
      { from: "E310000000009", to: "E310000000009" },
    ]);
    // Nothing unusable: DGII's own refusal of the last sequence is simulated.
    const fresh = JSON.parse((await send([["E310000000020", "E310000000024"]])).body) as {
      mensajes: string[];
    };
    expect(fresh.mensajes).toEqual([PARTIAL, "E310000000024"]);
    expect(voided()).toContainEqual({ from: "E310000000020", to: "E310000000023" });
    // One sequence and nothing to except: a full success. Everything unusable: the usual rejection.
    expect(JSON.parse((await send([["E310000000030", "E310000000030"]])).body)).toMatchObject({
      codigo: 15,
      mensajes: [FULL],
    });
    expect(JSON.parse((await send([["E310000000007", "E310000000008"]])).body)).toMatchObject({
      codigo: "2",
    });
  });

  it("a dialect fault words the next calls only; the client reads every dialect", async () => {
    const outcome = (ranges: Array<[string, string]>) =>
      client.voidRanges({
        environment: "TesteCF",
        rnc: RNC,
        credential: credentialFor(RNC),
        xml: signedTestAnecf(RNC, [{ tipo: "31", ranges }]),
        fileName: "f.xml",
      });
    simulator.admin.injectFault({ service: "anularrango", mode: "xml" });
    expect(await outcome([["E310000000001", "E310000000001"]])).toMatchObject({
      kind: "accepted",
      response: { codigo: "1", nombre: "Aceptado", mensajes: [] },
    });
    expect((await send([["E310000000002", "E310000000002"]])).type).toMatch(/json/);
    simulator.admin.injectFault({ service: "anularrango", mode: "partial" });
    // A partial success is read as one (Aceptado for what was voided, the rest excepted).
    expect(await outcome([["E310000000003", "E310000000004"]])).toMatchObject({
      kind: "partially-accepted",
      response: { mensajes: expect.arrayContaining([expect.stringContaining(PARTIAL)]) },
    });
    simulator.admin.injectFault({ service: "anularrango", mode: "success15" });
    expect(await outcome([["E310000000005", "E310000000005"]])).toMatchObject({
      kind: "accepted",
      response: { codigo: "15" },
    });
  });

  it("starts in the dialect it is given, and returns to it on reset", async () => {
    const started = await startTaxAuthSimulator({ dialect: "success15" });
    try {
      started.admin.setDialect("xml");
      started.admin.reset();
      expect(started.admin.dialect()).toBe("success15");
      expect(() => started.admin.setDialect("nope" as never)).toThrow(/Unknown dialect/);
    } finally {
      await started.close();
    }
    await expect(startTaxAuthSimulator({ dialect: "nope" as never })).rejects.toThrow(/Unknown dialect/);
  });
});
