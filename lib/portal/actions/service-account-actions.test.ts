import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { es } from "@/lib/i18n/es";
import { createCompany } from "@/lib/server/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { issueIdToken } from "@/lib/server/auth";
import { listServiceAccounts } from "@/lib/server/auth/service-accounts";
import {
  clearSigningCredentialCache,
  getActiveSigningCredential,
  listCertificates,
  uploadCertificate,
} from "@/lib/server/certificates";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { signXml } from "@/lib/server/platform/signing";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { setSession } from "@/lib/server/testing/next-auth-mock";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import {
  createServiceAccountAction,
  rotateServiceAccountSecretAction,
  setServiceAccountDisabledAction,
} from "./service-account-actions";
import { linkCertificateAction } from "./settings-actions";

// The portal's session and request scope, as Next provides them to server actions.
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let admin: TestAccount;
let operator: TestAccount;
let stranger: TestAccount;

const as = (who: TestAccount) => {
  setSession({ userId: who.auth.userId, signedInAt: Date.now() });
};

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createTestAccount({ rnc: "131660001" });
  operator = await createTestAccount({ rnc: "131660002", roles: ["operator"] });
  stranger = await createTestAccount({ rnc: "131660003", certificate: true });
});
afterAll(async () => database?.dispose());

describe("service accounts from the portal", () => {
  it("an administrator creates one: clientId and secret once, and the secret signs in", async () => {
    as(admin);
    const created = await createServiceAccountAction("ERP contable", ["voids:send", "voids:read", "bogus"]);
    expect(created).toMatchObject({
      ok: true,
      name: "ERP contable",
      clientId: expect.stringMatching(/^sa_/),
    });
    if (!created.ok) throw new Error(created.message);
    const [listed] = await listServiceAccounts(admin.auth.accountId);
    expect(listed).toMatchObject({ clientId: created.clientId, scopes: ["voids:send", "voids:read"] });
    expect(listed!.createdBy).toBe(admin.auth.email);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const { idToken } = await issueIdToken({ username: created.clientId, password: created.secret });
    expect(idToken).toBeTruthy();
  });

  it("refuses a missing name or no valid scope, creating nothing", async () => {
    as(admin);
    const before = (await listServiceAccounts(admin.auth.accountId)).length;
    expect(await createServiceAccountAction("  ", ["voids:read"])).toEqual({
      ok: false,
      message: es.settings.serviceAccounts.nameRequired,
    });
    expect(await createServiceAccountAction("ERP", ["admin"])).toEqual({
      ok: false,
      message: es.settings.serviceAccounts.scopesRequired,
    });
    expect(await listServiceAccounts(admin.auth.accountId)).toHaveLength(before);
  });

  it("rotates with an overlap in hours (the old secret's expiry answered and listed), refuses a bad overlap", async () => {
    as(admin);
    const created = await createServiceAccountAction("Rotada", ["documents:read"]);
    if (!created.ok) throw new Error(created.message);
    const id = (await listServiceAccounts(admin.auth.accountId)).find((one) => one.name === "Rotada")!.id;
    for (const bad of [-1, 2161, 1.5, Number.NaN]) {
      expect(await rotateServiceAccountSecretAction(id, bad)).toEqual({
        ok: false,
        message: "El período de transición debe ser un número entero de horas entre 0 y 2160.",
      });
    }
    const startedAt = Date.now();
    const rotated = await rotateServiceAccountSecretAction(id, 24);
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.oldSecretsExpireAt - startedAt).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(rotated.oldSecretsExpireAt - startedAt).toBeLessThanOrEqual(24 * 3_600_000 + 5000);
    const secrets = (await listServiceAccounts(admin.auth.accountId)).find((one) => one.id === id)!.secrets;
    expect(secrets.map((secret) => secret.expiresAt)).toEqual([null, rotated.oldSecretsExpireAt]);
    await expect(
      issueIdToken({ username: created.clientId, password: created.secret }),
    ).resolves.toBeTruthy();
    await expect(
      issueIdToken({ username: created.clientId, password: rotated.secret }),
    ).resolves.toBeTruthy();
  });

  it("disables and enables; another company's service account is not found", async () => {
    as(admin);
    const created = await createServiceAccountAction("Apagada", ["voids:read"]);
    if (!created.ok) throw new Error(created.message);
    const id = (await listServiceAccounts(admin.auth.accountId)).find((one) => one.name === "Apagada")!.id;
    expect(await setServiceAccountDisabledAction(id, true)).toEqual({ ok: true, message: "" });
    await expect(
      issueIdToken({ username: created.clientId, password: created.secret }),
    ).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    expect(await setServiceAccountDisabledAction(id, false)).toEqual({ ok: true, message: "" });
    await expect(
      issueIdToken({ username: created.clientId, password: created.secret }),
    ).resolves.toBeTruthy();

    as(stranger);
    expect(await setServiceAccountDisabledAction(id, true)).toMatchObject({ ok: false });
    expect(await rotateServiceAccountSecretAction(id, 0)).toMatchObject({ ok: false });
    await expect(
      issueIdToken({ username: created.clientId, password: created.secret }),
    ).resolves.toBeTruthy();
  });

  it("an operator may not manage them (FORBIDDEN)", async () => {
    as(operator);
    await expect(createServiceAccountAction("ERP", ["voids:read"])).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("linkCertificateAction: a certificate of the organization used by another of its companies", () => {
  it("links a certificate uploaded for a sister company; one of another organization is not found", async () => {
    const sister = await createCompany({
      organizationId: admin.auth.organizationId,
      rnc: "131660009",
      name: "Hermana SRL",
    });
    const { p12 } = generatePkcs12({ rnc: "001000000001", password: "p" });
    const uploaded = await uploadCertificate(sister.id, p12, "p", { confirmedHolder: "desconocido" });
    const before = await listCertificates(admin.auth.accountId);
    expect(before.find((one) => one.id === uploaded.id)).toMatchObject({
      active: false,
      companies: ["131660009"],
    });

    as(admin);
    expect(await linkCertificateAction(uploaded.id)).toEqual({
      ok: true,
      message: es.settings.sharedCertificates.linked.replace("{subject}", uploaded.subject),
    });
    const after = await listCertificates(admin.auth.accountId);
    expect(after.find((one) => one.id === uploaded.id)).toMatchObject({ active: true });
    expect([...after.find((one) => one.id === uploaded.id)!.companies].sort()).toEqual([
      "131660001",
      "131660009",
    ]);
    // The linked company signs with it: the key is decrypted from the database (no cached copy of
    // the upload), under the organization's encryption context, and its signature verifies.
    clearSigningCredentialCache();
    const credential = await getActiveSigningCredential(admin.auth.accountId);
    expect(credential.info.fingerprintSha256).toBe(uploaded.fingerprintSha256);
    const signed = signXml("<ANECF><Encabezado><Version>1.0</Version></Encabezado></ANECF>", credential);
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
    expect(signed).toContain(credential.certificateBase64);

    const foreign = stranger.certificate!.id;
    expect(await linkCertificateAction(foreign)).toMatchObject({ ok: false });
    expect((await listCertificates(admin.auth.accountId)).map((one) => one.id)).not.toContain(foreign);

    as(operator);
    await expect(linkCertificateAction(uploaded.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
