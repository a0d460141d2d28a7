import type { Locale } from "@/lib/domain/locale";
import { voidMessage } from "@/lib/domain/void-messages";
import { overlapsBySerieTipo } from "@/lib/domain/intervals";
import {
  groupIntoBlocks,
  limitIssues,
  validateRangeLine,
  type LineResult,
  type ValidatedRange,
  type VoidBlock,
  type VoidValidationIssue,
} from "@/lib/domain/void-request";
import { parsePastedRanges } from "@/lib/domain/paste-ranges";

/**
 * The range editor's state and its analysis, pure (no React) so it is unit-tested and measured.
 * Lines are immutable objects: an edit replaces one object, so the per-line validation cache (a
 * WeakMap keyed by the object) keeps the other 9,999 results and a keystroke validates one line.
 */
export interface LineDraft {
  readonly id: number;
  readonly desde: string;
  readonly hasta: string;
  /** A pasted third column: the count the user's sheet expects, checked against the range until an edit. */
  readonly cantidad?: number;
}

/** A line as inserted, pasted or restored from a saved draft. */
export interface LineInput {
  desde: string;
  hasta: string;
  cantidad?: number;
}

export interface EditorState {
  lines: LineDraft[];
  nextId: number;
}

export type EditorAction =
  | { type: "edit"; index: number; field: "desde" | "hasta"; value: string }
  | { type: "insert"; index: number; ranges: LineInput[] }
  /** One line replaced by others (the already voided part cut out); none left → the line goes. */
  | { type: "replace"; line: LineDraft; ranges: LineInput[] }
  /** A saved draft restored: the editor's lines become these. */
  | { type: "load"; ranges: LineInput[] }
  | { type: "paste"; index: number; text: string }
  | { type: "remove"; index: number }
  | { type: "move"; index: number; delta: -1 | 1 }
  | { type: "clear" };

/** e-NCF are capitals without spaces: normalize as typed, so "e31 000…" still reads right. */
export function normalizeEncfInput(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function initialEditorState(): EditorState {
  return { lines: [{ id: 1, desde: "", hasta: "" }], nextId: 2 };
}

export const isBlankLine = (line: LineDraft) => line.desde === "" && line.hasta === "";

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const lines = state.lines;
  switch (action.type) {
    case "edit": {
      const current = lines[action.index];
      if (!current) return state;
      const next = lines.slice();
      // An edit means the user looked at the line: the pasted cantidad is no longer compared.
      next[action.index] = {
        id: current.id,
        desde: current.desde,
        hasta: current.hasta,
        [action.field]: normalizeEncfInput(action.value),
      };
      return { ...state, lines: next };
    }
    case "insert":
    case "paste": {
      const ranges =
        action.type === "insert"
          ? action.ranges
          : parsePastedRanges(action.text).map((r) => ({
              desde: r.secuenciaDesde,
              hasta: r.secuenciaHasta,
              cantidad: r.cantidad,
            }));
      if (ranges.length === 0) return state;
      let nextId = state.nextId;
      const created = ranges.map((r) => createLine(nextId++, r));
      const at = Math.max(0, Math.min(action.index, lines.length));
      // Pasting onto an empty line fills it instead of leaving a blank line above the paste.
      const replace = lines[at] !== undefined && isBlankLine(lines[at]) ? 1 : 0;
      const next = lines.slice(0, at).concat(created, lines.slice(at + replace));
      return { lines: next, nextId };
    }
    case "remove": {
      if (lines.length <= 1)
        return { lines: [{ id: state.nextId, desde: "", hasta: "" }], nextId: state.nextId + 1 };
      return { ...state, lines: lines.filter((_, i) => i !== action.index) };
    }
    case "move": {
      const target = action.index + action.delta;
      if (target < 0 || target >= lines.length) return state;
      const next = lines.slice();
      [next[action.index], next[target]] = [next[target]!, next[action.index]!];
      return { ...state, lines: next };
    }
    case "replace": {
      const at = lines.indexOf(action.line);
      if (at < 0) return state;
      let nextId = state.nextId;
      const created = action.ranges.map((r) => createLine(nextId++, r));
      const next = lines.slice(0, at).concat(created, lines.slice(at + 1));
      return next.length > 0
        ? { lines: next, nextId }
        : { lines: [createLine(nextId, EMPTY)], nextId: nextId + 1 };
    }
    case "load": {
      if (action.ranges.length === 0) return state;
      let nextId = state.nextId;
      return { lines: action.ranges.map((r) => createLine(nextId++, r)), nextId };
    }
    case "clear":
      return { lines: [{ id: state.nextId, desde: "", hasta: "" }], nextId: state.nextId + 1 };
  }
}

