import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { createAccount } from "@/lib/server/accounts";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { voidContentOf } from "@/lib/server/voids/prepare-void";
import { splitPartialSuccess } from "@/lib/server/voids/partial-success";
import type { VoidCompletion } from "@/lib/server/voids/types";
import { completeVoid } from "@/lib/server/voids/record-answer";
import { insertWriteAhead } from "@/lib/server/voids/void-repository";

import { endOfDayMs, todayIso } from "./dates";
import { assertSequencesUnused, createAuthorization, findGaps, getInventory, setCoverageMark } from "./index";

/**
 * The ledger's interval arithmetic against a brute-force model: random small ledgers (numbers 1..60
 * of one or two series+types), every number's state computed one by one, and the inventory, the
 * gaps (with and without the coverage mark and quiet period holding them back) and the pre-void
 * check compared with it. Fixed seeds, so a failure names the seed that reproduces it.
 */

const SEEDS = Array.from({ length: 30 }, (_, i) => 1_000 + i * 7_919);
const MAX = 60;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 15, 12);
const TODAY = todayIso(NOW);

let database: TestDatabase;
let voidCounter = 0;
let companies = 0;
/** What the seeds exercised: every kind of gap, withheld series and SEQUENCE_USED must show up. */
const seen = new Set<string>();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
  setEnvForTests({ LEDGER_QUIET_PERIOD_HOURS: undefined });
});

