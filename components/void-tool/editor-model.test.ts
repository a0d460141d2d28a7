import { describe, expect, it } from "vitest";
import { formatEncf } from "@/lib/domain/encf";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { decodeRanges, encodeRanges } from "@/lib/domain/draft-codec";
import {
  EditorAnalyzer,
  editorReducer,
  initialEditorState,
  requestLines,
  type EditorAction,
  type EditorState,
} from "./editor-model";

const run = (actions: EditorAction[], state: EditorState = initialEditorState()) =>
  actions.reduce(editorReducer, state);

function pastedLines(count: number): string {
  const rows: string[] = [];
  for (let i = 0; i < count; i++)
    rows.push(`${formatEncf("E", "31", i * 10 + 1)}\t${formatEncf("E", "31", i * 10 + 5)}`);
  return rows.join("\r\n");
}

describe("editorReducer", () => {
  it("pastes Excel, comma and space separated rows into the empty first line, one range per line", () => {
    const state = run([
      {
        type: "paste",
        index: 0,
        text: "E310000000001\tE310000000005\r\ne320000000007, E320000000009\n\nE330000000001",
      },
    ]);
    expect(state.lines.map(({ desde, hasta }) => [desde, hasta])).toEqual([
      ["E310000000001", "E310000000005"],
      ["E320000000007", "E320000000009"],
      ["E330000000001", "E330000000001"],
    ]);
  });

  it("inserts a paste after a non-empty line, moves and removes lines, keeps ids unique", () => {
    let state = run([{ type: "edit", index: 0, field: "desde", value: " e31 0000000100 " }]);
    expect(state.lines[0]!.desde).toBe("E310000000100");
    state = run([{ type: "paste", index: 1, text: "E320000000001\nE320000000002" }], state);
    expect(state.lines.map((line) => line.desde)).toEqual([
      "E310000000100",
      "E320000000001",
      "E320000000002",
    ]);
    state = run([{ type: "move", index: 2, delta: -1 }], state);
    expect(state.lines.map((line) => line.desde)).toEqual([
      "E310000000100",
      "E320000000002",
      "E320000000001",
    ]);
    state = run([{ type: "move", index: 0, delta: -1 }], state);
    expect(state.lines[0]!.desde).toBe("E310000000100");
    state = run([{ type: "remove", index: 0 }], state);
    expect(state.lines).toHaveLength(2);
    expect(new Set(state.lines.map((line) => line.id)).size).toBe(2);
    state = run(
      [
        { type: "remove", index: 0 },
        { type: "remove", index: 0 },
      ],
      state,
    );
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]).toMatchObject({ desde: "", hasta: "" });
  });
});