const EMPTY: LineInput = { desde: "", hasta: "" };

function createLine(id: number, input: LineInput): LineDraft {
  const line = { id, desde: normalizeEncfInput(input.desde), hasta: normalizeEncfInput(input.hasta) };
  return input.cantidad !== undefined && Number.isSafeInteger(input.cantidad)
    ? { ...line, cantidad: input.cantidad }
    : line;
}

/** The body range of a line: an empty "hasta" means the single sequence "desde". */
export function lineToRange(line: LineDraft): { secuenciaDesde: string; secuenciaHasta: string } {
  return { secuenciaDesde: line.desde, secuenciaHasta: line.hasta === "" ? line.desde : line.hasta };
}

export type LineStatus =
  | { kind: "blank" }
  | { kind: "valid"; range: ValidatedRange }
  /** A valid range whose pasted cantidad says otherwise: a problem to fix (the sheet and the range disagree). */
  | { kind: "quantity"; range: ValidatedRange; pasted: number }
  | { kind: "invalid"; issue: VoidValidationIssue };

export interface EditorAnalysis {
  statuses: LineStatus[];
  /** Editor index → the indices of the lines it overlaps (each pair appears on both lines). */
  overlaps: Map<number, number[]>;
  blocks: VoidBlock[];
  totalVoided: number;
  validCount: number;
  invalidCount: number;
  blankCount: number;
  /** Limits of the spec (types per request, ranges per type, NUM 10 totals) already exceeded. */
  limitProblems: VoidValidationIssue[];
  firstProblemIndex: number;
  /** Nothing to fix and at least one range: the request can be reviewed and sent. */
  ready: boolean;
}

/** What the analyzer keeps per line object: the verdict, and objects reused on every pass. */
interface LineEntry {
  result: LineResult;
  status: LineStatus;
  /** For valid lines: the overlap candidate, its `line` updated to the current index each pass. */
  candidate?: OverlapCandidate;
}

const BLANK: LineStatus = { kind: "blank" };

/**
 * Validates lines with a per-object cache; one instance per editor (and per locale). Status and
 * candidate objects are reused, so a keystroke with 10,000 lines allocates almost nothing (and the
 * memoized rows that did not change keep equal props).
 */
export class EditorAnalyzer {
  private cache = new WeakMap<LineDraft, LineEntry>();

  constructor(readonly locale: Locale) {}

  private entry(line: LineDraft, index: number): LineEntry {
    let entry = this.cache.get(line);
    if (!entry) {
      const result = validateRangeLine(lineToRange(line), index + 1, this.locale);
      entry =
        result.ok && line.cantidad !== undefined && line.cantidad !== result.range.cantidad
          ? { result, status: { kind: "quantity", range: result.range, pasted: line.cantidad } }
          : result.ok
            ? {
                result,
                status: { kind: "valid", range: result.range },
                candidate: { ...pickCandidate(result.range), line: index },
              }
            : { result, status: { kind: "invalid", issue: result.issue } };
      this.cache.set(line, entry);
    }
    return entry;
  }

  /** The domain's verdict on one line (validateRangeLine, the API's rules), cached per line object. */
  lineResult(line: LineDraft, index: number): LineResult {
    return this.entry(line, index).result;
  }

