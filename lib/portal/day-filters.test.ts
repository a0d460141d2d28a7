import { describe, expect, it } from "vitest";

import { documentListFiltersOf, documentListFiltersSchema } from "@/lib/schemas/documents-list";

import { readActivityPageFilters, toActivityFilters } from "./activity-view";
import { readVoidFilters, toListSearchParams } from "./void-filters";

/** The filter forms' days are typed dd-mm-aaaa; links and bookmarks may carry yyyy-MM-dd. */
describe("date filters typed dd-mm-aaaa", () => {
  it("the history reads 01-11-2026 as the 1st of November, like 2026-11-01", () => {
    const typed = readVoidFilters({ from: "01-11-2026", to: "30-11-2026" }, "TesteCF");
    expect(typed).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    const iso = readVoidFilters({ from: "2026-11-01", to: "2026-11-30" }, "TesteCF");
    expect(toListSearchParams(typed, 25).toString()).toBe(toListSearchParams(iso, 25).toString());
    // Not a day: kept as typed, so the list's own validation says so.
    expect(readVoidFilters({ from: "31-02-2026" }, "TesteCF").from).toBe("31-02-2026");
  });

  it("the activity log, the same", () => {
    const filters = readActivityPageFilters({ from: "1/11/2026", to: "30-11-2026" });
    expect(filters).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    expect(toActivityFilters(filters)).not.toBeNull();
  });

  it("the documents list, the same; an unreal day is refused in words", () => {
    const parsed = documentListFiltersSchema.safeParse(documentListFiltersOf({ from: "01-11-2026", to: "" }));
    expect(parsed.success && parsed.data.from).toBe("2026-11-01");
    const bad = documentListFiltersSchema.safeParse(documentListFiltersOf({ from: "31-02-2026" }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain("dd-mm-aaaa");
  });
});
