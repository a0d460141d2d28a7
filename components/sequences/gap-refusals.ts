import { formatEncf, readEncf } from "@/lib/domain/encf";
import type { ProposedRange } from "@/lib/domain/gap-proposal";
import type { GapView, NumberAnswer } from "@/lib/domain/ledger-views";
import { isUsedEstado } from "@/lib/domain/sequence-use";

/**
 * A proposed number DGII says it received: never voidable from the review (used, or unknown until
 * every submission is known to be a rejection that left it unused), so it leaves the proposal at once.
 */
export interface Refusal {
  encf: string;
  /** The estado that decides the reason shown (a used one when any submission has it). */
  estado: string;
  trackIds: string[];
  /** Found by verifying a proposed gap (not a number typed in "¿Se envió este e-NCF?"). */
  proposed: boolean;
}

export { isUsedEstado };

/** The received numbers among DGII's answers, each once; `proposed` for answers about proposed gaps. */
export function refusalsOf(answers: readonly NumberAnswer[], proposed: boolean): Refusal[] {
  const found = new Map<string, Refusal>();
  for (const answer of answers) {
    if (answer.kind !== "received" || found.has(answer.encf)) continue;
    const estados = answer.trackIds.map((entry) => entry.estado);
    found.set(answer.encf, {
      encf: answer.encf,
      estado: estados.find(isUsedEstado) ?? estados.at(-1) ?? "",
      trackIds: answer.trackIds.map((entry) => entry.trackId),
      proposed,
    });
  }
  return [...found.values()];
}

/** A row of the review: a gap, a piece of a gap left after cutting refused numbers out, or a refused number. */
export type ReviewRow = GapView & {
  /** Set on the row of a refused number: shown, never selectable. */
  refusal?: Refusal;
  /** Set on a piece of a gap that held refused numbers: the numbers cut out of it. */
  cut?: string[];
};

export const rowKey = (range: ProposedRange) => `${range.secuenciaDesde}-${range.secuenciaHasta}`;

/**
 * The gaps with every refused number cut out, in order: a gap holding one becomes its pieces around
 * it, and the number itself a row of its own with its refusal (so the review shows why it left). A
 * proposed number the page no longer proposes (the ledger recorded DGII's answer and the page was
 * refreshed) keeps its row too, in its place: the reason stays where the clerk saw the number.
 */
export function cutRefused(gaps: readonly GapView[], refused: ReadonlyMap<string, Refusal>): ReviewRow[] {
  if (refused.size === 0) return [...gaps];
  const numbersByType = new Map<string, number[]>();
  for (const encf of refused.keys()) {
    const parsed = readEncf(encf);
    if (typeof parsed === "string") continue;
    const key = `${parsed.serie}${parsed.tipo}`;
    numbersByType.set(key, [...(numbersByType.get(key) ?? []), parsed.secuencia]);
  }
  for (const numbers of numbersByType.values()) numbers.sort((a, b) => a - b);
  const rows: ReviewRow[] = [];
  for (const gap of gaps) {
    const desde = readEncf(gap.secuenciaDesde);
    const hasta = readEncf(gap.secuenciaHasta);
    if (typeof desde === "string" || typeof hasta === "string") {
      rows.push(gap);
      continue;
    }
    const inside = (numbersByType.get(`${desde.serie}${desde.tipo}`) ?? []).filter(
      (n) => n >= desde.secuencia && n <= hasta.secuencia,
    );
    if (inside.length === 0) {
      rows.push(gap);
      continue;
    }
    const encf = (n: number) => formatEncf(desde.serie, desde.tipo, n);
    const cut = inside.map(encf);
    const piece = (from: number, to: number, extra: Partial<ReviewRow>): ReviewRow => ({
      ...gap,
      secuenciaDesde: encf(from),
      secuenciaHasta: encf(to),
      cantidad: to - from + 1,
      ...extra,
    });
    let from = desde.secuencia;
    for (const n of inside) {
      if (n > from) rows.push(piece(from, n - 1, { cut }));
      rows.push(piece(n, n, { refusal: refused.get(encf(n)) }));
      from = n + 1;
    }
    if (from <= hasta.secuencia) rows.push(piece(from, hasta.secuencia, { cut }));
  }
  const placed = new Set(rows.flatMap((row) => (row.refusal ? [row.refusal.encf] : [])));
  for (const refusal of refused.values()) {
    if (!refusal.proposed || placed.has(refusal.encf)) continue;
    const prefix = refusal.encf.slice(0, 3);
    const sameType = rows.flatMap((row, index) => (row.secuenciaDesde.slice(0, 3) === prefix ? [index] : []));
    const after = sameType.find((index) => rows[index]!.secuenciaDesde > refusal.encf);
    const at = after ?? (sameType.length > 0 ? sameType.at(-1)! + 1 : rows.length);
    rows.splice(at, 0, {
      kind: "salto",
      secuenciaDesde: refusal.encf,
      secuenciaHasta: refusal.encf,
      cantidad: 1,
      checked: EMPTY_CHECK,
      refusal,
    });
  }
  return rows;
}

/** The checks of a refused row the page no longer holds: never shown (its reason is what matters). */
const EMPTY_CHECK: GapView["checked"] = {
  coverageMark: 0,
  quietPeriodHours: 0,
  higherIssued: null,
  higherIssuedAt: null,
  higherIssuedAtKnown: null,
};

/** Whether a range holds any refused number (a range of "select every gap" is then left out). */
export function holdsRefused(range: ProposedRange, refused: ReadonlyMap<string, Refusal>): boolean {
  const desde = readEncf(range.secuenciaDesde);
  const hasta = readEncf(range.secuenciaHasta);
  if (typeof desde === "string" || typeof hasta === "string") return false;
  for (const encf of refused.keys()) {
    const number = readEncf(encf);
    if (typeof number === "string" || number.serie !== desde.serie || number.tipo !== desde.tipo) continue;
    if (number.secuencia >= desde.secuencia && number.secuencia <= hasta.secuencia) return true;
  }
  return false;
}
