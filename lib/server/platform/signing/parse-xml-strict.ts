import "server-only";

import { DOMParser } from "@xmldom/xmldom";

/**
 * xmldom recovers from malformed markup by default (and prints to the console); a signer or verifier
 * must never work on a guessed document, so any error or fatal error throws here.
 */
export function parseXmlStrict(xml: string): Document {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") throw new Error(`XML mal formado: ${message}`);
    },
  });
  const document = parser.parseFromString(xml, "text/xml") as unknown as Document;
  if (!document.documentElement) throw new Error("XML sin elemento raíz");
  return document;
}
