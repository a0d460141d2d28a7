import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { parseConfig, setEnvForTests } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

import {
  DGII_STATUS_HOST,
  getServiceStatusMonitor,
  resetServiceStatusForTests,
  ServiceStatusMonitor,
  statusBaseUrlOf,
} from "./service-status";

const KEY = "XXXXXXX-XXXXXXX-XXXX-XXXXXXXXXX";
const MINUTE = 60_000;
let simulator: SimulatorHandle;
const monitors: ServiceStatusMonitor[] = [];

/** A monitor of the simulator's status service, on a clock the test moves. */
function monitorOf(options: { apiKey?: string; clock?: { now: number } } = {}) {
  const clock = options.clock ?? { now: Date.now() };
  const monitor = new ServiceStatusMonitor(
    { baseUrl: simulator.url, apiKey: options.apiKey ?? KEY, intervalMs: MINUTE, timeoutMs: 2_000 },
    undefined,
    () => clock.now,
  );
  monitors.push(monitor);
  return { monitor, clock };
}

const statusCalls = () => simulator.admin.statusCalls().length;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ port: 0, statusApiKey: KEY });
});

afterEach(() => {
  simulator.admin.reset();
  vi.restoreAllMocks();
  for (const monitor of monitors.splice(0)) monitor.close();
});

afterAll(async () => {
  await simulator?.close();
});

describe("the status client against DGII's status service (simulated)", () => {
  it("asks both endpoints with `Authorization: Apikey <key>` and reads Anulación Rangos per environment", async () => {
    const { monitor, clock } = monitorOf();
    simulator.admin.setServiceStatus({ environment: "CerteCF", estatus: "No Disponible" });
    simulator.admin.setServiceStatus({ environment: "eCF", service: "Recepción", estatus: "No Disponible" });
    await monitor.ensureFresh();
    expect(
      simulator.admin
        .statusCalls()
        .map((call) => [call.endpoint, call.status])
        .sort(),
    ).toEqual([
      ["obtenerestatus", 200],
      ["obtenerventanasmantenimiento", 200],
    ]);
    expect(monitor.voidServiceStatus("TesteCF")).toEqual({ state: "up", checkedAt: clock.now });
    expect(monitor.voidServiceStatus("CerteCF")).toEqual({ state: "down", checkedAt: clock.now });
    expect(monitor.voidServiceStatus("eCF").state).toBe("up");
  });

  it("a window in force is maintenance, with its times, whatever the estatus says", async () => {
    const now = Date.now();
    const window = simulator.admin.addMaintenanceWindow({
      environment: "TesteCF",
      from: now - 5 * MINUTE,
      to: now + 3 * MINUTE,
    });
    simulator.admin.addMaintenanceWindow({
      environment: "eCF",
      from: now + 60 * MINUTE,
      to: now + 90 * MINUTE,
    });
    const { monitor } = monitorOf({ clock: { now } });
    await monitor.ensureFresh();
    expect(monitor.voidServiceStatus("TesteCF")).toEqual({ state: "maintenance", window, checkedAt: now });
    expect(monitor.voidServiceStatus("eCF").state).toBe("up");
    expect(monitor.voidServiceStatus("eCF", now + 61 * MINUTE)).toMatchObject({
      state: "maintenance",
      window: { from: expect.any(Number), to: expect.any(Number) },
    });
    expect(monitor.voidServiceStatus("TesteCF", window.to).state).toBe("up");
    // An up/down answer five intervals old says nothing any more; a window still does.
    expect(monitor.voidServiceStatus("TesteCF", now + 5 * MINUTE).state).toBe("unknown");
  });

  it("caches: one request pair per interval, then asks again", async () => {
    const { monitor, clock } = monitorOf();
    await monitor.ensureFresh();
    await monitor.ensureFresh();
    clock.now += MINUTE - 1;
    await monitor.ensureFresh();
    expect(statusCalls()).toBe(2);
    simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    clock.now += 1;
    await monitor.ensureFresh();
    await vi.waitFor(() => expect(monitor.voidServiceStatus("TesteCF").state).toBe("down"));
    expect(statusCalls()).toBe(4);
  });

  it("waits for DGII only while nothing usable is known; otherwise answers from the cache at once", async () => {
    let release: (() => void) | undefined;
    const clock = { now: Date.now() };
    const slow = new ServiceStatusMonitor(
      { baseUrl: "http://status.invalid", apiKey: KEY, intervalMs: MINUTE, timeoutMs: 2_000 },
      async (url) => {
        if (release) await new Promise<void>((resolve) => (release = resolve));
        return url.endsWith("obtenerestatus")
          ? {
              status: 200,
              contentType: "application/json",
              body: '[{"servicio":"Anulación Rangos","estatus":"Disponible","ambiente":"PreCertificacion"}]',
            }
          : { status: 200, contentType: "application/json", body: '{"ventanaMantenimientos":[]}' };
      },
      () => clock.now,
    );
    await slow.ensureFresh();
    expect(slow.voidServiceStatus("TesteCF").state).toBe("up");
    release = () => {};
    clock.now += MINUTE;
    await slow.ensureFresh(); // the refresh hangs, the cached "up" answers
    expect(slow.voidServiceStatus("TesteCF").state).toBe("up");
    release();
  });

  it("keeps the last good answer when DGII later fails or answers something unreadable, and logs a warning", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { monitor, clock } = monitorOf();
    simulator.admin.setServiceStatus({ environment: "TesteCF", estatus: "No Disponible" });
    await monitor.ensureFresh();
    expect(monitor.voidServiceStatus("TesteCF").state).toBe("down");
    simulator.admin.setStatusAnswer({ endpoint: "obtenerestatus", status: 500, body: '{"title":"error"}' });
    simulator.admin.setStatusAnswer({
      endpoint: "obtenerventanasmantenimiento",
      body: "<html>WAF</html>",
      contentType: "text/html",
    });
    clock.now += MINUTE;
    await monitor.refresh();
    expect(monitor.voidServiceStatus("TesteCF")).toMatchObject({
      state: "down",
      checkedAt: clock.now - MINUTE,
    });
    expect(warn).toHaveBeenCalledTimes(2);
    // Five intervals without a good answer: the old "down" says nothing any more.
    clock.now += 4 * MINUTE;
    expect(monitor.voidServiceStatus("TesteCF").state).toBe("unknown");
  });

  it("never turns an unreadable answer into up or down: unknown, with a warning", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    simulator.admin.setStatusAnswer({
      endpoint: "obtenerestatus",
      body: JSON.stringify([
        { servicio: "Anulación Rangos", estatus: "Intermitente", ambiente: "PreCertificacion" },
      ]),
    });
    simulator.admin.setStatusAnswer({
      endpoint: "obtenerventanasmantenimiento",
      body: '{"ventanas":"pronto"}',
    });
    const { monitor } = monitorOf();
    await monitor.ensureFresh();
    expect(monitor.voidServiceStatus("TesteCF").state).toBe("unknown");
    expect(warn.mock.calls.map(([fields]) => (fields as { problem: string }).problem).join(" | ")).toMatch(
      /Intermitente.*ventanaMantenimientos/,
    );
  });

  it("a key DGII refuses (401) leaves the status unknown and says which setting", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { monitor } = monitorOf({ apiKey: "otra-clave" });
    await monitor.ensureFresh();
    expect(monitor.voidServiceStatus("TesteCF")).toEqual({ state: "unknown", checkedAt: null });
    expect(JSON.stringify(warn.mock.calls)).toContain("DGII refused TAXAUTH_STATUS_API_KEY");
    expect(JSON.stringify(warn.mock.calls)).not.toContain("otra-clave");
    expect(simulator.admin.statusCalls().map((call) => call.status)).toEqual([401, 401]);
  });

  it("an unreachable status service is unknown after its timeout, never down", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const monitor = new ServiceStatusMonitor({
      baseUrl: "http://127.0.0.1:9",
      apiKey: KEY,
      intervalMs: MINUTE,
      timeoutMs: 500,
    });
    monitors.push(monitor);
    await monitor.ensureFresh();
    expect(monitor.voidServiceStatus("eCF").state).toBe("unknown");
  });
});

