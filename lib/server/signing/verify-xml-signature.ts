import "server-only";

import { X509Certificate } from "node:crypto";
import forge from "node-forge";
import { SignedXml } from "xml-crypto";

import { describeCertificate, type CertificateInfo } from "./certificate-info";
import { parseXmlStrict } from "./parse-xml-strict";
import { XMLDSIG_NAMESPACE } from "./xmldsig-profile";

export interface VerifyResult {
  valid: boolean;
  reason?: string;
  certificateBase64?: string;
  certificate?: CertificateInfo;
}

const ELEMENT_NODE = 1;

function invalid(reason: string, certificateBase64?: string, certificate?: CertificateInfo): VerifyResult {
  return { valid: false, reason, certificateBase64, certificate };
}

/** Every xmldsig Signature element, by a plain DOM walk (xpath over 600,000 nodes costs seconds). */
function findSignatureElements(root: Node): Element[] {
  const found: Element[] = [];
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    for (let child = node.lastChild; child; child = child.previousSibling) {
      if (child.nodeType !== ELEMENT_NODE) continue;
      const element = child as Element;
      if (element.localName === "Signature" && element.namespaceURI === XMLDSIG_NAMESPACE)
        found.push(element);
      if (element.firstChild) pending.push(element);
    }
  }
  return found;
}

function childElement(parent: Element | undefined, localName: string): Element | undefined {
  for (let child = parent?.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE && (child as Element).localName === localName) {
      if ((child as Element).namespaceURI === XMLDSIG_NAMESPACE) return child as Element;
    }
  }
  return undefined;
}

function embeddedCertificate(signature: Element): string | null {
  const data = childElement(childElement(signature, "KeyInfo"), "X509Data");
  const text = childElement(data, "X509Certificate")?.textContent?.replace(/\s+/g, "");
  return text ? text : null;
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

interface ReferenceLike {
  uri?: string;
  digestAlgorithm: string;
  digestValue?: string;
  validationError?: Error;
}

/** xml-crypto internals this file replaces or calls (stable in the pinned 6.x). */
interface SignedXmlInternals {
  validateReference(ref: ReferenceLike, doc: Document): string | undefined;
  getCanonReferenceXml(doc: Document, ref: ReferenceLike, node: Node): string;
  findHashAlgorithm(name: string): { getHash(xml: string): string };
  findLoadedSignature(node: Node): Node | null;
  signatureNode: Node | null;
}

/**
 * Stock xml-crypto resolves `URI=""` with xpath `//*` and finds the loaded signature with another
 * whole-document xpath: quadratic, ~95 s on a 100,000-range ANECF. Same-document `URI=""` means the
 * document element (XMLDSig core, 4.4.3.2), so resolve it directly; locate the signature by a walk.
 */
function withLinearLookups(signer: SignedXml): void {
  const internals = signer as unknown as SignedXmlInternals;
  const validateReference = internals.validateReference.bind(signer);
  internals.validateReference = (ref, doc) => {
    if (ref.uri !== "" || !doc.documentElement) return validateReference(ref, doc);
    const canonXml = internals.getCanonReferenceXml(doc, ref, doc.documentElement);
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
  };
  internals.findLoadedSignature = (node) => {
    const loaded = internals.signatureNode;
    const doc = node.ownerDocument ?? node;
    if (!loaded || loaded.ownerDocument === doc) return loaded;
    const value = childElement(loaded as Element, "SignatureValue")?.textContent;
    if (!value) return null;
    const matches = findSignatureElements(doc).filter(
      (signature) => childElement(signature, "SignatureValue")?.textContent === value,
    );
    if (matches.length > 1)
      throw new Error("varias firmas con el mismo SignatureValue (posible ataque de envoltura)");
    return matches[0] ?? null;
  };
}

/**
 * Verifies the document's XMLDSig signature with xml-crypto, honouring the algorithms it declares,
 * using the certificate embedded in KeyInfo as the key (integrity and authorship; whether that
 * certificate belongs to the issuer is the caller's check). The signature must cover the whole
 * document (a Reference URI=""). Never throws: bad input gives { valid: false, reason }.
 */
export function verifyXmlSignature(xml: string): VerifyResult {
  if (typeof xml !== "string" || xml.trim() === "") return invalid("El documento está vacío.");
  let document: Document;
  try {
    document = parseXmlStrict(xml);
  } catch (error) {
    return invalid(`El XML no está bien formado: ${error instanceof Error ? error.message : String(error)}`);
  }
  const signatures = findSignatureElements(document);
  if (signatures.length === 0) return invalid("El documento no está firmado.");
  if (signatures.length > 1) return invalid("El documento contiene más de una firma.");
  const signature = signatures[0]!;

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
    withLinearLookups(signer);
    signer.loadSignature(signature);
    const references = signer.getReferences();
    if (!references.some((reference) => reference.uri === "")) {
      return invalid(
        'La firma no cubre el documento completo (falta Reference URI="").',
        certificateBase64,
        certificate,
      );
    }
    if (!signer.checkSignature(xml)) {
      const failed = signer.getReferences().find((reference) => reference.validationError);
      const detail = failed?.validationError?.message ?? "una referencia no es válida";
      return invalid(`La firma no es válida: ${detail}`, certificateBase64, certificate);
    }
    return { valid: true, certificateBase64, certificate };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return invalid(`La firma no es válida: ${message}`, certificateBase64, certificate);
  }
}