  analyze(lines: readonly LineDraft[]): EditorAnalysis {
    const statuses: LineStatus[] = new Array(lines.length);
    const candidates: OverlapCandidate[] = [];
    const valid: ValidatedRange[] = [];
    let invalidCount = 0;
    let blankCount = 0;
    let firstProblemIndex = -1;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (isBlankLine(line)) {
        statuses[i] = BLANK;
        blankCount++;
        continue;
      }
      const entry = this.entry(line, i);
      statuses[i] = entry.status;
      if (entry.candidate) {
        valid.push((entry.status as { range: ValidatedRange }).range);
        // The cached range may carry an old line number (lines move); overlaps need the current one.
        entry.candidate.line = i;
        candidates.push(entry.candidate);
      } else {
        invalidCount++;
        if (firstProblemIndex < 0) firstProblemIndex = i;
      }
    }
    const overlaps = new Map<number, number[]>();
    for (const [a, b] of overlapsBySerieTipo(candidates)) {
      addOverlap(overlaps, a.line, b.line);
      addOverlap(overlaps, b.line, a.line);
    }
    for (const index of overlaps.keys()) {
      if (firstProblemIndex < 0 || index < firstProblemIndex) firstProblemIndex = index;
    }
    const blocks = groupIntoBlocks(valid);
    let totalVoided = 0;
    for (const block of blocks) totalVoided += block.cantidad;
    const limitProblems = limitIssues(blocks, this.locale);
    return {
      statuses,
      overlaps,
      blocks,
      totalVoided,
      validCount: valid.length,
      invalidCount,
      blankCount,
      limitProblems,
      firstProblemIndex,
      ready: valid.length > 0 && invalidCount === 0 && overlaps.size === 0 && limitProblems.length === 0,
    };
  }

  /**
   * The message under a line, in plain words: the domain's message with the current line number
   * (lines move, the cache may hold an older one) and "«Desde»/«Hasta»" instead of field names.
   */
  lineMessage(
    line: LineDraft,
    index: number,
    status: LineStatus,
    fieldNames: { desde: string; hasta: string },
  ): string | undefined {
    if (status.kind !== "invalid") return undefined;
    let issue: VoidValidationIssue | undefined = status.issue;
    if (issue.line !== index + 1) {
      const fresh = validateRangeLine(lineToRange(line), index + 1, this.locale);
      issue = fresh.ok ? undefined : fresh.issue;
    }
    return issue?.message
      .replaceAll("secuenciaDesde", fieldNames.desde)
      .replaceAll("secuenciaHasta", fieldNames.hasta);
  }

  /** "Line 7: … overlaps line 3 (…)" for a line and the first line it overlaps. */
  overlapMessage(lines: readonly LineDraft[], index: number, otherIndex: number): string {
    const self = lineToRange(lines[index]!);
    const other = lineToRange(lines[otherIndex]!);
    return voidMessage(this.locale, "OVERLAPPING_RANGES", {
      line: index + 1,
      desde: self.secuenciaDesde,
      hasta: self.secuenciaHasta,
      otherLine: otherIndex + 1,
      otherDesde: other.secuenciaDesde,
      otherHasta: other.secuenciaHasta,
    });
  }
}

/** What overlap detection reads of a valid line; `line` is its current editor index. */
interface OverlapCandidate {
  serie: string;
  tipoeCF: string;
  desde: number;
  hasta: number;
  line: number;
}

function pickCandidate({ serie, tipoeCF, desde, hasta }: ValidatedRange) {
  return { serie, tipoeCF, desde, hasta };
}

function addOverlap(map: Map<number, number[]>, index: number, other: number): void {
  const list = map.get(index);
  if (list) list.push(other);
  else map.set(index, [other]);
}

/** The request's non-blank lines and, for each request line, its editor index (to map server lines back). */
export function requestLines(lines: readonly LineDraft[]): {
  ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>;
  editorIndex: number[];
} {
  const ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }> = [];
  const editorIndex: number[] = [];
  lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    ranges.push(lineToRange(line));
    editorIndex.push(index);
  });
  return { ranges, editorIndex };
}
