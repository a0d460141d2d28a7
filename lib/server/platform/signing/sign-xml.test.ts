import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { signXml, signXmlWithXmlCrypto } from "./sign-xml";
import { canonicalizeSimpleDocument } from "./simple-xml-canonical";
import { anecfLike, TEST_RNC, testCredential } from "./test-fixtures";

const credential = testCredential();
const DSIG = "http://www.w3.org/2000/09/xmldsig#";

const FAST_PATH_DOCUMENTS: Record<string, string> = {
  "1 range": anecfLike({ ranges: 1 }),
  "25 ranges over 3 types": anecfLike({ ranges: 25, types: 3 }),
  "without declaration": anecfLike({ ranges: 2, declaration: "" }),
  "lowercase utf-8 declaration": anecfLike({
    ranges: 2,
    declaration: '<?xml version="1.0" encoding="utf-8"?>',
  }),
  "escaped text":
    '<?xml version="1.0" encoding="UTF-8"?><ANECF><Encabezado><Version>1.0</Version>' +
    "<Nota>A &amp; B &lt;C&gt; \"comillas\" 'simples' ñandú € 𝄞</Nota></Encabezado></ANECF>",
  "self-closing element": "<ANECF><Encabezado><Vacio/><Version>1.0</Version></Encabezado></ANECF>",
  "tabs and newlines in text": "<ANECF><Nota>línea 1\n\tlínea 2</Nota></ANECF>",
};

function seedSample(): string {
  const directory = path.join(process.cwd(), "reference", "samples");
  const file = readdirSync(directory).find(
    (name) => name.startsWith("SemillaModel") && name.endsWith(".xml"),
  );
  if (!file) throw new Error("seed sample missing");
  // DGII signs compact XML: drop the whitespace between elements (the sample is pretty-printed).
  return readFileSync(path.join(directory, file), "utf8").replace(/>\s+</g, "><").trim();
}

function signatureOf(signed: string): Element {
  const document = new DOMParser().parseFromString(signed, "text/xml");
  const last = document.documentElement!.lastChild as unknown as Element;
  expect(last.localName).toBe("Signature");
  return last;
}

describe("signXml fast path", () => {
  for (const [name, xml] of Object.entries(FAST_PATH_DOCUMENTS)) {
    it(`is byte-identical to stock xml-crypto and verifies: ${name}`, () => {
      expect(canonicalizeSimpleDocument(xml)).not.toBeNull(); // really on the fast path
      const fast = signXml(xml, credential);
      expect(fast).toBe(signXmlWithXmlCrypto(xml, credential));
      expect(verifyXmlSignature(fast).valid).toBe(true);
    });
  }

  it("keeps the document and its declaration, and appends the Signature inside the root", () => {
    const xml = anecfLike({ ranges: 3 });
    const signed = signXml(xml, credential);
    const rootEnd = xml.lastIndexOf("</ANECF>");
    expect(signed.startsWith(xml.slice(0, rootEnd))).toBe(true);
    expect(signed.startsWith('<?xml version="1.0" encoding="UTF-8"?><ANECF>')).toBe(true);
    expect(signed.endsWith("</Signature></ANECF>")).toBe(true);
  });

  it("follows DGII's profile exactly", () => {
    const signed = signXml(anecfLike({ ranges: 2 }), credential);
    const signature = signatureOf(signed);
    expect(signature.namespaceURI).toBe(DSIG);
    expect(signature.prefix ?? null).toBeNull();
    expect(signed).not.toContain("ds:");
    expect(signed).toContain(
      '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
        '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
        '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
        '<Reference URI=""><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
        '</Transforms><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>',
    );
    expect(signed.match(/<Reference /g)).toHaveLength(1);
    expect(signed.match(/<Transform /g)).toHaveLength(1);
    const keyInfo = signed.slice(signed.indexOf("<KeyInfo>"));
    expect(keyInfo).toBe(
      `<KeyInfo><X509Data><X509Certificate>${credential.certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature></ANECF>`,
    );
    expect(credential.certificateBase64).not.toMatch(/\s/);
    const signatureValue = /<SignatureValue>([^<]*)<\/SignatureValue>/.exec(signed)?.[1] ?? "";
    expect(signatureValue).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(signatureValue, "base64")).toHaveLength(256); // RSA-2048
  });

  it("is deterministic (RSA PKCS#1 v1.5) and signs one range in well under a millisecond", () => {
    const xml = anecfLike({ ranges: 1 });
    expect(signXml(xml, credential)).toBe(signXml(xml, credential));
    for (let warmup = 0; warmup < 50; warmup++) signXml(xml, credential);
    const started = performance.now();
    const rounds = 200;
    for (let round = 0; round < rounds; round++) signXml(xml, credential);
    const perSignature = (performance.now() - started) / rounds;
    expect(perSignature).toBeLessThan(5); // generous on a shared machine; typically ~0.5 ms
  });
});

describe("signXml fallback to xml-crypto", () => {
  it("signs the DGII seed (namespaces on the root) and it verifies", () => {
    const seed = seedSample();
    expect(seed.startsWith('<?xml version="1.0" encoding="utf-8"?><SemillaModel xmlns:xsi=')).toBe(true);
    expect(canonicalizeSimpleDocument(seed)).toBeNull();
    const signed = signXml(seed, credential);
    expect(signed).toBe(signXmlWithXmlCrypto(seed, credential));
    expect(signatureOf(signed).namespaceURI).toBe(DSIG);
    const result = verifyXmlSignature(signed);
    expect(result).toMatchObject({ valid: true, certificateBase64: credential.certificateBase64 });
    expect(result.certificate?.subjectSerialNumber).toBe(TEST_RNC);
  });

  it.each([
    ["attributes", '<ANECF><Version a="1">1.0</Version></ANECF>'],
    ["a comment", "<ANECF><!-- nota --><Version>1.0</Version></ANECF>"],
    ["a raw >", "<ANECF><Nota>a > b</Nota></ANECF>"],
    ["a character reference", "<ANECF><Nota>&#233;</Nota></ANECF>"],
    ["an empty element written open/close", "<ANECF><Nota></Nota><Version>1.0</Version></ANECF>"],
    ["CDATA", "<ANECF><Nota><![CDATA[x & y]]></Nota></ANECF>"],
    ["a carriage return", "<ANECF><Nota>a\r\nb</Nota></ANECF>"],
  ])("documents with %s go to xml-crypto, same bytes, and verify", (_name, xml) => {
    expect(canonicalizeSimpleDocument(xml)).toBeNull();
    const signed = signXml(xml, credential);
    expect(signed).toBe(signXmlWithXmlCrypto(xml, credential));
    expect(verifyXmlSignature(signed).valid).toBe(true);
  });

  it.each([
    ["mismatched tags", "<ANECF><A>1</B></ANECF>"],
    ["two roots", "<ANECF></ANECF><ANECF></ANECF>"],
    ["unclosed root", "<ANECF><A>1</A>"],
    ["not XML", "hola"],
  ])("refuses malformed input (%s) with SIGN_ERROR instead of signing a repaired guess", (_name, xml) => {
    expect(canonicalizeSimpleDocument(xml)).toBeNull();
    expect(() => signXml(xml, credential)).toThrowError(AppError);
    try {
      signXml(xml, credential);
    } catch (error) {
      expect((error as AppError).code).toBe("SIGN_ERROR");
    }
  });
});
