import { describe, expect, it } from "vitest";

import { pageOf, readPageNumber } from "./page-of";

const TEN_THOUSAND = Array.from({ length: 10_000 }, (_, index) => index + 1);

describe("pageOf: one page of a long list", () => {
  it("sends 100 of 10,000 ranges, with the total and where the page lies", () => {
    const first = pageOf(TEN_THOUSAND, 1, 100);
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).toBe(1);
    expect(first.items[99]).toBe(100);
    expect(first).toMatchObject({ page: 1, pages: 100, total: 10_000, from: 1, to: 100 });

    const third = pageOf(TEN_THOUSAND, 3, 100);
    expect(third.items[0]).toBe(201);
    expect(third).toMatchObject({ page: 3, from: 201, to: 300 });

    const last = pageOf(TEN_THOUSAND, 100, 100);
    expect(last.items.at(-1)).toBe(10_000);
    expect(last).toMatchObject({ page: 100, from: 9_901, to: 10_000 });
  });

  it("a short last page holds only what is left", () => {
    const page = pageOf(
      Array.from({ length: 250 }, (_, i) => i),
      3,
      100,
    );
    expect(page.items).toHaveLength(50);
    expect(page).toMatchObject({ page: 3, pages: 3, total: 250, from: 201, to: 250 });
  });

  it("a page past the end shows the last page; zero or less the first", () => {
    expect(pageOf(TEN_THOUSAND, 5_000, 100)).toMatchObject({ page: 100, from: 9_901 });
    expect(pageOf(TEN_THOUSAND, 0, 100)).toMatchObject({ page: 1, from: 1 });
    expect(pageOf(TEN_THOUSAND, -4, 100)).toMatchObject({ page: 1, from: 1 });
  });

  it("an empty list is one empty page", () => {
    expect(pageOf([], 2, 100)).toEqual({ items: [], page: 1, pages: 1, total: 0, from: 0, to: 0 });
  });

  it("refuses a page size that is not a whole number ≥ 1", () => {
    expect(() => pageOf(TEN_THOUSAND, 1, 0)).toThrow(RangeError);
    expect(() => pageOf(TEN_THOUSAND, 1, 2.5)).toThrow(RangeError);
  });
});

describe("readPageNumber: the page an address asks for", () => {
  it("reads a whole number and falls back to the first page otherwise", () => {
    expect(readPageNumber("7")).toBe(7);
    expect(readPageNumber(["4", "9"])).toBe(4);
    expect(readPageNumber(undefined)).toBe(1);
    expect(readPageNumber("0")).toBe(1);
    expect(readPageNumber("-2")).toBe(1);
    expect(readPageNumber("2.5")).toBe(1);
    expect(readPageNumber("abc")).toBe(1);
    expect(readPageNumber("9".repeat(12))).toBe(1);
  });
});
