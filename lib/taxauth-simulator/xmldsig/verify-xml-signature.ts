import "server-only";

import { parseXmlStrict } from "@/lib/server/platform/signing/parse-xml-strict";

import {
  checkSignatureElement,
  digestReference,
  invalid,
  type SignedXmlInternals,
  type VerifyResult,
} from "./signature-check";
import { verifySimpleDocument } from "./verify-simple-document";
import { childElement, findSignatureElements } from "./xmldsig-dom";

export type { VerifyResult } from "./signature-check";

/** Which path produced a verdict: the DOM-free fast path or the full xml-crypto one. */
export type VerifyPath = "simple" | "general";

/**
 * Verifies the document's XMLDSig signature, honouring the algorithms it declares, using the
 * certificate embedded in KeyInfo as the key (integrity and authorship; whether that certificate
 * belongs to the issuer is the caller's check). The signature must cover the whole document
 * (a Reference URI=""). Never throws: bad input gives { valid: false, reason }.
 *
 * Documents of the shape Anula signs (every ANECF; see verify-simple-document.ts) are verified
 * without parsing the document into a DOM (~0.2 s instead of ~8 s at 100,000 ranges); anything
 * else, and anything the fast path is not sure of, goes through xml-crypto on the full DOM.
 */
export function verifyXmlSignature(xml: string): VerifyResult {
  return verifyXmlSignatureWithPath(xml).result;
}

/** verifyXmlSignature, also telling which path decided (for tests and diagnostics). */
export function verifyXmlSignatureWithPath(xml: string): { result: VerifyResult; path: VerifyPath } {
  if (typeof xml !== "string" || xml.trim() === "")
    return { result: invalid("El documento está vacío."), path: "general" };
  const fast = verifySimpleDocument(xml);
  if (fast) return { result: fast, path: "simple" };
  return { result: verifyWithXmlCrypto(xml), path: "general" };
}

/**
 * Stock xml-crypto resolves `URI=""` with xpath `//*` and finds the loaded signature with another
 * whole-document xpath: quadratic, ~95 s on a 100,000-range ANECF. Same-document `URI=""` means the
 * document element (XMLDSig core, 4.4.3.2), so resolve it directly; locate the signature by a walk.
 */
function withLinearLookups(internals: SignedXmlInternals): void {
  const validateReference = internals.validateReference.bind(internals);
  internals.validateReference = (ref, doc) => {
    if (ref.uri !== "" || !doc.documentElement) return validateReference(ref, doc);
    return digestReference(internals, ref, internals.getCanonReferenceXml(doc, ref, doc.documentElement));
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

/** The general path: xml-crypto on the whole document's DOM. Any well-formed document; seconds when big. */
export function verifyWithXmlCrypto(xml: string): VerifyResult {
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
  return checkSignatureElement(signatures[0]!, xml, withLinearLookups);
}
