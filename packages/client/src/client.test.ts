import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createAnulaClient, type AnulaClientOptions } from "./client";
import { AnulaError } from "./errors";

/**
 * A small stand-in for Anula speaking the same HTTP (paths, bodies, error JSON, Idempotency-Key,
 * one-time refreshTokens), so the client's retry, idempotency, renewal and paging logic runs over
 * real sockets, dropped connections included. The built app is exercised by e2e/client.spec.ts.
 */
interface Fake {
  url: string;
  server: Server;
  requests: string[];
  /** Voids "sent to DGII", by Idempotency-Key. */
  sent: Map<string, { voidId: string; body: string; status: number; answer: unknown }>;
  /** What the next POST void-ncf does before the normal flow (one entry per request, consumed in order). */
  voidScript: Array<"drop-after-store" | "502" | "502-auth" | "429" | "429-long" | "401">;
  validTokens: Set<string>;
  usedRefresh: Set<string>;
  refreshCount: number;
  signIns: number;
  records: Array<{ voidId: string }>;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text;
}

async function startFake(): Promise<Fake> {
  const fake = {
    requests: [] as string[],
    sent: new Map(),
    voidScript: [],
    validTokens: new Set<string>(),
    usedRefresh: new Set<string>(),
    refreshCount: 0,
    signIns: 0,
    records: Array.from({ length: 7 }, (_, i) => ({ voidId: `v${7 - i}` })),
  } as unknown as Fake;
  let issued = 0;
  const issue = () => {
    issued++;
    fake.validTokens.add(`id-${issued}`);
    return {
      accessToken: `id-${issued}`,
      idToken: `id-${issued}`,
      refreshToken: `r-${issued}`,
      expiresIn: 3600,
      tokenType: "Bearer",
    };
  };
  fake.server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = await readBody(req);
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === "/auth/token" || url.pathname === "/TesteCF/customer/authentication") {
      fake.signIns++;
      const { password } = JSON.parse(body) as { password: string };
      if (password !== "ok")
        return json(res, 401, { message: "Credenciales inválidas", code: "INVALID_CREDENTIALS" });
      return json(res, 200, issue());
    }
    if (url.pathname === "/TesteCF/customer/authentication/refresh") {
      fake.refreshCount++;
      const { refreshToken } = JSON.parse(body) as { refreshToken: string };
      if (fake.usedRefresh.has(refreshToken)) {
        fake.validTokens.clear(); // a second use revokes the session, as the server does
        return json(res, 401, { message: "refreshToken usado", code: "INVALID_REFRESH_TOKEN" });
      }
      fake.usedRefresh.add(refreshToken);
      return json(res, 200, issue());
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!fake.validTokens.has(bearer))
      return json(res, 401, { message: "Token inválido", code: "UNAUTHORIZED" });
    if (req.method === "POST" && url.pathname === "/TesteCF/customer/void-ncf") {
      const key = String(req.headers["idempotency-key"] ?? "");
      const step = fake.voidScript.shift();
      if (step === "401") {
        fake.validTokens.delete(bearer);
        return json(res, 401, { message: "Token vencido", code: "UNAUTHORIZED" });
      }
      if (step === "429")
        return json(res, 429, { message: "Espere", code: "RATE_LIMITED" }, { "retry-after": "0" });
      if (step === "429-long")
        return json(res, 429, { message: "Espere", code: "RATE_LIMITED" }, { "retry-after": "3600" });
      const known = fake.sent.get(key);
      if (known) {
        if (known.body !== body)
          return json(res, 409, {
            message: "otro cuerpo",
            code: "IDEMPOTENCY_KEY_REUSED",
            voidId: known.voidId,
          });
        if (step === "drop-after-store") return req.socket.destroy();
        return json(res, known.status, known.answer);
      }
      const { ranges } = JSON.parse(body) as {
        ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>;
      };
      if (ranges[0]!.secuenciaHasta < ranges[0]!.secuenciaDesde) {
        return json(res, 400, {
          message: "Línea 1: hasta menor que desde",
          code: "INVALID_RANGE_ORDER",
          errors: [{ line: 1, code: "INVALID_RANGE_ORDER", message: "…" }],
        });
      }
      const voidId = `void-${fake.sent.size + 1}`;
      const accepted = { message: "ok", voidId, status: "Aceptado", rnc: "130000001", totalVoided: 1 };
      if (step === "502" || step === "502-auth") {
        const code = step === "502" ? "TAXAUTH_VOID_ERROR" : "TAXAUTH_AUTH_ERROR";
        // DGII answers late: the stored attempt becomes Aceptado, which a replay of the key shows.
        fake.sent.set(key, {
          voidId,
          body,
          status: step === "502" ? 200 : 502,
          answer: step === "502" ? accepted : { message: "DGII", code, voidId, status: "Error" },
        });
        return json(res, 502, { message: "Sin confirmar", code, voidId, status: "Error" });
      }
      fake.sent.set(key, { voidId, body, status: 200, answer: accepted });
      if (step === "drop-after-store") return req.socket.destroy();
      return json(res, 200, accepted);
    }
    if (req.method === "GET" && url.pathname === "/TesteCF/customer/void-ncf") {
      const voidId = url.searchParams.get("voidId");
      if (voidId === "hang") return; // never answers: the client's timeout ends it
      if (voidId) {
        const record = fake.records.find((r) => r.voidId === voidId);
        return record
          ? json(res, 200, record)
          : json(res, 404, { message: "No existe", code: "VOID_NOT_FOUND" });
      }
      if (url.searchParams.get("nextToken") === "bad")
        return json(res, 400, { message: "cursor", code: "INVALID_NEXT_TOKEN" });
      const limit = Number(url.searchParams.get("limit") ?? 25);
      const start = Number(url.searchParams.get("nextToken") ?? 0);
      const items = fake.records.slice(start, start + limit);
      const next = start + limit < fake.records.length ? String(start + limit) : undefined;
      return json(res, 200, {
        items,
        metadata: { itemsPerPage: limit },
        ...(next ? { nextToken: next } : {}),
      });
    }
    if (req.method === "GET" && url.pathname === "/TesteCF/customer/void-ncf/v1/xml") {
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end("<ANECF/>");
    }
    if (url.pathname === "/TesteCF/documentos-ecf/status/batch") {
      if (req.headers["x-api-key"] !== "key")
        return json(res, 403, { message: "clave", code: "INVALID_API_KEY" });
      const { ecfs } = JSON.parse(body) as { ecfs: string[] };
      if (ecfs.length > 100) return json(res, 400, { message: "demasiados", code: "TOO_MANY_ECFS" });
      return json(res, 200, {
        total: ecfs.length,
        results: ecfs.map((ecf) => ({ ecf, found: false, status: "No encontrado" })),
      });
    }
    return json(res, 404, { message: "No existe", code: "NOT_FOUND" });
  });
  fake.server.listen(0, "127.0.0.1");
  await once(fake.server, "listening");
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

