import { describe, expect, it } from "vitest";
import { ECF_TYPE_CODES } from "./ecf-types";
import { formatEncf } from "./encf";
import {
  limitIssues,
  validateRangeLine,
  validateVoidRequest,
  type VoidBlock,
  type VoidValidationResult,
} from "./void-request";
import { voidValidationError } from "./void-validation-error";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0); // 22-11-2026 08:00:00 in Santo Domingo
const range = (secuenciaDesde: unknown, secuenciaHasta: unknown = secuenciaDesde, extra = {}) => ({
  secuenciaDesde,
  secuenciaHasta,
  ...extra,
});

function issuesOf(result: VoidValidationResult) {
  if (result.ok) throw new Error("expected validation to fail");
  return result.issues;
}

function codesOf(body: unknown) {
  return issuesOf(validateVoidRequest(body, { now: NOW })).map((issue) => issue.code);
}

describe("validateVoidRequest: a valid request becomes a plan", () => {
  it("derives type, cantidad, blocks ordered by type, NoLinea and totals", () => {
    const result = validateVoidRequest(
      {
        ranges: [
          range("E320000000010", "E320000000019"),
          range("E310000000001", "E310000000005", { tipoeCF: "31" }),
          range("E310000000100"),
          range("F310000000001", "F310000000002"),
        ],
      },
      { now: NOW },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { plan } = result;
    expect(plan.fechaHoraAnulacion).toBe("22-11-2026 08:00:00");
    expect(plan.ranges.map((r) => [r.line, r.tipoeCF, r.cantidad])).toEqual([
      [1, "32", 10],
      [2, "31", 5],
      [3, "31", 1],
      [4, "31", 2],
    ]);
    expect(plan.blocks.map((b) => [b.noLinea, b.tipoeCF, b.cantidad, b.ranges.map((r) => r.line)])).toEqual([
      [1, "31", 8, [2, 3, 4]],
      [2, "32", 10, [1]],
    ]);
    expect(plan.totalVoided).toBe(18);
  });

  it("keeps a valid fechaHoraAnulacion as sent", () => {
    const result = validateVoidRequest({
      ranges: [range("E310000000001")],
      fechaHoraAnulacion: "29-02-2028 23:59:59",
    });
    expect(result.ok && result.plan.fechaHoraAnulacion).toBe("29-02-2028 23:59:59");
  });

  it("counts up to the largest sequence exactly", () => {
    const result = validateVoidRequest({ ranges: [range("E310000000001", "E319999999999")] });
    expect(result.ok && result.plan.totalVoided).toBe(9_999_999_999);
  });
});

describe("validateVoidRequest: every spec code", () => {
  it.each([
    [{}, "MISSING_RANGES"],
    [{ ranges: [] }, "MISSING_RANGES"],
    [{ ranges: null }, "MISSING_RANGES"],
    [{ ranges: [{ secuenciaHasta: "E310000000001" }] }, "MISSING_SEQUENCE"],
    [{ ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "" }] }, "MISSING_SEQUENCE"],
    [{ ranges: [range("E31000000001")] }, "INVALID_ENCF_LENGTH"],
    [{ ranges: [range("P310000000001")] }, "INVALID_ENCF_FORMAT"],
    [{ ranges: [range("E31000000000X")] }, "INVALID_ENCF_FORMAT"],
    [{ ranges: [range("E990000000001")] }, "INVALID_TIPO_ECF"],
    [{ ranges: [range("E310000000000")] }, "INVALID_SEQUENCE"],
    [{ ranges: [range("E310000000001", "F310000000002")] }, "SERIE_MISMATCH"],
    [{ ranges: [range("E310000000001", "E320000000002")] }, "TIPO_MISMATCH"],
    [{ ranges: [range("E310000000001", "E310000000002", { tipoeCF: "32" })] }, "TIPO_MISMATCH"],
    [{ ranges: [range("E310000000009", "E310000000002")] }, "INVALID_RANGE_ORDER"],
    [
      { ranges: [range("E310000000001", "E310000000010"), range("E310000000010", "E310000000020")] },
      "OVERLAPPING_RANGES",
    ],
    [{ ranges: [range("E310000000001")], fechaHoraAnulacion: "31-02-2026 10:00:00" }, "INVALID_FECHA"],
    [{ ranges: [range("E310000000001")], fechaHoraAnulacion: 1_700_000_000_000 }, "INVALID_FECHA"],
  ])("%j → %s", (body, code) => {
    expect(codesOf(body)).toEqual([code]);
  });

  it("applies the per-line precedence: the first failing level wins, desde before hasta", () => {
    const line = (desde: string, hasta: string, extra = {}) =>
      validateRangeLine(range(desde, hasta, extra), 1);
    const codeOf = (result: ReturnType<typeof line>) => (result.ok ? "OK" : result.issue.code);
    // hasta too short beats desde's bad series: length is checked on both ends first.
    expect(codeOf(line("P310000000001", "E31"))).toBe("INVALID_ENCF_LENGTH");
    expect(codeOf(line("E990000000001", "P310000000001"))).toBe("INVALID_ENCF_FORMAT");
    expect(codeOf(line("E310000000000", "E990000000001"))).toBe("INVALID_TIPO_ECF");
    expect(codeOf(line("F310000000000", "E310000000001"))).toBe("INVALID_SEQUENCE");
    expect(codeOf(line("F310000000009", "E320000000001"))).toBe("SERIE_MISMATCH");
    expect(codeOf(line("E310000000009", "E320000000001", { tipoeCF: "33" }))).toBe("TIPO_MISMATCH");
    expect(codeOf(line("E310000000009", "E310000000001", { tipoeCF: "33" }))).toBe("TIPO_MISMATCH");
    expect(codeOf(line("E310000000009", "E310000000001", { tipoeCF: "31" }))).toBe("INVALID_RANGE_ORDER");
  });

  it("lists every problem with its 1-based line, not only the first", () => {
    const issues = issuesOf(
      validateVoidRequest({
        ranges: [range("E310000000001"), range("X"), range("E310000000000"), range("E310000000001")],
        fechaHoraAnulacion: "nope",
      }),
    );
    expect(issues.map((i) => [i.line, i.code])).toEqual([
      [undefined, "INVALID_FECHA"],
      [2, "INVALID_ENCF_LENGTH"],
      [3, "INVALID_SEQUENCE"],
      [4, "OVERLAPPING_RANGES"],
    ]);
  });

  it("names the line and the values in Spanish by default, English on request", () => {
    const [es] = issuesOf(
      validateVoidRequest({ ranges: [range("E310000000001"), range("E310000000009", "E310000000002")] }),
    );
    expect(es!.message).toBe(
      'Línea 2: el e-NCF final "E310000000002" es menor que el inicial "E310000000009".',
    );
    const [en] = issuesOf(validateVoidRequest({ ranges: [range("E31")] }, { locale: "en" }));
    expect(en!.message).toContain('Line 1: secuenciaDesde "E31" has 3 positions');
  });
});

