import { describe, expect, it } from "vitest";

import { gapCutoff, numberSafety, type NumberSafetyFacts } from "./gap-safety";
import { ASK_AGAIN_MS, decideRemedy, type RemedyDocument, type RemedyFacts } from "./remedy";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 11, 7, 12); // 07-12-2026, 08:00 in Santo Domingo
const ENCF = "E310000000005";

/** A number skipped below E31…10, issued a week ago, the mark set yesterday, DGII asked: all checks pass. */
function safety(overrides: Partial<NumberSafetyFacts> = {}): NumberSafetyFacts {
  return {
    secuencia: 5,
    now: NOW,
    today: "2026-12-07",
    quietPeriodHours: 72,
    coveredUntil: NOW - DAY,
    provenUpTo: 10,
    skippedFrom: 1,
    nextAbove: { ncf: "E310000000006", issuedAt: NOW - 7 * DAY },
    authorization: null,
    ...overrides,
  };
}

function facts(overrides: Partial<RemedyFacts> = {}): RemedyFacts {
  return {
    encf: ENCF,
    now: NOW,
    today: "2026-12-07",
    readAt: NOW,
    document: null,
    acceptedVoid: null,
    errorVoid: null,
    openRequest: null,
    dgii: { outcome: "absent", at: NOW },
    safety: safety(),
    creditNotes: [],
    ...overrides,
  };
}

function held(overrides: Partial<RemedyDocument> = {}): RemedyDocument {
  return {
    source: "import",
    status: "Aceptado",
    submissions: [{ estado: "Aceptado" }],
    awaitingReception: false,
    reviewReason: null,
    fechaEmision: "01-12-2026",
    total: "1180.00",
    checkedAt: NOW - HOUR,
    nextCheckAt: null,
    ...overrides,
  };
}

