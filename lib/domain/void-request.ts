import type { EcfType } from "./ecf-types";
import { MAX_NUM10, readEncf, type EncfProblem, type ParsedEncf } from "./encf";
import { isValidFechaHora, nowFechaHora } from "./fecha";
import { overlapsBySerieTipo } from "./intervals";
import { DEFAULT_LOCALE, type Locale } from "./locale";
import { jsonPreview, MAX_SHOWN_CHARS } from "./shown-value";
import { isVoidReasonCode, VOID_REASON_TEXT_MAX, type VoidReason } from "./void-reasons";
import { voidMessage, type Expected, type MessageParams, type VoidValidationCode } from "./void-messages";

/** Limits of the spec's "Limits" table. */
export const MAX_TIPOS_PER_REQUEST = 10;
export const MAX_RANGES_PER_TIPO = 10_000;
/** A request with 100,000 bad lines still answers with a readable body: the first problems are listed. */
export const MAX_ISSUES_LISTED = 1_000;

/** One problem of a void request. `line` is the 1-based position in `ranges`. */
export interface VoidValidationIssue {
  line?: number;
  /** For OVERLAPPING_RANGES: the other line of the pair. */
  relatedLine?: number;
  field?: string;
  code: VoidValidationCode;
  message: string;
}

/** A valid range with everything the service derives from it. */
export interface ValidatedRange {
  line: number;
  serie: string;
  tipoeCF: EcfType;
  secuenciaDesde: string;
  secuenciaHasta: string;
  desde: number;
  hasta: number;
  cantidad: number;
}

/** One Anulacion block: all ranges of one type, in request order. */
export interface VoidBlock {
  noLinea: number;
  tipoeCF: EcfType;
  ranges: ValidatedRange[];
  cantidad: number;
}

/** What a valid request means: the ranges, grouped into numbered blocks, with the counts. */
export interface VoidPlan {
  ranges: ValidatedRange[];
  blocks: VoidBlock[];
  totalVoided: number;
  fechaHoraAnulacion: string;
  /**
   * Extension `motivo`: DGII's 608 reason and its free text; null when the request has
   * none (optional in the API, required by the portal's form): then absent.
   */
  reason?: VoidReason;
}

export type LineResult = { ok: true; range: ValidatedRange } | { ok: false; issue: VoidValidationIssue };

export type VoidValidationResult =
  { ok: true; plan: VoidPlan } | { ok: false; issues: VoidValidationIssue[]; issueCount: number };

export interface ValidateOptions {
  locale?: Locale;
  /** Epoch ms used for the default fechaHoraAnulacion (tests pin it). */
  now?: number;
}

function issue(
  locale: Locale,
  code: VoidValidationCode,
  params: MessageParams,
  extra: Partial<VoidValidationIssue> = {},
): VoidValidationIssue {
  const line = typeof params.line === "number" ? params.line : undefined;
  return {
    ...(line !== undefined ? { line } : {}),
    ...extra,
    code,
    message: voidMessage(locale, code, params),
  };
}

function typeIssue(locale: Locale, field: string, expected: Expected, line?: number): VoidValidationIssue {
  return issue(locale, "INVALID_FIELD_TYPE", { field, expected, ...(line ? { line } : {}) }, { field });
}

/**
 * Validates one line of `ranges` in the spec's precedence: MISSING_SEQUENCE, INVALID_ENCF_LENGTH,
 * INVALID_ENCF_FORMAT, INVALID_TIPO_ECF, INVALID_SEQUENCE (each checked on "desde" then "hasta"),
 * SERIE_MISMATCH, TIPO_MISMATCH, INVALID_RANGE_ORDER. The portal calls it for each line as it is typed.
 */
export function validateRangeLine(input: unknown, line: number, locale: Locale = DEFAULT_LOCALE): LineResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, issue: typeIssue(locale, `ranges[${line - 1}]`, "object", line) };
  }
  const { secuenciaDesde, secuenciaHasta, tipoeCF } = input as Record<string, unknown>;
  const shapeProblem =
    endShapeIssue(secuenciaDesde, "secuenciaDesde", line, locale) ??
    endShapeIssue(secuenciaHasta, "secuenciaHasta", line, locale);
  if (shapeProblem) return { ok: false, issue: shapeProblem };
  if (tipoeCF !== undefined && tipoeCF !== null && typeof tipoeCF !== "string") {
    return { ok: false, issue: typeIssue(locale, "tipoeCF", "string", line) };
  }
  const desdeText = secuenciaDesde as string;
  const hastaText = secuenciaHasta as string;
  const desde = readEncf(desdeText);
  const hasta = readEncf(hastaText);
  if (typeof desde === "string" || typeof hasta === "string") {
    // Same precedence level on both ends before moving to the next level.
    const desdeRank = typeof desde === "string" ? PROBLEM_RANK[desde] : Infinity;
    const hastaRank = typeof hasta === "string" ? PROBLEM_RANK[hasta] : Infinity;
    const [field, value, problem] =
      desdeRank <= hastaRank
        ? (["secuenciaDesde", desdeText, desde as EncfProblem] as const)
        : (["secuenciaHasta", hastaText, hasta as EncfProblem] as const);
    const params = { line, field, value, length: value.length, tipo: value.slice(1, 3) };
    return { ok: false, issue: issue(locale, problem, params, { field }) };
  }
  return checkRangeEnds(desde, hasta, tipoeCF, line, locale);
}

