import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { X509Certificate } from "node:crypto";
import forge from "node-forge";
import { afterAll, describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";

import { generatePkcs12 } from "./generate-pkcs12";
import { loadPkcs12 } from "./load-pkcs12";
import { writePkcs12 } from "./pkcs12-writer";

const RNC = "130000001";
const PASSWORD = "clave-secreta";

function errorCodeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  throw new Error("expected an AppError");
}

/** The PBE algorithm OIDs of the file, read from its structure (no password needed for these). */
function encryptionOidsOf(p12: Buffer): string[] {
  const pfx = forge.asn1.fromDer(p12.toString("binary"));
  const authSafeOctets = ((pfx.value[1] as forge.asn1.Asn1).value[1] as forge.asn1.Asn1)
    .value[0] as forge.asn1.Asn1;
  const authSafe = forge.asn1.fromDer(authSafeOctets.value as string);
  const oids: string[] = [];
  for (const contentInfo of authSafe.value as forge.asn1.Asn1[]) {
    const type = forge.asn1.derToOid((contentInfo.value[0] as forge.asn1.Asn1).value as string);
    if (type !== "1.2.840.113549.1.7.6") continue; // encryptedData
    const encryptedData = ((contentInfo.value[1] as forge.asn1.Asn1).value[0] as forge.asn1.Asn1).value[1];
    const algorithm = ((encryptedData as forge.asn1.Asn1).value[1] as forge.asn1.Asn1).value[0];
    oids.push(forge.asn1.derToOid((algorithm as forge.asn1.Asn1).value as string));
  }
  return oids;
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), "anula-p12-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const legacy = generatePkcs12({
  rnc: RNC,
  password: PASSWORD,
  encryption: "legacy-rc2-40",
  commonName: "EMPRESA DEMO SRL",
});
const modern = generatePkcs12({ rnc: "40200000001", password: PASSWORD, encryption: "aes256" });

describe("generatePkcs12 + loadPkcs12", () => {
  it("loads a legacy RC2-40 file and reads subject serialNumber, CN, issuer and fingerprint", () => {
    const credential = loadPkcs12(legacy.p12, PASSWORD);
    const { info } = credential;
    expect(info.subjectSerialNumber).toBe(RNC);
    expect(info.commonName).toBe("EMPRESA DEMO SRL");
    expect(info.subject).toBe(
      `CN=EMPRESA DEMO SRL, serialNumber=${RNC}, O=Anula (certificado de prueba), C=DO`,
    );
    expect(info.issuer).toBe(info.subject); // self-signed
    expect(info.fingerprintSha256).toBe(legacy.fingerprintSha256);
    const x509 = new X509Certificate(Buffer.from(credential.certificateBase64, "base64"));
    expect(info.fingerprintSha256).toBe(x509.fingerprint256.replace(/:/g, "").toLowerCase());
    expect(info.serialNumberHex).toBe(x509.serialNumber.toLowerCase());
    expect(info.notAfter.getTime()).toBe(new Date(x509.validTo).getTime());
    expect(x509.checkPrivateKey(credential.privateKey)).toBe(true);
    expect(credential.certificateBase64).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(new X509Certificate(credential.certificatePem).fingerprint256).toBe(x509.fingerprint256);
    expect(credential.privateKeyPem).toContain("BEGIN PRIVATE KEY");
  });

  it("writes the legacy file really with RC2-40 and the AES file with PBES2", () => {
    expect(encryptionOidsOf(legacy.p12)).toEqual(["1.2.840.113549.1.12.1.6"]); // pbeWithSHAAnd40BitRC2-CBC
    expect(encryptionOidsOf(modern.p12)).toEqual(["1.2.840.113549.1.5.13"]); // PBES2
  });

  it.skipIf(!hasOpenssl())("OpenSSL agrees on the encryption of both files", () => {
    // openssl prints the algorithm lines on stderr in some versions: capture both.
    const opensslInfo = (p12: Buffer, legacyProvider: boolean): string => {
      const file = path.join(workDir, `info-${legacyProvider}.p12`);
      writeFileSync(file, p12);
      const legacyFlag = legacyProvider ? "-legacy" : "";
      return execFileSync(
        "sh",
        ["-c", `openssl pkcs12 -info -noout ${legacyFlag} -in "$0" -passin "pass:$1" 2>&1`, file, PASSWORD],
        { encoding: "utf8" },
      );
    };
    const legacyText = opensslInfo(legacy.p12, true);
    expect(legacyText).toContain("pbeWithSHA1And40BitRC2-CBC");
    expect(legacyText).toContain("pbeWithSHA1And3-KeyTripleDES-CBC");
    expect(legacyText).toContain("MAC: sha1");
    const modernText = opensslInfo(modern.p12, false);
    expect(modernText).toContain("PBES2, PBKDF2, AES-256-CBC");
    expect(modernText).toContain("MAC: sha256");
  });

  it.skipIf(!hasOpenssl())("loads files written by OpenSSL itself (default AES and -legacy)", () => {
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: workDir, stdio: "pipe" });
    run([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "k.pem",
      "-out",
      "c.pem",
      "-days",
      "30",
      "-subj",
      "/C=DO/O=Prueba SRL/serialNumber=101010101/CN=PRUEBA OPENSSL",
    ]);
    run([
      "pkcs12",
      "-export",
      "-inkey",
      "k.pem",
      "-in",
      "c.pem",
      "-out",
      "modern.p12",
      "-passout",
      `pass:${PASSWORD}`,
    ]);
    run([
      "pkcs12",
      "-export",
      "-legacy",
      "-inkey",
      "k.pem",
      "-in",
      "c.pem",
      "-out",
      "legacy.p12",
      "-passout",
      `pass:${PASSWORD}`,
    ]);
    const expected = new X509Certificate(readFileSync(path.join(workDir, "c.pem"))).fingerprint256
      .replace(/:/g, "")
      .toLowerCase();
    for (const name of ["modern.p12", "legacy.p12"]) {
      const credential = loadPkcs12(readFileSync(path.join(workDir, name)), PASSWORD);
      expect(credential.info.subjectSerialNumber).toBe("101010101");
      expect(credential.info.commonName).toBe("PRUEBA OPENSSL");
      expect(credential.info.fingerprintSha256).toBe(expected);
    }
  });

  it("loads the AES (OpenSSL 3 style) file", () => {
    const { info } = loadPkcs12(modern.p12, PASSWORD);
    expect(info.subjectSerialNumber).toBe("40200000001");
    expect(info.fingerprintSha256).toBe(modern.fingerprintSha256);
  });

  it("picks the key's certificate when the file also carries the CA chain", () => {
    const ca = loadPkcs12(modern.p12, PASSWORD);
    const own = loadPkcs12(legacy.p12, PASSWORD);
    const chainFile = writePkcs12({
      privateKey: own.privateKey,
      // CA certificate first on purpose: order must not matter.
      certificatesDer: [
        Buffer.from(ca.certificateBase64, "base64"),
        Buffer.from(own.certificateBase64, "base64"),
      ],
      password: PASSWORD,
      encryption: "legacy-rc2-40",
    });
    expect(loadPkcs12(chainFile, PASSWORD).info.fingerprintSha256).toBe(legacy.fingerprintSha256);
  });
});