describe("configuration", () => {
  const DATA_DIR = "/tmp/anula-status-config";

  it("without TAXAUTH_STATUS_API_KEY the feature is off: no monitor, whatever else is set", () => {
    const config = parseConfig({ DATA_DIR, TAXAUTH_STATUS_URL: "https://status.example.do" });
    expect(config.taxAuth.status).toBeNull();
    setEnvForTests({ TAXAUTH_STATUS_API_KEY: undefined });
    resetServiceStatusForTests();
    expect(getServiceStatusMonitor()).toBeNull();
  });

  it("with a key: DGII's host in dgii mode, the simulator's in simulator mode, TAXAUTH_STATUS_URL over both", () => {
    const simulatorMode = parseConfig({ DATA_DIR, TAXAUTH_STATUS_API_KEY: KEY });
    expect(simulatorMode.taxAuth.status).toEqual({
      apiKey: KEY,
      url: undefined,
      intervalMs: 60_000,
      timeoutMs: 2_000,
    });
    expect(statusBaseUrlOf(simulatorMode.taxAuth, "http://127.0.0.1:43121")).toBe("http://127.0.0.1:43121");
    expect(
      statusBaseUrlOf(
        parseConfig({
          DATA_DIR,
          TAXAUTH_STATUS_API_KEY: KEY,
          TAXAUTH_SIMULATOR_URL: "http://127.0.0.1:4010/",
        }).taxAuth,
      ),
    ).toBe("http://127.0.0.1:4010");
    const dgii = parseConfig({
      TAXAUTH: "dgii",
      DATABASE_URL: "postgres://anula@db/anula",
      AUTH_SECRET: "x".repeat(32),
      ENCRYPTION_KEY: "a".repeat(64),
      TAXAUTH_STATUS_API_KEY: KEY,
      TAXAUTH_STATUS_INTERVAL_MS: "30000",
      TAXAUTH_STATUS_TIMEOUT_MS: "1500",
    });
    expect(statusBaseUrlOf(dgii.taxAuth)).toBe(DGII_STATUS_HOST);
    expect(dgii.taxAuth.status).toMatchObject({ intervalMs: 30_000, timeoutMs: 1_500 });
    const proxied = parseConfig({
      DATA_DIR,
      TAXAUTH_STATUS_API_KEY: KEY,
      TAXAUTH_STATUS_URL: "https://egress.example.do/statusecf/",
    });
    expect(statusBaseUrlOf(proxied.taxAuth, "http://127.0.0.1:43121")).toBe(
      "https://egress.example.do/statusecf",
    );
  });

  it("refuses invalid values, naming the variable", () => {
    for (const [name, value] of [
      ["TAXAUTH_STATUS_URL", "statusecf.dgii.gov.do"],
      ["TAXAUTH_STATUS_INTERVAL_MS", "500"],
      ["TAXAUTH_STATUS_TIMEOUT_MS", "0"],
    ]) {
      expect(() => parseConfig({ DATA_DIR, TAXAUTH_STATUS_API_KEY: KEY, [name!]: value })).toThrow(name);
    }
  });
});
