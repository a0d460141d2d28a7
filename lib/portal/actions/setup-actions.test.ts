import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { ENTRY_POINTS } from "@/lib/server/auth/entry-points";
import { resetLoginThrottle } from "@/lib/server/auth/login-throttle";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PEER_ADDRESS_HEADER } from "@/lib/server/platform/http/client-address";
import { ensureSetupToken } from "@/lib/server/setup/setup-token";

/**
 * The /setup form's server action, as Next calls it: public (no session), refusing 403 SETUP_CLOSED
 * once a user exists or for a wrong token (same words), and redirecting to /login on success.
 */

let locale = "es";
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ [PEER_ADDRESS_HEADER]: "192.0.2.44" }),
  cookies: async () => ({
    get: (name: string) => (name === "anula_lang" ? { value: locale } : undefined),
    set: () => {},
    delete: () => {},
  }),
}));
class Redirected extends Error {
  constructor(readonly location: string) {
    super("NEXT_REDIRECT");
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
}));

const { completeSetupAction } = await import("./setup-actions");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.truncate();
  await resetLoginThrottle();
  locale = "es";
});

const FORM = {
  organizationName: "Grupo Web",
  companyName: "Web SRL",
  rnc: "131793916",
  confirmCheckDigit: false,
  email: "web@ejemplo.do",
  name: "",
  password: "clave larga 1",
  passwordConfirmation: "clave larga 1",
};

describe("completeSetupAction", () => {
  it("is declared public in the entry-point registry (nobody can be signed in yet)", () => {
    expect(ENTRY_POINTS["action completeSetupAction"]).toBe("public");
  });

  it("creates everything with the right token and sends the browser to /login with a notice", async () => {
    const issued = await ensureSetupToken(database.prisma);
    const outcome = await completeSetupAction({ ...FORM, token: ` ${issued!.token} ` }).catch(
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(Redirected);
    expect((outcome as Redirected).location).toBe("/login?notice=setupDone");
    expect(await database.prisma.user.findMany({ select: { email: true, name: true } })).toEqual([
      { email: "web@ejemplo.do", name: null },
    ]);
    // Closed now: 403 SETUP_CLOSED, even with the same token.
    expect(await completeSetupAction({ ...FORM, token: issued!.token })).toMatchObject({
      ok: false,
      code: "SETUP_CLOSED",
      status: 403,
    });
  });

  it("answers a wrong token exactly as a closed setup, in the user's language", async () => {
    await ensureSetupToken(database.prisma);
    locale = "en";
    const wrong = await completeSetupAction({ ...FORM, token: "not-the-token" });
    expect(wrong).toMatchObject({ ok: false, code: "SETUP_CLOSED", status: 403 });
    expect(wrong.message).toContain("setup");
    await database.prisma.user.create({
      data: {
        homeOrganizationId: (
          await database.prisma.organization.create({
            data: { name: "Otra", createdAt: 1n, updatedAt: 1n },
          })
        ).id,
        email: "x@y.do",
        passwordHash: "x",
        createdAt: 1n,
        updatedAt: 1n,
      },
    });
    const closed = await completeSetupAction({ ...FORM, token: "not-the-token" });
    expect(closed).toEqual(wrong);
  });

  it("returns the schema's messages per field, the check digit needing its confirmation", async () => {
    const issued = await ensureSetupToken(database.prisma);
    const refused = await completeSetupAction({
      ...FORM,
      token: issued!.token,
      rnc: "131793917",
      passwordConfirmation: "otra",
    });
    expect(refused).toMatchObject({ ok: false, code: "VALIDATION_FAILED", status: 400 });
    expect(Object.keys(refused.fieldErrors).sort()).toEqual(["confirmCheckDigit", "passwordConfirmation"]);
    expect(await completeSetupAction("not an object")).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await database.prisma.user.count()).toBe(0);
  });
});
