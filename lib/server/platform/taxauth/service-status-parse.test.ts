import { describe, expect, it } from "vitest";

import { parseMaintenanceWindows, parseStatusList } from "./service-status-parse";

/**
 * DGII's documented answers (Descripción Técnica de Facturación Electrónica v1.5, "Estatus
 * Servicios"), as published: obtenerestatus lists each service with estatus and ambiente;
 * obtenerventanasmantenimiento lists per ambiente the hours (12-hour, local) and the days
 * (dd-MM-yyyy) of its windows.
 */
const DGII_STATUS_SAMPLE = [
  "Autenticación",
  "Recepción",
  "Consulta Resultado",
  "Consulta Estado",
  "Consulta Directorio",
  "Consulta TrackIds",
  "Aprobación Comercial",
  "Anulación Rangos",
  "Recepción FC",
].map((servicio) => ({ servicio, estatus: "Disponible", ambiente: "Produccion" }));

const DGII_WINDOWS_SAMPLE = {
  ventanaMantenimientos: [
    {
      ambiente: "PreCertificacion",
      horaInicio: "9:00 AM",
      horaFin: "12:00 PM",
      dias: ["06-08-2020", "20-08-2020", "10-09-2020", "22-09-2020"],
    },
    {
      ambiente: "Produccion",
      horaInicio: "1:00 PM",
      horaFin: "4:00 PM",
      dias: ["06-08-2020", "20-08-2020", "10-09-2020", "22-09-2020"],
    },
    {
      ambiente: "Certificacion",
      horaInicio: "1:00 PM",
      horaFin: "4:00 PM",
      dias: ["06-08-2020", "20-08-2020", "10-09-2020", "22-09-2020"],
    },
  ],
};

const utc = (iso: string) => Date.parse(iso);

