import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";

import { nextPageQuery, readVoidFilters } from "./void-filters";
import { loadVoidPage, type VoidPage } from "./void-history";

let database: TestDatabase;
let owner: TestAccount;
const expected: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createTestAccount();
  const small = sampleVoidContent(2);
  // A 12,000-range void (~1.3 MB as the REST list bounds it) between small ones: the REST list
  // would give it a page of its own; the history keeps its steady page size around it.
  const large = sampleVoidContent(12_000);
  const base = 1_800_000_000_000;
  for (let i = 0; i < 7; i++) {
    const id = `01930000-0000-7000-8000-${String(i + 1).padStart(12, "0")}`;
    await storeAcceptedVoid(database.prisma, owner.auth, i === 4 ? large : small, id, base + i * 1_000);
    expected.unshift(id);
  }
}, 60_000);
afterAll(async () => database?.dispose());

type OkPage = Extract<VoidPage, { ok: true }>;

async function walk(limit: number): Promise<OkPage[]> {
  const pages: OkPage[] = [];
  let filters = readVoidFilters({ env: "TesteCF" }, "TesteCF");
  for (;;) {
    const page = await loadVoidPage(owner.auth.accountId, filters, limit);
    if (!page.ok) throw new Error(page.message);
    pages.push(page);
    if (!page.nextToken) return pages;
    filters = readVoidFilters(
      Object.fromEntries(new URLSearchParams(nextPageQuery(filters, page.nextToken))),
      "TesteCF",
    );
  }
}

describe("the history's pages", () => {
  it("hold a steady number of rows (a large void included), know the total and where they start", async () => {
    const pages = await walk(3);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.map((page) => page.before)).toEqual([0, 3, 6]);
    expect(pages.flatMap((page) => page.items.map((item) => item.voidId))).toEqual(expected);
  });

  it("offer no next page on the last one, even when it is exactly full", async () => {
    const pages = await walk(7);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.items).toHaveLength(7);
    expect(pages[0]!.nextToken).toBeUndefined();
  });

  it("count only what the filters match", async () => {
    const filters = readVoidFilters({ env: "TesteCF", status: "Rechazado" }, "TesteCF");
    const page = await loadVoidPage(owner.auth.accountId, filters, 25);
    expect(page).toMatchObject({ ok: true, total: 0, before: 0, items: [] });
  });
});
