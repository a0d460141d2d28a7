import "server-only";

import { X509Certificate } from "node:crypto";
import forge from "node-forge";
import { SignedXml } from "xml-crypto";

import { describeCertificate, type CertificateInfo } from "@/lib/server/platform/signing/certificate-info";

import { embeddedCertificate } from "./xmldsig-dom";

/**
 * The part of verification both paths share (verify-xml-signature.ts, verify-simple-document.ts):
 * the certificate embedded in KeyInfo becomes the key, and xml-crypto loads the Signature element,
 * canonicalizes SignedInfo and checks SignatureValue with the algorithms the document declares.
 * The paths differ only in how the digest input of Reference URI="" is produced.
 */

export interface VerifyResult {
  valid: boolean;
  reason?: string;
  certificateBase64?: string;
  certificate?: CertificateInfo;
}

export function invalid(
  reason: string,
  certificateBase64?: string,
  certificate?: CertificateInfo,
): VerifyResult {
  return { valid: false, reason, certificateBase64, certificate };
}

/** Thrown by a fast path's hook when the document is not what it handles: the caller falls back. */
export class FallBackToGeneralPath extends Error {
  constructor(why: string) {
    super(`fast path not applicable: ${why}`);
  }
}

export interface ReferenceLike {
  uri?: string;
  transforms: string[];
  digestAlgorithm: string;
  digestValue?: string;
  validationError?: Error;
}

/** xml-crypto internals the paths replace or call (stable in the pinned 6.x). */
export interface SignedXmlInternals {
  validateReference(ref: ReferenceLike, doc: Document): string | undefined;
  getCanonReferenceXml(doc: Document, ref: ReferenceLike, node: Node): string;
  findHashAlgorithm(name: string): { getHash(xml: string): string };
  findLoadedSignature(node: Node): Node | null;
  signatureNode: Node | null;
}

/**
 * Digests canonXml with the reference's declared DigestMethod and compares it with DigestValue the
 * way xml-crypto does (decoded bytes); on mismatch records the reason on the reference, as
 * xml-crypto's validateReference does, and returns undefined.
 */
export function digestReference(
  internals: SignedXmlInternals,
  ref: ReferenceLike,
  canonXml: string,
): string | undefined {
  const digest = internals.findHashAlgorithm(ref.digestAlgorithm).getHash(canonXml);
  if (
    !ref.digestValue ||
    Buffer.compare(Buffer.from(digest, "base64"), Buffer.from(ref.digestValue, "base64")) !== 0
  ) {
    ref.validationError = new Error(
      `el resumen (digest) calculado ${digest} no coincide con ${ref.digestValue}`,
    );
    return undefined;
  }
  return canonXml;
}

function describeDer(der: Buffer): CertificateInfo | undefined {
  try {
    return describeCertificate(
      forge.pki.certificateFromAsn1(forge.asn1.fromDer(der.toString("binary"))),
      der,
    );
  } catch {
    return undefined; // forge reads RSA certificates only; the verdict does not depend on this
  }
}

/**
 * Verifies `signature` (an xmldsig Signature element) with xml-crypto. `checkedXml` is the text
 * xml-crypto's checkSignature re-parses (the document, or the Signature alone on the fast path);
 * `adapt` installs the path's reference resolution on the signer. Never throws, except
 * FallBackToGeneralPath raised by `adapt`'s hooks.
 */
export function checkSignatureElement(
  signature: Element,
  checkedXml: string,
  adapt: (internals: SignedXmlInternals) => void,
): VerifyResult {
  const certificateBase64 = embeddedCertificate(signature);
  if (!certificateBase64)
    return invalid("La firma no incluye el certificado (KeyInfo/X509Data/X509Certificate).");
  const der = Buffer.from(certificateBase64, "base64");
  let publicCert: string;
  try {
    publicCert = new X509Certificate(der).toString();
  } catch {
    return invalid("El certificado incluido en la firma no es un X.509 válido.", certificateBase64);
  }
  const certificate = describeDer(der);

  try {
    const signer = new SignedXml({ publicCert });
    adapt(signer as unknown as SignedXmlInternals);
    signer.loadSignature(signature);
    if (!signer.getReferences().some((reference) => reference.uri === "")) {
      return invalid(
        'La firma no cubre el documento completo (falta Reference URI="").',
        certificateBase64,
        certificate,
      );
    }
    if (!signer.checkSignature(checkedXml)) {
      const failed = signer.getReferences().find((reference) => reference.validationError);
      const detail = failed?.validationError?.message ?? "una referencia no es válida";
      return invalid(`La firma no es válida: ${detail}`, certificateBase64, certificate);
    }
    return { valid: true, certificateBase64, certificate };
  } catch (error) {
    if (error instanceof FallBackToGeneralPath) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return invalid(`La firma no es válida: ${message}`, certificateBase64, certificate);
  }
}
