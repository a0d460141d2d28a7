import "server-only";

import {
  C14N_ALGORITHM,
  ENVELOPED_SIGNATURE_TRANSFORM,
  XMLDSIG_NAMESPACE,
} from "@/lib/server/platform/signing/xmldsig-profile";

import { ELEMENT_NODE } from "./xmldsig-dom";

/**
 * The Signature shapes the fast path (verify-simple-document.ts) accepts: DGII's profile with any
 * algorithm xml-crypto implements with node:crypto and canonicalizes a SignedInfo with.
 *
 *   Signature xmlns=xmldsig
 *     SignedInfo
 *       CanonicalizationMethod Algorithm ∈ C14N_METHODS
 *       SignatureMethod Algorithm ∈ SIGNATURE_METHODS
 *       Reference URI=""
 *         Transforms: Transform enveloped-signature [, Transform inclusive C14N]
 *         DigestMethod Algorithm ∈ DIGEST_METHODS
 *         DigestValue text
 *     SignatureValue text
 *     KeyInfo / X509Data / X509Certificate text
 *
 * Every element in the xmldsig namespace without prefix, no other attributes, only whitespace
 * between elements, no comments, CDATA or processing instructions. Anything else → general path.
 */

const C14N_METHODS = new Set([
  C14N_ALGORITHM,
  `${C14N_ALGORITHM}#WithComments`,
  "http://www.w3.org/2001/10/xml-exc-c14n#",
  "http://www.w3.org/2001/10/xml-exc-c14n#WithComments",
]);
const SIGNATURE_METHODS = new Set([
  "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
]);
const DIGEST_METHODS = new Set([
  "http://www.w3.org/2000/09/xmldsig#sha1",
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);

const TEXT_NODE = 3;
const WHITESPACE = /^[ \t\n]*$/;

/** The element children, if they are exactly `names` in order (xmldsig, unprefixed); else null. */
function childrenNamed(parent: Element, names: readonly string[]): Element[] | null {
  const children: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE && WHITESPACE.test(node.nodeValue ?? "")) continue;
    if (node.nodeType !== ELEMENT_NODE) return null;
    const element = node as Element;
    if (element.namespaceURI !== XMLDSIG_NAMESPACE || element.prefix) return null;
    if (element.localName !== names[children.length]) return null;
    children.push(element);
  }
  return children.length === names.length ? children : null;
}

function hasAttributes(element: Element, expected: Record<string, (value: string) => boolean>): boolean {
  const names = Object.keys(expected);
  if (element.attributes.length !== names.length) return false;
  return names.every(
    (name) => element.hasAttribute(name) && expected[name]!(element.getAttribute(name) ?? ""),
  );
}

const none = {};

/** A leaf holding only text (a value or base64). */
function isTextLeaf(element: Element): boolean {
  if (!hasAttributes(element, none)) return false;
  for (let node = element.firstChild; node; node = node.nextSibling)
    if (node.nodeType !== TEXT_NODE) return false;
  return true;
}

/** An empty element whose only attribute is an Algorithm from `allowed`. */
function isAlgorithm(element: Element, allowed: ReadonlySet<string>): boolean {
  return element.firstChild === null && hasAttributes(element, { Algorithm: (value) => allowed.has(value) });
}

const ENVELOPED_ONLY = new Set([ENVELOPED_SIGNATURE_TRANSFORM]);
const INCLUSIVE_ONLY = new Set([C14N_ALGORITHM]);

function hasProfileReference(reference: Element): boolean {
  if (!hasAttributes(reference, { URI: (value) => value === "" })) return false;
  const [transforms, digestMethod, digestValue] =
    childrenNamed(reference, ["Transforms", "DigestMethod", "DigestValue"]) ?? [];
  if (!transforms || !digestMethod || !digestValue || !hasAttributes(transforms, none)) return false;
  const list =
    childrenNamed(transforms, ["Transform"]) ?? childrenNamed(transforms, ["Transform", "Transform"]) ?? [];
  const [enveloped, inclusive] = list;
  return (
    enveloped !== undefined &&
    isAlgorithm(enveloped, ENVELOPED_ONLY) &&
    (inclusive === undefined || isAlgorithm(inclusive, INCLUSIVE_ONLY)) &&
    isAlgorithm(digestMethod, DIGEST_METHODS) &&
    isTextLeaf(digestValue)
  );
}

export function hasProfileShape(signature: Element): boolean {
  if (signature.namespaceURI !== XMLDSIG_NAMESPACE || signature.prefix || signature.localName !== "Signature")
    return false;
  if (!hasAttributes(signature, { xmlns: (value) => value === XMLDSIG_NAMESPACE })) return false;
  const [signedInfo, signatureValue, keyInfo] =
    childrenNamed(signature, ["SignedInfo", "SignatureValue", "KeyInfo"]) ?? [];
  if (!signedInfo || !signatureValue || !keyInfo) return false;
  const [c14n, signatureMethod, reference] =
    childrenNamed(signedInfo, ["CanonicalizationMethod", "SignatureMethod", "Reference"]) ?? [];
  const [x509Data] = childrenNamed(keyInfo, ["X509Data"]) ?? [];
  const [certificate] = (x509Data && childrenNamed(x509Data, ["X509Certificate"])) ?? [];
  return (
    hasAttributes(signedInfo, none) &&
    c14n !== undefined &&
    isAlgorithm(c14n, C14N_METHODS) &&
    signatureMethod !== undefined &&
    isAlgorithm(signatureMethod, SIGNATURE_METHODS) &&
    reference !== undefined &&
    hasProfileReference(reference) &&
    isTextLeaf(signatureValue) &&
    hasAttributes(keyInfo, none) &&
    x509Data !== undefined &&
    hasAttributes(x509Data, none) &&
    certificate !== undefined &&
    isTextLeaf(certificate)
  );
}