/** The spec's precedence among the problems of one e-NCF. */
const PROBLEM_RANK: Record<EncfProblem, number> = {
  INVALID_ENCF_LENGTH: 0,
  INVALID_ENCF_FORMAT: 1,
  INVALID_TIPO_ECF: 2,
  INVALID_SEQUENCE: 3,
};

function endShapeIssue(
  value: unknown,
  field: string,
  line: number,
  locale: Locale,
): VoidValidationIssue | undefined {
  if (value === undefined || value === null || value === "") {
    return issue(locale, "MISSING_SEQUENCE", { line, field }, { field });
  }
  if (typeof value !== "string") return typeIssue(locale, field, "string", line);
  return undefined;
}

function checkRangeEnds(
  desde: ParsedEncf,
  hasta: ParsedEncf,
  tipoeCF: unknown,
  line: number,
  locale: Locale,
): LineResult {
  const pair = { line, desde: desde.value, hasta: hasta.value };
  if (desde.serie !== hasta.serie) {
    const params = { ...pair, serieDesde: desde.serie, serieHasta: hasta.serie };
    return { ok: false, issue: issue(locale, "SERIE_MISMATCH", params) };
  }
  if (desde.tipo !== hasta.tipo) {
    const params = { ...pair, tipoDesde: desde.tipo, tipoHasta: hasta.tipo };
    return { ok: false, issue: issue(locale, "TIPO_MISMATCH", params) };
  }
  if (typeof tipoeCF === "string" && tipoeCF !== desde.tipo) {
    const params = { ...pair, tipoeCF, tipo: desde.tipo };
    return { ok: false, issue: issue(locale, "TIPO_MISMATCH", params, { field: "tipoeCF" }) };
  }
  if (hasta.secuencia < desde.secuencia) {
    return { ok: false, issue: issue(locale, "INVALID_RANGE_ORDER", pair) };
  }
  return {
    ok: true,
    range: {
      line,
      serie: desde.serie,
      tipoeCF: desde.tipo,
      secuenciaDesde: desde.value,
      secuenciaHasta: hasta.value,
      desde: desde.secuencia,
      hasta: hasta.secuencia,
      cantidad: hasta.secuencia - desde.secuencia + 1,
    },
  };
}

/** Groups valid ranges by type into Anulacion blocks ordered by type code, NoLinea 1..n. */
export function groupIntoBlocks(ranges: readonly ValidatedRange[]): VoidBlock[] {
  const byTipo = new Map<EcfType, ValidatedRange[]>();
  for (const range of ranges) {
    const list = byTipo.get(range.tipoeCF);
    if (list) list.push(range);
    else byTipo.set(range.tipoeCF, [range]);
  }
  return [...byTipo.keys()].sort().map((tipoeCF, index) => {
    const blockRanges = byTipo.get(tipoeCF)!;
    let cantidad = 0;
    for (const range of blockRanges) cantidad += range.cantidad;
    return { noLinea: index + 1, tipoeCF, ranges: blockRanges, cantidad };
  });
}

/** Overlapping lines, sorted by the later line of each pair. */
function overlapIssues(ranges: ValidatedRange[], locale: Locale): VoidValidationIssue[] {
  const issues: VoidValidationIssue[] = overlapsBySerieTipo(ranges).map(([earlier, later]) =>
    issue(
      locale,
      "OVERLAPPING_RANGES",
      {
        line: later.line,
        desde: later.secuenciaDesde,
        hasta: later.secuenciaHasta,
        otherLine: earlier.line,
        otherDesde: earlier.secuenciaDesde,
        otherHasta: earlier.secuenciaHasta,
      },
      { relatedLine: earlier.line },
    ),
  );
  return issues.sort((a, b) => a.line! - b.line!);
}

/**
 * The limits of the spec and of the XSD: types per request, ranges per type, NUM 10 counts.
 * Exported for tests: with only 10 valid type codes, 11 types cannot come from a valid request.
 */
