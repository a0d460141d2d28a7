import { verifyAccepted } from "./api-helpers";
import { demoIdToken, expect, freshRange, markIssued, test } from "./fixtures";

/**
 * The REST void endpoints against the BUILT app (next build + next start), the embedded simulator
 * behind it: the same contract the vitest suite checks on the handlers, here through Next's router.
 */
test.describe("REST void-ncf on the built app", () => {
  test("token → void → list → record → signed XML; replay with Idempotency-Key", async ({ request }) => {
    const token = await demoIdToken(request);
    const headers = { authorization: `Bearer ${token}`, "idempotency-key": `e2e-${Date.now()}` };
    const range = freshRange("32", 3);
    const body = { ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] };
    const posted = await request.post("/TesteCF/customer/void-ncf", { headers, data: body });
    expect(posted.status()).toBe(200);
    const accepted = (await posted.json()) as Record<string, unknown>;
    verifyAccepted(accepted, range);

    const replay = await request.post("/TesteCF/customer/void-ncf", { headers, data: body });
    expect(replay.status()).toBe(200);
    expect(((await replay.json()) as { voidId: string }).voidId).toBe(accepted.voidId);

    const auth = { authorization: `Bearer ${token}` };
    const list = await request.get("/TesteCF/customer/void-ncf?limit=5", { headers: auth });
    expect(list.status()).toBe(200);
    const page = (await list.json()) as {
      items: Array<{ voidId: string }>;
      metadata: { itemsPerPage: number };
    };
    expect(page.metadata.itemsPerPage).toBe(5);
    expect(page.items[0]!.voidId).toBe(accepted.voidId);

    const one = await request.get(`/TesteCF/customer/void-ncf?voidId=${accepted.voidId as string}`, {
      headers: auth,
    });
    expect(await one.json()).toMatchObject({ voidId: accepted.voidId, status: "Aceptado", taxauthCode: "1" });

    const xml = await request.get(`/TesteCF/customer/void-ncf/${accepted.voidId as string}/xml`, {
      headers: auth,
    });
    expect(xml.status()).toBe(200);
    expect(xml.headers()["content-type"]).toContain("application/xml");
    expect(await xml.text()).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
  });

  test("a 6,000-range void (prepared on the bundled worker thread) → 200 with every range", async ({
    request,
  }) => {
    const token = await demoIdToken(request);
    const first = freshRange("33", 1);
    const start = Number(first.desde.slice(3));
    const ranges = Array.from({ length: 6_000 }, (_, i) => {
      const encf = `E33${String(start + 2 * i).padStart(10, "0")}`;
      return { secuenciaDesde: encf, secuenciaHasta: encf };
    });
    const data = JSON.stringify({ ranges });
    expect(data.length).toBeGreaterThan(256 * 1024); // prepare-off-thread.ts OFF_THREAD_MIN_BYTES
    const posted = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      data,
    });
    expect(posted.status()).toBe(200);
    const body = (await posted.json()) as { totalVoided: number; ranges: Array<Record<string, unknown>> };
    expect(body.totalVoided).toBe(6_000);
    expect(body.ranges[5_999]).toEqual({ tipoeCF: "33", ...ranges[5_999], cantidad: 1 });
  });

  test("a rejection is 422 with the authority's reasons, and is listed", async ({ request }) => {
    const token = await demoIdToken(request);
    const range = freshRange("31", 2);
    await markIssued(range.hasta);
    const posted = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${token}` },
      data: { ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] },
    });
    expect(posted.status()).toBe(422);
    expect(await posted.json()).toMatchObject({
      status: "Rechazado",
      totalVoided: 2,
      taxauthResponse: {
        codigo: "2",
        nombre: "Rechazado",
        mensajes: [expect.stringContaining("utilizadas")],
      },
    });
  });

  test("errors are JSON with a code: 400 with every problem, 401, 404 environment", async ({ request }) => {
    const token = await demoIdToken(request);
    const bad = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        ranges: [
          { secuenciaDesde: "E31", secuenciaHasta: "E310000000001" },
          { secuenciaDesde: "P310000000001", secuenciaHasta: "P310000000001" },
        ],
      },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "INVALID_ENCF_LENGTH",
      errors: [
        { line: 1, code: "INVALID_ENCF_LENGTH" },
        { line: 2, code: "INVALID_ENCF_FORMAT" },
      ],
    });
    const noToken = await request.get("/TesteCF/customer/void-ncf");
    expect(noToken.status()).toBe(401);
    expect(await noToken.json()).toMatchObject({ code: "UNAUTHORIZED" });
    const unknownEnv = await request.get("/Produccion/customer/void-ncf", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknownEnv.status()).toBe(404);
    expect(await unknownEnv.json()).toMatchObject({ code: "ENVIRONMENT_NOT_FOUND" });
  });

  test("no HTML from the API: unknown paths are JSON 404, a wrong method JSON 405; the portal keeps its pages", async ({
    request,
  }) => {
    const token = await demoIdToken(request);
    const auth = { authorization: `Bearer ${token}` };
    const cases: Array<[string, string, number, string]> = [
      ["GET", "/TesteCF/nope", 404, "NOT_FOUND"],
      // One segment: the environment alone, or a whole path behind an encoded slash.
      ["GET", "/TesteCF", 404, "NOT_FOUND"],
      ["GET", "/TesteCF%2fcustomer%2fvoid-ncf", 404, "NOT_FOUND"],
      ["POST", "/eCF%2Fcustomer%2Fvoid-ncf", 404, "NOT_FOUND"],
      ["POST", "/eCF/customer/void-ncf/x/y", 404, "NOT_FOUND"],
      ["GET", "/CerteCF/customer/void-ncf/0190f000-0000-7000-8000-000000000000", 404, "NOT_FOUND"],
      ["DELETE", "/TesteCF/documentos-ecf/status", 404, "NOT_FOUND"],
      ["GET", "/auth/nope", 404, "NOT_FOUND"],
      ["POST", "/auth/token/refresh", 404, "NOT_FOUND"],
      ["GET", "/Produccion/customer/void-ncf", 404, "ENVIRONMENT_NOT_FOUND"],
      ["GET", "/api/nope", 404, "ENVIRONMENT_NOT_FOUND"],
      ["PUT", "/TesteCF/customer/void-ncf", 405, "METHOD_NOT_ALLOWED"],
      ["GET", "/TesteCF/documentos-ecf/status/batch", 405, "METHOD_NOT_ALLOWED"],
      ["GET", "/auth/token", 405, "METHOD_NOT_ALLOWED"],
    ];
    for (const [method, path, status, code] of cases) {
      const response = await request.fetch(path, {
        method,
        headers: auth,
        data: method === "GET" ? undefined : {},
      });
      expect(`${method} ${path} → ${response.status()}`).toBe(`${method} ${path} → ${status}`);
      expect(response.headers()["content-type"], `${method} ${path}`).toContain("application/json");
      expect(await response.json(), `${method} ${path}`).toMatchObject({ code, message: expect.any(String) });
    }
    const put = await request.fetch("/TesteCF/customer/void-ncf", { method: "PUT", headers: auth, data: {} });
    expect(put.headers()["allow"]).toBe("GET, HEAD, OPTIONS, POST");

    // Static routes still win over the catch-alls, and the portal's own paths stay HTML.
    expect((await request.get("/healthz")).status()).toBe(200);
    expect((await request.get("/openapi.json")).headers()["content-type"]).toContain("application/json");
    for (const page of ["/login", "/docs"]) {
      const response = await request.get(page);
      expect(response.status(), page).toBe(200);
      expect(response.headers()["content-type"], page).toContain("text/html");
    }
    for (const path of ["/settings/nope", "/voids/a/b", "/login/nope"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["content-type"] ?? "", path).not.toContain("application/json");
    }
    expect((await request.get("/api/auth/providers")).status()).toBe(200);
  });
});
