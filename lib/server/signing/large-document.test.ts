import { describe, expect, it } from "vitest";

import { signXml, signXmlWithXmlCrypto } from "./sign-xml";
import { anecfLike, testCredential } from "./test-fixtures";
import { verifyXmlSignature } from "./verify-xml-signature";

/**
 * Guards against the quadratic regressions (stock xml-crypto needs ~95 s to verify the largest legal
 * ANECF). Bounds are generous on purpose: the measured numbers go in the report, not in asserts.
 */
describe("the largest legal ANECF (100,000 ranges, 10 types)", () => {
  const credential = testCredential();
  const largest = anecfLike({ ranges: 100_000, types: 10 });

  it("signs fast without a DOM and verifies in seconds", () => {
    const signStarted = performance.now();
    const signed = signXml(largest, credential);
    const signMs = performance.now() - signStarted;
    expect(signMs).toBeLessThan(2_000);

    const verifyStarted = performance.now();
    const result = verifyXmlSignature(signed);
    const verifyMs = performance.now() - verifyStarted;
    expect(result.valid).toBe(true);
    expect(verifyMs).toBeLessThan(30_000);
  }, 120_000);

  it("is byte-identical to stock xml-crypto at 2,000 ranges", () => {
    const xml = anecfLike({ ranges: 2_000, types: 10 });
    expect(signXml(xml, credential)).toBe(signXmlWithXmlCrypto(xml, credential));
  });
});
