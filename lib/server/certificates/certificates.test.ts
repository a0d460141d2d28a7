import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";

import {
  clearSigningCredentialCache,
  getActiveCertificateSummary,
  getActiveSigningCredential,
  listCertificates,
  uploadCertificate,
} from "./index";

let database: TestDatabase;
let alice: TestAccount;
let bob: TestAccount;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  alice = await createTestAccount({ rnc: "102000001" });
  bob = await createTestAccount({ rnc: "102000002" });
});
afterAll(async () => database?.dispose());

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; status: number; message: string }> {
  const error = await promise.then(
    () => expect.unreachable("expected a rejection"),
    (reason: unknown) => reason,
  );
  if (!isAppError(error)) throw error;
  return { code: error.code, status: error.status, message: error.message };
}

describe("uploadCertificate", () => {
  it("answers 412 CERTIFICATE_NOT_CONFIGURED before any upload", async () => {
    expect(await rejection(getActiveSigningCredential(alice.auth.accountId))).toMatchObject({
      code: "CERTIFICATE_NOT_CONFIGURED",
      status: 412,
    });
    expect(await getActiveCertificateSummary(alice.auth.accountId)).toBeNull();
  });

  it("rejects a wrong password, a corrupt file and an expired certificate, storing nothing", async () => {
    const { p12 } = generatePkcs12({ rnc: "102000001", password: "right" });
    expect((await rejection(uploadCertificate(alice.auth.accountId, p12, "wrong"))).code).toBe(
      "CERTIFICATE_WRONG_PASSWORD",
    );
    expect(
      (await rejection(uploadCertificate(alice.auth.accountId, Buffer.from("not a p12"), "x"))).code,
    ).toBe("CERTIFICATE_CORRUPT");
    const expired = generatePkcs12({
      rnc: "102000001",
      password: "right",
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    expect(await rejection(uploadCertificate(alice.auth.accountId, expired.p12, "right"))).toMatchObject({
      code: "CERTIFICATE_EXPIRED",
      status: 400,
    });
    expect(await listCertificates(alice.auth.accountId)).toEqual([]);
  });

  it("stores a valid certificate, makes it active and serves its signing key", async () => {
    const generated = generatePkcs12({ rnc: "102000001", password: "secreto-p12", commonName: "ALICE SRL" });
    const summary = await uploadCertificate(alice.auth.accountId, generated.p12, "secreto-p12");
    expect(summary).toMatchObject({
      active: true,
      subjectSerialNumber: "102000001",
      commonName: "ALICE SRL",
      fingerprintSha256: generated.fingerprintSha256,
    });
    expect(summary.notAfter).toBeGreaterThan(Date.now());
    expect(await getActiveCertificateSummary(alice.auth.accountId)).toEqual(summary);

    clearSigningCredentialCache();
    const credential = await getActiveSigningCredential(alice.auth.accountId);
    expect(credential.info.fingerprintSha256).toBe(generated.fingerprintSha256);
    expect(credential.privateKey.asymmetricKeyType).toBe("rsa");
  });

  it("activating a new certificate deactivates the previous one and replaces the cached key", async () => {
    const before = await getActiveSigningCredential(alice.auth.accountId);
    const next = generatePkcs12({ rnc: "102000001", password: "otra" });
    await uploadCertificate(alice.auth.accountId, next.p12, "otra");
    const after = await getActiveSigningCredential(alice.auth.accountId);
    expect(after.info.fingerprintSha256).toBe(next.fingerprintSha256);
    expect(after.info.fingerprintSha256).not.toBe(before.info.fingerprintSha256);
    const all = await listCertificates(alice.auth.accountId);
    expect(all.filter((certificate) => certificate.active)).toHaveLength(1);
    expect(all).toHaveLength(2);
  });

  it("keeps accounts apart: bob has no certificate, alice's key is never bob's", async () => {
    expect((await rejection(getActiveSigningCredential(bob.auth.accountId))).code).toBe(
      "CERTIFICATE_NOT_CONFIGURED",
    );
    expect(await listCertificates(bob.auth.accountId)).toEqual([]);
  });
});

describe("a certificate of another holder than the company", () => {
  it("is refused with 409 CERTIFICATE_HOLDER_MISMATCH naming the holder, storing nothing, until confirmed", async () => {
    const dave = await createTestAccount({ rnc: "102000004" });
    const other = generatePkcs12({ rnc: "RNC131999999", password: "p", commonName: "OTRA SRL" });
    const refused = await uploadCertificate(dave.auth.accountId, other.p12, "p").catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("CERTIFICATE_HOLDER_MISMATCH");
    expect(isAppError(refused) && refused.status).toBe(409);
    expect(isAppError(refused) && refused.extra).toMatchObject({ holderId: "131999999", rnc: "102000004" });
    expect((refused as Error).message).toContain("131999999");
    expect((refused as Error).message).toContain("delegado");
    // A confirmation of another holder is no confirmation.
    expect(
      (
        await rejection(
          uploadCertificate(dave.auth.accountId, other.p12, "p", { confirmedHolder: "102000004" }),
        )
      ).code,
    ).toBe("CERTIFICATE_HOLDER_MISMATCH");
    expect(await listCertificates(dave.auth.accountId)).toEqual([]);

    const confirmed = await uploadCertificate(dave.auth.accountId, other.p12, "p", {
      confirmedHolder: "131999999",
    });
    expect(confirmed).toMatchObject({ active: true, holderId: "131999999" });
  });

  it("a certificate naming no RNC or cédula needs the confirmation 'desconocido'", async () => {
    const erin = await createTestAccount({ rnc: "102000005" });
    const nameless = generatePkcs12({ rnc: "SIN-ID", password: "p" });
    const refused = await rejection(uploadCertificate(erin.auth.accountId, nameless.p12, "p"));
    expect(refused).toMatchObject({ code: "CERTIFICATE_HOLDER_MISMATCH", status: 409 });
    expect(refused.message).toContain("sin RNC ni cédula");
    const confirmed = await uploadCertificate(erin.auth.accountId, nameless.p12, "p", {
      confirmedHolder: "desconocido",
    });
    expect(confirmed.holderId).toBeNull();
  });

  it("the company's own RNC, written with a prefix, needs no confirmation", async () => {
    const frank = await createTestAccount({ rnc: "102000006" });
    const own = generatePkcs12({ rnc: "RNC-102000006", password: "p" });
    expect(await uploadCertificate(frank.auth.accountId, own.p12, "p")).toMatchObject({
      active: true,
      holderId: "102000006",
    });
  });
});

describe("stored certificates", () => {
  it("never hold a certificate byte or a password in clear anywhere in the database", async () => {
    const password = "Clave-Muy-Secreta-123";
    const { p12 } = generatePkcs12({ rnc: "102000002", password });
    await uploadCertificate(bob.auth.accountId, p12, password);
    clearSigningCredentialCache();
    const certificateBase64 = (await getActiveSigningCredential(bob.auth.accountId)).certificateBase64;

    const tables = await database.prisma.$queryRaw<{ tablename: string }[]>`
      SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`;
    let dump = "";
    for (const { tablename } of tables) {
      const rows = await database.prisma.$queryRawUnsafe<{ row: string }[]>(
        `SELECT row_to_json(t)::text AS row FROM "${tablename}" t`,
      );
      dump += rows.map((row) => row.row).join("\n");
    }
    expect(dump).toContain("102000002"); // the dump is real: it holds the clear display fields
    const needles = [
      password,
      bob.password,
      alice.password,
      Buffer.from(password).toString("hex"),
      Buffer.from(p12).toString("base64").slice(100, 160),
      Buffer.from(p12).subarray(200, 240).toString("hex"),
      certificateBase64.slice(100, 160),
      Buffer.from(certificateBase64, "base64").subarray(100, 140).toString("hex"),
    ];
    for (const needle of needles) expect(dump).not.toContain(needle);
  });

  it("answers 500 CERTIFICATE_UNAVAILABLE when the stored ciphertext was altered", async () => {
    const { p12 } = generatePkcs12({ rnc: "102000001", password: "x1" });
    const summary = await uploadCertificate(alice.auth.accountId, p12, "x1");
    const row = await database.prisma.certificate.findUniqueOrThrow({ where: { id: summary.id } });
    const altered = new Uint8Array(row.p12Ciphertext);
    altered[10] = altered[10]! ^ 0xff;
    await database.prisma.certificate.update({ where: { id: summary.id }, data: { p12Ciphertext: altered } });
    clearSigningCredentialCache();
    expect(await rejection(getActiveSigningCredential(alice.auth.accountId))).toMatchObject({
      code: "CERTIFICATE_UNAVAILABLE",
      status: 500,
    });
  });

  it("answers 500 CERTIFICATE_UNAVAILABLE for a ciphertext copied into another organization", async () => {
    const bobRow = await database.prisma.certificate.findFirstOrThrow({
      where: { companies: { some: { accountId: bob.auth.accountId, active: true } } },
    });
    const carol = await createTestAccount({ rnc: "102000003" });
    // Same encrypted bytes, new row id, other organization: the bound organization id no longer matches.
    const copy = await database.prisma.certificate.create({
      data: { ...bobRow, id: undefined, organizationId: carol.auth.organizationId },
    });
    await database.prisma.companyCertificate.create({
      data: {
        accountId: carol.auth.accountId,
        certificateId: copy.id,
        active: true,
        linkedAt: BigInt(Date.now()),
      },
    });
    expect((await rejection(getActiveSigningCredential(carol.auth.accountId))).code).toBe(
      "CERTIFICATE_UNAVAILABLE",
    );
  });
});
