import { describe, expect, it } from "vitest";

import { dayBoundaryMs, formatFechaHora } from "@/lib/domain/fecha";

import {
  MAX_BACK_PAGES,
  nextPageQuery,
  previousPageQuery,
  readVoidFilters,
  toListSearchParams,
  toPageQuery,
} from "./void-filters";

describe("void history filters", () => {
  it("turns calendar days into Santo Domingo day boundaries", () => {
    const start = dayBoundaryMs("2026-03-05", "start")!;
    const end = dayBoundaryMs("2026-03-05", "end")!;
    expect(formatFechaHora(start)).toBe("05-03-2026 00:00:00");
    expect(formatFechaHora(end)).toBe("05-03-2026 23:59:59");
    expect(end - start).toBe(24 * 60 * 60 * 1000 - 1);
    expect(dayBoundaryMs("2026-02-30", "start")).toBeNull();
    expect(dayBoundaryMs("05-03-2026", "start")).toBeNull();
  });

  it("reads the URL, ignoring unknown statuses and environments", () => {
    expect(readVoidFilters({ status: "Borrado", env: "Prod", from: " " }, "CerteCF")).toEqual({
      status: undefined,
      from: undefined,
      to: undefined,
      environment: "CerteCF",
      cursor: undefined,
      back: [],
    });
    expect(readVoidFilters({ status: "Error", env: "eCF", cursor: "abc" }, "TesteCF")).toMatchObject({
      status: "Error",
      environment: "eCF",
      cursor: "abc",
    });
  });

  it("builds the REST list query and passes malformed days through for the API to reject", () => {
    const query = toListSearchParams(
      { status: "Aceptado", from: "2026-01-01", to: "bad", environment: "TesteCF", cursor: "tok" },
      25,
    );
    expect(query.get("status")).toBe("Aceptado");
    expect(query.get("fromDate")).toBe(String(dayBoundaryMs("2026-01-01", "start")));
    expect(query.get("toDate")).toBe("bad");
    expect(query.get("nextToken")).toBe("tok");
    expect(query.get("limit")).toBe("25");
  });

  it("walks forward and back through pages: each next page remembers the way back", () => {
    const read = (query: string) =>
      readVoidFilters(Object.fromEntries(new URLSearchParams(query)), "TesteCF");
    const page1 = read("env=eCF&status=Error");
    expect(previousPageQuery(page1)).toBeNull();
    const page2 = read(nextPageQuery(page1, "c2"));
    expect(page2).toMatchObject({ cursor: "c2", back: [], status: "Error", environment: "eCF" });
    const page3 = read(nextPageQuery(page2, "c3"));
    expect(page3).toMatchObject({ cursor: "c3", back: ["c2"] });
    const page4 = read(nextPageQuery(page3, "c4"));
    expect(page4).toMatchObject({ cursor: "c4", back: ["c2", "c3"] });
    expect(read(previousPageQuery(page4)!)).toMatchObject({ cursor: "c3", back: ["c2"] });
    expect(read(previousPageQuery(page3)!)).toMatchObject({ cursor: "c2", back: [] });
    expect(previousPageQuery(page2)).toBe("env=eCF&status=Error");
  });

  it("keeps at most 50 pages of way back, and drops cursors that cannot be ours", () => {
    const many = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const filters = readVoidFilters(
      { env: "TesteCF", cursor: "x", back: [...many, "bad!", ""].join(".") },
      "TesteCF",
    );
    expect(filters.back).toEqual(many.slice(-MAX_BACK_PAGES));
  });

  it("reads the reason filter (a 608 code or none), passes it to the list as motivo and keeps it in links", () => {
    expect(readVoidFilters({ motivo: "08" }, "TesteCF").reason).toBe("08");
    expect(readVoidFilters({ motivo: "none" }, "TesteCF").reason).toBe("none");
    for (const motivo of ["8", "11", "ninguno", " "]) {
      expect(readVoidFilters({ motivo }, "TesteCF")).not.toHaveProperty("reason");
    }
    expect(toListSearchParams({ environment: "TesteCF", reason: "10" }, 25).get("motivo")).toBe("10");
    expect(toListSearchParams({ environment: "TesteCF" }, 25).has("motivo")).toBe(false);
    const query = toPageQuery({ environment: "eCF", reason: "none" }, "next");
    expect(query).toBe("env=eCF&motivo=none&cursor=next");
    expect(readVoidFilters(Object.fromEntries(new URLSearchParams(query)), "TesteCF")).toMatchObject({
      reason: "none",
      cursor: "next",
    });
  });

  it("keeps filters in page links", () => {
    expect(toPageQuery({ environment: "eCF", status: "Error", from: "2026-01-01" }, "next")).toBe(
      "env=eCF&status=Error&from=2026-01-01&cursor=next",
    );
  });
});

describe("integration examples", () => {
  it("use this deployment's origin, the chosen environment and the user's login", async () => {
    const { integrationExamples, originFromHeaders } = await import("./integration-examples");
    const examples = integrationExamples("https://anula.example.do/", "CerteCF", "ana@empresa.do");
    expect(examples.token).toContain("curl -sS -X POST 'https://anula.example.do/auth/token'");
    expect(examples.token).toContain('"username":"ana@empresa.do"');
    expect(examples.void).toContain("https://anula.example.do/CerteCF/customer/void-ncf");
    expect(examples.document).toContain("X-API-KEY: $API_KEY");
    expect(examples.batch).toContain("/CerteCF/documentos-ecf/status/batch");
    const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
    expect(originFromHeaders(headers({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(
      originFromHeaders(headers({ host: "x", "x-forwarded-host": "anula.do", "x-forwarded-proto": "https" })),
    ).toBe("https://anula.do");
  });
});
