import { createCipheriv, randomBytes } from "node:crypto";

import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { beginTotpEnrollment, confirmTotpEnrollment } from "@/lib/server/auth/second-factor";
import { loadConfig, setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { signXml } from "@/lib/server/platform/signing";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { clearSigningCredentialCache, getActiveSigningCredential, uploadCertificate } from "./index";
import { p12Context, passwordContext } from "@/lib/server/platform/secrets/sealing-contexts";
import { isSealedWith, keyIdOf, open, seal } from "../platform/secrets/encryption";
import { rotateEncryptionKey, type RotationReport } from "./rotate-encryption-key";

const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const KEY_C = randomBytes(32);
const b64 = (key: Buffer) => key.toString("base64");

/** As values were sealed before keys were versioned: a bare 12-byte nonce in the iv column. */
function legacySeal(key: Buffer, plaintext: Uint8Array, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    ciphertext: new Uint8Array(ciphertext),
    iv: new Uint8Array(iv),
    tag: new Uint8Array(cipher.getAuthTag()),
  };
}

function useKeys(current: Buffer, previous: Buffer[] = []) {
  setEnvForTests({
    ENCRYPTION_KEY: b64(current),
    ENCRYPTION_KEYS_PREVIOUS: previous.length > 0 ? previous.map(b64).join(",") : undefined,
  });
  clearSigningCredentialCache();
}

async function signsWith(account: TestAccount): Promise<void> {
  const credential = await getActiveSigningCredential(account.auth.accountId);
  const signed = signXml("<ANECF><Encabezado><Version>1.0</Version></Encabezado></ANECF>", credential);
  expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
}

const rotate = (options: { dryRun?: boolean; batchSize?: number } = {}) => {
  const config = loadConfig();
  return rotateEncryptionKey(database.prisma, {
    keys: { current: config.encryptionKey, decryption: config.decryptionKeys },
    ...options,
  });
};

let database: TestDatabase;
let originalKey: string | undefined;

beforeAll(async () => {
  originalKey = process.env.ENCRYPTION_KEY;
  database = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests({ ENCRYPTION_KEY: originalKey, ENCRYPTION_KEYS_PREVIOUS: undefined });
  await database?.dispose();
});

describe("sealed values name their key", () => {
  it("a value sealed with A opens with [B, A], not with B alone; a legacy value opens by trial", () => {
    const sealed = seal(KEY_A, Buffer.from("secreto"), "ctx");
    expect(sealed.iv).toHaveLength(17);
    expect(Buffer.from(sealed.iv.subarray(1, 5)).equals(keyIdOf(KEY_A))).toBe(true);
    expect(isSealedWith(sealed, KEY_A)).toBe(true);
    expect(isSealedWith(sealed, KEY_B)).toBe(false);
    expect(open([KEY_B, KEY_A], sealed, "ctx").toString()).toBe("secreto");
    expect(() => open(KEY_B, sealed, "ctx")).toThrow();
    expect(() => open([KEY_A], sealed, "other context")).toThrow();

    const legacy = legacySeal(KEY_A, Buffer.from("de antes"), "ctx");
    expect(isSealedWith(legacy, KEY_A)).toBe(false);
    expect(open([KEY_B, KEY_A], legacy, "ctx").toString()).toBe("de antes");
    expect(() => open([KEY_B, KEY_C], legacy, "ctx")).toThrow();
  });
});

