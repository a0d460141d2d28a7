import { describe, expect, it } from "vitest";

import { NOTIFYING_EVENT_TYPES } from "@/lib/domain/notification-audience";

import { en } from "./en";
import { es } from "./es";
import { notificationText } from "./notification-text";

describe("notificationText", () => {
  it("words every event type that notifies, in both languages", () => {
    for (const type of NOTIFYING_EVENT_TYPES) {
      for (const t of [es, en]) {
        const text = notificationText({ type, data: {} }, t.notifications, "es");
        expect(text.title, type).not.toBe(t.notifications.events.other.title);
        expect(text.detail, type).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it("fills the event's facts and links to where the person acts", () => {
    const request = notificationText(
      {
        type: "void.request.created",
        data: { requestId: "r-1", requestedBy: "ana@empresa.do", totalVoided: 1500 },
      },
      es.notifications,
      "es",
    );
    expect(request).toEqual({
      title: "Solicitud de anulación por aprobar",
      detail: "ana@empresa.do pidió anular 1,500 e-NCF.",
      href: "/voids/requests/r-1",
    });
    expect(
      notificationText({ type: "void.interrupted", data: { voidId: "v 1" } }, es.notifications, "es").href,
    ).toBe("/voids/v%201");
    const gap = notificationText(
      {
        type: "sequence.gap_detected",
        data: { desde: "E310000000005", hasta: "E310000000006", cantidad: 2 },
      },
      en.notifications,
      "en",
    );
    expect(gap.detail).toBe(
      "E310000000005 to E310000000006 (2 numbers) were neither issued nor voided: they must be voided.",
    );
    expect(gap.href).toBe("/sequences");
    const certificate = notificationText(
      {
        type: "certificate.expiring",
        data: { subject: "Empresa SRL", notAfter: "2026-12-31T04:00:00.000Z", daysLeft: 7 },
      },
      es.notifications,
      "es",
    );
    expect(certificate.detail).toBe(
      "El certificado de Empresa SRL vence el 31-12-2026 (en 7 días): cargue el nuevo.",
    );
    expect(certificate.href).toBe("/settings");
  });

  it("links an expiring range to its closing in Secuencias, and words a gap's deadline", () => {
    const expiring = (data: Record<string, unknown>) =>
      notificationText({ type: "sequence.expiring", data }, es.notifications, "es").href;
    expect(expiring({ cierreDesde: "E310000000098" })).toBe("/sequences?cierreDesde=E310000000098");
    expect(expiring({ cierreDesde: null })).toBe("/sequences");
    const gap = notificationText(
      {
        type: "sequence.gap_deadline_missed",
        data: {
          desde: "E310000000005",
          hasta: "E310000000007",
          cantidad: 3,
          since: "2026-06-01T16:00:00.000Z",
          deadlineAt: "2026-07-01T16:00:00.000Z",
        },
      },
      en.notifications,
      "en",
    );
    expect(gap).toEqual({
      title: "Gap past its deadline",
      detail:
        "E310000000005 to E310000000007 (3 numbers), a gap since 01-06-2026 12:00, were not voided before 01-07-2026 12:00 (the company's deadline).",
      href: "/sequences",
    });
  });

  it("words the forecast's alerts with their days and numbers, linking to Secuencias", () => {
    const base = { desde: "E310000000001", hasta: "E310000010000", expiresOn: "2026-12-31" };
    expect(
      notificationText(
        { type: "sequence.forecast_request_by", data: { ...base, requestBy: "2026-12-16", leadDays: 15 } },
        es.notifications,
        "es",
      ),
    ).toEqual({
      title: "Solicite la próxima autorización",
      detail:
        "Al ritmo de los últimos 30 días, el rango E310000000001–E310000010000 necesita su sucesor: solicítelo a la DGII antes del 16-12-2026 (plazo de la empresa: 15 días).",
      href: "/sequences",
    });
    expect(
      notificationText(
        { type: "sequence.forecast_unused", data: { ...base, unusedAtExpiry: 6870, unusedPercent: 68.7 } },
        en.notifications,
        "en",
      ).detail,
    ).toBe(
      "At the last 30 days' pace, 6,870 numbers (68.7 %) of the range E310000000001–E310000010000 will be left unused when it expires on 31-12-2026.",
    );
  });

  it("says how long is left in words: a range's last day, a certificate under a day away, 1 day, an expired certificate", () => {
    const range = (daysLeft: number) =>
      notificationText(
        {
          type: "sequence.expiring",
          data: {
            desde: "E310000000001",
            hasta: "E310000000100",
            expiresOn: "2026-12-31",
            daysLeft,
            unused: 3,
            cierreDesde: "E310000000098",
          },
        },
        es.notifications,
        "es",
      ).detail;
    expect(range(0)).toBe(
      "El rango E310000000001–E310000000100 vence el 31-12-2026 (hoy es su último día); quedan 3 números sin usar. Si no los usará, puede cerrarlos desde Secuencias.",
    );
    expect(range(1)).toContain("(en 1 día)");
    expect(range(30)).toContain("(en 30 días)");
    expect(range(60)).toContain("(en 60 días)");
    const certificate = (daysLeft: number, locale: "es" | "en" = "es") =>
      notificationText(
        {
          type: "certificate.expiring",
          data: { subject: "Empresa SRL", notAfter: "2026-12-31T04:00:00.000Z", daysLeft },
        },
        locale === "es" ? es.notifications : en.notifications,
        locale,
      );
    expect(certificate(0).detail).toContain("(en menos de un día)");
    expect(certificate(-2)).toEqual({
      title: "Certificado vencido",
      detail:
        "El certificado de Empresa SRL venció el 31-12-2026: ya no puede firmar anulaciones. Cargue el nuevo.",
      href: "/settings",
    });
    expect(certificate(-2, "en").title).toBe("Certificate expired");
    expect(certificate(1, "en").detail).toContain("(in 1 day)");
  });

  it("words every count in the singular for 1 and in the plural for many, in Spanish and in English", () => {
    const base = {
      voidId: "v-1",
      desde: "E310000000005",
      hasta: "E310000000005",
      since: "2026-06-01T16:00:00.000Z",
      deadlineAt: "2026-07-01T16:00:00.000Z",
      expiresOn: "2026-12-31",
      daysLeft: 1,
      requestBy: "2026-12-16",
      unusedPercent: 0.1,
    };
    const detail = (type: string, field: string, count: number, locale: "es" | "en") =>
      notificationText(
        { type, data: { ...base, hasta: count === 1 ? base.desde : "E310000001004", [field]: count } },
        locale === "es" ? es.notifications : en.notifications,
        locale,
      ).detail;
    const cases: Array<[string, string, Record<"es1" | "esMany" | "en1" | "enMany", string>]> = [
      [
        "void.unconfirmed",
        "totalVoided",
        { es1: "(1 número)", esMany: "(1,000 números)", en1: "(1 number)", enMany: "(1,000 numbers)" },
      ],
      [
        "sequence.gap_detected",
        "cantidad",
        {
          es1: "El E310000000005 no se emitió ni se anuló: debe anularse.",
          esMany:
            "Del E310000000005 al E310000001004 (1,000 números) no se emitieron ni se anularon: deben anularse.",
          en1: "E310000000005 was neither issued nor voided: it must be voided.",
          enMany:
            "E310000000005 to E310000001004 (1,000 numbers) were neither issued nor voided: they must be voided.",
        },
      ],
      [
        "sequence.gap_deadline_approaching",
        "cantidad",
        {
          es1: "El E310000000005, hueco desde",
          esMany: "(1,000 números), hueco desde",
          en1: "E310000000005, a gap since",
          enMany: "(1,000 numbers), a gap since",
        },
      ],
      [
        "sequence.gap_deadline_missed",
        "cantidad",
        {
          es1: "El E310000000005, hueco desde el 01-06-2026 12:00, no se anuló",
          esMany: "(1,000 números), hueco desde el 01-06-2026 12:00, no se anularon",
          en1: "E310000000005, a gap since 01-06-2026 12:00, was not voided",
          enMany: "(1,000 numbers), a gap since 01-06-2026 12:00, were not voided",
        },
      ],
      [
        "sequence.expiring",
        "unused",
        {
          es1: "(en 1 día); queda 1 número sin usar. Si no lo usará, puede cerrarlo desde Secuencias.",
          esMany: "(en 1 día); quedan 1,000 números sin usar. Si no los usará, puede cerrarlos",
          en1: "(in 1 day); 1 number is unused. If you will not use it, you can close it",
          enMany: "(in 1 day); 1,000 numbers are unused. If you will not use them, you can close them",
        },
      ],
      [
        "sequence.forecast_request_by",
        "leadDays",
        {
          es1: "(plazo de la empresa: 1 día).",
          esMany: "(plazo de la empresa: 1,000 días).",
          en1: "(the company's lead time: 1 day).",
          enMany: "(the company's lead time: 1,000 days).",
        },
      ],
      [
        "sequence.forecast_unused",
        "unusedAtExpiry",
        {
          es1: "quedará 1 número sin usar (0.1 %)",
          esMany: "quedarán 1,000 números sin usar (0.1 %)",
          en1: "1 number (0.1 %) of the range",
          enMany: "1,000 numbers (0.1 %) of the range",
        },
      ],
    ];
    for (const [type, field, expected] of cases) {
      expect(detail(type, field, 1, "es"), type).toContain(expected.es1);
      expect(detail(type, field, 1000, "es"), type).toContain(expected.esMany);
      expect(detail(type, field, 1, "en"), type).toContain(expected.en1);
      expect(detail(type, field, 1000, "en"), type).toContain(expected.enMany);
      for (const locale of ["es", "en"] as const) {
        // Never a singular count before a plural noun, nor the other way round.
        expect(detail(type, field, 1, locale), type).not.toMatch(/\b1 (números|numbers|días|days)\b/);
        expect(detail(type, field, 1000, locale), type).not.toMatch(/1,000 (número|number|día|day)\b/);
      }
    }
    // An old payload without its count still reads, in the plural form with "—".
    expect(notificationText({ type: "sequence.gap_detected", data: {} }, es.notifications, "es").detail).toBe(
      "Del — al — (— números) no se emitieron ni se anularon: deben anularse.",
    );
  });

  it("shows a webhook's URL without its query; an unknown type or a missing fact does not fail", () => {
    const webhook = notificationText(
      { type: "webhook.disabled", data: { endpointId: "e-1", url: "https://erp.do/hook?token=abc" } },
      es.notifications,
      "es",
    );
    expect(webhook.detail).toContain("https://erp.do/hook falló");
    expect(webhook.detail).not.toContain("abc");
    expect(webhook.href).toBe("/settings/webhooks/e-1");
    expect(notificationText({ type: "something.new", data: null }, es.notifications, "es")).toEqual({
      title: "Aviso",
      detail: "Ábralo para ver el detalle.",
      href: "/notifications",
    });
    expect(notificationText({ type: "void.request.approved", data: {} }, es.notifications, "es").detail).toBe(
      "— la aprobó y se envió a la DGII.",
    );
  });
});