describe("overlaps", () => {
  const body = (...pairs: Array<[string, string]>) => ({ ranges: pairs.map(([d, h]) => range(d, h)) });

  it("names both lines and flags a range contained in an earlier one", () => {
    const issues = issuesOf(
      validateVoidRequest(body(["E310000000001", "E310000000100"], ["E310000000050", "E310000000060"])),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 2, relatedLine: 1, code: "OVERLAPPING_RANGES" });
    expect(issues[0]!.message).toContain("línea 1");
    expect(issues[0]!.message).toContain('"E310000000050" – "E310000000060"');
  });

  it("reports the pair on the later line even when it sorts first", () => {
    const issues = issuesOf(
      validateVoidRequest(body(["E310000000050", "E310000000060"], ["E310000000001", "E310000000100"])),
    );
    expect(issues[0]).toMatchObject({ line: 2, relatedLine: 1 });
  });

  it("does not flag touching ranges, other series or other types", () => {
    expect(
      validateVoidRequest(
        body(
          ["E310000000001", "E310000000005"],
          ["E310000000006", "E310000000009"],
          ["F310000000001", "F310000000009"],
          ["E320000000001", "E320000000009"],
        ),
      ).ok,
    ).toBe(true);
  });

  it("flags identical lines", () => {
    expect(codesOf(body(["E310000000001", "E310000000001"], ["E310000000001", "E310000000001"]))).toEqual([
      "OVERLAPPING_RANGES",
    ]);
  });
});

describe("limits", () => {
  const ofTypes = (count: number) => ({
    ranges: [...ECF_TYPE_CODES, ...ECF_TYPE_CODES]
      .slice(0, count)
      .map((tipo, i) => range(formatEncf(i < 10 ? "E" : "F", tipo, 1))),
  });
  const rangesOfType = (count: number) => ({
    ranges: Array.from({ length: count }, (_, i) => range(formatEncf("E", "31", i + 1))),
  });

  it("10 types pass; blocks are per type code, not per series", () => {
    expect(validateVoidRequest(ofTypes(10)).ok).toBe(true);
    // Types are per type code, not per series: 20 ranges of the 10 types still make 10 blocks.
    const result = validateVoidRequest(ofTypes(20));
    expect(result.ok && result.plan.blocks.length).toBe(10);
  });

  it("10,000 ranges of one type pass; 10,001 → TOO_MANY_RANGES naming the type", () => {
    expect(validateVoidRequest(rangesOfType(10_000)).ok).toBe(true);
    const issues = issuesOf(validateVoidRequest(rangesOfType(10_001)));
    expect(issues.map((i) => i.code)).toEqual(["TOO_MANY_RANGES"]);
    expect(issues[0]!.message).toContain("31");
    expect(issues[0]!.message).toContain("10001");
  });

  it("a header total that cannot fit NUM 10 → TOTAL_TOO_LARGE", () => {
    expect(
      codesOf({ ranges: [range("E310000000001", "E319999999999"), range("E320000000001", "E320000000002")] }),
    ).toEqual(["TOTAL_TOO_LARGE"]);
    expect(
      codesOf({ ranges: [range("E310000000001", "E319999999999"), range("F310000000001", "F310000000001")] }),
    ).toEqual(["TOTAL_TOO_LARGE"]);
  });
});

