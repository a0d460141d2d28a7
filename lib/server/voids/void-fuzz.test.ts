import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as IMPORT } from "@/app/[environment]/documentos-ecf/import/route";
import { POST } from "@/app/[environment]/customer/void-ncf/route";
import { answerVoidPost } from "@/lib/server/approvals/void-post";
import { requireBearer } from "@/lib/server/auth";
import { route } from "@/lib/server/platform/http";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { ERROR_STATUS } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { contextOf, jsonPost } from "@/lib/server/documents/test-support";
import { MAX_JSON_DEPTH, parseJsonBytes } from "@/lib/server/platform/http/read-json-body";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { OFF_THREAD_MIN_BYTES, stopPrepareWorker } from "./prepare-off-thread";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (max: number) => Math.floor(random() * max);

const ENCF_PIECES = ["E31", "E32", "P31", "A31", "e31", "E35", "E4", "F47", "Z46", "", "E", "1"];
function randomEncf(): unknown {
  const roll = random();
  if (roll < 0.08) return pick([null, 42, true, [], {}, 3.1e12, "", " "]);
  const digits = String(int(10 ** int(12))).padStart(int(12), "0");
  return pick(ENCF_PIECES) + digits + (random() < 0.1 ? pick(["X", " ", "é", "\u0000"]) : "");
}

function randomRange(): unknown {
  const roll = random();
  if (roll < 0.05) return pick([null, 7, "E310000000001", [], true]);
  const range: Record<string, unknown> = {};
  if (random() < 0.95) range.secuenciaDesde = randomEncf();
  if (random() < 0.9) range.secuenciaHasta = random() < 0.3 ? range.secuenciaDesde : randomEncf();
  if (random() < 0.2) range.tipoeCF = pick(["31", "32", 31, "", "99", null]);
  if (random() < 0.05) range.extra = "campo desconocido";
  return range;
}

/**
 * Deep nesting (the review's 500s): a placeholder value replaced, in the JSON text, by lists or
 * objects nested from a few levels to 100,000 (JSON.stringify cannot even write the deep ones).
 */
const NESTED = "__NESTED__";
const DEPTHS = [2, 30, MAX_JSON_DEPTH - 4, MAX_JSON_DEPTH + 1, 200, 10_000, 100_000];
function nestedText(): string {
  const depth = pick(DEPTHS);
  const leaf = pick(["1", '"22-11-2026 08:00:00"', '"E310000000001"', "{}", "[]", "null"]);
  return random() < 0.5
    ? "[".repeat(depth) + leaf + "]".repeat(depth)
    : '{"a":'.repeat(depth) + leaf + "}".repeat(depth);
}
const withNesting = (json: string) => json.split(`"${NESTED}"`).join(nestedText());

function randomBody(): string {
  const roll = random();
  if (roll < 0.04)
    return pick(["", " ", "{", "null", "[]", '"x"', "42", "{ranges:[]}", "\u0000\u0001", "{}"]);
  if (roll < 0.05) return withNesting(`"${NESTED}"`); // the body itself
  const body: Record<string, unknown> = {};
  if (random() < 0.95)
    body.ranges = random() < 0.05 ? pick(["x", 1, {}, null]) : Array.from({ length: int(6) }, randomRange);
  if (random() < 0.3)
    body.fechaHoraAnulacion = pick(["31-02-2026 10:00:00", "22-11-2026 8:00:00", 1700000000000, "", "ayer"]);
  if (random() < 0.15) {
    // Nested as fechaHoraAnulacion, as an extra field (hashed when an Idempotency-Key is sent), in a line.
    const ranges = Array.isArray(body.ranges) ? (body.ranges as unknown[]) : [];
    const where = pick(["fecha", "extra", "line", "desde", "tipo"] as const);
    if (where === "fecha") body.fechaHoraAnulacion = NESTED;
    else if (where === "extra" || ranges.length === 0) body.extra = NESTED;
    else if (where === "line") ranges[0] = NESTED;
    else if (typeof ranges[0] === "object" && ranges[0] !== null) {
      (ranges[0] as Record<string, unknown>)[where === "desde" ? "secuenciaDesde" : "tipoeCF"] = NESTED;
    }
  }
  // Past OFF_THREAD_MIN_BYTES the body is parsed, validated and hashed on the worker thread.
  if (random() < 0.02) body.pad = "x".repeat(OFF_THREAD_MIN_BYTES);
  const json = withNesting(JSON.stringify(body));
  return random() < 0.03 ? json.slice(0, int(json.length)) : json;
}

