import "server-only";

import { createCipheriv, createHmac, pbkdf2Sync, randomBytes, type KeyObject } from "node:crypto";
import forge from "node-forge";

/**
 * Writes PKCS#12 (.p12) files in the two encodings Anula must read:
 * - "legacy-rc2-40": what Dominican CAs ship (OpenSSL 1.x default): certificates in an encryptedData
 *   block under pbeWithSHAAnd40BitRC2-CBC, the key shrouded with pbeWithSHAAnd3-KeyTripleDES-CBC,
 *   HMAC-SHA1 integrity. node-forge writes neither the RC2 block nor a MAC choice, hence this file.
 * - "aes256": OpenSSL 3's default: both blocks under PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC),
 *   HMAC-SHA256 integrity.
 * Used by generatePkcs12 (demo account, tests); the loader never depends on it.
 */

export type Pkcs12Encryption = "aes256" | "legacy-rc2-40";

const { asn1, pki } = forge;
const ITERATIONS = 2048;

const OID = {
  data: "1.2.840.113549.1.7.1",
  encryptedData: "1.2.840.113549.1.7.6",
  certBag: "1.2.840.113549.1.12.10.1.3",
  pkcs8ShroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  x509Certificate: "1.2.840.113549.1.9.22.1",
  localKeyId: "1.2.840.113549.1.9.21",
  friendlyName: "1.2.840.113549.1.9.20",
  pbeWithSHAAnd40BitRC2CBC: "1.2.840.113549.1.12.1.6",
  pbes2: "1.2.840.113549.1.5.13",
  pbkdf2: "1.2.840.113549.1.5.12",
  hmacWithSHA256: "1.2.840.113549.2.9",
  aes256Cbc: "2.16.840.1.101.3.4.1.42",
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
} as const;

type Asn1 = forge.asn1.Asn1;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;

const seq = (items: Asn1[]): Asn1 => asn1.create(U, T.SEQUENCE, true, items);
const set = (items: Asn1[]): Asn1 => asn1.create(U, T.SET, true, items);
const oid = (value: string): Asn1 => asn1.create(U, T.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: string): Asn1 => asn1.create(U, T.OCTETSTRING, false, bytes);
const int = (value: number): Asn1 => asn1.create(U, T.INTEGER, false, asn1.integerToDer(value).getBytes());
const explicit0 = (inner: Asn1): Asn1 => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [inner]);
const der = (node: Asn1): string => asn1.toDer(node).getBytes();
const binary = (buffer: Buffer): string => buffer.toString("binary");
const toBuffer = (bytes: string): Buffer => Buffer.from(bytes, "binary");

function bagAttributes(localKeyId: string, friendlyName: string): Asn1 {
  return set([
    seq([oid(OID.localKeyId), set([octets(localKeyId)])]),
    seq([oid(OID.friendlyName), set([asn1.create(U, T.BMPSTRING, false, toBmp(friendlyName))])]),
  ]);
}

function toBmp(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += String.fromCharCode(code >> 8, code & 0xff);
  }
  return out;
}

/** RC2-40 under the PKCS#12 KDF: the cipher of the legacy certificate block. */
function encryptRc2Legacy(plain: string, password: string): { algorithm: Asn1; cipherText: string } {
  const salt = forge.random.getBytesSync(8);
  const key = forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), 1, ITERATIONS, 5);
  const iv = forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), 2, ITERATIONS, 8);
  const cipher = forge.rc2.createEncryptionCipher(key, 40);
  cipher.start(iv);
  cipher.update(forge.util.createBuffer(plain));
  cipher.finish();
  return {
    algorithm: seq([oid(OID.pbeWithSHAAnd40BitRC2CBC), seq([octets(salt), int(ITERATIONS)])]),
    cipherText: cipher.output.getBytes(),
  };
}