describe("TOO_MANY_TIPOS", () => {
  // Only 10 type codes are valid, so a valid request has at most 10 types; the limit is still
  // enforced on the blocks (the XSD allows 10 Anulacion blocks), checked here with an 11th block.
  const block = (noLinea: number, tipoeCF: string): VoidBlock => ({
    noLinea,
    tipoeCF: tipoeCF as VoidBlock["tipoeCF"],
    ranges: [],
    cantidad: 1,
  });

  it("10 blocks pass, 11 → TOO_MANY_TIPOS naming the types", () => {
    const ten = ECF_TYPE_CODES.map((tipo, i) => block(i + 1, tipo));
    expect(limitIssues(ten)).toEqual([]);
    const issues = limitIssues([...ten, block(11, "48")]);
    expect(issues.map((i) => i.code)).toEqual(["TOO_MANY_TIPOS"]);
    expect(issues[0]!.message).toBe(
      "La solicitud incluye 11 tipos de e-CF (31, 32, 33, 34, 41, 43, 44, 45, 46, 47, 48); el máximo por solicitud es 10.",
    );
  });
});

describe("wrong JSON types are clear 400s, never a crash", () => {
  it.each([
    [null, "INVALID_FIELD_TYPE"],
    [[], "INVALID_FIELD_TYPE"],
    ["ranges", "INVALID_FIELD_TYPE"],
    [{ ranges: "E310000000001" }, "INVALID_FIELD_TYPE"],
    [{ ranges: {} }, "INVALID_FIELD_TYPE"],
    [{ ranges: [42] }, "INVALID_FIELD_TYPE"],
    [{ ranges: [null] }, "INVALID_FIELD_TYPE"],
    [{ ranges: [range(3100000000001, "E310000000001")] }, "INVALID_FIELD_TYPE"],
    [{ ranges: [range("E310000000001", "E310000000001", { tipoeCF: 31 })] }, "INVALID_FIELD_TYPE"],
  ])("%j → %s", (body, code) => {
    expect(codesOf(body)).toEqual([code]);
  });
});

describe("hostile values: deep nesting and huge texts", () => {
  it("a fechaHoraAnulacion nested 10,000 levels is INVALID_FECHA with a short preview (JSON.stringify threw)", () => {
    let fecha: unknown = "22-11-2026 08:00:00";
    for (let level = 0; level < 10_000; level++) fecha = [fecha];
    const issues = issuesOf(
      validateVoidRequest({ ranges: [range("E310000000001")], fechaHoraAnulacion: fecha }),
    );
    expect(issues.map((issue) => issue.code)).toEqual(["INVALID_FECHA"]);
    expect(issues[0]!.message).toContain(`"${"[".repeat(63)}…"`);
    expect(issues[0]!.message.length).toBeLessThan(250);
  });

  it("a 1 MB value is quoted as its first 64 characters, an ellipsis and its length", () => {
    const huge = `E31${"0".repeat(1_000_000)}`;
    const [issue] = issuesOf(validateVoidRequest({ ranges: [range(huge)] }));
    expect(issue).toMatchObject({ code: "INVALID_ENCF_LENGTH", field: "secuenciaDesde" });
    expect(issue!.message).toBe(
      `Línea 1: secuenciaDesde "${huge.slice(0, 64)}… (1000003 caracteres)" tiene 1000003 posiciones; ` +
        "un e-NCF tiene 13 (letra de serie, 2 dígitos de tipo y 10 de secuencia).",
    );
    const fecha = issuesOf(
      validateVoidRequest({ ranges: [range("E310000000001")], fechaHoraAnulacion: "9".repeat(1_000_000) }),
    );
    expect(fecha[0]!.message.length).toBeLessThan(250);
    const english = issuesOf(validateVoidRequest({ ranges: [range(huge)] }, { locale: "en" }));
    expect(english[0]!.message).toContain("… (1000003 characters)");
  });
});

describe("voidValidationError", () => {
  it("carries the first code and message, every problem in errors, status 400", () => {
    const result = validateVoidRequest({ ranges: [range("E31"), range("P310000000001")] });
    if (result.ok) throw new Error("expected failure");
    const error = voidValidationError(result.issues, result.issueCount);
    expect(error.status).toBe(400);
    expect(error.toBody()).toMatchObject({
      code: "INVALID_ENCF_LENGTH",
      message: expect.stringMatching(/^Línea 1: .* \(y 1 problema más; ver errors\)$/),
      errors: [
        { line: 1, code: "INVALID_ENCF_LENGTH" },
        { line: 2, code: "INVALID_ENCF_FORMAT" },
      ],
    });
  });

  it("lists at most 1,000 problems but counts them all", () => {
    const result = validateVoidRequest({ ranges: Array.from({ length: 1500 }, () => range("bad")) });
    if (result.ok) throw new Error("expected failure");
    expect(result.issues).toHaveLength(1000);
    expect(result.issueCount).toBe(1500);
    expect(voidValidationError(result.issues, result.issueCount).toBody()).toMatchObject({
      errorCount: 1500,
    });
  });
});
