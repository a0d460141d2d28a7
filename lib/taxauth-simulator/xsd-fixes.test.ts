import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { buildTestEcf } from "./test-ecf-fixtures";
import { ecfXsdName, validateAgainstXsd, XSD_FILES, type XsdName } from "./validate-xsd";
import { applyXsdFixes, XSD_FIXES } from "./xsd-fixes";

const official = (fileName: string) => path.join(process.cwd(), "reference", "dgii-xsd", fileName);
const SIGNATURE = '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/>';
const withStandInSignature = (xml: string) => xml.replace("</ECF>", `${SIGNATURE}</ECF>`);

describe("DGII's XSDs with the simulator's load-time fixes", () => {
  for (const fileName of Object.keys(XSD_FIXES)) {
    it.skipIf(!existsSync(official(fileName)))(
      `${fileName}: every fix still finds DGII's mistake (fails when DGII changes the file)`,
      () => {
        const text = readFileSync(official(fileName), "utf8");
        const fixed = applyXsdFixes(fileName, text);
        for (const fix of XSD_FIXES[fileName]!) expect(fixed).not.toContain(fix.find);
        expect(() => applyXsdFixes(fileName, fixed)).toThrow(/DGII changed the file/);
      },
    );
  }

  it("leaves the files without known mistakes unchanged", () => {
    expect(applyXsdFixes("e-CF 32 v.1.0.xsd", "<xs:schema/>(?:")).toBe("<xs:schema/>(?:");
  });

  it("compiles every e-CF schema: an empty ECF fails on its content, not on the schema", async () => {
    const names = Object.keys(XSD_FILES).filter((name) => name.startsWith("ecf")) as XsdName[];
    expect(names).toHaveLength(10);
    for (const name of names) {
      const result = await validateAgainstXsd("<ECF/>", name);
      expect(result.valid, name).toBe(false);
      expect(result.errors.join(" "), name).toMatch(/Element 'ECF'/);
    }
  });

  it("validates an e-CF against the schema of its type", async () => {
    const ecf31 = withStandInSignature(buildTestEcf({ rnc: "130000001", encf: "E310000000001" }));
    expect(await validateAgainstXsd(ecf31, "ecf31")).toEqual({ valid: true, errors: [] });
    // Type 32 has no FechaVencimientoSecuencia: 31's shape fails 32's schema and the reverse.
    const ecf32 = withStandInSignature(buildTestEcf({ rnc: "130000001", encf: "E320000000001", tipo: "32" }));
    expect(await validateAgainstXsd(ecf32, "ecf32")).toEqual({ valid: true, errors: [] });
    expect((await validateAgainstXsd(ecf32, "ecf31")).valid).toBe(false);
    expect(
      (await validateAgainstXsd(buildTestEcf({ rnc: "130000001", encf: "E310000000001" }), "ecf31")).valid,
    ).toBe(false);
    expect(ecfXsdName("31")).toBe("ecf31");
    expect(ecfXsdName("42")).toBeUndefined();
  });

  it.skipIf(!existsSync(official("RFCE 32 v.1.0.xsd")))("compiles the fixed RFCE schema", async () => {
    const result = await validateAgainstXsd("<RFCE/>", "rfce");
    expect(result.errors.join(" ")).toMatch(/Element 'RFCE'/);
  });
});
