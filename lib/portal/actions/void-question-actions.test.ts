import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { loadDgiiQuestions } from "../void-settlement";
import { askDgiiAboutVoidAction } from "./void-question-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

/**
 * "Consultar a la DGII" from the void's page: approvers ask, DGII's failure comes back in words, the
 * page reads the stored answers back (files and the latest content).
 */
let app: VoidTestApp;
let approver: TestAccount;
let operator: TestAccount;

const e31 = (n: number) => `E31${String(n).padStart(10, "0")}`;

async function errorVoid(from: number): Promise<string> {
  app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
  const response = await app.call("POST", "/TesteCF/customer/void-ncf", {
    token: approver.idToken,
    body: { ranges: [{ secuenciaDesde: e31(from), secuenciaHasta: e31(from + 4) }] },
  });
  expect(response.status).toBe(502);
  return response.body.voidId as string;
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 1_500, responseTimeoutMs: 4_000 });
  approver = await createTestAccount({ roles: ["approver", "operator"], certificate: true });
  operator = await createTestAccount({ roles: ["operator"], certificate: true });
}, 60_000);
afterAll(async () => app?.close());
beforeEach(() => {
  app.simulator.admin.clearFaults();
  setSession({ userId: approver.auth.userId, signedInAt: Date.now() });
});

describe("askDgiiAboutVoidAction", () => {
  it("asks, shows DGII's answers per bound, and the page reads them back as evidence", async () => {
    const voidId = await errorVoid(800_001);
    app.simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "t-page-1",
      rnc: approver.auth.rnc,
      encf: e31(800_001),
      codigo: 1,
    });
    expect(await loadDgiiQuestions(approver.auth.accountId, voidId)).toEqual({ files: [], latest: null });

    const answer = await askDgiiAboutVoidAction(voidId, "TesteCF");
    if (!answer.ok) throw new Error(answer.message);
    expect(
      answer.question.answers.map((bound) => [bound.encf, bound.trackIds.map((t) => t.trackId)]),
    ).toEqual([
      [e31(800_001), ["t-page-1"]],
      [e31(800_005), []],
    ]);
    expect(answer.question.answers[0]!.trackIds[0]).toMatchObject({ estado: "Aceptado" });

    const stored = await loadDgiiQuestions(approver.auth.accountId, voidId);
    expect(stored.files).toEqual([answer.evidence]);
    expect(stored.latest).toEqual(answer.question);
  });

  it("DGII failing, or a refusal: words in the user's language, nothing stored", async () => {
    const voidId = await errorVoid(800_101);
    app.simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500, count: 10 });
    const failed = await askDgiiAboutVoidAction(voidId, "TesteCF");
    expect(failed).toMatchObject({ ok: false, message: expect.stringContaining("DGII") });
    expect(await askDgiiAboutVoidAction(voidId, "eCF")).toMatchObject({
      ok: false,
      message: expect.stringContaining("No existe la anulación"),
    });
    expect(await askDgiiAboutVoidAction(voidId, "Nada")).toMatchObject({ ok: false });
    expect((await loadDgiiQuestions(approver.auth.accountId, voidId)).files).toEqual([]);
  });

  it("only whoever may settle asks (an operator is refused: FORBIDDEN)", async () => {
    const voidId = await errorVoid(800_201);
    setSession({ userId: operator.auth.userId, signedInAt: Date.now() });
    await expect(askDgiiAboutVoidAction(voidId, "TesteCF")).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