describe("EditorAnalyzer", () => {
  it("derives type and count, reads an empty 'hasta' as one sequence, ignores blank lines", () => {
    const state = run([
      { type: "edit", index: 0, field: "desde", value: "E310000000001" },
      { type: "edit", index: 0, field: "hasta", value: "E310000000010" },
      {
        type: "insert",
        index: 1,
        ranges: [
          { desde: "", hasta: "" },
          { desde: "E340000000005", hasta: "" },
        ],
      },
    ]);
    const analysis = new EditorAnalyzer("es").analyze(state.lines);
    expect(analysis.statuses.map((status) => status.kind)).toEqual(["valid", "blank", "valid"]);
    expect(analysis.blocks.map((block) => [block.tipoeCF, block.ranges.length, block.cantidad])).toEqual([
      ["31", 1, 10],
      ["34", 1, 1],
    ]);
    expect(analysis.totalVoided).toBe(11);
    expect(analysis.ready).toBe(true);
    expect(requestLines(state.lines)).toEqual({
      ranges: [
        { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000010" },
        { secuenciaDesde: "E340000000005", secuenciaHasta: "E340000000005" },
      ],
      editorIndex: [0, 2],
    });
  });

  it("flags invalid lines with the domain's message in plain words and overlapping pairs both ways", () => {
    const state = run([
      {
        type: "paste",
        index: 0,
        text: [
          "E310000000001 E310000000010",
          "E31000000001",
          "E310000000005 E310000000020",
          "E320000000001",
        ].join("\n"),
      },
    ]);
    const analyzer = new EditorAnalyzer("es");
    const analysis = analyzer.analyze(state.lines);
    expect(analysis.statuses[1]).toMatchObject({
      kind: "invalid",
      issue: { code: "INVALID_ENCF_LENGTH", line: 2 },
    });
    const message = analyzer.lineMessage(state.lines[1]!, 1, analysis.statuses[1]!, {
      desde: "«Desde»",
      hasta: "«Hasta»",
    });
    expect(message).toBe(
      'Línea 2: «Desde» "E31000000001" tiene 12 posiciones; un e-NCF tiene 13 (letra de serie, 2 dígitos de tipo y 10 de secuencia).',
    );
    expect([...analysis.overlaps.entries()]).toEqual([
      [0, [2]],
      [2, [0]],
    ]);
    expect(analyzer.overlapMessage(state.lines, 0, 2)).toContain("se solapa con la línea 3");
    expect(analysis.firstProblemIndex).toBe(0);
    expect(analysis.ready).toBe(false);
  });

  it("agrees with validateVoidRequest (the API) on which lines are wrong", () => {
    const text = [
      "E310000000001 E310000000009",
      "P310000000001",
      "E990000000001",
      "E310000000000",
      "E310000000009 F310000000010",
      "E310000000009 E320000000010",
      "E310000000009 E310000000001",
      "E310000000009 E310000000012",
    ].join("\n");
    const state = run([{ type: "paste", index: 0, text }]);
    const analysis = new EditorAnalyzer("en").analyze(state.lines);
    const api = validateVoidRequest({ ranges: requestLines(state.lines).ranges }, { locale: "en" });
    expect(api.ok).toBe(false);
    const apiCodes = api.ok ? [] : api.issues.map((issue) => [issue.line, issue.code]);
    const editorCodes = analysis.statuses.flatMap((status, index) =>
      status.kind === "invalid" ? [[index + 1, status.issue.code]] : [],
    );
    for (const index of analysis.overlaps.keys()) {
      if (index === 7) editorCodes.push([8, "OVERLAPPING_RANGES"]);
    }
    expect(editorCodes).toEqual(apiCodes);
  });

  it("revalidates only the edited line, and renumbers messages after lines move", () => {
    let state = run([{ type: "paste", index: 0, text: "E31\nE310000000001" }]);
    const analyzer = new EditorAnalyzer("es");
    const first = analyzer.analyze(state.lines);
    state = run([{ type: "edit", index: 1, field: "hasta", value: "E310000000002" }], state);
    const second = analyzer.analyze(state.lines);
    expect((second.statuses[0] as { issue: object }).issue).toBe(
      (first.statuses[0] as { issue: object }).issue,
    );
    state = run([{ type: "move", index: 0, delta: 1 }], state);
    const third = analyzer.analyze(state.lines);
    expect(analyzer.lineMessage(state.lines[1]!, 1, third.statuses[1]!, { desde: "D", hasta: "H" })).toMatch(
      /^Línea 2:/,
    );
  });

  it("shows the limits: more than 10,000 ranges of one type is a problem", () => {
    const state = run([{ type: "paste", index: 0, text: pastedLines(10_001) }]);
    const analysis = new EditorAnalyzer("es").analyze(state.lines);
    expect(analysis.limitProblems.map((issue) => issue.code)).toEqual(["TOO_MANY_RANGES"]);
    expect(analysis.ready).toBe(false);
  });

  it("pastes and analyzes 10,000 lines, then re-analyzes after one keystroke, quickly", () => {
    const analyzer = new EditorAnalyzer("es");
    const started = performance.now();
    let state = run([{ type: "paste", index: 0, text: pastedLines(10_000) }]);
    const analysis = analyzer.analyze(state.lines);
    const pasteMs = performance.now() - started;
    expect(analysis.validCount).toBe(10_000);
    expect(analysis.totalVoided).toBe(50_000);
    const keystroke = performance.now();
    state = run([{ type: "edit", index: 5000, field: "hasta", value: "E31000005000" }], state);
    const after = analyzer.analyze(state.lines);
    const keystrokeMs = performance.now() - keystroke;
    expect(after.invalidCount).toBe(1);
    // Bounds that catch a quadratic analysis (seconds), not a loaded core; typical: ~30 ms and ~3 ms.
    expect(pasteMs).toBeLessThan(1_500);
    expect(keystrokeMs).toBeLessThan(250);
  });
});

describe("draft codec", () => {
  it("round-trips ranges, odd text included", () => {
    const ranges = [
      { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000005" },
      { secuenciaDesde: "x y", secuenciaHasta: "" },
    ];
    expect(decodeRanges(encodeRanges(ranges))).toEqual(ranges);
  });
});
