import "server-only";

import { createHash, sign as rsaSign } from "node:crypto";
import { SignedXml } from "xml-crypto";

import { AppError } from "@/lib/errors";

import type { SigningCredential } from "./load-pkcs12";
import { parseXmlStrict } from "./parse-xml-strict";
import { canonicalizeSimpleDocument } from "./simple-xml-canonical";
import {
  C14N_ALGORITHM,
  canonicalSignedInfo,
  ENVELOPED_SIGNATURE_TRANSFORM,
  keyInfoContent,
  RSA_SHA256_ALGORITHM,
  serializedSignature,
  SHA256_DIGEST_ALGORITHM,
} from "./xmldsig-profile";

/**
 * Signs with DGII's profile: enveloped <Signature> (default namespace, no prefix) appended as the last
 * child of the root, inclusive C14N, rsa-sha256, sha256, one Reference URI="" with only the
 * enveloped-signature transform, KeyInfo = X509Data/X509Certificate.
 *
 * Documents of the simple shape (see simple-xml-canonical.ts; every ANECF Anula builds) are signed
 * without a DOM: one scan, one sha256 of the root, one RSA signature (about 20 ms for 100,000
 * ranges, where xml-crypto needs seconds). Tests prove the bytes equal signXmlWithXmlCrypto's.
 * Any other document (e.g. the DGII seed, which declares namespaces) goes to xml-crypto.
 */
export function signXml(xml: string, credential: SigningCredential): string {
  const simple = canonicalizeSimpleDocument(xml);
  if (!simple) {
    // xmldom would silently "repair" malformed markup and xml-crypto would sign the guess: refuse it.
    try {
      parseXmlStrict(xml);
    } catch (cause) {
      throw new AppError("SIGN_ERROR", "No se pudo firmar: el XML no está bien formado.", { cause });
    }
    return signXmlWithXmlCrypto(xml, credential);
  }
  try {
    const digestValue = createHash("sha256").update(simple.canonicalRoot, "utf8").digest("base64");
    const signedInfo = canonicalSignedInfo(digestValue);
    const signatureValue = rsaSign("sha256", Buffer.from(signedInfo, "utf8"), credential.privateKey).toString(
      "base64",
    );
    const signature = serializedSignature(digestValue, signatureValue, credential.certificateBase64);
    return xml.slice(0, simple.rootEndTagStart) + signature + xml.slice(simple.rootEndTagStart);
  } catch (cause) {
    throw new AppError("SIGN_ERROR", "No se pudo firmar el documento XML.", { cause });
  }
}

/**
 * Characters and sequences that make a document's source text differ from its canonical form (or
 * bring attributes, comments, PIs, CDATA, entities, self-closing tags): any of them → not trusted.
 */
const NON_CANONICAL = /[&\r"'=]|\/>|<!|<\?/;

/**
 * Signs a document whose canonical form is its own text by construction: Anula's ANECF builder
 * writes only elements and validated e-NCF/digit/date text (lib/domain/anecf-xml.ts). It skips the
 * well-formedness scan of signXml (~60 ms of ~100 ms at 100,000 ranges) and keeps one native check
 * for anything that would make the text non-canonical; such a document goes through signXml.
 * Tests prove the bytes equal xml-crypto's for built documents.
 */
export function signBuiltXml(xml: string, credential: SigningCredential): string {
  const declaration = DECLARATION_PREFIX.exec(xml);
  const rootStart = declaration ? declaration[0].length : 0;
  const rootEndTagStart = xml.lastIndexOf("</");
  if (rootEndTagStart <= rootStart || NON_CANONICAL.test(xml.slice(rootStart)))
    return signXml(xml, credential);
  try {
    const digestValue = createHash("sha256").update(xml.slice(rootStart), "utf8").digest("base64");
    const signedInfo = canonicalSignedInfo(digestValue);
    const signatureValue = rsaSign("sha256", Buffer.from(signedInfo, "utf8"), credential.privateKey).toString(
      "base64",
    );
    const signature = serializedSignature(digestValue, signatureValue, credential.certificateBase64);
    return xml.slice(0, rootEndTagStart) + signature + xml.slice(rootEndTagStart);
  } catch (cause) {
    throw new AppError("SIGN_ERROR", "No se pudo firmar el documento XML.", { cause });
  }
}

const DECLARATION_PREFIX = /^<\?xml version="1\.0" encoding="UTF-8"\?>/;

/** The reference signer: stock xml-crypto with the same profile. The oracle of signXml's tests. */
export function signXmlWithXmlCrypto(xml: string, credential: SigningCredential): string {
  try {
    const signer = new SignedXml({
      privateKey: credential.privateKeyPem,
      signatureAlgorithm: RSA_SHA256_ALGORITHM,
      canonicalizationAlgorithm: C14N_ALGORITHM,
      // Our own KeyInfo builder: xml-crypto's would accept PEM chains and wrap nothing else.
      getKeyInfoContent: () => keyInfoContent(credential.certificateBase64),
    });
    signer.addReference({
      xpath: "/*",
      transforms: [ENVELOPED_SIGNATURE_TRANSFORM],
      digestAlgorithm: SHA256_DIGEST_ALGORITHM,
      isEmptyUri: true,
    });
    signer.computeSignature(xml, { location: { reference: "/*", action: "append" } });
    return signer.getSignedXml();
  } catch (cause) {
    throw new AppError("SIGN_ERROR", "No se pudo firmar el documento XML.", { cause });
  }
}
