import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { es } from "@/lib/i18n/es";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { listApiKeys } from "@/lib/server/auth";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { getActiveCertificateSummary, listCertificates } from "@/lib/server/certificates";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { setSession } from "@/lib/server/testing/next-auth-mock";

import { createApiKeyAction, uploadCertificateAction } from "./settings-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount();
  setSession({ userId: admin.auth.userId, signedInAt: Date.now() });
});
afterAll(async () => database?.dispose());

describe("createApiKeyAction: a key for every environment or for one", () => {
  it("creates a key for all environments by default, or limited to the one chosen", async () => {
    const all = await createApiKeyAction("ERP todas");
    const cert = await createApiKeyAction("ERP certificación", "CerteCF");
    expect(all).toMatchObject({ ok: true, name: "ERP todas" });
    expect(cert).toMatchObject({ ok: true, name: "ERP certificación" });
    const keys = await listApiKeys(admin.auth.accountId);
    expect(keys.find((key) => key.name === "ERP todas")?.environment).toBeNull();
    expect(keys.find((key) => key.name === "ERP certificación")?.environment).toBe("CerteCF");
  });

  it.each(["Produccion", "ecf", "all"])(
    "refuses %j as an environment (never read as all) and creates nothing",
    async (environment) => {
      const before = (await listApiKeys(admin.auth.accountId)).length;
      expect(await createApiKeyAction("ERP", environment)).toEqual({
        ok: false,
        message: es.settings.apiKeys.environmentInvalid,
      });
      expect(await listApiKeys(admin.auth.accountId)).toHaveLength(before);
    },
  );
});

describe("uploadCertificateAction: a certificate of another RNC than the company's", () => {
  function upload(p12: Buffer, confirmedHolder?: string) {
    const data = new FormData();
    data.set("file", new File([new Uint8Array(p12)], "otro.p12", { type: "application/x-pkcs12" }));
    data.set("password", "p");
    if (confirmedHolder !== undefined) data.set("confirmedHolder", confirmedHolder);
    return uploadCertificateAction(data);
  }

  it("is refused without the confirmation, saying whose it is and what DGII will do; stored only once confirmed", async () => {
    const { p12 } = generatePkcs12({ rnc: "131999999", password: "p", commonName: "OTRA EMPRESA SRL" });
    const before = (await listCertificates(admin.auth.accountId)).length;
    const refused = await upload(p12);
    expect(refused).toMatchObject({
      ok: false,
      confirmHolder: { holder: "131999999", rnc: admin.auth.rnc },
    });
    expect(refused.message).toContain("con RNC o cédula 131999999");
    expect(refused.message).toContain(`no del RNC ${admin.auth.rnc}`);
    expect(refused.message).toContain("La DGII rechazará las anulaciones");
    expect(refused.message).toContain("delegado");
    // The confirmation of another holder (or of the company itself) is not this one.
    expect(await upload(p12, admin.auth.rnc)).toMatchObject({
      ok: false,
      confirmHolder: { holder: "131999999" },
    });
    expect(await listCertificates(admin.auth.accountId)).toHaveLength(before);
    expect(await getActiveCertificateSummary(admin.auth.accountId)).toBeNull();

    expect(await upload(p12, "131999999")).toMatchObject({ ok: true });
    expect(await getActiveCertificateSummary(admin.auth.accountId)).toMatchObject({
      holderId: "131999999",
      commonName: "OTRA EMPRESA SRL",
    });
  });

  it("the company's own certificate needs no confirmation", async () => {
    const { p12 } = generatePkcs12({ rnc: admin.auth.rnc, password: "p", commonName: "PROPIO" });
    expect(await upload(p12)).toEqual({ ok: true, message: expect.stringContaining("PROPIO") });
    expect(await getActiveCertificateSummary(admin.auth.accountId)).toMatchObject({
      holderId: admin.auth.rnc,
    });
  });
});