/** True when the text is a body that would pass validation (those go to the authority: not this test). */
function wouldPass(text: string): boolean {
  try {
    return validateVoidRequest(parseJsonBytes(new TextEncoder().encode(text))).ok;
  } catch {
    return false;
  }
}

function deeperThanAllowed(text: string): boolean {
  return text.includes("[".repeat(MAX_JSON_DEPTH + 1)) || text.includes('{"a":'.repeat(MAX_JSON_DEPTH + 1));
}

let db: TestDatabase;
let account: TestAccount;

const TESTECF = { params: Promise.resolve({ environment: "TesteCF" }) };

/** POST /TesteCF/customer/void-ncf with `text` as its body, signed in as the test's account. */
function voidPost(text: string, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/TesteCF/customer/void-ncf", {
    method: "POST",
    headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json", ...headers },
    body: text,
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  account = await createTestAccount({ certificate: true, apiKey: true });
  setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
  // Any call to the authority fails the test: a malformed body must never get that far.
  setTaxAuthClient({
    voidRanges: () => {
      throw new Error("a malformed body reached the tax authority");
    },
  } as unknown as TaxAuthClient);
});

afterAll(async () => {
  setTaxAuthClient(undefined);
  await stopPrepareWorker();
  await db.dispose();
});

describe("property: random and malformed bodies", () => {
  it("10,000 of them → only 4xx with known codes, nothing sent", async () => {
    const known = new Set(Object.keys(ERROR_STATUS));
    const seen = new Map<string, number>();
    let sent = 0;
    let deepRefused = 0;
    let deepWithKey = 0;
    // All POST does with a body is answerVoidPost, after reading the caller and the rate limit (the
    // same for every body here: one caller, limit off). Re-reading the caller (a JWT check and four
    // queries) was most of an iteration, so 9 bodies in 10 go to answerVoidPost directly, wrapped
    // as the route wraps it (route(): errors to JSON); every 10th goes through POST itself.
    const auth = await requireBearer(voidPost("{}"), "POST /[environment]/customer/void-ncf");
    const bodyOnly = route((request: Request) => answerVoidPost(request, "TesteCF", auth));
    // In batches of BATCH bodies at once (drawn in the same order, so a seed gives the same bodies):
    // while one waits on the database or the worker thread, the next is read and validated.
    const BATCH = 25;
    while (sent < 10_000) {
      const batch: Array<{ text: string; idempotencyKey?: Record<string, string>; viaRoute: boolean }> = [];
      while (batch.length < BATCH && sent < 10_000) {
        const text = randomBody();
        if (wouldPass(text)) continue;
        sent += 1;
        const idempotencyKey = random() < 0.3 ? { "idempotency-key": `fuzz-${sent}` } : undefined;
        batch.push({ text, idempotencyKey, viaRoute: sent % 10 === 0 });
      }
      const answers = await Promise.all(
        batch.map(async ({ text, idempotencyKey, viaRoute }) => {
          const response = await (viaRoute ? POST : bodyOnly)(voidPost(text, idempotencyKey), TESTECF);
          return {
            status: response.status,
            body: (await response.json()) as { code?: string; message?: string },
          };
        }),
      );
      for (const [index, { status, body }] of answers.entries()) {
        const { text, idempotencyKey } = batch[index]!;
        if (status < 400 || status > 499 || !known.has(body.code ?? "") || !body.message) {
          throw new Error(`body ${JSON.stringify(text.slice(0, 300))} → ${status} ${JSON.stringify(body)}`);
        }
        seen.set(body.code!, (seen.get(body.code!) ?? 0) + 1);
        if (deeperThanAllowed(text) && body.code === "INVALID_JSON") {
          deepRefused += 1;
          if (idempotencyKey) deepWithKey += 1;
        }
      }
    }
    // The generator must actually exercise the validator, not one code over and over, and nesting.
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect(deepRefused).toBeGreaterThan(100);
    expect(deepWithKey).toBeGreaterThan(20);
  }, 180_000);

  it("the review's nested bodies (fecha, extra field with an Idempotency-Key, on both threads) → 400 INVALID_JSON", async () => {
    const nested = "[".repeat(10_000) + "]".repeat(10_000);
    const valid = '"ranges":[{"secuenciaDesde":"E450099990001","secuenciaHasta":"E450099990001"}]';
    const pad = `"pad":"${"x".repeat(OFF_THREAD_MIN_BYTES)}"`;
    const cases: Array<[string, Record<string, string>]> = [
      [`{${valid},"fechaHoraAnulacion":${nested}}`, {}],
      [`{${valid},"extra":${nested}}`, { "idempotency-key": "nested-main" }],
      [`{${valid},${pad},"extra":${nested}}`, { "idempotency-key": "nested-worker" }],
      [`{${valid},${pad},"fechaHoraAnulacion":${nested}}`, {}],
    ];
    for (const [text, headers] of cases) {
      const response = await POST(voidPost(text, headers), TESTECF);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "INVALID_JSON" });
    }
  });
});

