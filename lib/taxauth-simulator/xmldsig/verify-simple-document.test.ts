import { describe, expect, it, vi } from "vitest";
import { SignedXml } from "xml-crypto";

import { buildAnecfXml } from "@/lib/domain/anecf-xml";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { loadPkcs12, type SigningCredential } from "@/lib/server/platform/signing/load-pkcs12";
import { signBuiltXml, signXml, signXmlWithXmlCrypto } from "@/lib/server/platform/signing/sign-xml";
import { canonicalizeSimpleDocument } from "@/lib/server/platform/signing/simple-xml-canonical";
import { anecfLike, testCredential } from "@/lib/server/platform/signing/test-fixtures";
import {
  C14N_ALGORITHM,
  ENVELOPED_SIGNATURE_TRANSFORM,
  keyInfoContent,
  RSA_SHA256_ALGORITHM,
  SHA256_DIGEST_ALGORITHM,
} from "@/lib/server/platform/signing/xmldsig-profile";

import { verifyWithXmlCrypto, verifyXmlSignatureWithPath, type VerifyPath } from "./verify-xml-signature";

const credential = testCredential();
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";

/**
 * The fast path's verdict must be the general path's (stock xml-crypto on the full DOM, the oracle)
 * for every input: same validity, reason and certificate. Returns the path that decided.
 */
function agreed(xml: string): { valid: boolean; path: VerifyPath } {
  const { result, path } = verifyXmlSignatureWithPath(xml);
  expect(result).toEqual(verifyWithXmlCrypto(xml));
  return { valid: result.valid, path };
}

interface XmlCryptoOptions {
  signatureAlgorithm?: string;
  digestAlgorithm?: string;
  canonicalizationAlgorithm?: string;
  transforms?: string[];
  prefix?: string;
  action?: "append" | "prepend";
  references?: number;
  signer?: SigningCredential;
}

/** Signs with stock xml-crypto and the given algorithms (what another DGII client might send). */
function signWithXmlCrypto(xml: string, options: XmlCryptoOptions = {}): string {
  const signer = options.signer ?? credential;
  const signed = new SignedXml({
    privateKey: signer.privateKeyPem,
    signatureAlgorithm: options.signatureAlgorithm ?? RSA_SHA256_ALGORITHM,
    canonicalizationAlgorithm: options.canonicalizationAlgorithm ?? C14N_ALGORITHM,
    getKeyInfoContent: (args) => {
      const prefix = args?.prefix ? `${args.prefix}:` : "";
      const certificate = `<${prefix}X509Certificate>${signer.certificateBase64}</${prefix}X509Certificate>`;
      return prefix
        ? `<${prefix}X509Data>${certificate}</${prefix}X509Data>`
        : keyInfoContent(signer.certificateBase64);
    },
  });
  for (let index = 0; index < (options.references ?? 1); index++) {
    signed.addReference({
      xpath: "/*",
      transforms: options.transforms ?? [ENVELOPED_SIGNATURE_TRANSFORM],
      digestAlgorithm: options.digestAlgorithm ?? SHA256_DIGEST_ALGORITHM,
      isEmptyUri: true,
    });
  }
  signed.computeSignature(xml, {
    prefix: options.prefix,
    location: { reference: "/*", action: options.action ?? "append" },
  });
  return signed.getSignedXml();
}

function builtAnecf(count: number, types: number): string {
  const result = validateVoidRequest(sampleVoidBody(count, types), { now: Date.UTC(2026, 10, 22, 12, 0, 0) });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return buildAnecfXml({ rncEmisor: "130000001", plan: result.plan });
}

/** A different character of the same kind where there is one, so most changes stay well-formed. */
function mutated(xml: string, index: number): string {
  const char = xml[index]!;
  let replacement = "x";
  if (/[0-8]/.test(char)) replacement = String(Number(char) + 1);
  else if (char === "9") replacement = "0";
  else if (/[a-yA-Y]/.test(char)) replacement = String.fromCharCode(char.charCodeAt(0) + 1);
  else if (char === "z" || char === "Z") replacement = char === "z" ? "a" : "A";
  else if (char === "+") replacement = "/";
  else if (char === "x") replacement = "y";
  return xml.slice(0, index) + replacement + xml.slice(index + 1);
}