/** PBES2 (PBKDF2-HMAC-SHA256 + AES-256-CBC), as OpenSSL 3 writes it; password bytes are UTF-8. */
function encryptPbes2(plain: string, password: string): { algorithm: Asn1; cipherText: string } {
  const salt = randomBytes(8);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(Buffer.from(password, "utf8"), salt, ITERATIONS, 32, "sha256");
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const cipherText = Buffer.concat([cipher.update(toBuffer(plain)), cipher.final()]);
  const kdf = seq([
    oid(OID.pbkdf2),
    seq([
      octets(binary(salt)),
      int(ITERATIONS),
      seq([oid(OID.hmacWithSHA256), asn1.create(U, T.NULL, false, "")]),
    ]),
  ]);
  return {
    algorithm: seq([oid(OID.pbes2), seq([kdf, seq([oid(OID.aes256Cbc), octets(binary(iv))])])]),
    cipherText: binary(cipherText),
  };
}

function encryptedDataContentInfo(
  safeContentsDer: string,
  password: string,
  encryption: Pkcs12Encryption,
): Asn1 {
  const { algorithm, cipherText } =
    encryption === "aes256"
      ? encryptPbes2(safeContentsDer, password)
      : encryptRc2Legacy(safeContentsDer, password);
  const encryptedContent = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipherText);
  return seq([
    oid(OID.encryptedData),
    explicit0(seq([int(0), seq([oid(OID.data), algorithm, encryptedContent])])),
  ]);
}

function dataContentInfo(content: string): Asn1 {
  return seq([oid(OID.data), explicit0(octets(content))]);
}

function shroudedKey(privateKey: KeyObject, password: string, encryption: Pkcs12Encryption): string {
  if (encryption === "aes256") {
    // Node (OpenSSL 3) writes PBES2 with PBKDF2-HMAC-SHA256 and AES-256-CBC: the exact OpenSSL 3 default.
    return binary(
      privateKey.export({ type: "pkcs8", format: "der", cipher: "aes-256-cbc", passphrase: password }),
    );
  }
  const keyInfo = asn1.fromDer(binary(privateKey.export({ type: "pkcs8", format: "der" })));
  return der(pki.encryptPrivateKeyInfo(keyInfo, password, { algorithm: "3des", count: ITERATIONS }));
}

export interface Pkcs12Contents {
  privateKey?: KeyObject;
  /** DER certificates; the first one is the key's certificate. */
  certificatesDer: Buffer[];
  password: string;
  friendlyName?: string;
  encryption: Pkcs12Encryption;
}

export function writePkcs12(contents: Pkcs12Contents): Buffer {
  const { password, encryption } = contents;
  const localKeyId = binary(randomBytes(20));
  const friendlyName = contents.friendlyName ?? "anula";
  const certBags = contents.certificatesDer.map((certificate, index) => {
    const bag = seq([
      oid(OID.certBag),
      explicit0(seq([oid(OID.x509Certificate), explicit0(octets(binary(certificate)))])),
    ]);
    // Only the key's certificate carries the localKeyId that pairs it with the key bag.
    return index === 0 && contents.privateKey
      ? seq([...(bag.value as Asn1[]), bagAttributes(localKeyId, friendlyName)])
      : bag;
  });
  const authenticatedSafe: Asn1[] = [encryptedDataContentInfo(der(seq(certBags)), password, encryption)];
  if (contents.privateKey) {
    const keyBag = seq([
      oid(OID.pkcs8ShroudedKeyBag),
      explicit0(asn1.fromDer(shroudedKey(contents.privateKey, password, encryption))),
      bagAttributes(localKeyId, friendlyName),
    ]);
    authenticatedSafe.push(dataContentInfo(der(seq([keyBag]))));
  }
  const authSafeDer = der(seq(authenticatedSafe));

  const macDigest = encryption === "aes256" ? "sha256" : "sha1";
  const macSalt = forge.random.getBytesSync(8);
  const macKey = forge.pkcs12.generateKey(
    password,
    forge.util.createBuffer(macSalt),
    3,
    ITERATIONS,
    macDigest === "sha256" ? 32 : 20,
    forge.md[macDigest].create(),
  );
  const mac = createHmac(macDigest, toBuffer(macKey.getBytes())).update(toBuffer(authSafeDer)).digest();
  const macData = seq([
    seq([
      seq([oid(macDigest === "sha256" ? OID.sha256 : OID.sha1), asn1.create(U, T.NULL, false, "")]),
      octets(binary(mac)),
    ]),
    octets(macSalt),
    int(ITERATIONS),
  ]);
  return toBuffer(der(seq([int(3), dataContentInfo(authSafeDer), macData])));
}
