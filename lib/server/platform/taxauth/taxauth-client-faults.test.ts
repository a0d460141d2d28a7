import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { FaultSpec, SimulatorHandle } from "@/lib/taxauth-simulator";
import { TaxAuthClient } from "./taxauth-client";
import { configFor, credentialFor, signedTestAnecf, startTestSimulator } from "./test-support";

const RNC = "130000031";
const RANGE = { from: "E310000000001", to: "E310000000005" };
let simulator: SimulatorHandle;
let client: TaxAuthClient;
let xml: string;

beforeAll(async () => {
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator, { responseTimeoutMs: 800 }));
  xml = signedTestAnecf(RNC, [{ tipo: "31", ranges: [[RANGE.from, RANGE.to]] }]);
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});
beforeEach(async () => {
  simulator.admin.reset();
  await client.getToken("TesteCF", RNC, credentialFor(RNC)); // faults below hit the void, not the auth
});

const sendVoid = (signal?: AbortSignal) =>
  client.voidRanges(
    { environment: "TesteCF", rnc: RNC, credential: credentialFor(RNC), xml, fileName: `${RNC}ANECFx.xml` },
    { signal },
  );
const voided = () => simulator.admin.voidedRanges("TesteCF", RNC);

function inject(fault: Omit<FaultSpec, "service">): void {
  simulator.admin.injectFault({ service: "anularrango", ...fault });
}

describe("every fault of the void service is classified as failed, never rejected", () => {
  it("a slow answer within the timeout is still accepted", async () => {
    inject({ mode: "delay", delayMs: 200 });
    expect((await sendVoid()).kind).toBe("accepted");
  });

  it("an answer later than the response timeout → failed (send); the authority may still void", async () => {
    inject({ mode: "delay", delayMs: 1200 });
    const outcome = await sendVoid();
    expect(outcome).toMatchObject({
      kind: "failed",
      stage: "send",
      reason: expect.stringMatching(/^DGII no respondió en 1 s\.$/),
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(voided()).toEqual([RANGE]);
  });

  it("a hung request → failed (send) after the response timeout", async () => {
    inject({ mode: "hang" });
    const started = Date.now();
    const outcome = await sendVoid();
    expect(outcome).toMatchObject({ kind: "failed", stage: "send" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(voided()).toEqual([]);
  });

  it("a connection dropped before answering → failed (send), nothing voided", async () => {
    inject({ mode: "drop-before" });
    expect(await sendVoid()).toMatchObject({
      kind: "failed",
      stage: "send",
      reason: expect.stringMatching(/red/),
    });
    expect(voided()).toEqual([]);
  });

  it("a connection dropped AFTER the void was recorded → failed, and the ledger shows it voided", async () => {
    inject({ mode: "drop-after" });
    const outcome = await sendVoid();
    expect(outcome.kind).toBe("failed");
    expect(outcome).toMatchObject({ stage: "send" });
    expect(voided()).toEqual([RANGE]);
    // The retry the spec warns about: the authority now rejects, proving the first attempt went through.
    expect((await sendVoid()).kind).toBe("rejected");
  });

  it.each([
    [500, /HTTP 500: An error occurred/],
    [502, /HTTP 502 \(HTML\): 502 Bad Gateway/],
    [503, /HTTP 503 \(HTML\): 503 Service Unavailable/],
  ])("HTTP %i → failed with the normalised body", async (status, reason) => {
    inject({ mode: "status", status });
    expect(await sendVoid()).toMatchObject({
      kind: "failed",
      stage: "send",
      httpStatus: status,
      reason: expect.stringMatching(reason),
    });
    expect(voided()).toEqual([]);
  });

  it("a single 401 → the token is renewed once and the void retried once (accepted)", async () => {
    const authenticationsBefore = simulator.admin.callCounts().validarsemilla;
    inject({ mode: "status", status: 401 });
    expect((await sendVoid()).kind).toBe("accepted");
    expect(simulator.admin.callCounts()).toMatchObject({
      validarsemilla: authenticationsBefore + 1,
      anularrango: 2,
    });
  });

  it("a 401 again after renewal → failed (auth), no third attempt", async () => {
    inject({ mode: "status", status: 401, count: 2 });
    expect(await sendVoid()).toMatchObject({ kind: "failed", stage: "auth" });
    expect(simulator.admin.callCounts().anularrango).toBe(2);
  });

  it("malformed JSON (even one containing codigo 1) → failed", async () => {
    inject({ mode: "malformed-json" });
    expect(await sendVoid()).toMatchObject({ kind: "failed", stage: "send", httpStatus: 200 });
  });

  it("an HTML page instead of JSON → failed, reason taken from the page", async () => {
    inject({ mode: "html" });
    expect(await sendVoid()).toMatchObject({
      kind: "failed",
      httpStatus: 200,
      reason: expect.stringMatching(/\(HTML\): Request Rejected/),
    });
  });

  it("authentication failures → failed (auth), the void is never sent", async () => {
    await client.close();
    client = new TaxAuthClient(configFor(simulator, { responseTimeoutMs: 800 }));
    simulator.admin.injectFault({ service: "semilla", mode: "drop-before" });
    expect(await sendVoid()).toMatchObject({ kind: "failed", stage: "auth" });
    simulator.admin.injectFault({ service: "validarsemilla", mode: "hang" });
    expect(await sendVoid()).toMatchObject({
      kind: "failed",
      stage: "auth",
      reason: expect.stringMatching(/no respondió/),
    });
    expect(simulator.admin.callCounts().anularrango).toBe(0);
  });

  it("an aborted send → failed (send)", async () => {
    inject({ mode: "delay", delayMs: 500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await sendVoid(controller.signal)).toMatchObject({
      kind: "failed",
      stage: "send",
      reason: /cancelada/,
    });
  });

  it("an unreachable authority → failed (auth), with a connect error", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const unreachable = new TaxAuthClient({
      ...configFor(simulator),
      baseUrls: { TesteCF: `http://127.0.0.1:${closedPort}/testecf`, CerteCF: "", eCF: "" },
    });
    try {
      expect(
        await unreachable.voidRanges({
          environment: "TesteCF",
          rnc: RNC,
          credential: credentialFor(RNC),
          xml,
          fileName: "f.xml",
        }),
      ).toMatchObject({
        kind: "failed",
        stage: "auth",
        reason: expect.stringMatching(/ECONNREFUSED/),
      });
    } finally {
      await unreachable.close();
    }
  });
});
