import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseVoidNcfRequest, voidNcfRequestSchema } from "./void-ncf";

const valid = { ranges: [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000003" }] };

describe("void-ncf request schema (shared by the portal form and the handler)", () => {
  it("turns a valid body into the plan", () => {
    const result = voidNcfRequestSchema().safeParse(valid);
    expect(result.success && result.data.totalVoided).toBe(3);
  });

  it("reports each problem as a zod issue on the line's path, with the spec code", () => {
    const result = voidNcfRequestSchema("en").safeParse({
      ranges: [valid.ranges[0], { secuenciaDesde: "E310000000002", secuenciaHasta: "E310000000002" }],
    });
    expect(result.success).toBe(false);
    const [issue] = result.error!.issues;
    expect(issue).toMatchObject({
      path: ["ranges", 1],
      params: { code: "OVERLAPPING_RANGES", line: 2, relatedLine: 1 },
    });
    expect(issue!.message).toMatch(/^Line 2: .* overlaps line 1/);
  });

  it("the handler's parse throws the spec's 400 AppError", () => {
    expect(() => parseVoidNcfRequest({ ranges: [] })).toThrow(AppError);
    try {
      parseVoidNcfRequest({ ranges: [] });
    } catch (error) {
      expect((error as AppError).toBody()).toMatchObject({ code: "MISSING_RANGES" });
      expect((error as AppError).status).toBe(400);
    }
  });
});
