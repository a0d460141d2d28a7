import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { loadXsd, readOfficialXsd, XSD_DIRECTORY, XSD_FILE_NAMES, type EcfSchemaName } from "./load-xsd";

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

// DGII's files as published (reference/dgii-xsd/SOURCES.md). When DGII publishes a new version this
// test fails on purpose: check the new file, its load-time fixes and the samples, then update the hash.
const OFFICIAL_SHA256: Record<EcfSchemaName, string> = {
  "31": "6f2909a93d84919518d2ae3c77fead4b35c3e8c95996b8af67b0040c2e2be298",
  "32": "151676df03c61335b4ac1eca97f99395488d57ea92793b49353602871e651f3c",
  "33": "087cd71beba11c19cf548e22b96363cb4aa210dc6f5c3c8a62122a42c88d2866",
  "34": "6c62ebabdea9a6f6d62ae85d9e1c2eb788f44f3f0b61945fe116700c4eaac2da",
  "41": "eae1993c637375bc1cbe80932411d87f5680cd54e77e4d1b2752d72a6c8b2ab3",
  "43": "776f030980c2c50cf0221e9263c55f367c8631727adff00ab45e2c7c1abafc52",
  "44": "19834f37a9f0e2db40f00c80d07c2bf92f9019f23474480f32cef1ba06af4e67",
  "45": "030492cc8ef7d1a09a89b16b241f8e5c4920dfd09c0b629b1db8e68406ecd6ca",
  "46": "e7f8613ade25c7efb88e84d34d7c0ad330d1b22238ad9ef90c80aed01911d67b",
  "47": "14daf18f52f63dd80e439a18fb60a102d74e71243ee90ee253367f61ce8e1994",
  RFCE: "6aad535875661b05eef072963295202fc94b3b320b257791feb8d3c39a5f8ee6",
};

// The fixed texts are byte-identical to the hand-patched copies used to validate DGII's samples
// (e-CF 31 v.1.0.PATCHED.xsd, RFCE 32 v.1.0.PATCHED.xsd; the RFCE one also equals BlueFireRD's).
const PATCHED_SHA256: Partial<Record<EcfSchemaName, string>> = {
  "31": "58b1b93309fc982a5a5ca6dda8f6d626a3d7f12df0361035c030a881043ef1e0",
  RFCE: "30b9ae65fd2d1ccdcd9340106069208302dda4989247be2a8be214c6bdbf73d4",
};

const SCHEMAS = Object.keys(XSD_FILE_NAMES) as EcfSchemaName[];

describe("DGII's official XSDs", () => {
  it.each(SCHEMAS)("e-CF %s is DGII's file, bytes unchanged", (schema) => {
    expect(sha256(readOfficialXsd(schema))).toBe(OFFICIAL_SHA256[schema]);
  });

  it("SOURCES.md beside them records each file's sha256", () => {
    const sources = readFileSync(path.join(process.cwd(), XSD_DIRECTORY, "SOURCES.md"), "utf8");
    for (const schema of SCHEMAS)
      expect(sources).toContain(`\`${XSD_FILE_NAMES[schema]}\` | \`${OFFICIAL_SHA256[schema]}\``);
  });
});

describe("loadXsd: DGII's defects fixed at load time", () => {
  it.each(SCHEMAS)("e-CF %s loads as the known fixed (or unchanged) bytes", (schema) => {
    expect(sha256(Buffer.from(loadXsd(schema), "utf8"))).toBe(
      PATCHED_SHA256[schema] ?? OFFICIAL_SHA256[schema],
    );
  });

  it("e-CF 31: the type name loses its leading space, nothing else changes", () => {
    const official = readOfficialXsd("31").toString("utf8");
    const fixed = loadXsd("31");
    expect(official).toContain('name=" IndicadorServicioTodoIncluidoType"');
    expect(fixed).not.toContain('name=" IndicadorServicioTodoIncluidoType"');
    expect(fixed.length).toBe(official.length - 1);
  });

  it("RFCE: the four (?: groups become plain groups", () => {
    const official = readOfficialXsd("RFCE").toString("utf8");
    expect(official.split("(?:").length - 1).toBe(4);
    expect(loadXsd("RFCE")).not.toContain("(?:");
    expect(loadXsd("RFCE").length).toBe(official.length - 8);
  });
});