describe("verifyXmlSignature: the fast path agrees with xml-crypto on the full DOM", () => {
  it.each([
    [1, 1],
    [25, 3],
    [3_000, 10],
  ])("built ANECF with %i ranges (%i types): fast path, valid", (count, types) => {
    const signed = signBuiltXml(builtAnecf(count, types), credential);
    expect(agreed(signed)).toEqual({ valid: true, path: "simple" });
  });

  it("ANECF signed by stock xml-crypto with DGII's profile: fast path, valid", () => {
    const signed = signXmlWithXmlCrypto(anecfLike({ ranges: 30, types: 4 }), credential);
    expect(agreed(signed)).toEqual({ valid: true, path: "simple" });
  });

  it("every single-character change of a signed document gets the same verdict on both paths", () => {
    const signed = signXml(anecfLike({ ranges: 2, types: 1 }), credential);
    const rootStart = signed.indexOf("<ANECF>"); // the XML declaration is not signed
    const signatureStart = signed.indexOf("<Signature ");
    const signedInfoEnd = signed.indexOf("</SignedInfo>") + "</SignedInfo>".length;
    const certificateStart = signed.indexOf("<X509Certificate>") + "<X509Certificate>".length;
    const certificateEnd = signed.indexOf("</X509Certificate>");
    const paths = { simple: 0, general: 0 };
    // xml-crypto's own xmldom parse prints every recovered syntax slip of the broken variants.
    const quiet = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
    for (const spy of quiet) spy.mockImplementation(() => undefined);
    for (let index = 0; index < signed.length; index++) {
      const inCertificate = index >= certificateStart && index < certificateEnd;
      // every character of SignedInfo (algorithm URIs, DigestValue); a sample elsewhere (time)
      const stride = index < signatureStart ? 3 : index < signedInfoEnd ? 1 : inCertificate ? 40 : 6;
      if (index % stride !== 0) continue;
      const { valid, path } = agreed(mutated(signed, index));
      paths[path]++;
      // Changes that may keep it valid: the unsigned prolog, certificate bytes outside the key (a
      // date), base64 padding and the character before it (Buffer decodes leniently, and the
      // low bits of that character are not decoded).
      const neutral =
        index < rootStart || inCertificate || signed[index] === "=" || signed[index + 1] === "=";
      if (!neutral) expect(valid, `change at ${index}: ${signed.slice(index - 10, index + 10)}`).toBe(false);
    }
    for (const spy of quiet) spy.mockRestore();
    // Text, DigestValue and SignatureValue changes are decided without the DOM (~210 of ~920);
    // broken markup and unknown algorithm URIs are left to xml-crypto.
    expect(paths.simple).toBeGreaterThan(150);
    expect(paths.general).toBeGreaterThan(500);
  }, 120_000);

  it("named tamperings: content, DigestValue, SignatureValue, each algorithm URI, another certificate", () => {
    const signed = signXml(anecfLike({ ranges: 12, types: 3 }), credential);
    const other = loadPkcs12(generatePkcs12({ rnc: "101000001", password: "x" }).p12, "x");
    const changes: [string, string][] = [
      ["E310000000005", "E310000000006"],
      ["<NoLinea>2</NoLinea>", "<NoLinea>3</NoLinea>"],
      ["<DigestValue>", "<DigestValue>A"],
      ["<SignatureValue>", "<SignatureValue>AAAA"],
      [C14N_ALGORITHM + '"', EXC_C14N + '"'],
      [C14N_ALGORITHM + '"', C14N_ALGORITHM + '#WithComments"'],
      ["xmldsig-more#rsa-sha256", "xmldsig-more#rsa-sha512"],
      [RSA_SHA256_ALGORITHM, "http://www.w3.org/2000/09/xmldsig#rsa-sha1"],
      ["xmlenc#sha256", "xmlenc#sha512"],
      [SHA256_DIGEST_ALGORITHM, "http://www.w3.org/2000/09/xmldsig#sha1"],
      [credential.certificateBase64, other.certificateBase64],
    ];
    for (const [from, to] of changes) {
      expect(signed).toContain(from);
      expect(agreed(signed.replace(from, to)), `${from} → ${to}`).toEqual({ valid: false, path: "simple" });
    }
  });

  it("a transform or URI outside the profile goes to xml-crypto and is rejected there", () => {
    const signed = signXml(anecfLike({ ranges: 5, types: 2 }), credential);
    const transform = `<Transform Algorithm="${ENVELOPED_SIGNATURE_TRANSFORM}"/>`;
    for (const [from, to] of [
      [transform, `<Transform Algorithm="${EXC_C14N}"/>`],
      [transform, `${transform}<Transform Algorithm="${EXC_C14N}"/>`],
      ['<Reference URI="">', '<Reference URI="#x">'],
      ['<Reference URI="">', "<Reference>"],
      ["xmldsig-more#rsa-sha256", "xmldsig-more#hmac-sha256"],
      ["xmlenc#sha256", "xmlenc#sha384"],
    ] as const) {
      expect(agreed(signed.replace(from, to)), `${from} → ${to}`).toEqual({ valid: false, path: "general" });
    }
  });

  it.each<[string, XmlCryptoOptions]>([
    [
      "rsa-sha1 + sha1",
      {
        signatureAlgorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
        digestAlgorithm: "http://www.w3.org/2000/09/xmldsig#sha1",
      },
    ],
    [
      "rsa-sha512 + sha512",
      {
        signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
        digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha512",
      },
    ],
    ["exclusive C14N of SignedInfo", { canonicalizationAlgorithm: EXC_C14N }],
    ["C14N with comments of SignedInfo", { canonicalizationAlgorithm: `${C14N_ALGORITHM}#WithComments` }],
    ["an explicit inclusive C14N transform", { transforms: [ENVELOPED_SIGNATURE_TRANSFORM, C14N_ALGORITHM] }],
  ])("signed by xml-crypto with %s: fast path, valid, and tampering caught", (_name, options) => {
    const signed = signWithXmlCrypto(anecfLike({ ranges: 20, types: 2 }), options);
    expect(agreed(signed)).toEqual({ valid: true, path: "simple" });
    expect(agreed(signed.replace("E310000000005", "E310000000006"))).toEqual({
      valid: false,
      path: "simple",
    });
  });

  it.each<[string, XmlCryptoOptions]>([
    [
      "an exclusive C14N transform",
      { canonicalizationAlgorithm: EXC_C14N, transforms: [ENVELOPED_SIGNATURE_TRANSFORM, EXC_C14N] },
    ],
    ["a ds: prefix", { prefix: "ds" }],
    ["the signature as first child", { action: "prepend" }],
    ["two references", { references: 2 }],
  ])("signed by xml-crypto with %s: general path, valid, and tampering caught", (_name, options) => {
    const signed = signWithXmlCrypto(anecfLike({ ranges: 20, types: 2 }), options);
    expect(agreed(signed)).toEqual({ valid: true, path: "general" });
    expect(agreed(signed.replace("E310000000005", "E310000000006"))).toEqual({
      valid: false,
      path: "general",
    });
  });

  it("an element after the signature: not the fast path's shape, and not valid", () => {
    const signed = signXml(anecfLike({ ranges: 3, types: 1 }), credential);
    const extra = signed.replace("</Signature></ANECF>", "</Signature><Extra>1</Extra></ANECF>");
    expect(agreed(extra)).toEqual({ valid: false, path: "general" });
    // Moved in front of the signature instead, it is content the digest did not cover.
    const moved = signed.replace("<Signature ", "<Extra>1</Extra><Signature ");
    expect(agreed(moved)).toEqual({ valid: false, path: "simple" });
  });

  it("documents the fast path cannot vouch for go to xml-crypto (and still verify when genuine)", () => {
    const base = anecfLike({ ranges: 3, types: 1 });
    const cases: [string, string, boolean][] = [
      ["a root attribute", base.replace("<ANECF>", '<ANECF a="1">'), true],
      ["a root namespace", base.replace("<ANECF>", '<ANECF xmlns="urn:x">'), true],
      ["an element named SignedInfo", base.replace("<Version>", "<SignedInfo/><Version>"), true],
      ["a comment", base.replace("<Version>", "<!-- c --><Version>"), true],
    ];
    for (const [name, xml, valid] of cases) {
      const signed = signXmlWithXmlCrypto(xml, credential);
      expect(agreed(signed), name).toEqual({ valid, path: "general" });
    }
  });

  it("text xmldom rewrites as \\n (U+0085, U+2028; U+2029 in xmldom 0.9) goes to xml-crypto", () => {
    // xml-crypto signs the parsed text ("\n") and writes it back as "\n"; the genuine document
    // carries the original character, which the parser turns into the signed "\n" again. (xml-crypto's
    // own xmldom 0.8 keeps U+2029, so there the digest differs: the oracle says invalid.)
    const signed = signXmlWithXmlCrypto(
      anecfLike({ ranges: 3 }).replace("<Version>1.0", "<Version>1.0\n"),
      credential,
    );
    for (const [char, valid] of [
      ["\u0085", true],
      ["\u2028", true],
      ["\u2029", false],
    ] as const) {
      const original = signed.replace("<Version>1.0\n", `<Version>1.0${char}`);
      expect(agreed(original)).toEqual({ valid, path: "general" });
      // The guard matters: the simple canonicalizer alone takes that text as already canonical.
      const unsigned = original.slice(0, original.indexOf("<Signature ")) + "</ANECF>";
      expect(canonicalizeSimpleDocument(unsigned)).not.toBeNull();
    }
  });

  it("structures around the signature: whitespace, nesting, duplicates, missing parts", () => {
    const signed = signXml(anecfLike({ ranges: 3, types: 1 }), credential);
    const signature = signed.slice(signed.indexOf("<Signature "), signed.lastIndexOf("</ANECF>"));
    const cases: [string, string, boolean, VerifyPath][] = [
      ["trailing newline after the root", `${signed}\n`, true, "simple"],
      [
        "whitespace between signature and root end",
        signed.replace("</Signature></ANECF>", "</Signature>\n</ANECF>"),
        false,
        "general",
      ],
      [
        "pretty-printed SignedInfo children",
        signed.replace("<SignatureMethod", "\n  <SignatureMethod"),
        false,
        "simple",
      ],
      [
        "a signature nested in the signature",
        signed.replace("</KeyInfo>", `</KeyInfo>${signature}`),
        false,
        "general",
      ],
      ["two signatures", signed.replace("</ANECF>", `${signature}</ANECF>`), false, "general"],
      ["no KeyInfo", signed.replace(/<KeyInfo>.*<\/KeyInfo>/, ""), false, "general"],
      ["empty X509Certificate", signed.replace(credential.certificateBase64, ""), false, "simple"],
      [
        "certificate that is not X.509",
        signed.replace(credential.certificateBase64, "bm8gZXMgdW4gY2VydGlmaWNhZG8="),
        false,
        "simple",
      ],
      [
        "an Object after KeyInfo",
        signed.replace("</KeyInfo>", "</KeyInfo><Object>x</Object>"),
        true,
        "general",
      ],
      [
        "malformed content",
        signed.replace("<Version>1.0</Version>", "<Version>1.0</Versio>"),
        false,
        "general",
      ],
      ["unsigned", anecfLike({ ranges: 1 }), false, "general"],
    ];
    for (const [name, xml, valid, path] of cases) expect(agreed(xml), name).toEqual({ valid, path });
  });
});
