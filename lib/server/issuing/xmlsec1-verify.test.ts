import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { ECF_TYPE_CODES } from "@/lib/domain/ecf-types";
import { signXml } from "@/lib/server/platform/signing";
import { TEST_RNC, testCredential } from "@/lib/server/platform/signing/test-fixtures";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { securityCodeOf } from "./security-code";
import { sampleEcfBody } from "./testing/sample-ecf-bodies";
import { validateIssue } from "./validate-issue";

/**
 * What Anula signs for every type, checked by verifiers that share no code with the signer: the
 * simulator's verifier (DGII's profile) and Debian's xmlsec1, the reference XMLDSig implementation.
 * .ci/run installs xmlsec1 and sets ANULA_REQUIRE_XMLSEC1=1, so there its absence fails; on a machine
 * without it (`npm test` on a fresh clone) the xmlsec1 half is skipped, and says so.
 */
const hasXmlsec1 = (() => {
  try {
    execFileSync("xmlsec1", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const requireXmlsec1 = process.env.ANULA_REQUIRE_XMLSEC1 === "1";
if (!hasXmlsec1 && !requireXmlsec1) {
  console.warn(
    "xmlsec1 is not installed (apt-get install xmlsec1): the signed e-CF are checked by DGII's profile only",
  );
}
const directory = mkdtempSync(path.join(tmpdir(), "anula-xmlsec1-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function xmlsec1Verify(file: string, certificateFile: string): string {
  // --pubkey-cert-pem: the signature must verify with this certificate's key (a self-signed test
  // certificate, so no chain is asked for).
  return execFileSync("xmlsec1", ["--verify", "--pubkey-cert-pem", certificateFile, file], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the signed e-CF of every type", () => {
  const credential = testCredential();
  const certificateFile = path.join(directory, "certificate.pem");
  writeFileSync(certificateFile, credential.certificatePem);

  it.runIf(requireXmlsec1)("xmlsec1 is installed (Debian's package xmlsec1; .ci/run installs it)", () => {
    expect(hasXmlsec1).toBe(true);
  });

  it.each(ECF_TYPE_CODES)("type %s: xmlsec1 --verify and DGII's profile accept it", (tipo) => {
    const body = sampleEcfBody(tipo);
    ((body.ECF.Encabezado as Record<string, unknown>).Emisor as Record<string, unknown>).RNCEmisor = TEST_RNC;
    const validation = validateIssue(body, TEST_RNC, Date.UTC(2026, 11, 1, 14));
    expect(validation.ok, JSON.stringify(validation.ok ? "" : validation.errors)).toBe(true);
    if (!validation.ok) return;
    const signed = signXml(validation.issue.xml, credential);
    const file = path.join(directory, `${tipo}.xml`);
    writeFileSync(file, signed);
    expect(verifyXmlSignature(signed).valid).toBe(true);
    expect(securityCodeOf(signed)).toMatch(/^[A-Za-z0-9+/=]{6}$/);
    if (!hasXmlsec1) return;
    expect(() => xmlsec1Verify(file, certificateFile)).not.toThrow();
    // One changed character in the document and xmlsec1 refuses it: the check can fail.
    const tampered = path.join(directory, `${tipo}-tampered.xml`);
    writeFileSync(tampered, signed.replace("<TipoeCF>", "<TipoeCF> "));
    expect(() => xmlsec1Verify(tampered, certificateFile)).toThrow();
  });
});
