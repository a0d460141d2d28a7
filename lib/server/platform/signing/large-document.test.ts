import { describe, expect, it } from "vitest";

import { verifyXmlSignatureWithPath } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { signXml, signXmlWithXmlCrypto } from "./sign-xml";
import { anecfLike, testCredential } from "./test-fixtures";

/**
 * Guards against the quadratic and DOM-bound regressions: stock xml-crypto needs ~95 s to verify
 * the largest legal ANECF, xml-crypto on the full DOM ~8 s; the DOM-free fast path ~0.2 s. Bounds
 * leave room for a loaded 2-core machine; the measured numbers go in the report.
 */
describe("the largest legal ANECF (100,000 ranges, 10 types)", () => {
  const credential = testCredential();
  const largest = anecfLike({ ranges: 100_000, types: 10 });

  it("signs and verifies without a DOM, each well under the bound", () => {
    const signStarted = performance.now();
    const signed = signXml(largest, credential);
    const signMs = performance.now() - signStarted;
    expect(signMs).toBeLessThan(2_000);

    const verifyStarted = performance.now();
    const { result, path } = verifyXmlSignatureWithPath(signed);
    const verifyMs = performance.now() - verifyStarted;
    expect(result.valid).toBe(true);
    expect(path).toBe("simple");
    expect(verifyMs).toBeLessThan(3_000);

    // A changed digit deep inside is caught just as fast.
    const tampered = signed.replace("E450000099991", "E450000099992");
    expect(tampered).not.toBe(signed);
    const tamperedStarted = performance.now();
    expect(verifyXmlSignatureWithPath(tampered)).toMatchObject({ result: { valid: false }, path: "simple" });
    expect(performance.now() - tamperedStarted).toBeLessThan(3_000);
  }, 60_000);

  it("is byte-identical to stock xml-crypto at 2,000 ranges", () => {
    const xml = anecfLike({ ranges: 2_000, types: 10 });
    expect(signXml(xml, credential)).toBe(signXmlWithXmlCrypto(xml, credential));
  });
});
