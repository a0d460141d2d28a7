import { describe, expect, it } from "vitest";
import { buildAnecfXml } from "@/lib/domain/anecf-xml";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { signBuiltXml, signXml, signXmlWithXmlCrypto } from "@/lib/server/platform/signing";
import { testCredential } from "@/lib/server/platform/signing/test-fixtures";
import { validateAgainstXsd } from "@/lib/taxauth-simulator/validate-xsd";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

function planOf(body: unknown): VoidPlan {
  const result = validateVoidRequest(body, { now: Date.UTC(2026, 10, 22, 12, 0, 0) });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

describe("signed ANECF: the chain validate → build → sign as DGII verifies it", () => {
  const credential = testCredential();

  it.each([1, 25, 3_000])(
    "%i ranges: the trusted signer's bytes equal xml-crypto's, and it verifies",
    (count) => {
      const xml = buildAnecfXml({ rncEmisor: "130000001", plan: planOf(sampleVoidBody(count, 3)) });
      const signed = signBuiltXml(xml, credential);
      expect(signed).toBe(signXmlWithXmlCrypto(xml, credential));
      expect(signed).toBe(signXml(xml, credential));
      expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
    },
  );

  it("passes DGII's official XSD once signed", async () => {
    const xml = buildAnecfXml({ rncEmisor: "130000001", plan: planOf(sampleVoidBody(40, 10)) });
    const signed = signBuiltXml(xml, credential);
    expect(signed.endsWith("</Signature></ANECF>")).toBe(true);
    expect(await validateAgainstXsd(signed, "anecf")).toEqual({ valid: true, errors: [] });
  });

  it("any changed content byte breaks the signature", () => {
    const signed = signBuiltXml(
      buildAnecfXml({ rncEmisor: "130000001", plan: planOf(sampleVoidBody(10, 2)) }),
      credential,
    );
    for (const [from, to] of [
      ["<RncEmisor>130000001<", "<RncEmisor>130000002<"],
      ["E310000000005", "E310000000006"],
      ["<NoLinea>2<", "<NoLinea>3<"],
      ["<CantidadeNCFAnulados>50<", "<CantidadeNCFAnulados>51<"],
    ] as const) {
      expect(signed).toContain(from);
      expect(verifyXmlSignature(signed.replace(from, to)).valid).toBe(false);
    }
  });

  it("a document that is not canonical by construction falls back to the full signer", () => {
    const odd =
      '<?xml version="1.0" encoding="UTF-8"?><ANECF><Encabezado a="1"><Version>1.0</Version></Encabezado></ANECF>';
    const signed = signBuiltXml(odd, credential);
    expect(signed).toBe(signXmlWithXmlCrypto(odd, credential));
    expect(verifyXmlSignature(signed).valid).toBe(true);
  });
});
