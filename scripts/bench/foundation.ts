import { buildAnecfXml } from "@/lib/domain/anecf-xml";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { buildAnecfXmlReference } from "@/lib/server/anecf/testing/build-anecf-reference";
import { loadPkcs12, signBuiltXml, signXmlWithXmlCrypto } from "@/lib/server/platform/signing";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";
import { benchIntervals } from "./intervals";
import { medianMs, report } from "./measure";

function planOf(count: number): VoidPlan {
  const result = validateVoidRequest(sampleVoidBody(count));
  if (!result.ok) throw new Error("sample request is invalid");
  return result.plan;
}

/** Issue "Foundation": validation, build + sign, and the naive pipeline for the ratio. */
export async function benchFoundation(): Promise<void> {
  const body100k = sampleVoidBody(100_000);
  report({
    name: "validate_100000_ranges",
    value: await medianMs(() => validateVoidRequest(body100k), 9, 2),
    unit: "ms",
  });
  await benchIntervals();

  const rnc = "130000001";
  const { p12 } = generatePkcs12({ rnc, password: "bench", encryption: "legacy-rc2-40" });
  report({
    name: "load_pkcs12_legacy_rc2",
    value: await medianMs(() => loadPkcs12(p12, "bench"), 9, 1),
    unit: "ms",
  });
  const credential = loadPkcs12(p12, "bench");
  for (const count of [1, 10_000, 100_000]) {
    const plan = planOf(count);
    const runs = count === 1 ? 201 : count === 10_000 ? 21 : 7;
    const ms = await medianMs(
      () => signBuiltXml(buildAnecfXml({ rncEmisor: rnc, plan }), credential),
      runs,
      3,
    );
    report({ name: `build_sign_${count}_range${count === 1 ? "" : "s"}`, value: ms, unit: "ms" });
  }
  const signed100k = signBuiltXml(buildAnecfXml({ rncEmisor: rnc, plan: planOf(100_000) }), credential);
  report({
    name: "verify_100000_ranges",
    value: await medianMs(() => verifyXmlSignature(signed100k), 5, 1),
    unit: "ms",
  });
  const plan10k = planOf(10_000);
  const naive = await medianMs(
    () => signXmlWithXmlCrypto(buildAnecfXmlReference({ rncEmisor: rnc, plan: plan10k }), credential),
    3,
    1,
  );
  report({ name: "naive_build_sign_10000_ranges", value: naive, unit: "ms" });
}
