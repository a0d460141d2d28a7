import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { listPortalRanges } from "@/lib/server/credit-notes";
import { createAuthorization } from "@/lib/server/ledger";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import {
  issueCreditNoteAction,
  prepareCreditNoteAction,
  reserveCreditNoteRangeAction,
} from "./credit-note-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let admin: TestAccount;

const signIn = (account: TestAccount) => setSession({ userId: account.auth.userId, signedInAt: Date.now() });
async function refusedCode(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "none";
  } catch (error) {
    return (error as { code?: string }).code ?? "thrown";
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
  await createAuthorization({
    accountId: admin.auth.accountId,
    environment: "TesteCF",
    body: {
      secuenciaDesde: "E340000000001",
      secuenciaHasta: "E340000000500",
      fechaAutorizacion: "01-01-2026",
    },
    createdBy: "admin@test",
  });
});
afterAll(async () => database?.dispose());

describe("the portal's credit-note actions", () => {
  it("an administrator reserves the E34 sub-range; a refusal is said in words", async () => {
    signIn(admin);
    expect(
      await reserveCreditNoteRangeAction({
        secuenciaDesde: "E340000000401",
        secuenciaHasta: "E340000000500",
      }),
    ).toEqual({ ok: true, message: "Rango reservado: E340000000401 – E340000000500." });
    expect(
      await reserveCreditNoteRangeAction({
        secuenciaDesde: "E340000000450",
        secuenciaHasta: "E340000000600",
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("autorización E34") });
    expect((await listPortalRanges(admin.auth.accountId, "TesteCF")).map((r) => r.cantidad)).toEqual([100]);
  });

  it("a person who is not an administrator cannot reserve; a viewer never prepares nor issues a note", async () => {
    const operator = await createTestAccount({ roles: ["operator"] });
    signIn(operator);
    expect(
      await refusedCode(() =>
        reserveCreditNoteRangeAction({ secuenciaDesde: "E340000000001", secuenciaHasta: "E340000000010" }),
      ),
    ).toBe("FORBIDDEN");
    const viewer = await createTestAccount({ roles: ["viewer"] });
    signIn(viewer);
    expect(await refusedCode(() => prepareCreditNoteAction("E310000000001", "Devolución"))).toBe("FORBIDDEN");
    expect(await refusedCode(() => issueCreditNoteAction("E310000000001", "Devolución"))).toBe("FORBIDDEN");
  });

  it("an e-CF the company does not hold: the clerk reads why, nothing is issued", async () => {
    signIn(admin);
    expect(await prepareCreditNoteAction("E310000000077", "Devolución")).toMatchObject({
      ok: false,
      message: expect.stringContaining("no fue emitido en Anula"),
    });
  });
});
