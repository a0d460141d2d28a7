import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startTaxAuthSimulator, type SimulatorHandle } from "./index";

/**
 * The simulated statusecf: DGII's three resources under /api/estatusservicios at the simulator's
 * root, answering only `Authorization: Apikey <key>`, in the shapes of DGII's Descripción Técnica.
 */
const KEY = "clave-de-la-dgii";
const ADMIN_TOKEN = "token-admin-de-prueba";
let simulator: SimulatorHandle;

const get = (path: string, authorization: string | null = `Apikey ${KEY}`) =>
  fetch(`${simulator.url}${path}`, { headers: authorization ? { authorization } : {} });
const admin = (method: string, path: string, body?: unknown, token = ADMIN_TOKEN) =>
  fetch(`${simulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({
    port: 0,
    adminEnabled: true,
    adminToken: ADMIN_TOKEN,
    statusApiKey: KEY,
  });
});
beforeEach(() => simulator.admin.reset());
afterAll(async () => simulator?.close());

describe("the simulated status service", () => {
  it("answers obtenerestatus as DGII's sample: every service of every ambiente, Disponible", async () => {
    const response = await get("/api/estatusservicios/obtenerestatus");
    expect(response.status).toBe(200);
    const list = (await response.json()) as Array<Record<string, string>>;
    expect(list).toHaveLength(27);
    expect(list).toContainEqual({
      servicio: "Anulación Rangos",
      estatus: "Disponible",
      ambiente: "Produccion",
    });
    expect(new Set(list.map((entry) => entry.ambiente))).toEqual(
      new Set(["PreCertificacion", "Certificacion", "Produccion"]),
    );
    expect(list.every((entry) => Object.keys(entry).join() === "servicio,estatus,ambiente")).toBe(true);
  });

  it("needs the key, as DGII does: 401 with an empty body without it or with another", async () => {
    for (const authorization of [null, "Apikey otra", "Bearer clave-de-la-dgii", "Apikey "]) {
      const response = await get("/api/estatusservicios/obtenerventanasmantenimiento", authorization);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("");
    }
    expect((await get("/API/EstatusServicios/ObtenerEstatus", `APIKEY ${KEY}`)).status).toBe(200);
    expect(simulator.admin.statusCalls().map((call) => call.status)).toEqual([401, 401, 401, 401, 200]);
  });

  it("lists a window in DGII's shape (local day dd-MM-yyyy, 12-hour times) and verificarestado reports it", async () => {
    // 31-12-2026 23:30 – 01-01-2027 00:45 in Santo Domingo (UTC−4).
    const window = simulator.admin.addMaintenanceWindow({
      environment: "eCF",
      from: "2027-01-01T03:30:20Z",
      to: "2027-01-01T04:44:10Z",
    });
    expect(window).toEqual({
      from: Date.parse("2027-01-01T03:30:00Z"),
      to: Date.parse("2027-01-01T04:45:00Z"),
    });
    const now = Date.now();
    simulator.admin.addMaintenanceWindow({ environment: "TesteCF", from: now - 60_000, to: now + 60_000 });
    const body = (await (await get("/api/estatusservicios/obtenerventanasmantenimiento")).json()) as {
      ventanaMantenimientos: unknown[];
    };
    expect(body.ventanaMantenimientos[0]).toEqual({
      ambiente: "Produccion",
      horaInicio: "11:30 PM",
      horaFin: "12:45 AM",
      dias: ["31-12-2026"],
    });
    expect(body.ventanaMantenimientos[1]).toMatchObject({ ambiente: "PreCertificacion" });
    const verificar = async (ambiente: number) =>
      (
        (await (await get(`/api/estatusservicios/verificarestado?ambiente=${ambiente}`)).json()) as {
          estado: string;
        }
      ).estado;
    expect([await verificar(1), await verificar(2), await verificar(3)]).toEqual([
      "No Disponible",
      "Disponible",
      "Disponible",
    ]);
  });

  it("is driven over the admin API (token required): estatus, windows, raw answers, calls, clear", async () => {
    expect(
      (
        await admin(
          "POST",
          "/admin/service-status",
          { environment: "TesteCF", estatus: "No Disponible" },
          "x",
        )
      ).status,
    ).toBe(401);
    expect(
      (await admin("POST", "/admin/service-status", { environment: "TesteCF", estatus: "No Disponible" }))
        .status,
    ).toBe(200);
    const added = await admin("POST", "/admin/maintenance-windows", {
      environment: "CerteCF",
      from: "2026-06-01T12:00:00Z",
      to: "2026-06-01T14:00:00Z",
    });
    expect(await added.json()).toEqual({
      ok: true,
      window: { from: Date.parse("2026-06-01T12:00:00Z"), to: Date.parse("2026-06-01T14:00:00Z") },
    });
    const list = (await (await get("/api/estatusservicios/obtenerestatus")).json()) as Array<
      Record<string, string>
    >;
    expect(list).toContainEqual({
      servicio: "Anulación Rangos",
      estatus: "No Disponible",
      ambiente: "PreCertificacion",
    });
    expect(await (await get("/api/estatusservicios/obtenerventanasmantenimiento")).json()).toEqual({
      ventanaMantenimientos: [
        { ambiente: "Certificacion", horaInicio: "8:00 AM", horaFin: "10:00 AM", dias: ["01-06-2026"] },
      ],
    });
    await admin("POST", "/admin/status-answers", {
      endpoint: "obtenerestatus",
      status: 503,
      body: "<html/>",
      contentType: "text/html",
    });
    expect((await get("/api/estatusservicios/obtenerestatus")).status).toBe(503);
    const calls = (await (await admin("GET", "/admin/status-calls")).json()) as {
      calls: Array<{ endpoint: string }>;
    };
    expect(calls.calls.map((call) => call.endpoint)).toEqual([
      "obtenerestatus",
      "obtenerventanasmantenimiento",
      "obtenerestatus",
    ]);
    expect((await admin("DELETE", "/admin/service-status")).status).toBe(200);
    expect(await (await get("/api/estatusservicios/obtenerventanasmantenimiento")).json()).toEqual({
      ventanaMantenimientos: [],
    });
    expect((await get("/api/estatusservicios/obtenerestatus")).status).toBe(200);
  });

  it("refuses bad admin input with 400 and a message", async () => {
    for (const [path, body] of [
      ["/admin/service-status", { environment: "Produccion", estatus: "No Disponible" }],
      ["/admin/service-status", { environment: "eCF", service: "Facturación", estatus: "No Disponible" }],
      [
        "/admin/maintenance-windows",
        { environment: "eCF", from: "2026-06-01T12:00:00Z", to: "2026-06-03T12:00:00Z" },
      ],
      ["/admin/maintenance-windows", { environment: "eCF", from: "mañana", to: "2026-06-03T12:00:00Z" }],
      ["/admin/status-answers", { endpoint: "obtenerfoo", body: "" }],
    ] as const) {
      const response = await admin("POST", path, body);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("without a configured key accepts any non-empty one (npm run simulator); reset() forgets everything", async () => {
    const open = await startTaxAuthSimulator({ port: 0 });
    try {
      const answer = await fetch(`${open.url}/api/estatusservicios/obtenerestatus`, {
        headers: { authorization: "Apikey cualquiera" },
      });
      expect(answer.status).toBe(200);
      expect((await fetch(`${open.url}/api/estatusservicios/obtenerestatus`)).status).toBe(401);
      open.admin.setServiceStatus({ environment: "eCF", estatus: "No Disponible" });
      open.admin.addMaintenanceWindow({ environment: "eCF", from: 0, to: 60_000 });
      open.admin.reset();
      const after = await fetch(`${open.url}/api/estatusservicios/obtenerventanasmantenimiento`, {
        headers: { authorization: "Apikey cualquiera" },
      });
      expect(await after.json()).toEqual({ ventanaMantenimientos: [] });
      expect(open.admin.statusCalls()).toHaveLength(1);
    } finally {
      await open.close();
    }
  });
});
