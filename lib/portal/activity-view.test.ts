import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";
import type { ActivityEntryView } from "@/lib/server/platform/activity/list-activity";

import { activityDetailsText, activityIpText, activityRowText } from "./activity-view";

const failedSignIn: ActivityEntryView = {
  id: "a1",
  createdAt: Date.UTC(2026, 10, 28, 4, 36, 13),
  action: "auth.sign_in_failed",
  environment: null,
  actorType: "user",
  actorId: "u1",
  actorLabel: "ana@empresa.do",
  subjectType: "user",
  subjectId: "u1",
  details: { reason: "wrong_password", channel: "portal" },
  ip: "0:0:0:0::/64",
};

describe("an activity entry in words, not codes", () => {
  it("says the action, the subject, the details and the address as a person reads them, the code kept apart", () => {
    const row = activityRowText(failedSignIn, es.activity);
    expect(row).toMatchObject({
      when: "28-11-2026 00:36:13",
      action: "Inicio de sesión fallido",
      code: "auth.sign_in_failed",
      subject: "Persona",
      details: "Motivo: contraseña incorrecta; Canal: portal",
      ip: "este mismo equipo",
    });
    expect(activityRowText(failedSignIn, en.activity).details).toBe(
      "Reason: wrong password; Channel: portal",
    );
  });

  it("words yes/no, lists and times; keeps an unknown key or value as stored", () => {
    const text = activityDetailsText(
      {
        requireSecondFactor: true,
        roles: ["viewer", "approver"],
        expiresAt: Date.UTC(2026, 0, 2, 15, 4, 5),
        somethingNew: "x_y",
      },
      es.activity,
    );
    expect(text).toBe(
      "Exigir segundo factor: sí; Roles: consulta, aprobador; Vence: 02-01-2026 11:04:05; somethingNew: x_y",
    );
  });

  it("words a void's details and leaves out those with no value (no raw field names, no '—')", () => {
    const details = {
      status: "Aceptado",
      totalVoided: 3,
      rangeCount: 1,
      fechaHoraAnulacion: "07-12-2026 15:57:08",
      reasonCode: null,
      dgiiCode: 1,
      errorCode: null,
    };
    expect(activityDetailsText(details, es.activity)).toBe(
      "Estado: Aceptado; Total anulado: 3; Rangos: 1; Fecha de anulación: 07-12-2026 15:57:08; Código de la DGII: 1",
    );
    expect(activityDetailsText(details, en.activity)).toBe(
      "Status: Aceptado; Total voided: 3; Ranges: 1; Void date: 07-12-2026 15:57:08; DGII code: 1",
    );
  });

  it("words settings saved whole as what changed, before → after", () => {
    const settings = { deferredWindowHours: 24, approachingPercent: 75, gapWindowDays: null };
    const text = activityDetailsText(
      { before: settings, after: { ...settings, deferredWindowHours: null, gapWindowDays: 30 } },
      es.activity,
    );
    expect(text).toBe("Ventana de envío diferido (horas): 24 → —; Plazo de huecos (días): — → 30");
    // Objects elsewhere, and before/after that are plain values, stay as they were.
    expect(
      activityDetailsText({ before: false, after: true, policy: "requireSecondFactor" }, en.activity),
    ).toBe("Before: no; After: yes; Policy: require a second factor");
  });

  it("reads a stored IPv6 /64 as its network, IPv4 as is", () => {
    expect(activityIpText("2001:db8:0:0::/64", es.activity)).toBe("red IPv6 2001:db8::");
    expect(activityIpText("2001:db8:a:b::/64", en.activity)).toBe("IPv6 network 2001:db8:a:b::");
    expect(activityIpText("0:0:0:0::/64", en.activity)).toBe("this same machine");
    expect(activityIpText("190.80.1.2", es.activity)).toBe("190.80.1.2");
    expect(activityIpText("127.0.0.1", es.activity)).toBe("este mismo equipo (127.0.0.1)");
    expect(activityIpText(null, es.activity)).toBe("");
  });
});
