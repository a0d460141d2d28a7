import { describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";

import { MAX_JSON_DEPTH, nestingExceeds, parseJsonBytes } from "./read-json-body";

const bytes = (text: string) => new TextEncoder().encode(text);
const nestedList = (depth: number, leaf = "1") => "[".repeat(depth) + leaf + "]".repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

function parseError(text: string): AppError {
  try {
    parseJsonBytes(bytes(text));
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected parseJsonBytes to refuse the body");
}

describe("parseJsonBytes: nesting depth", () => {
  it(`parses ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} with 400 INVALID_JSON`, () => {
    expect(parseJsonBytes(bytes(nestedList(MAX_JSON_DEPTH)))).toBeTruthy();
    expect(parseJsonBytes(bytes(nestedObject(MAX_JSON_DEPTH)))).toBeTruthy();
    for (const text of [nestedList(MAX_JSON_DEPTH + 1), nestedObject(MAX_JSON_DEPTH + 1)]) {
      const error = parseError(text);
      expect(error).toMatchObject({ code: "INVALID_JSON", status: 400 });
      expect(error.message).toMatch(/más de 64 niveles/);
    }
  });

  it("refuses 10,000 and 1,000,000 levels anywhere in a body, quickly", () => {
    const started = performance.now();
    for (const text of [
      nestedList(1_000_000),
      `{"ranges":[{"secuenciaDesde":"E310000000001","secuenciaHasta":"E310000000001"}],"fechaHoraAnulacion":${nestedList(10_000)}}`,
      `{"documents":[{"ncf":"E310000000001","taxauthResponse":[{"a":${nestedList(10_000)}}]}]}`,
    ]) {
      expect(parseError(text).code).toBe("INVALID_JSON");
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("counts only brackets outside strings, escaped quotes included", () => {
    const inString = JSON.stringify({ text: "[".repeat(500) + '\\"{{{' + "{".repeat(500) });
    expect(nestingExceeds(inString, 2)).toBe(false);
    expect(parseJsonBytes(bytes(inString))).toEqual(JSON.parse(inString));
    // A string ending in a backslash must not hide the brackets after it.
    expect(nestingExceeds(`["a\\\\",${nestedList(5)}]`, 5)).toBe(true);
    expect(nestingExceeds(`["a\\\\",${nestedList(4)}]`, 5)).toBe(false);
    // Closing brackets bring the depth back: many shallow siblings are fine.
    expect(nestingExceeds(`[${Array.from({ length: 1000 }, () => nestedList(60)).join(",")}]`, 64)).toBe(
      false,
    );
  });
});