let fake: Fake;
const waits: number[] = [];
beforeEach(async () => {
  fake = await startFake();
  waits.length = 0;
});
afterEach(async () => {
  fake.server.closeAllConnections();
  fake.server.close();
  await once(fake.server, "close");
});

const RANGE = { ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000001" }] };

function client(extra: Partial<AnulaClientOptions> = {}) {
  return createAnulaClient({
    baseUrl: fake.url,
    environment: "TesteCF",
    credentials: { via: "auth/token", username: "demo", password: "ok" },
    apiKey: "key",
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
}

const voidPosts = () => fake.requests.filter((r) => r === "POST /TesteCF/customer/void-ncf").length;

describe("void: one Idempotency-Key per logical void", () => {
  it("signs in on first use, generates a key and returns it", async () => {
    const result = await client({ newIdempotencyKey: () => "k-1" }).void(RANGE);
    expect(result).toMatchObject({ idempotencyKey: "k-1", data: { status: "Aceptado", voidId: "void-1" } });
    expect(fake.requests[0]).toBe("POST /auth/token");
  });

  it("resends with the same key when the answer is lost: one void stored and sent, its voidId returned", async () => {
    fake.voidScript.push("drop-after-store");
    const result = await client().void(RANGE);
    expect(result.data).toMatchObject({ status: "Aceptado", voidId: "void-1" });
    expect(voidPosts()).toBe(2);
    expect(fake.sent.size).toBe(1);
    expect([...fake.sent.keys()]).toEqual([result.idempotencyKey]);
  });

  it("after a 502 TAXAUTH_VOID_ERROR asks again with the same key and gets the late Aceptado", async () => {
    fake.voidScript.push("502");
    const result = await client().void(RANGE, { idempotencyKey: "mine" });
    expect(result).toMatchObject({ idempotencyKey: "mine", data: { status: "Aceptado", voidId: "void-1" } });
    expect(fake.sent.size).toBe(1);
  });

  it("gives up after its attempts with the key in the error, and the caller's resend with it finds the same void", async () => {
    fake.voidScript.push("drop-after-store", "drop-after-store", "drop-after-store");
    const c = client({ retry: { attempts: 3 } });
    const failed = await c.void(RANGE);
    expect(failed.error).toBeInstanceOf(AnulaError);
    expect(failed.error).toMatchObject({
      code: "NETWORK_ERROR",
      status: 0,
      idempotencyKey: failed.idempotencyKey,
    });
    const again = await c.void(RANGE, { idempotencyKey: failed.idempotencyKey });
    expect(again.data).toMatchObject({ voidId: "void-1" });
    expect(fake.sent.size).toBe(1);
  });

  it("does not resend a 502 TAXAUTH_AUTH_ERROR: the error names the voidId for the caller to check", async () => {
    fake.voidScript.push("502-auth");
    const result = await client().void(RANGE);
    expect(result.error).toMatchObject({ code: "TAXAUTH_AUTH_ERROR", status: 502, voidId: "void-1" });
    expect(voidPosts()).toBe(1);
  });

  it("a 400 is a typed error value, never resent", async () => {
    const result = await client().void({
      ranges: [{ secuenciaDesde: "E310000000009", secuenciaHasta: "E310000000001" }],
    });
    expect(result.error).toMatchObject({
      code: "INVALID_RANGE_ORDER",
      status: 400,
      message: "Línea 1: hasta menor que desde",
    });
    expect(result.error?.body?.errors).toHaveLength(1);
    expect(voidPosts()).toBe(1);
  });

  it("waits Retry-After on 429, and returns the error when the wait is longer than allowed", async () => {
    fake.voidScript.push("429");
    expect((await client().void(RANGE)).data).toMatchObject({ status: "Aceptado" });
    expect(waits).toEqual([0]);
    fake.voidScript.push("429-long");
    const refused = await client().void(RANGE);
    expect(refused.error).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 3600 });
  });
});

describe("session", () => {
  it("on 401 refreshes once (MSeller sign-in) and resends; concurrent calls share that one refresh", async () => {
    const c = client({ credentials: { via: "customer/authentication", email: "demo", password: "ok" } });
    expect((await c.signIn()).data?.refreshToken).toBe("r-1");
    fake.validTokens.clear();
    const [a, b] = await Promise.all([c.getVoid("v1"), c.getVoid("v2")]);
    expect(a.data).toEqual({ voidId: "v1" });
    expect(b.data).toEqual({ voidId: "v2" });
    expect(fake.refreshCount).toBe(1);
    expect(c.tokens()?.refreshToken).toBe("r-2");
  });

  it("refreshes before the idToken expires, and each refreshToken only once", async () => {
    let clock = 1_000_000;
    const c = client({
      credentials: { via: "customer/authentication", email: "demo", password: "ok" },
      now: () => clock,
    });
    await c.signIn();
    clock += 3_550_000; // within the 60 s margin of the 1 h token
    expect((await c.getVoid("v1")).data).toBeDefined();
    clock += 3_550_000;
    expect((await c.getVoid("v1")).data).toBeDefined();
    expect(fake.refreshCount).toBe(2);
    expect([...fake.usedRefresh]).toEqual(["r-1", "r-2"]);
  });

  it("signs in again when the refresh is refused, and does not loop on 401", async () => {
    const c = client({ credentials: { via: "customer/authentication", email: "demo", password: "ok" } });
    await c.signIn();
    fake.usedRefresh.add("r-1");
    fake.validTokens.clear();
    expect((await c.getVoid("v1")).data).toEqual({ voidId: "v1" });
    expect(fake.signIns).toBe(2);

    const wrong = client({ credentials: { via: "auth/token", username: "demo", password: "bad" } });
    expect((await wrong.getVoid("v1")).error).toMatchObject({ code: "INVALID_CREDENTIALS", status: 401 });
  });

  it("without credentials, an idToken the server refuses ends in a typed NO_CREDENTIALS", async () => {
    const c = client({ credentials: undefined, idToken: "not-a-jwt" });
    expect((await c.getVoid("v1")).error).toMatchObject({ code: "NO_CREDENTIALS" });
  });

  it("a 401 on a void renews the token and sends again (nothing was sent)", async () => {
    const c = client();
    await c.signIn();
    fake.voidScript.push("401");
    expect((await c.void(RANGE)).data).toMatchObject({ status: "Aceptado" });
    expect(fake.sent.size).toBe(1);
  });
});

describe("reads", () => {
  it("iterates every void across pages by nextToken", async () => {
    const c = client();
    const ids: string[] = [];
    for await (const record of c.listVoids({ limit: 3 })) ids.push(record.voidId);
    expect(ids).toEqual(["v7", "v6", "v5", "v4", "v3", "v2", "v1"]);
    expect(fake.requests.filter((r) => r.startsWith("GET /TesteCF/customer/void-ncf?"))).toEqual([
      "GET /TesteCF/customer/void-ncf?limit=3",
      "GET /TesteCF/customer/void-ncf?limit=3&nextToken=3",
      "GET /TesteCF/customer/void-ncf?limit=3&nextToken=6",
    ]);
  });

  it("a failed page throws the typed AnulaError out of the iterator", async () => {
    const iterate = async () => {
      for await (const record of client().listVoids({ nextToken: "bad" })) void record;
    };
    await expect(iterate()).rejects.toMatchObject({
      name: "AnulaError",
      code: "INVALID_NEXT_TOKEN",
      status: 400,
    });
  });

  it("a voidId, its XML, and a 404 with its code", async () => {
    const c = client();
    expect((await c.getVoid("v1")).data).toEqual({ voidId: "v1" });
    expect((await c.getVoidXml("v1")).data).toBe("<ANECF/>");
    expect((await c.getVoid("nope")).error).toMatchObject({ code: "VOID_NOT_FOUND", status: 404 });
  });

  it("batch status in groups of 50, one result per e-NCF in order", async () => {
    const ecfs = Array.from({ length: 120 }, (_, i) => `E31${String(i + 1).padStart(10, "0")}`);
    const result = await client().getDocumentsStatus(ecfs);
    expect(result.data?.total).toBe(120);
    expect(result.data?.results.map((r) => r.ecf)).toEqual(ecfs);
    expect(fake.requests.filter((r) => r.endsWith("/status/batch"))).toHaveLength(3);
    const noKey = await client({ apiKey: undefined }).getDocumentsStatus(ecfs.slice(0, 1));
    expect(noKey.error).toMatchObject({ code: "INVALID_API_KEY", status: 403 });
  });

  it("ends a request that gets no answer in time with TIMEOUT, after retrying it", async () => {
    const result = await client({ timeoutMs: 200, retry: { attempts: 2 } }).getVoid("hang");
    expect(result.error).toMatchObject({ code: "TIMEOUT", status: 0 });
    expect(waits).toHaveLength(1);
  });

  it("retries a read whose connection failed, and reports NETWORK_ERROR when the server is gone", async () => {
    const c = client({ retry: { attempts: 2 } });
    await c.signIn();
    fake.server.closeAllConnections();
    fake.server.close();
    const result = await c.getVoid("v1");
    expect(result.error).toMatchObject({ code: "NETWORK_ERROR", status: 0 });
    expect(waits).toHaveLength(1);
    fake.server.listen(0); // afterEach closes it
  });
});
