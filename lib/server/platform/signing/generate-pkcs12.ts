import "server-only";

import { createHash, createPrivateKey, generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

import { writePkcs12, type Pkcs12Encryption } from "./pkcs12-writer";

export interface GeneratePkcs12Options {
  /** Owner's RNC or cédula, written as the subject's serialNumber (where DGII certificates carry it). */
  rnc: string;
  commonName?: string;
  password: string;
  notBefore?: Date;
  notAfter?: Date;
  encryption?: Pkcs12Encryption;
  /**
   * The RSA key to certify (PKCS#1 PEM, from generateRsaKeyPem), default a new one: tests that make
   * many certificates share one, a new key being most of the cost.
   */
  privateKeyPem?: string;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** A new RSA-2048 private key, PKCS#1 PEM. */
export function generateRsaKeyPem(): string {
  // Node generates the key natively (~0.1–0.3 s here); forge would take seconds in JavaScript.
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
}

/**
 * A self-signed RSA-2048 certificate in a PKCS#12, shaped like a Dominican signing certificate:
 * subject C=DO, O, serialNumber=<rnc>, CN. For the demo account and tests only: the tax authority
 * accepts certificates from its authorized CAs, never these.
 */
export function generatePkcs12(options: GeneratePkcs12Options): { p12: Buffer; fingerprintSha256: string } {
  const privatePem = options.privateKeyPem ?? generateRsaKeyPem();
  const forgeKey = forge.pki.privateKeyFromPem(privatePem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  // Positive serial: clear the top bit so DER does not need a leading zero to stay positive.
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  certificate.serialNumber = serial.toString("hex");
  const notBefore = options.notBefore ?? new Date(Date.now() - ONE_DAY_MS);
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = options.notAfter ?? new Date(notBefore.getTime() + 730 * ONE_DAY_MS);
  const commonName = options.commonName ?? `ANULA DEMO ${options.rnc}`;
  const attributes = [
    { shortName: "C", value: "DO" },
    { shortName: "O", value: "Anula (certificado de prueba)" },
    { type: "2.5.4.5", value: options.rnc },
    { shortName: "CN", value: commonName },
  ];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
  ]);
  certificate.sign(forgeKey, forge.md.sha256.create());

  const certificateDer = Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(),
    "binary",
  );
  const p12 = writePkcs12({
    privateKey: createPrivateKey(privatePem),
    certificatesDer: [certificateDer],
    password: options.password,
    friendlyName: commonName,
    encryption: options.encryption ?? "aes256",
  });
  return { p12, fingerprintSha256: createHash("sha256").update(certificateDer).digest("hex") };
}
