import { afterAll, beforeAll, expect, it } from "vitest";

import { signXml } from "@/lib/server/platform/signing";
import { TaxAuthClient } from "@/lib/server/platform/taxauth/taxauth-client";
import {
  buildTestAnecf,
  configFor,
  credentialFor,
  startTestSimulator,
  type TestBlock,
} from "@/lib/server/platform/taxauth/test-support";
import type { SimulatorHandle } from "./index";

const RNC = "130000051";
const TYPES = ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"];
let simulator: SimulatorHandle;
let client: TaxAuthClient;

beforeAll(async () => {
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator, { responseTimeoutMs: 60_000 }));
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});

/** 10 types × 10,000 ranges of 5 sequences, spaced 10 apart (the spec's maximum document). */
function largeBlocks(offset: number): TestBlock[] {
  return TYPES.map((tipo) => ({
    tipo,
    ranges: Array.from({ length: 10_000 }, (_, index): [string, string] => {
      const from = offset + index * 10 + 1;
      return [`E${tipo}${String(from).padStart(10, "0")}`, `E${tipo}${String(from + 4).padStart(10, "0")}`];
    }),
  }));
}

it("verifies, checks and records a 100,000-range ANECF in seconds, and rejects its replay", async () => {
  const credential = credentialFor(RNC);
  await client.getToken("TesteCF", RNC, credential);
  simulator.admin.markIssued({
    environment: "TesteCF",
    rnc: RNC,
    ranges: [{ from: "E470000099993", to: "E470000099993" }],
  });

  const xml = signXml(buildTestAnecf(RNC, largeBlocks(0)), credential);
  let started = Date.now();
  const rejectedForIssued = await client.voidRanges({
    environment: "TesteCF",
    rnc: RNC,
    credential,
    xml,
    fileName: "big.xml",
  });
  const rejectMs = Date.now() - started;
  expect(rejectedForIssued).toMatchObject({
    kind: "rejected",
    response: { mensajes: [expect.stringMatching(/E470000099993$/)] },
  });

  const fresh = signXml(buildTestAnecf(RNC, largeBlocks(100_000_000)), credential);
  started = Date.now();
  const accepted = await client.voidRanges({
    environment: "TesteCF",
    rnc: RNC,
    credential,
    xml: fresh,
    fileName: "big.xml",
  });
  const acceptMs = Date.now() - started;
  expect(accepted.kind).toBe("accepted");
  expect(simulator.admin.voidedRanges("TesteCF", RNC)).toHaveLength(100_000);

  started = Date.now();
  const replay = await client.voidRanges({
    environment: "TesteCF",
    rnc: RNC,
    credential,
    xml: fresh,
    fileName: "big.xml",
  });
  const replayMs = Date.now() - started;
  expect(replay).toMatchObject({
    kind: "rejected",
    response: { mensajes: [expect.stringMatching(/utilizadas: .* y 99980 más$/)] },
  });

  console.info(
    `100,000-range ANECF (${(fresh.length / 1e6).toFixed(1)} MB): rejected ${rejectMs} ms, accepted ${acceptMs} ms, replay ${replayMs} ms`,
  );
  expect(Math.max(rejectMs, acceptMs, replayMs)).toBeLessThan(20_000);
}, 120_000);
