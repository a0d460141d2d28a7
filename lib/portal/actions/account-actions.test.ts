import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { setSession } from "@/lib/server/testing/next-auth-mock";

/** Mi cuenta's and the organization page's actions, through the portal session as Next gives it. */
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let person: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  person = await createTestAccount();
  setSession({ userId: person.auth.userId, signedInAt: Date.now() });
});
afterAll(async () => database?.dispose());

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe("Mi cuenta", () => {
  it("sets up the second factor with a code from the app, refuses a wrong code, turns it off only with a current code", async () => {
    const { beginTotpEnrollmentAction, confirmTotpEnrollmentAction, disableOwnTotpAction } =
      await import("./account-actions");
    const begun = await beginTotpEnrollmentAction();
    if (!begun.ok) throw new Error(begun.message);
    expect(begun.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(Buffer.from(begun.qrDataUrl.split(",")[1]!, "base64").toString()).toMatch(/^<svg/);
    expect(await confirmTotpEnrollmentAction("000000")).toMatchObject({ ok: false });
    expect(await confirmTotpEnrollmentAction(await generate({ secret: begun.secret }))).toMatchObject({
      ok: true,
    });
    const user = () => database.prisma.user.findUniqueOrThrow({ where: { id: person.auth.userId } });
    expect((await user()).totpEnabledAt).not.toBeNull();

    expect(await disableOwnTotpAction("")).toMatchObject({ ok: false });
    expect(await disableOwnTotpAction("123456")).toMatchObject({ ok: false });
    expect((await user()).totpEnabledAt).not.toBeNull();
    // The confirming code's step is used: the next step's code turns it off.
    const next = await generate({ secret: begun.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(await disableOwnTotpAction(next)).toMatchObject({ ok: true });
    expect((await user()).totpEnabledAt).toBeNull();
    // The activity log of the person's home organization: turned on, then off, once each.
    const entries = await database.prisma.activityLogEntry.findMany({
      where: { organizationId: person.auth.organizationId, subjectId: person.auth.userId },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => [entry.action, entry.accountId, entry.actorId])).toEqual([
      ["user.second_factor_enabled", null, person.auth.userId],
      ["user.second_factor_disabled", null, person.auth.userId],
    ]);
    expect(JSON.stringify(entries.map((entry) => entry.details))).not.toContain(begun.secret);
  });

  it("shows recovery codes once at activation, and regenerates them only with a current code (a reused one has its own words)", async () => {
    const {
      beginTotpEnrollmentAction,
      confirmTotpEnrollmentAction,
      regenerateRecoveryCodesAction,
      disableOwnTotpAction,
    } = await import("./account-actions");
    const begun = await beginTotpEnrollmentAction();
    if (!begun.ok) throw new Error(begun.message);
    const code = await generate({ secret: begun.secret });
    const confirmed = await confirmTotpEnrollmentAction(code);
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.recoveryCodes).toHaveLength(10);

    expect(await regenerateRecoveryCodesAction("")).toMatchObject({ ok: false });
    const reused = await regenerateRecoveryCodesAction(code);
    expect(reused).toMatchObject({ ok: false, message: expect.stringContaining("ya se usó") });
    expect(await regenerateRecoveryCodesAction(code === "000000" ? "111111" : "000000")).toMatchObject({
      ok: false,
      message: expect.stringContaining("no coincide"),
    });
    const next = await generate({ secret: begun.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const regenerated = await regenerateRecoveryCodesAction(next);
    if (!regenerated.ok) throw new Error(regenerated.message);
    expect(regenerated.recoveryCodes).toHaveLength(10);
    expect(regenerated.recoveryCodes.some((each) => confirmed.recoveryCodes.includes(each))).toBe(false);
    const actions = await database.prisma.activityLogEntry.findMany({
      where: { subjectId: person.auth.userId, action: "user.recovery_codes_regenerated" },
    });
    expect(actions).toHaveLength(1);
    // A recovery code turns the second factor off too (a lost phone), and the codes go with it.
    expect(await disableOwnTotpAction(regenerated.recoveryCodes[0]!)).toMatchObject({ ok: true });
    expect(await database.prisma.recoveryCode.count({ where: { userId: person.auth.userId } })).toBe(0);
  });

  it("changes the password only with the current one and a matching confirmation, then every session ends", async () => {
    const { changeOwnPasswordAction } = await import("./account-actions");
    const { getPortalUser } = await import("@/lib/server/auth/next-auth-options");
    expect(
      await changeOwnPasswordAction(
        form({ currentPassword: person.password, newPassword: "nueva-clave-1", confirmPassword: "otra" }),
      ),
    ).toMatchObject({ ok: false });
    expect(
      await changeOwnPasswordAction(
        form({ currentPassword: "no-es", newPassword: "nueva-clave-1", confirmPassword: "nueva-clave-1" }),
      ),
    ).toMatchObject({ ok: false, message: "La contraseña actual no es correcta." });
    expect(await getPortalUser()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(
      await changeOwnPasswordAction(
        form({
          currentPassword: person.password,
          newPassword: "nueva-clave-1",
          confirmPassword: "nueva-clave-1",
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(await getPortalUser()).toBeNull();
  });

  it("signing out everywhere ends the session; an action without one is UNAUTHORIZED", async () => {
    const other = await createTestAccount();
    setSession({ userId: other.auth.userId, signedInAt: Date.now() - 5 });
    const { endOwnSessionsAction, beginTotpEnrollmentAction } = await import("./account-actions");
    expect(await endOwnSessionsAction()).toMatchObject({ ok: true });
    await expect(beginTotpEnrollmentAction()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("the organization page's create-company action", () => {
  it("warns on a failing check digit (checkDigit), creates with the confirmation, and says whom to ask for an existing RNC", async () => {
    const admin = await createTestAccount();
    setSession({ userId: admin.auth.userId, signedInAt: Date.now() });
    const { createCompanyAction } = await import("./organization-actions");
    let rnc = "";
    for (let n = 200000001; !rnc; n++) if (!hasValidCheckDigit(String(n))) rnc = String(n);
    const warned = await createCompanyAction(form({ rnc, name: "Dudosa SRL" }));
    expect(warned).toMatchObject({ ok: false, checkDigit: true });
    expect(warned.message).toContain(rnc);
    expect(
      await createCompanyAction(form({ rnc, name: "Dudosa SRL", acceptCheckDigit: "on" })),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await createCompanyAction(form({ rnc: person.auth.rnc, name: "Ajena", acceptCheckDigit: "on" })),
    ).toMatchObject({ ok: false, message: expect.stringContaining("pida acceso a su administrador") });
  });
});