/** One random import entry: right or wrong fields, sometimes a nested value where any JSON fits. */
function randomImportEntry(): unknown {
  if (random() < 0.05) return pick([null, 1, "E310000000001", [], NESTED]);
  const entry: Record<string, unknown> = {
    ncf: random() < 0.8 ? `E31${String(1 + int(999_999)).padStart(10, "0")}` : randomEncf(),
  };
  if (random() < 0.5) entry.status = pick(["Aceptado", "Rechazado", "En Proceso", "aceptado", 1, null]);
  if (random() < 0.7) {
    entry.taxauthResponse = pick([
      [],
      ['{"codigo":1}'],
      ["no es json"],
      [{ trackId: "t", mensaje: "" }],
      [{ a: NESTED }],
      [NESTED],
      NESTED,
      "x",
      [1],
      [null],
    ]);
  }
  if (random() < 0.2) entry.invoiceTotal = pick([1180, -1, 1e30, "1180", null, NESTED]);
  if (random() < 0.2) entry.customerResponse = pick(["ok", NESTED, 5]);
  if (random() < 0.1) entry.desconocido = pick(["x", NESTED]);
  if (random() < 0.1) entry.createdAt = pick([-1, 1.5, 1_700_000_000_000, NESTED]);
  return entry;
}

function randomImportBody(): string {
  if (random() < 0.05)
    return pick(["", "{", "null", "[]", '{"documents":{}}', '{"documents":[]}', `"${NESTED}"`]);
  const documents = random() < 0.05 ? NESTED : Array.from({ length: 1 + int(3) }, randomImportEntry);
  return withNesting(JSON.stringify({ documents }));
}

describe("property: random and nested import bodies", () => {
  it("1,000 of them → 200 (bad entries reported) or a 4xx with a known code, never a 5xx", async () => {
    const known = new Set(Object.keys(ERROR_STATUS));
    let deepRefused = 0;
    let invalidEntries = 0;
    for (let sent = 0; sent < 1_000; sent++) {
      const text = randomImportBody();
      const response = await IMPORT(
        jsonPost("http://127.0.0.1/TesteCF/documentos-ecf/import", account, text),
        contextOf("TesteCF"),
      );
      const body = (await response.json()) as { code?: string; message?: string; invalid?: number };
      const knownError = response.status >= 400 && response.status <= 499 && known.has(body.code ?? "");
      if (!(response.status === 200 || (knownError && body.message))) {
        throw new Error(
          `body ${JSON.stringify(text.slice(0, 300))} → ${response.status} ${JSON.stringify(body)}`,
        );
      }
      if (deeperThanAllowed(text) && body.code === "INVALID_JSON") deepRefused += 1;
      invalidEntries += body.invalid ?? 0;
    }
    expect(deepRefused).toBeGreaterThan(20);
    expect(invalidEntries).toBeGreaterThan(100);
  }, 180_000);

  it("the review's import (taxauthResponse [{ a: 10,000 levels }]) → 400 INVALID_JSON", async () => {
    const nested = "[".repeat(10_000) + "]".repeat(10_000);
    const text = `{"documents":[{"ncf":"E310000000001","taxauthResponse":[{"a":${nested}}]}]}`;
    const response = await IMPORT(
      jsonPost("http://127.0.0.1/TesteCF/documentos-ecf/import", account, text),
      contextOf("TesteCF"),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_JSON" });
  });
});