describe("loadPkcs12 errors (each its own code)", () => {
  it("wrong password → CERTIFICATE_WRONG_PASSWORD (legacy and AES)", () => {
    expect(errorCodeOf(() => loadPkcs12(legacy.p12, "otra"))).toBe("CERTIFICATE_WRONG_PASSWORD");
    expect(errorCodeOf(() => loadPkcs12(modern.p12, ""))).toBe("CERTIFICATE_WRONG_PASSWORD");
  });

  it("corrupt bytes → CERTIFICATE_CORRUPT", () => {
    expect(errorCodeOf(() => loadPkcs12(Buffer.from("esto no es un p12"), PASSWORD))).toBe(
      "CERTIFICATE_CORRUPT",
    );
    expect(errorCodeOf(() => loadPkcs12(legacy.p12.subarray(0, 200), PASSWORD))).toBe("CERTIFICATE_CORRUPT");
    expect(errorCodeOf(() => loadPkcs12(new Uint8Array(), PASSWORD))).toBe("CERTIFICATE_CORRUPT");
    // One flipped byte inside the key block: the MAC fails, yet the password is right.
    const damaged = Buffer.from(legacy.p12);
    const index = damaged.length - 120;
    damaged[index] = (damaged[index] ?? 0) ^ 0xff;
    expect(errorCodeOf(() => loadPkcs12(damaged, PASSWORD))).toBe("CERTIFICATE_CORRUPT");
  });

  it("certificate-only file → CERTIFICATE_NO_PRIVATE_KEY", () => {
    const certificateDer = Buffer.from(loadPkcs12(legacy.p12, PASSWORD).certificateBase64, "base64");
    const withoutKey = writePkcs12({
      certificatesDer: [certificateDer],
      password: PASSWORD,
      encryption: "legacy-rc2-40",
    });
    expect(errorCodeOf(() => loadPkcs12(withoutKey, PASSWORD))).toBe("CERTIFICATE_NO_PRIVATE_KEY");
  });

  it("expired and not-yet-valid certificates → their own codes, Spanish messages", () => {
    const expired = generatePkcs12({
      rnc: RNC,
      password: PASSWORD,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2021-01-01T00:00:00Z"),
    });
    const future = generatePkcs12({
      rnc: RNC,
      password: PASSWORD,
      notBefore: new Date("2099-01-01T00:00:00Z"),
    });
    expect(errorCodeOf(() => loadPkcs12(expired.p12, PASSWORD))).toBe("CERTIFICATE_EXPIRED");
    expect(errorCodeOf(() => loadPkcs12(future.p12, PASSWORD))).toBe("CERTIFICATE_NOT_YET_VALID");
    // The portal shows these messages: the date as the portal writes dates, never an ISO timestamp.
    expect(() => loadPkcs12(expired.p12, PASSWORD)).toThrow("El certificado venció el 31-12-2020 20:00:00.");
    expect(() => loadPkcs12(future.p12, PASSWORD)).toThrow(
      "El certificado aún no es válido: su vigencia comienza el 31-12-2098 20:00:00.",
    );
    // the `now` option moves the check; allowExpired skips it
    expect(
      loadPkcs12(expired.p12, PASSWORD, { now: new Date("2020-06-01T00:00:00Z") }).info.subjectSerialNumber,
    ).toBe(RNC);
    expect(loadPkcs12(expired.p12, PASSWORD, { allowExpired: true }).info.notAfter.toISOString()).toBe(
      "2021-01-01T00:00:00.000Z",
    );
  });
});
