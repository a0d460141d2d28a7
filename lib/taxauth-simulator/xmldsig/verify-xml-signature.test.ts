import { describe, expect, it } from "vitest";

import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { loadPkcs12 } from "@/lib/server/platform/signing/load-pkcs12";
import { signXml } from "@/lib/server/platform/signing/sign-xml";
import { anecfLike, TEST_RNC, testCredential } from "@/lib/server/platform/signing/test-fixtures";

import { verifyXmlSignature } from "./verify-xml-signature";

const credential = testCredential();
const signed = signXml(anecfLike({ ranges: 12, types: 3 }), credential);

function expectInvalid(xml: string): string {
  const result = verifyXmlSignature(xml);
  expect(result.valid).toBe(false);
  expect(result.reason).toBeTruthy();
  return result.reason ?? "";
}

describe("verifyXmlSignature", () => {
  it("accepts a signed ANECF and reports the embedded certificate", () => {
    const result = verifyXmlSignature(signed);
    expect(result.valid).toBe(true);
    expect(result.reason).toBeUndefined();
    expect(result.certificateBase64).toBe(credential.certificateBase64);
    expect(result.certificate).toMatchObject({
      subjectSerialNumber: TEST_RNC,
      fingerprintSha256: credential.info.fingerprintSha256,
    });
  });

  it("rejects any change of content: a digit of a sequence, the RncEmisor, the date, a count", () => {
    const changes: [string, string][] = [
      ["E310000000005", "E310000000006"],
      [`<RncEmisor>${TEST_RNC}</RncEmisor>`, "<RncEmisor>130000002</RncEmisor>"],
      ["15-03-2025 10:20:30", "15-03-2025 10:20:31"],
      ["<NoLinea>2</NoLinea>", "<NoLinea>3</NoLinea>"],
      ["<Version>1.0</Version>", "<Version>1.1</Version>"],
    ];
    for (const [from, to] of changes) {
      expect(signed).toContain(from);
      expectInvalid(signed.replace(from, to));
    }
  });

  it("rejects an altered SignatureValue, DigestValue or algorithm", () => {
    const value = /<SignatureValue>([^<]*)<\/SignatureValue>/.exec(signed)![1]!;
    const flipped = (value[10] === "A" ? "B" : "A") + "";
    expectInvalid(signed.replace(value, value.slice(0, 10) + flipped + value.slice(11)));
    const digest = /<DigestValue>([^<]*)<\/DigestValue>/.exec(signed)![1]!;
    expectInvalid(signed.replace(digest, Buffer.alloc(32, 7).toString("base64")));
    expectInvalid(signed.replace("xmldsig-more#rsa-sha256", "xmldsig-more#rsa-sha512"));
  });

  it("rejects a signature made with another key than the embedded certificate's", () => {
    const other = loadPkcs12(generatePkcs12({ rnc: "101000001", password: "x" }).p12, "x");
    const resigned = signXml(anecfLike({ ranges: 12, types: 3 }), other);
    const swapped = resigned.replace(other.certificateBase64, credential.certificateBase64);
    expect(expectInvalid(swapped)).toMatch(/firma no es válida/);
  });

  it("rejects unsigned, empty, malformed and certificate-less documents without throwing", () => {
    expect(expectInvalid(anecfLike({ ranges: 1 }))).toMatch(/no está firmado/);
    expectInvalid("");
    expectInvalid("<ANECF><A></ANECF>");
    expectInvalid(undefined as unknown as string);
    expect(expectInvalid(signed.replace(/<KeyInfo>.*<\/KeyInfo>/, ""))).toMatch(/certificado/);
    expectInvalid(signed.replace(credential.certificateBase64, "bm8gZXMgdW4gY2VydGlmaWNhZG8="));
  });

  it("rejects a signature that does not cover the whole document", () => {
    expect(expectInvalid(signed.replace('<Reference URI="">', '<Reference URI="#otro">'))).toBeTruthy();
  });

  it("rejects a document with two signatures", () => {
    const signature = signed.slice(signed.indexOf("<Signature "), signed.lastIndexOf("</ANECF>"));
    expect(expectInvalid(signed.replace("</ANECF>", `${signature}</ANECF>`))).toMatch(/más de una firma/);
  });
});