/** mulberry32: small, seedable, good enough for picking test cases. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

interface Auth {
  desde: number;
  hasta: number;
  expiresOn: string | null;
}
interface KeyLedger {
  tipo: EcfType;
  /** Used numbers (not reusable) → createdAt. */
  used: Map<number, number>;
  reusable: Set<number>;
  voided: Set<number>;
  /** Numbers of Error voids (DGII may or may not have voided them). */
  error: Set<number>;
  auths: Auth[];
}
type Void =
  | { tipo: EcfType; status: "Aceptado"; ranges: Array<[number, number]>; excepted?: [number, number] }
  | { tipo: EcfType; status: "Error" | "Rechazado"; ranges: Array<[number, number]> };

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const dmy = (isoDate: string) => `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function generate(r: Rng): { ledgers: KeyLedger[]; voids: Void[] } {
  const tipos: EcfType[] = r.chance(0.5) ? ["31"] : ["31", "32"];
  const ledgers: KeyLedger[] = [];
  const voids: Void[] = [];
  for (const tipo of tipos) {
    const ledger: KeyLedger = {
      tipo,
      used: new Map(),
      reusable: new Set(),
      voided: new Set(),
      error: new Set(),
      auths: [],
    };
    // Authorizations: up to three disjoint ranges, some expired (type 32 never expires).
    let start = r.int(1, 10);
    for (let i = r.int(0, 3); i > 0 && start <= MAX; i -= 1) {
      const hasta = Math.min(MAX, start + r.int(5, 30));
      const expiresOn =
        tipo === "32"
          ? null
          : r.chance(0.5)
            ? iso(NOW - r.int(20, 400) * 24 * HOUR)
            : iso(NOW + 400 * 24 * HOUR);
      ledger.auths.push({ desde: start, hasta, expiresOn });
      start = hasta + r.int(1, 8);
    }
    // Issued: ~35 % of the numbers, some reusable (DGII rejected them with secuenciaUtilizada=false).
    const density = 0.15 + r.next() * 0.4;
    for (let n = 1; n <= MAX; n += 1) {
      if (!r.chance(density)) continue;
      if (r.chance(0.15)) ledger.reusable.add(n);
      else ledger.used.set(n, NOW - r.int(0, 400) * HOUR);
    }
    // Accepted voids over numbers neither used nor voided (the pre-void check and ALREADY_VOIDED
    // would refuse the rest), one of them maybe a partial success.
    for (let i = r.int(0, 3); i > 0; i -= 1) {
      const a = r.int(1, MAX);
      let b = a;
      const free = (n: number) => !ledger.used.has(n) && !ledger.voided.has(n);
      if (!free(a)) continue;
      const length = r.int(1, 12);
      while (b + 1 <= MAX && b - a + 1 < length && free(b + 1)) b += 1;
      const partial = b - a >= 2 && r.chance(0.4);
      const excepted: [number, number] | undefined = partial ? [r.int(a + 1, b - 1), 0] : undefined;
      if (excepted) excepted[1] = r.int(excepted[0], b - 1);
      voids.push({ tipo, status: "Aceptado", ranges: [[a, b]], excepted });
      for (const n of range(a, b)) if (!excepted || n < excepted[0] || n > excepted[1]) ledger.voided.add(n);
    }
    // Error and Rechazado voids anywhere (a retried Error may also have been accepted later).
    for (let i = r.int(0, 2); i > 0; i -= 1) {
      const a = r.int(1, MAX);
      const b = Math.min(MAX, a + r.int(0, 6));
      const status = r.chance(0.5) ? "Error" : "Rechazado";
      voids.push({ tipo, status, ranges: [[a, b]] });
      if (status === "Error") for (const n of range(a, b)) ledger.error.add(n);
    }
    ledgers.push(ledger);
  }
  return { ledgers, voids };
}

/** A number's state, one at a time: used > voided > unknown (an Error void) > free. */
function stateOf(ledger: KeyLedger, n: number): "used" | "voided" | "unknown" | "free" {
  if (ledger.used.has(n)) return "used";
  if (ledger.voided.has(n)) return "voided";
  if (ledger.error.has(n)) return "unknown";
  return "free";
}

/** Maximal runs of the numbers for which `keep` holds, within from..to. */
function runs(from: number, to: number, keep: (n: number) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let n = from; n <= to; n += 1) {
    if (!keep(n)) continue;
    const last = out.at(-1);
    if (last && last[1] === n - 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

function modelGaps(ledgers: KeyLedger[], cutoff: number | null, closing?: { tipo: EcfType; from: number }) {
  const gaps: Array<[string, string, number, number]> = [];
  if (cutoff === null) return gaps;
  for (const ledger of ledgers) {
    const usedNumbers = [...ledger.used.keys()].sort((a, b) => a - b);
    const provenBy = usedNumbers.filter((n) => ledger.used.get(n)! <= cutoff);
    const proof = provenBy.at(-1);
    const highest = usedNumbers.at(-1);
    let span: [number, number] | null = null;
    if (proof !== undefined) {
      const lowest = usedNumbers[0]!;
      const around = ledger.auths.find((a) => a.desde <= lowest && lowest <= a.hasta);
      span = [Math.min(lowest, around?.desde ?? lowest), proof];
      for (const [a, b] of runs(span[0], span[1], (n) => stateOf(ledger, n) === "free"))
        gaps.push(["salto", ledger.tipo, a, b]);
    }
    for (const auth of ledger.auths) {
      if (auth.expiresOn === null || auth.expiresOn >= TODAY || endOfDayMs(auth.expiresOn) > cutoff) continue;
      const inAuth = usedNumbers.filter((n) => auth.desde <= n && n <= auth.hasta);
      const from = Math.max(auth.desde, (inAuth.at(-1) ?? auth.desde - 1) + 1);
      for (const [a, b] of runs(
        from,
        auth.hasta,
        (n) => stateOf(ledger, n) === "free" && !(span && span[0] <= n && n <= span[1]),
      ))
        gaps.push(["vencida", ledger.tipo, a, b]);
    }
    if (closing && closing.tipo === ledger.tipo && (highest === undefined || proof === highest)) {
      const auth = ledger.auths.find((a) => a.desde <= closing.from && closing.from <= a.hasta)!;
      const from = Math.max(closing.from, (highest ?? 0) + 1);
      for (const [a, b] of runs(from, auth.hasta, (n) => stateOf(ledger, n) === "free"))
        gaps.push(["cierre", ledger.tipo, a, b]);
    }
  }
  return gaps;
}

async function store(ledgers: KeyLedger[], voids: Void[]) {
  // A company without users: the ledger reads no one's session (a test account's password hash
  // was a third of a seed's time).
  const company = await createAccount({ rnc: `131${String(++companies).padStart(6, "0")}`, name: "Ledger" });
  const { id: accountId, rnc } = company;
  const documents = ledgers.flatMap((ledger) => [
    ...[...ledger.used].map(([n, createdAt]) => ({ n, createdAt, reusable: false, tipo: ledger.tipo })),
    ...[...ledger.reusable].map((n) => ({
      n,
      createdAt: NOW - 10 * HOUR,
      reusable: true,
      tipo: ledger.tipo,
    })),
  ]);
  if (documents.length > 0) {
    await database.prisma.document.createMany({
      data: documents.map((d) => ({
        accountId,
        environment: "TesteCF" as const,
        customerId: rnc,
        ncf: formatEncf("E", d.tipo, d.n),
        serie: "E",
        tipoeCF: d.tipo,
        secuencia: BigInt(d.n),
        status: d.reusable ? "Rechazado" : "Aceptado",
        sequenceReusable: d.reusable,
        createdAt: BigInt(d.createdAt),
        updateAt: BigInt(d.createdAt),
      })),
    });
  }
  for (const ledger of ledgers) {
    for (const auth of ledger.auths) {
      await createAuthorization({
        accountId,
        environment: "TesteCF",
        createdBy: "property",
        body: {
          secuenciaDesde: formatEncf("E", ledger.tipo, auth.desde),
          secuenciaHasta: formatEncf("E", ledger.tipo, auth.hasta),
          fechaAutorizacion: "01-01-2024",
          ...(auth.expiresOn ? { fechaVencimiento: dmy(auth.expiresOn) } : {}),
        },
      });
    }
  }
  for (const v of voids) {
    voidCounter += 1;
    const voidId = `0190f400-0000-7000-8000-${String(voidCounter).padStart(12, "0")}`;
    const plan = validateVoidRequest({
      ranges: v.ranges.map(([a, b]) => ({
        secuenciaDesde: formatEncf("E", v.tipo, a),
        secuenciaHasta: formatEncf("E", v.tipo, b),
      })),
    });
    if (!plan.ok) throw new Error(JSON.stringify(plan.issues));
    const content = voidContentOf(plan.plan);
    const record = await insertWriteAhead({
      voidId,
      accountId,
      rnc,
      environment: "TesteCF",
      content,
      fileName: `${rnc}ANECF${voidId}.xml`,
      signedXmlGzip: "",
      createdBy: "property",
      now: NOW - 5_000 + voidCounter,
      lease: { owner: "property", expiresAt: 1 },
    });
    if (v.status === "Error") continue;
    const partial =
      v.status === "Aceptado" && v.excepted
        ? splitPartialSuccess(content.storedRanges, [
            { serie: "E", tipoeCF: v.tipo, desde: v.excepted[0], hasta: v.excepted[1] },
          ])
        : undefined;
    if (partial === null) throw new Error("the partial split refused a valid excepted range");
    const completion = {
      status: v.status,
      codigo: v.status === "Aceptado" ? "1" : "2",
      nombre: v.status,
      mensajes: [],
      ...(partial ? { partial } : {}),
    } as unknown as VoidCompletion;
    await completeVoid(record, completion, content, NOW - 5_000 + voidCounter);
  }
  return accountId;
}

const numberOf = (encf: string | null) => (encf === null ? null : Number(encf.slice(3)));

describe("the ledger against a brute-force model (seeded)", () => {
  it.each(SEEDS)("seed %i", async (seed) => {
    await database.truncate();
    const r = rng(seed);
    const { ledgers, voids } = generate(r);
    const accountId = await store(ledgers, voids);
    // The issued side the ledger reads (IssuedInterval, kept by the triggers on "Document") is
    // exactly the maximal runs of the used numbers, reusable ones left out.
    const intervals = await database.prisma.issuedInterval.findMany({
      where: { accountId, environment: "TesteCF" },
      orderBy: [{ tipoeCF: "asc" }, { desde: "asc" }],
    });
    expect(
      intervals.map((i) => [i.tipoeCF, Number(i.desde), Number(i.hasta)]),
      `seed ${seed}: IssuedInterval`,
    ).toEqual(ledgers.flatMap((l) => runs(1, MAX, (n) => l.used.has(n)).map(([a, b]) => [l.tipo, a, b])));
    const quietHours = r.int(0, 3) * 50; // 0, 50, 100 or 150 h: some skips wait, some do not
    setEnvForTests({ LEDGER_QUIET_PERIOD_HOURS: String(quietHours) });

    // Inventory: per type and per authorization, counted number by number.
    const inventory = await getInventory(accountId, "TesteCF", NOW);
    if (ledgers.some((l) => [...l.error].some((n) => l.used.has(n) || l.voided.has(n))))
      seen.add("error-overlap");
    for (const ledger of ledgers) {
      const all = range(1, MAX);
      const type = inventory.types.find((t) => t.tipoeCF === ledger.tipo);
      const usedNumbers = [...ledger.used.keys()];
      // A type appears once it has a used number or an authorization.
      if (usedNumbers.length === 0 && ledger.auths.length === 0) {
        expect(type?.issued ?? 0, `seed ${seed}`).toBe(0);
        continue;
      }
      expect(type, `seed ${seed} type ${ledger.tipo}`).toBeDefined();
      expect(
        {
          issued: type!.issued,
          voided: type!.voided,
          highest: numberOf(type!.highestIssued),
        },
        `seed ${seed} type ${ledger.tipo}`,
      ).toEqual({
        issued: usedNumbers.length,
        voided: ledger.voided.size,
        highest: usedNumbers.length ? Math.max(...usedNumbers) : null,
      });
      expect(type!.unknown, `seed ${seed} type ${ledger.tipo} unknown`).toBe(
        all.filter((n) => stateOf(ledger, n) === "unknown").length,
      );
      expect(type!.authorizations).toHaveLength(ledger.auths.length);
      for (const [index, auth] of ledger.auths.entries()) {
        const numbers = range(auth.desde, auth.hasta);
        const count = (state: string) => numbers.filter((n) => stateOf(ledger, n) === state).length;
        const usedIn = numbers.filter((n) => ledger.used.has(n));
        const from = usedIn.length ? Math.max(...usedIn) + 1 : auth.desde;
        const nextFree = range(from, auth.hasta).find((n) => stateOf(ledger, n) === "free") ?? null;
        const got = type!.authorizations[index]!;
        expect(
          {
            issued: got.issued,
            voided: got.voided,
            unknown: got.unknown,
            available: got.available,
            highest: numberOf(got.highestIssued),
            nextFree: numberOf(got.nextFree),
          },
          `seed ${seed} type ${ledger.tipo} authorization ${auth.desde}-${auth.hasta}`,
        ).toEqual({
          issued: count("used"),
          voided: count("voided"),
          unknown: count("unknown"),
          available: count("free"),
          highest: usedIn.length ? Math.max(...usedIn) : null,
          nextFree,
        });
      }
    }

    // Gaps: no mark → nothing; a mark at NOW → every skip proven by a number issued before
    // now − quiet period; an old mark → fewer. Optionally a closing tail.
    const spans = (page: Awaited<ReturnType<typeof findGaps>>) =>
      page.gaps.map((g) => [
        g.kind,
        g.tipoeCF,
        Number(g.secuenciaDesde.slice(3)),
        Number(g.secuenciaHasta.slice(3)),
      ]);
    const none = await findGaps({ accountId, environment: "TesteCF", now: NOW, limit: "1000" });
    expect(none.gaps, `seed ${seed}: no coverage mark`).toEqual([]);
    for (const markAgo of [0, 120, 300]) {
      const mark = NOW - markAgo * HOUR;
      await setCoverageMark(accountId, "TesteCF", mark, "property", NOW);
      const cutoff = Math.min(mark, NOW - quietHours * HOUR);
      const closingLedger = ledgers.find((l) => l.auths.length > 0 && l.auths.at(-1)!.expiresOn !== null);
      const closingAuth = closingLedger?.auths.at(-1);
      const closing =
        closingLedger && closingAuth && closingAuth.expiresOn! >= TODAY && r.chance(0.5)
          ? { tipo: closingLedger.tipo, from: r.int(closingAuth.desde, closingAuth.hasta) }
          : undefined;
      const page = await findGaps({
        accountId,
        environment: "TesteCF",
        now: NOW,
        limit: "1000",
        cierreDesde: closing ? formatEncf("E", closing.tipo, closing.from) : undefined,
      });
      expect(spans(page), `seed ${seed}, mark ${markAgo} h ago, quiet ${quietHours} h`).toEqual(
        modelGaps(ledgers, cutoff, closing),
      );
      // Withheld: a series whose newest used number is not yet past the cutoff.
      const withheld = ledgers
        .filter(
          (l) =>
            l.used.size > 0 &&
            Math.max(...[...l.used].filter(([, t]) => t <= cutoff).map(([n]) => n), 0) !==
              Math.max(...l.used.keys()),
        )
        .map((l) => l.tipo);
      expect(
        page.checks.withheld.map((w) => w.tipoeCF),
        `seed ${seed}, mark ${markAgo} h ago: withheld`,
      ).toEqual(withheld);
      expect(page.checks.withheld.every((w) => w.reason === "QUIET_PERIOD")).toBe(true);
      for (const gap of page.gaps) seen.add(gap.kind);
      if (withheld.length > 0) seen.add("withheld");
    }

    // The pre-void check: random ranges, the used numbers in them found number by number.
    for (let i = 0; i < 4; i += 1) {
      const ledger = ledgers[r.int(0, ledgers.length - 1)]!;
      const a = r.int(1, MAX);
      const b = Math.min(MAX + 5, a + r.int(0, 25));
      const expected = range(a, b).filter((n) => ledger.used.has(n));
      const outcome = await assertSequencesUnused(accountId, "TesteCF", [
        { serie: "E", tipoeCF: ledger.tipo, desde: a, hasta: b },
      ]).then(
        () => null,
        (error: unknown) => error as { code: string; extra: { numbers: string[]; total: number } },
      );
      if (expected.length === 0) {
        expect(outcome, `seed ${seed}: ${a}-${b} holds no used number`).toBeNull();
      } else {
        expect(outcome?.code, `seed ${seed}: ${a}-${b}`).toBe("SEQUENCE_USED");
        seen.add("SEQUENCE_USED");
        expect(outcome!.extra.total).toBe(expected.length);
        expect(outcome!.extra.numbers).toEqual(
          expected.slice(0, 20).map((n) => formatEncf("E", ledger.tipo, n)),
        );
      }
    }
  });

  it("the seeds exercised every rule", () => {
    expect([...seen].sort()).toEqual(
      ["SEQUENCE_USED", "cierre", "error-overlap", "salto", "vencida", "withheld"].sort(),
    );
  });
});