describe("decideRemedy: void only when every check passes", () => {
  it("a skipped number past the quiet period, under the mark, absent at DGII → void, every check named", () => {
    const remedy = decideRemedy(facts());
    expect(remedy).toMatchObject({ kind: "void", proven: "salto", encf: ENCF, checkedAt: NOW });
    expect(remedy.checks.map((check) => [check.check, check.result])).toEqual([
      ["ledger", "not-held"],
      ["voids", "none"],
      ["void-requests", "none"],
      ["dgii", "absent"],
      ["coverage-mark", "passed"],
      ["quiet-period", "passed"],
      ["skip-proof", "salto"],
    ]);
  });

  it("an expired authorization's unused tail → void (vencida)", () => {
    const remedy = decideRemedy(
      facts({
        safety: safety({
          provenUpTo: 3,
          secuencia: 50,
          nextAbove: null,
          authorization: { expiresOn: "2026-11-30", highestUsed: 3 },
        }),
      }),
    );
    expect(remedy).toMatchObject({ kind: "void", proven: "vencida" });
  });

  it.each([
    [
      "DGII cannot be asked (CerteCF)",
      { dgii: { outcome: "not-asked", reason: "NOT_ASKABLE", message: "CerteCF", at: NOW } },
      [{ check: "dgii", reason: "NOT_ASKABLE" }],
    ],
    [
      "DGII down",
      { dgii: { outcome: "not-asked", reason: "TAXAUTH_UNAVAILABLE", message: "caída", at: NOW } },
      [{ check: "dgii", reason: "TAXAUTH_UNAVAILABLE" }],
    ],
    ["DGII not asked at all", { dgii: null }, [{ check: "dgii", reason: "NOT_ASKED" }]],
    [
      "DGII listed it but no document was stored",
      { dgii: { outcome: "listed", at: NOW } },
      [{ check: "dgii", reason: "LISTED" }],
    ],
    [
      "no coverage mark",
      { safety: safety({ coveredUntil: null }) },
      [{ check: "coverage-mark", reason: "NO_COVERAGE_MARK" }],
    ],
    [
      "the higher number is within the quiet period",
      { safety: safety({ provenUpTo: null, nextAbove: { ncf: "E310000000006", issuedAt: NOW - HOUR } }) },
      [
        { check: "coverage-mark", reason: "COVERAGE_MARK" },
        { check: "quiet-period", reason: "QUIET_PERIOD" },
      ],
    ],
    [
      "the mark does not reach the higher number (quiet period passed)",
      {
        safety: safety({
          coveredUntil: NOW - 10 * DAY,
          provenUpTo: null,
          nextAbove: { ncf: "E310000000006", issuedAt: NOW - 5 * DAY },
        }),
      },
      [{ check: "coverage-mark", reason: "COVERAGE_MARK" }],
    ],
    [
      "nothing higher was issued: it may simply be next",
      { safety: safety({ provenUpTo: 4, nextAbove: null }) },
      [{ check: "skip-proof", reason: "NOT_SKIPPED" }],
    ],
    [
      "below where skipped numbers start",
      { safety: safety({ skippedFrom: 8 }) },
      [{ check: "skip-proof", reason: "NOT_SKIPPED" }],
    ],
    [
      "DGII down and no mark: both named",
      {
        dgii: { outcome: "not-asked", reason: "TAXAUTH_TIMEOUT", message: "lenta", at: NOW },
        safety: safety({ coveredUntil: null }),
      },
      [
        { check: "dgii", reason: "TAXAUTH_TIMEOUT" },
        { check: "coverage-mark", reason: "NO_COVERAGE_MARK" },
      ],
    ],
  ] as const)("%s → unknown, confirm in the ERP, naming the check", (_name, overrides, unmet) => {
    const remedy = decideRemedy(facts(overrides as Partial<RemedyFacts>));
    expect(remedy).toMatchObject({ kind: "unknown", confirmIn: "erp" });
    expect(remedy.kind === "unknown" && remedy.unmet).toEqual(unmet);
  });

  it("without a mark the other safety checks are not made", () => {
    const remedy = decideRemedy(facts({ safety: safety({ coveredUntil: null }) }));
    expect(remedy.checks.slice(-3).map((check) => check.result)).toEqual(["failed", "not-made", "not-made"]);
  });

  it("a DGII that could not be asked says why in its own words", () => {
    const remedy = decideRemedy(
      facts({ dgii: { outcome: "not-asked", reason: "RATE_LIMITED", message: "límite", at: NOW - 5 } }),
    );
    expect(remedy.checks).toContainEqual({
      check: "dgii",
      result: "not-asked",
      at: NOW - 5,
      reason: "RATE_LIMITED",
      message: "límite",
    });
  });
});

describe("decideRemedy: voids and void requests", () => {
  it("an accepted void → voided with its id, before anything else (even a held document)", () => {
    const remedy = decideRemedy(facts({ acceptedVoid: { voidId: "v-1" }, document: held() }));
    expect(remedy).toMatchObject({ kind: "voided", voidId: "v-1" });
  });

  it("a void in Error → settle-void with its id", () => {
    expect(decideRemedy(facts({ errorVoid: { voidId: "v-2" } }))).toMatchObject({
      kind: "settle-void",
      voidId: "v-2",
    });
  });

  it("a void request awaiting approval → wait for it, until it expires", () => {
    const remedy = decideRemedy(facts({ openRequest: { requestId: "r-1", expiresAt: NOW + DAY } }));
    expect(remedy).toMatchObject({
      kind: "wait",
      waitingFor: "void-approval",
      requestId: "r-1",
      askAgainAt: NOW + DAY,
    });
  });
});