describe("obtenerestatus", () => {
  it("reads DGII's sample: Anulación Rangos of Produccion is up; environments not listed stay unknown", () => {
    expect(parseStatusList(DGII_STATUS_SAMPLE)).toEqual({
      ok: true,
      voidService: { eCF: "up" },
      problems: [],
    });
  });

  it("maps PreCertificacion, Certificacion and Produccion, and No Disponible to down", () => {
    const result = parseStatusList([
      { servicio: "Anulación Rangos", estatus: "No Disponible", ambiente: "PreCertificacion" },
      { servicio: "Anulación Rangos", estatus: "Disponible", ambiente: "Certificacion" },
      { servicio: "Anulación Rangos", estatus: "No Disponible", ambiente: "Produccion" },
      { servicio: "Recepción", estatus: "No Disponible", ambiente: "Produccion" },
    ]);
    expect(result).toEqual({
      ok: true,
      voidService: { TesteCF: "down", CerteCF: "up", eCF: "down" },
      problems: [],
    });
  });

  it("tolerates key case, `status` for estatus, accents, case and spacing of the names", () => {
    const result = parseStatusList([
      { Servicio: "ANULACION  RANGOS", Status: "no disponible", Ambiente: "Producción" },
      { servicio: "Anulación de Rangos", status: "DISPONIBLE", ambiente: "Pre-Certificación" },
    ]);
    expect(result).toEqual({ ok: true, voidService: { eCF: "down", TesteCF: "up" }, problems: [] });
  });

  it("never guesses: an unknown estatus, an unknown ambiente or a contradiction decide nothing", () => {
    const result = parseStatusList([
      { servicio: "Anulación Rangos", estatus: "En Mantenimiento", ambiente: "Produccion" },
      { servicio: "Anulación Rangos", estatus: "Disponible", ambiente: "Sandbox" },
      { servicio: "Anulación Rangos", estatus: "Disponible", ambiente: "PreCertificacion" },
      { servicio: "Anulación Rangos", estatus: "No Disponible", ambiente: "PreCertificacion" },
      { servicio: "Anulación Rangos", ambiente: "Certificacion" },
      "Disponible",
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.voidService).toEqual({});
    expect(result.problems).toHaveLength(5);
    expect(result.problems.join(" | ")).toMatch(/En Mantenimiento.*Sandbox.*both up and down.*undefined/);
  });

  it("says so when Anulación Rangos is not listed at all, and refuses what is not a list", () => {
    expect(
      parseStatusList([{ servicio: "Recepción", estatus: "Disponible", ambiente: "Produccion" }]),
    ).toEqual({
      ok: true,
      voidService: {},
      problems: ["no entry for Anulación Rangos"],
    });
    for (const body of [{ estatus: "Disponible" }, "Disponible", null, 1]) {
      expect(parseStatusList(body).ok).toBe(false);
    }
  });
});

describe("obtenerventanasmantenimiento", () => {
  it("reads DGII's sample: each listed day from horaInicio to horaFin, Santo Domingo time (UTC−4)", () => {
    const result = parseMaintenanceWindows(DGII_WINDOWS_SAMPLE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.problems).toEqual([]);
    expect(result.unreadable).toEqual([]);
    expect(result.windows).toHaveLength(12);
    const of = (environment: string) => result.windows.filter((window) => window.environment === environment);
    expect(of("TesteCF")[0]).toEqual({
      environment: "TesteCF",
      from: utc("2020-08-06T13:00:00Z"),
      to: utc("2020-08-06T16:00:00Z"),
    });
    expect(of("eCF").map((window) => [window.from, window.to])).toEqual([
      [utc("2020-08-06T17:00:00Z"), utc("2020-08-06T20:00:00Z")],
      [utc("2020-08-20T17:00:00Z"), utc("2020-08-20T20:00:00Z")],
      [utc("2020-09-10T17:00:00Z"), utc("2020-09-10T20:00:00Z")],
      [utc("2020-09-22T17:00:00Z"), utc("2020-09-22T20:00:00Z")],
    ]);
    expect(of("CerteCF")).toHaveLength(4);
  });

  it("reads 12 AM/PM, es-DO's 'p. m.', 24-hour times, dd/MM/yyyy and ISO days; a window past midnight ends the next day", () => {
    const result = parseMaintenanceWindows({
      VentanaMantenimientos: [
        { ambiente: "Produccion", horaInicio: "11:30 p. m.", horaFin: "1:00 a. m.", dias: ["31/12/2026"] },
        {
          ambiente: "Certificacion",
          horaInicio: "12:00 AM",
          horaFin: "12:00 PM",
          dias: ["2026-03-01T00:00:00"],
        },
        { ambiente: "PreCertificacion", horaInicio: "22:00", horaFin: "23:59:00", dias: ["2026-03-02"] },
      ],
    });
    expect(result).toMatchObject({
      ok: true,
      problems: [],
      windows: [
        { environment: "CerteCF", from: utc("2026-03-01T04:00:00Z"), to: utc("2026-03-01T16:00:00Z") },
        { environment: "TesteCF", from: utc("2026-03-03T02:00:00Z"), to: utc("2026-03-03T03:59:00Z") },
        { environment: "eCF", from: utc("2027-01-01T03:30:00Z"), to: utc("2027-01-01T05:00:00Z") },
      ],
    });
  });

  it("a null or empty list is no window; an answer without the list is unreadable", () => {
    expect(parseMaintenanceWindows({ ventanaMantenimientos: null })).toEqual({
      ok: true,
      windows: [],
      unreadable: [],
      problems: [],
    });
    expect(parseMaintenanceWindows({ ventanaMantenimientos: [] })).toMatchObject({ ok: true, windows: [] });
    for (const body of [{}, { ventanaMantenimientos: "ninguna" }, "Disponible", null]) {
      expect(parseMaintenanceWindows(body).ok).toBe(false);
    }
  });

  it("an entry whose hours or days cannot be read marks its environment unreadable, never a window", () => {
    const result = parseMaintenanceWindows({
      ventanaMantenimientos: [
        { ambiente: "Produccion", horaInicio: "por la tarde", horaFin: "4:00 PM", dias: ["06-08-2020"] },
        { ambiente: "Certificacion", horaInicio: "1:00 PM", horaFin: "4:00 PM", dias: ["Lunes"] },
        { ambiente: "PreCertificacion", horaInicio: "13:00 PM", horaFin: "4:00 PM", dias: ["06-08-2020"] },
        { ambiente: "Produccion", horaInicio: "1:00 PM", horaFin: "4:00 PM", dias: ["31-02-2026"] },
        { ambiente: "Desarrollo", horaInicio: "1:00 PM", horaFin: "4:00 PM", dias: ["06-08-2020"] },
        { ambiente: "Certificacion", horaInicio: "1:00 PM", horaFin: "4:00 PM", dias: ["07-08-2020"] },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.windows).toEqual([
      { environment: "CerteCF", from: utc("2020-08-07T17:00:00Z"), to: utc("2020-08-07T20:00:00Z") },
    ]);
    expect(result.unreadable.sort()).toEqual(["CerteCF", "TesteCF", "eCF"]);
    expect(result.problems).toHaveLength(5);
  });
});