describe("npm run rotate-key", () => {
  let signer: TestAccount;
  let legacySigner: TestAccount;
  let totpUser: TestAccount;
  let totpSecret: string;
  const counts = (report: RotationReport) => ({
    certificates: report.certificates,
    totpSecrets: report.totpSecrets,
  });

  it("with key A: certificates (one in the pre-versioning format) and a TOTP secret are stored", async () => {
    useKeys(KEY_A);
    signer = await createTestAccount({ certificate: true });
    legacySigner = await createTestAccount({ certificate: true });
    totpUser = await createTestAccount();
    totpSecret = (await beginTotpEnrollment(totpUser.auth.userId)).secret;

    // Rewrite legacySigner's certificate as it was stored before keys were versioned.
    const row = await database.prisma.certificate.findUniqueOrThrow({
      where: { id: legacySigner.certificate!.id },
    });
    const p12 = open(
      KEY_A,
      { ciphertext: row.p12Ciphertext, iv: row.p12Iv, tag: row.p12Tag },
      p12Context(row.organizationId),
    );
    const password = open(
      KEY_A,
      { ciphertext: row.passwordCiphertext, iv: row.passwordIv, tag: row.passwordTag },
      passwordContext(row.organizationId),
    );
    const oldP12 = legacySeal(KEY_A, p12, p12Context(row.organizationId));
    const oldPassword = legacySeal(KEY_A, password, passwordContext(row.organizationId));
    await database.prisma.certificate.update({
      where: { id: row.id },
      data: {
        p12Ciphertext: oldP12.ciphertext,
        p12Iv: oldP12.iv,
        p12Tag: oldP12.tag,
        passwordCiphertext: oldPassword.ciphertext,
        passwordIv: oldPassword.iv,
        passwordTag: oldPassword.tag,
      },
    });
    clearSigningCredentialCache();
    await signsWith(signer);
    await signsWith(legacySigner);
  });

  it("B current and A previous: everything still reads, new values are written with B", async () => {
    useKeys(KEY_B, [KEY_A]);
    await signsWith(signer);
    await signsWith(legacySigner);
    const fresh = await createTestAccount();
    const { p12 } = generatePkcs12({ rnc: fresh.auth.rnc, password: "clave" });
    const uploaded = await uploadCertificate(fresh.auth.accountId, p12, "clave");
    const row = await database.prisma.certificate.findUniqueOrThrow({ where: { id: uploaded.id } });
    expect(isSealedWith({ iv: row.p12Iv }, KEY_B)).toBe(true);
    expect(isSealedWith({ iv: row.passwordIv }, KEY_B)).toBe(true);

    // Before the rotation, B alone cannot open what A sealed: the certificate is unavailable.
    useKeys(KEY_B);
    await expect(getActiveSigningCredential(signer.auth.accountId)).rejects.toMatchObject({
      code: "CERTIFICATE_UNAVAILABLE",
    });
    useKeys(KEY_B, [KEY_A]);
  });

  it("a dry run counts and writes nothing; the rotation re-encrypts in batches; a second run has nothing to do", async () => {
    const before = await database.prisma.certificate.findMany({ orderBy: { id: "asc" } });
    const dry = await rotate({ dryRun: true });
    expect(counts(dry)).toEqual({
      certificates: { scanned: 3, reencrypted: 2, current: 1, unreadable: 0, changedMeanwhile: 0 },
      totpSecrets: { scanned: 1, reencrypted: 1, current: 0, unreadable: 0, changedMeanwhile: 0 },
    });
    expect(await database.prisma.certificate.findMany({ orderBy: { id: "asc" } })).toEqual(before);

    const report = await rotate({ batchSize: 1 });
    expect(counts(report)).toEqual(counts(dry));
    const again = await rotate();
    expect(counts(again)).toEqual({
      certificates: { scanned: 3, reencrypted: 0, current: 3, unreadable: 0, changedMeanwhile: 0 },
      totpSecrets: { scanned: 1, reencrypted: 0, current: 1, unreadable: 0, changedMeanwhile: 0 },
    });
    for (const row of await database.prisma.certificate.findMany()) {
      expect(isSealedWith({ iv: row.p12Iv }, KEY_B)).toBe(true);
      expect(isSealedWith({ iv: row.passwordIv }, KEY_B)).toBe(true);
    }
  });

  it("with only B configured afterwards, the certificates still sign and the TOTP secret still checks codes", async () => {
    useKeys(KEY_B);
    await signsWith(signer);
    await signsWith(legacySigner);
    await confirmTotpEnrollment(totpUser.auth.userId, await generate({ secret: totpSecret }));
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: totpUser.auth.userId } });
    expect(user.totpEnabledAt).not.toBeNull();
  });

  it("resumes after an interruption, and leaves a value no configured key opens untouched", async () => {
    useKeys(KEY_C, [KEY_B]);
    const interrupted = rotateEncryptionKey(database.prisma, {
      keys: { current: KEY_C, decryption: [KEY_C, KEY_B] },
      batchSize: 1,
      onBatch: (table, progress) => {
        if (table === "certificates" && progress.scanned === 1) throw new Error("stopped");
      },
    });
    await expect(interrupted).rejects.toThrow("stopped");
    const resumed = await rotate();
    expect(resumed.certificates).toMatchObject({ scanned: 3, reencrypted: 2, current: 1, unreadable: 0 });

    // A certificate sealed with a key nobody configured: counted, never rewritten.
    const row = await database.prisma.certificate.findUniqueOrThrow({
      where: { id: signer.certificate!.id },
    });
    const foreign = seal(randomBytes(32), Buffer.from("x"), p12Context(row.organizationId));
    await database.prisma.certificate.update({
      where: { id: row.id },
      data: { p12Ciphertext: foreign.ciphertext, p12Iv: foreign.iv, p12Tag: foreign.tag },
    });
    useKeys(KEY_A, [KEY_C]);
    const report = await rotate();
    expect(report.certificates).toMatchObject({ scanned: 3, reencrypted: 2, unreadable: 1 });
    const after = await database.prisma.certificate.findUniqueOrThrow({ where: { id: row.id } });
    expect(Buffer.from(after.p12Iv).equals(Buffer.from(foreign.iv))).toBe(true);
  });
});