export function limitIssues(
  blocks: readonly VoidBlock[],
  locale: Locale = DEFAULT_LOCALE,
): VoidValidationIssue[] {
  const issues: VoidValidationIssue[] = [];
  if (blocks.length > MAX_TIPOS_PER_REQUEST) {
    const tipos = blocks.map((block) => block.tipoeCF).join(", ");
    issues.push(issue(locale, "TOO_MANY_TIPOS", { count: blocks.length, tipos }));
  }
  let total = 0;
  for (const block of blocks) {
    if (block.ranges.length > MAX_RANGES_PER_TIPO) {
      issues.push(issue(locale, "TOO_MANY_RANGES", { tipo: block.tipoeCF, count: block.ranges.length }));
    }
    if (block.cantidad > MAX_NUM10) {
      issues.push(issue(locale, "TOTAL_TOO_LARGE", { tipo: block.tipoeCF, total: block.cantidad }));
    }
    total += block.cantidad;
  }
  if (total > MAX_NUM10 && blocks.every((block) => block.cantidad <= MAX_NUM10)) {
    issues.push(issue(locale, "TOTAL_TOO_LARGE", { total }));
  }
  return issues;
}

function fechaOf(body: Record<string, unknown>, locale: Locale, now: number | undefined) {
  const value = body.fechaHoraAnulacion;
  if (value === undefined || value === null) return { fecha: nowFechaHora(now) };
  if (typeof value !== "string" || !isValidFechaHora(value)) {
    // Any JSON can arrive here (a list nested 100,000 levels deep): a bounded preview, never
    // JSON.stringify; at most 64 characters with its "…", so the message does not cut it again.
    const shown = typeof value === "string" ? value : jsonPreview(value, MAX_SHOWN_CHARS - 1);
    return { issue: issue(locale, "INVALID_FECHA", { value: shown }, { field: "fechaHoraAnulacion" }) };
  }
  return { fecha: value };
}

/**
 * The extension `motivo: { codigo, descripcion? }`: absent or null is no reason; `codigo` one of
 * DGII's 608 codes as a two-digit string; `descripcion` text up to VOID_REASON_TEXT_MAX characters
 * (blank is none). Other keys inside it are ignored, like unknown keys of the body.
 */
export function motivoOf(
  body: Record<string, unknown>,
  locale: Locale,
): { reason: VoidReason | null; issue?: undefined } | { reason?: undefined; issue: VoidValidationIssue } {
  const value = body.motivo;
  if (value === undefined || value === null) return { reason: null };
  const fail = (params: MessageParams) => ({
    issue: issue(locale, "INVALID_MOTIVO", params, { field: "motivo" }),
  });
  if (typeof value !== "object" || Array.isArray(value)) return fail({ problem: "type" });
  const { codigo, descripcion } = value as Record<string, unknown>;
  if (!isVoidReasonCode(codigo)) {
    if (codigo === undefined || codigo === null) return fail({ problem: "codigo" });
    const shown = typeof codigo === "string" ? codigo : jsonPreview(codigo, MAX_SHOWN_CHARS - 1);
    return fail({ problem: "codigo", value: shown });
  }
  if (descripcion !== undefined && descripcion !== null && typeof descripcion !== "string") {
    return fail({ problem: "descripcion" });
  }
  const text = typeof descripcion === "string" ? descripcion.trim() : "";
  if (text.length > VOID_REASON_TEXT_MAX) return fail({ problem: "descripcion", length: text.length });
  return { reason: { code: codigo, text: text === "" ? null : text } };
}

function failed(issues: VoidValidationIssue[]): VoidValidationResult {
  return { ok: false, issues: issues.slice(0, MAX_ISSUES_LISTED), issueCount: issues.length };
}

/**
 * Validates a whole void request body (already JSON-parsed, any shape) and derives its plan.
 * Every problem is listed, not only the first. Never throws on odd input.
 */
export function validateVoidRequest(body: unknown, options: ValidateOptions = {}): VoidValidationResult {
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return failed([typeIssue(locale, "El cuerpo de la solicitud", "object")]);
  }
  const record = body as Record<string, unknown>;
  const issues: VoidValidationIssue[] = [];
  const fecha = fechaOf(record, locale, options.now);
  if (fecha.issue) issues.push(fecha.issue);
  const motivo = motivoOf(record, locale);
  if (motivo.issue) issues.push(motivo.issue);

  const rawRanges = record.ranges;
  if (rawRanges === undefined || rawRanges === null || (Array.isArray(rawRanges) && rawRanges.length === 0)) {
    return failed([issue(locale, "MISSING_RANGES", {}, { field: "ranges" }), ...issues]);
  }
  if (!Array.isArray(rawRanges)) return failed([typeIssue(locale, "ranges", "array"), ...issues]);

  const ranges: ValidatedRange[] = [];
  for (let index = 0; index < rawRanges.length; index++) {
    const result = validateRangeLine(rawRanges[index], index + 1, locale);
    if (result.ok) ranges.push(result.range);
    else issues.push(result.issue);
  }
  const blocks = groupIntoBlocks(ranges);
  issues.push(...overlapIssues(ranges, locale), ...limitIssues(blocks, locale));
  if (issues.length > 0) return failed(issues);

  let totalVoided = 0;
  for (const block of blocks) totalVoided += block.cantidad;
  return {
    ok: true,
    plan: {
      ranges,
      blocks,
      totalVoided,
      fechaHoraAnulacion: fecha.fecha!,
      ...(motivo.reason ? { reason: motivo.reason } : {}),
    },
  };
}
