/**
 * Signing numbers, one JSON object per line: {"name","value","unit"}.
 * Run: node --conditions=react-server --import tsx scripts/bench-signing.ts
 * (`--conditions=react-server` makes `server-only` importable outside Next.)
 */
import { generatePkcs12 } from "@/lib/server/signing/generate-pkcs12";
import { clearCredentialCache, loadPkcs12Cached } from "@/lib/server/signing/credential-cache";
import { loadPkcs12 } from "@/lib/server/signing/load-pkcs12";
import { signXml, signXmlWithXmlCrypto } from "@/lib/server/signing/sign-xml";
import { anecfLike } from "@/lib/server/signing/test-fixtures";
import { verifyXmlSignature } from "@/lib/server/signing/verify-xml-signature";

function report(name: string, value: number): void {
  console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit: "ms" }));
}

/** Median of `runs` timings after one warm-up call. */
function measure(runs: number, action: () => unknown): number {
  action();
  const timings: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    action();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length / 2)] ?? Number.NaN;
}

const password = "bench";
const { p12 } = generatePkcs12({ rnc: "130000001", password, encryption: "legacy-rc2-40" });
report(
  "load_pkcs12_cold",
  measure(5, () => loadPkcs12(p12, password)),
);
clearCredentialCache();
report(
  "load_pkcs12_cached",
  measure(50, () => loadPkcs12Cached(p12, password)),
);
const credential = loadPkcs12Cached(p12, password);

const one = anecfLike({ ranges: 1 });
report(
  "sign_1_range",
  measure(500, () => signXml(one, credential)),
);
const tenThousand = anecfLike({ ranges: 10_000, types: 10 });
report(
  "sign_10000_ranges",
  measure(10, () => signXml(tenThousand, credential)),
);
report(
  "xmlcrypto_sign_10000_ranges",
  measure(3, () => signXmlWithXmlCrypto(tenThousand, credential)),
);
const largest = anecfLike({ ranges: 100_000, types: 10 });
report(
  "sign_100000_ranges",
  measure(5, () => signXml(largest, credential)),
);
const signedLargest = signXml(largest, credential);
const started = performance.now();
const verified = verifyXmlSignature(signedLargest).valid;
report("verify_100000_ranges", performance.now() - started);
if (!verified) throw new Error("the largest document did not verify");
