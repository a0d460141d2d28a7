import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { LIST_PAGE_MAX_BYTES } from "./list-voids";
import { sampleVoidContent, storeAcceptedVoid } from "./testing/stored-voids";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

let app: VoidTestApp;
let account: TestAccount;
let counter = 0;

/** Stores an accepted void of `count` ranges directly (the list reads what is stored). */
async function storeVoid(owner: TestAccount, count: number, createdAt: number): Promise<string> {
  counter += 1;
  const id = `01920000-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  return storeAcceptedVoid(app.db.prisma, owner.auth, sampleVoidContent(count), id, createdAt);
}

const list = (query: string, token = account.idToken) =>
  fetch(`${app.server.url}/TesteCF/customer/void-ncf${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  app = await startVoidTestApp();
  account = await createTestAccount({ certificate: true });
});
afterAll(async () => app?.close());

describe("GET void-ncf: pages bounded in bytes", () => {
  it("gives fewer items than `limit` when they are large, never over ~1 MB, and nextToken reaches every one", async () => {
    const owner = await createTestAccount();
    const base = 1_800_000_000_000;
    // Newest first: 3 small, then 4 of 6,000 ranges (~0.6 MB each), then 2 small.
    const expected: string[] = [];
    for (let i = 0; i < 9; i++) {
      const size = i >= 2 && i < 6 ? 6_000 : 3;
      expected.unshift(await storeVoid(owner, size, base + i * 1_000));
    }
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let token: string | undefined;
    do {
      const response = await list(
        `?limit=100${token ? `&nextToken=${encodeURIComponent(token)}` : ""}`,
        owner.idToken,
      );
      const text = await response.text();
      expect(response.status).toBe(200);
      const page = JSON.parse(text) as {
        items: Array<{ voidId: string; ranges: unknown[] }>;
        nextToken?: string;
      };
      expect(page.items.length).toBeGreaterThanOrEqual(1);
      if (page.items.length > 1) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIST_PAGE_MAX_BYTES);
      pageSizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.voidId));
      token = page.nextToken;
    } while (token);
    expect(seen).toEqual(expected);
    expect(pageSizes.length).toBeGreaterThan(2); // the large items split the 100-item page
    expect(Math.max(...pageSizes)).toBeLessThan(9);
  });

  it("gives one item alone when it is larger than the bound: the spec's item stays whole", async () => {
    const owner = await createTestAccount();
    await storeVoid(owner, 12_000, 1_800_000_000_000);
    await storeVoid(owner, 12_000, 1_800_000_001_000);
    const response = await list("?limit=25", owner.idToken);
    const page = (await response.json()) as { items: Array<{ ranges: unknown[] }>; nextToken?: string };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.ranges).toHaveLength(12_000);
    expect(page.nextToken).toBeTruthy();
  });

  it("keeps `limit` for small voids, and ?voidId= streams the whole record", async () => {
    const owner = await createTestAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await storeVoid(owner, 2, 1_800_000_000_000 + i));
    const page = (await (await list("?limit=3", owner.idToken)).json()) as {
      items: unknown[];
      nextToken?: string;
    };
    expect(page.items).toHaveLength(3);
    expect(page.nextToken).toBeTruthy();

    const largeId = await storeVoid(owner, 20_000, 1_800_000_100_000);
    const single = await list(`?voidId=${largeId}`, owner.idToken);
    expect(single.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(single.headers.get("content-length")).toBeNull(); // sent in chunks as it is read
    const record = (await single.json()) as { voidId: string; ranges: unknown[] };
    expect(record.voidId).toBe(largeId);
    expect(record.ranges).toHaveLength(20_000);
  });
});
