import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/[environment]/customer/void-ncf/route";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { ERROR_STATUS } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";
import type { TaxAuthClient } from "@/lib/server/taxauth";
import { setTaxAuthClient } from "./void-deps";

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

function randomBody(): string {
  const roll = random();
  if (roll < 0.04)
    return pick(["", " ", "{", "null", "[]", '"x"', "42", "{ranges:[]}", "\u0000\u0001", "{}"]);
  const body: Record<string, unknown> = {};
  if (random() < 0.95)
    body.ranges = random() < 0.05 ? pick(["x", 1, {}, null]) : Array.from({ length: int(6) }, randomRange);
  if (random() < 0.3)
    body.fechaHoraAnulacion = pick(["31-02-2026 10:00:00", "22-11-2026 8:00:00", 1700000000000, "", "ayer"]);
  const json = JSON.stringify(body);
  return random() < 0.03 ? json.slice(0, int(json.length)) : json;
}

/** True when the text is a body that would pass validation (those go to the authority: not this test). */
function wouldPass(text: string): boolean {
  try {
    return validateVoidRequest(JSON.parse(text)).ok;
  } catch {
    return false;
  }
}

let db: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  db = await createTestDatabase();
  account = await createTestAccount({ certificate: true });
  process.env.VOID_RATE_LIMIT_PER_MINUTE = "0";
  // Any call to the authority fails the test: a malformed body must never get that far.
  setTaxAuthClient({
    voidRanges: () => {
      throw new Error("a malformed body reached the tax authority");
    },
  } as unknown as TaxAuthClient);
});

afterAll(async () => {
  setTaxAuthClient(undefined);
  await db.dispose();
});

describe("property: random and malformed bodies", () => {
  it("10,000 of them → only 4xx with known codes, nothing sent", async () => {
    const known = new Set(Object.keys(ERROR_STATUS));
    const seen = new Map<string, number>();
    let sent = 0;
    while (sent < 10_000) {
      const text = randomBody();
      if (wouldPass(text)) continue;
      sent += 1;
      const response = await POST(
        new Request("http://127.0.0.1/TesteCF/customer/void-ncf", {
          method: "POST",
          headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" },
          body: text,
        }),
        { params: Promise.resolve({ environment: "TesteCF" }) },
      );
      const body = (await response.json()) as { code?: string; message?: string };
      if (response.status < 400 || response.status > 499 || !known.has(body.code ?? "") || !body.message) {
        throw new Error(`body ${JSON.stringify(text)} → ${response.status} ${JSON.stringify(body)}`);
      }
      seen.set(body.code!, (seen.get(body.code!) ?? 0) + 1);
    }
    // The generator must actually exercise the validator, not one code over and over.
    expect(seen.size).toBeGreaterThanOrEqual(10);
  }, 180_000);
});
