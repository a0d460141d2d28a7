import "server-only";

import { XMLDSIG_NAMESPACE } from "@/lib/server/platform/signing/xmldsig-profile";

/** Small DOM helpers shared by both verification paths (no xpath: it costs seconds on big documents). */

export const ELEMENT_NODE = 1;

/** Every xmldsig Signature element, by a plain DOM walk (xpath over 600,000 nodes costs seconds). */
export function findSignatureElements(root: Node): Element[] {
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

/** The first child element with this local name in the xmldsig namespace. */
export function childElement(parent: Element | undefined, localName: string): Element | undefined {
  for (let child = parent?.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE && (child as Element).localName === localName) {
      if ((child as Element).namespaceURI === XMLDSIG_NAMESPACE) return child as Element;
    }
  }
  return undefined;
}

/** KeyInfo/X509Data/X509Certificate as single-line base64, or null when absent or empty. */
export function embeddedCertificate(signature: Element): string | null {
  const data = childElement(childElement(signature, "KeyInfo"), "X509Data");
  const text = childElement(data, "X509Certificate")?.textContent?.replace(/\s+/g, "");
  return text ? text : null;
}
