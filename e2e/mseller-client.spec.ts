import { expect, test } from "@playwright/test";

import { BASE_URL, DEMO, demoApiKey, freshRange, markIssued } from "./fixtures";

/**
 * An integration written for MSeller ECF, switched to Anula by changing only its base URL. The
 * client below is written from MSeller's published documentation alone (docs.ecf.mseller.app:
 * "Autenticación API", anulación de secuencias, consulta de documentos): its paths, its headers and
 * the field names it reads (`idToken`, `dgiiResponse`, `dgiiCode`). Nothing Anula-specific.
 */
class MSellerEcfClient {
  private idToken = "";

  constructor(
    private readonly baseUrl: string,
    private readonly environment: "TesteCF" | "CerteCF" | "eCF",
    private readonly apiKey: string,
  ) {}

  private async call(method: string, path: string, body?: unknown, withApiKey = false) {
    const response = await fetch(`${this.baseUrl}/${this.environment}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(this.idToken ? { Authorization: `Bearer ${this.idToken}` } : {}),
        ...(withApiKey ? { "X-API-KEY": this.apiKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Read loosely, as the integrations written for MSeller read its JSON.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, data: (await response.json()) as Record<string, any> };
  }

  async authenticate(email: string, password: string) {
    const { status, data } = await this.call("POST", "/customer/authentication", { email, password });
    if (status !== 200) throw new Error(`authentication failed: ${status} ${JSON.stringify(data)}`);
    this.idToken = data.idToken;
    return data;
  }

  voidSequences(ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>) {
    return this.call("POST", "/customer/void-ncf", { ranges });
  }

  listVoids(limit = 10) {
    return this.call("GET", `/customer/void-ncf?limit=${limit}`);
  }

  voidById(voidId: string) {
    return this.call("GET", `/customer/void-ncf?voidId=${voidId}`);
  }

  document(ecf: string) {
    return this.call("GET", `/documentos-ecf?ecf=${ecf}`, undefined, true);
  }

  documentsBatch(ecfs: string[]) {
    return this.call("POST", "/documentos-ecf/status/batch", { ecfs }, true);
  }
}

test.describe("an integration written for MSeller ECF", () => {
  test("works against Anula with only its base URL changed", async () => {
    const client = new MSellerEcfClient(BASE_URL, "TesteCF", demoApiKey());
    const session = await client.authenticate(DEMO.email, DEMO.password);
    expect(session).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    // Void: MSeller's 200 body, read through its own names.
    const range = freshRange("31", 3);
    const voided = await client.voidSequences([{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(voided.status).toBe(200);
    expect(voided.data).toMatchObject({
      status: "Aceptado",
      rnc: DEMO.rnc,
      totalVoided: 3,
      ranges: [{ tipoeCF: "31", secuenciaDesde: range.desde, secuenciaHasta: range.hasta, cantidad: 3 }],
      dgiiResponse: { codigo: "1", nombre: "Aceptado", mensajes: [] },
    });

    // The list and the record by voidId, with dgiiCode / dgiiName / dgiiResponse.
    const listed = await client.listVoids(5);
    expect(listed.status).toBe(200);
    expect(listed.data.items.map((item: { voidId: string }) => item.voidId)).toContain(voided.data.voidId);
    const record = await client.voidById(voided.data.voidId);
    expect(record.data).toMatchObject({
      voidId: voided.data.voidId,
      status: "Aceptado",
      dgiiCode: "1",
      dgiiName: "Aceptado",
      dgiiResponse: [],
    });

    // A rejected void: the reasons are read through dgiiResponse.mensajes.
    const used = freshRange("32", 2);
    await markIssued(used.hasta, used.hasta);
    const rejected = await client.voidSequences([{ secuenciaDesde: used.desde, secuenciaHasta: used.hasta }]);
    expect(rejected.status).toBe(422);
    expect(rejected.data.status).toBe("Rechazado");
    expect(rejected.data.dgiiResponse.mensajes.join(" ")).toMatch(/utilizadas/);

    // Documents, with the API key: one, then a batch.
    const single = await client.document("E310000000001");
    expect(single.status).toBe(200);
    expect(single.data).toMatchObject({ ncf: "E310000000001", customerId: DEMO.rnc });
    expect(single.data.dgiiResponse).toEqual(expect.any(Array));
    const batch = await client.documentsBatch(["E310000000001", "E310000000002"]);
    expect(batch.status).toBe(200);
    expect(batch.data.results).toHaveLength(2);
    expect(batch.data.results[0].data.dgiiResponse).toEqual(expect.any(Array));

    // A bad API key is 403 (MSeller: "API Key inválida"), never 401, so the client does not sign in again.
    const wrongKey = new MSellerEcfClient(BASE_URL, "TesteCF", "not-a-key");
    await wrongKey.authenticate(DEMO.email, DEMO.password);
    const refused = await wrongKey.document("E310000000001");
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: "INVALID_API_KEY", message: expect.any(String) });
  });
});