describe("decideRemedy: a number the company holds", () => {
  it.each([
    ["Aceptado", 6, 0],
    ["Aceptado Condicional", 6, 0],
  ] as const)("%s → credit note, IndicadorNotaCredito 0 within 30 days", (estado, days, indicator) => {
    const remedy = decideRemedy(facts({ document: held({ submissions: [{ estado }] }) }));
    expect(remedy).toMatchObject({
      kind: "credit-note",
      estado,
      creditNote: {
        tipoeCF: "34",
        NCFModificado: ENCF,
        FechaNCFModificado: "01-12-2026",
        CodigoModificacion: 1,
        IndicadorNotaCredito: indicator,
        daysSinceOriginal: days,
      },
      amount: { original: "1180.00", credited: "0.00", remaining: "1180.00", creditNotes: [] },
    });
  });

  it.each([
    ["07-11-2026", 30, 0],
    ["06-11-2026", 31, 1],
  ] as const)("issued %s → %i days → IndicadorNotaCredito %i", (fechaEmision, days, indicator) => {
    const remedy = decideRemedy(facts({ document: held({ fechaEmision }) }));
    expect(remedy).toMatchObject({
      creditNote: { IndicadorNotaCredito: indicator, daysSinceOriginal: days },
    });
  });

  it("credits never more than earlier credit notes left; a rejected note credits nothing", () => {
    const remedy = decideRemedy(
      facts({
        document: held(),
        creditNotes: [
          { encf: "E340000000001", status: "Aceptado", total: "180.00" },
          { encf: "E340000000002", status: "Rechazado", total: "500.00" },
          { encf: "E340000000003", status: "En Proceso", total: "1500.00" },
        ],
      }),
    );
    expect(remedy).toMatchObject({
      amount: { original: "1180.00", credited: "1680.00", remaining: "0.00" },
    });
    const partly = decideRemedy(
      facts({
        document: held(),
        creditNotes: [{ encf: "E340000000001", status: "Aceptado", total: "180.50" }],
      }),
    );
    expect(partly).toMatchObject({ amount: { credited: "180.50", remaining: "999.50" } });
  });

  it("an amount not known → remaining null; an issue date not known → no indicator", () => {
    const remedy = decideRemedy(facts({ document: held({ total: null, fechaEmision: null }) }));
    expect(remedy).toMatchObject({
      creditNote: { FechaNCFModificado: null, IndicadorNotaCredito: null, daysSinceOriginal: null },
      amount: { original: null, remaining: null },
    });
    const noteUnknown = decideRemedy(
      facts({ document: held(), creditNotes: [{ encf: "E340000000001", status: "Aceptado", total: null }] }),
    );
    expect(noteUnknown).toMatchObject({ amount: { original: "1180.00", remaining: null } });
  });

  it("an accepted submission wins over a later rejected resend", () => {
    const remedy = decideRemedy(
      facts({
        document: held({
          status: "Rechazado",
          submissions: [{ estado: "Aceptado" }, { estado: "Rechazado", secuenciaUtilizada: true }],
        }),
      }),
    );
    expect(remedy.kind).toBe("credit-note");
  });

  it("rejected with secuenciaUtilizada true → reissue under a new number", () => {
    const remedy = decideRemedy(
      facts({
        document: held({
          status: "Rechazado",
          submissions: [{ estado: "Rechazado", secuenciaUtilizada: true }],
        }),
      }),
    );
    expect(remedy).toMatchObject({ kind: "reissue", estado: "Rechazado" });
  });

  it("rejected with secuenciaUtilizada false → the number may be issued again, replacing the rejected e-CF", () => {
    const remedy = decideRemedy(
      facts({
        document: held({
          status: "Rechazado",
          submissions: [{ estado: "Rechazado", secuenciaUtilizada: false }],
        }),
      }),
    );
    expect(remedy).toMatchObject({ kind: "reissue-replace", estado: "Rechazado" });
  });

  it("rejected with no verdict on the number → unknown (VERDICT_UNKNOWN)", () => {
    const remedy = decideRemedy(
      facts({ document: held({ status: "Rechazado", submissions: [{ estado: "Rechazado" }] }) }),
    );
    expect(remedy).toMatchObject({ kind: "unknown", unmet: [{ check: "dgii", reason: "VERDICT_UNKNOWN" }] });
  });

  it("a word the rule does not know → unknown (UNKNOWN_ESTADO), never a guess", () => {
    const remedy = decideRemedy(
      facts({ document: held({ status: "Anulado", submissions: [{ estado: "Anulado" }] }) }),
    );
    expect(remedy).toMatchObject({ kind: "unknown", unmet: [{ check: "dgii", reason: "UNKNOWN_ESTADO" }] });
  });

  it("in process at DGII → wait, asking again when scheduled (or in five minutes)", () => {
    const scheduled = decideRemedy(
      facts({
        document: held({
          status: "En Proceso",
          submissions: [{ estado: "En Proceso" }],
          nextCheckAt: NOW + 60_000,
        }),
      }),
    );
    expect(scheduled).toMatchObject({ kind: "wait", waitingFor: "dgii-verdict", askAgainAt: NOW + 60_000 });
    const unscheduled = decideRemedy(
      facts({ document: held({ status: "En Proceso", submissions: [{ estado: "En Proceso" }] }) }),
    );
    expect(unscheduled).toMatchObject({ askAgainAt: NOW + ASK_AGAIN_MS });
  });

  it("signed here and not yet received → wait for DGII's reception", () => {
    const remedy = decideRemedy(
      facts({
        document: held({
          source: "issued",
          status: "Pendiente de envío",
          submissions: [{ estado: "Pendiente de envío" }],
          awaitingReception: true,
          nextCheckAt: NOW + 30_000,
        }),
      }),
    );
    expect(remedy).toMatchObject({ kind: "wait", waitingFor: "dgii-reception", askAgainAt: NOW + 30_000 });
  });

  it("an issued e-CF waiting for a person (Por confirmar) → wait for the person", () => {
    const remedy = decideRemedy(
      facts({
        document: held({
          source: "issued",
          status: "En Proceso",
          submissions: [{ estado: "En Proceso" }],
          reviewReason: "NO_VERDICT",
        }),
      }),
    );
    expect(remedy).toMatchObject({
      kind: "wait",
      waitingFor: "person",
      reviewReason: "NO_VERDICT",
      askAgainAt: null,
    });
  });

  it("a held document answers from the ledger: DGII's answers are the document's own", () => {
    const remedy = decideRemedy(facts({ document: held({ source: "dgii" }), dgii: null }));
    expect(remedy.checks).toEqual([
      { check: "ledger", result: "held", at: NOW, reason: "dgii" },
      { check: "voids", result: "none", at: NOW },
      { check: "dgii", result: "in-ledger", at: NOW - HOUR, reason: "dgii" },
    ]);
  });
});

describe("the gap finder's rules, for one number", () => {
  it("the cutoff is min(mark, now − quiet period); none without a mark", () => {
    expect(gapCutoff(null, NOW, 72)).toBeNull();
    expect(gapCutoff(NOW - DAY, NOW, 72)).toBe(NOW - 72 * HOUR);
    expect(gapCutoff(NOW - 5 * DAY, NOW, 72)).toBe(NOW - 5 * DAY);
  });

  it("an authorization expiring today, or whose last day ended after the cutoff, proves nothing yet", () => {
    const tail = (expiresOn: string, coveredUntil = NOW) =>
      numberSafety(
        safety({
          provenUpTo: null,
          nextAbove: null,
          coveredUntil,
          authorization: { expiresOn, highestUsed: null },
        }),
      ).proven;
    expect(tail("2026-12-07")).toBeNull();
    expect(tail("2026-12-06")).toBeNull(); // ended 07-12 04:00 UTC, after now − 72 h
    expect(tail("2026-12-03")).toBe("vencida");
    expect(tail("2026-12-03", NOW - 5 * DAY)).toBeNull(); // the mark does not reach its end
  });
});
