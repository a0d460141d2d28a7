import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { bellText, NotificationBell } from "./notification-bell";

describe("the bell counts what waits for the person in every environment, and says where", () => {
  it("never reads 0 while notifications wait in another environment, and names it", () => {
    const counts = { total: 3, byEnvironment: { eCF: 2, CerteCF: 1 } };
    expect(bellText(counts, "TesteCF", es.notifications, "es")).toEqual({
      label: "Notificaciones: 3 sin leer (1 en CerteCF, 2 en eCF)",
      elsewhere: "1 en CerteCF, 2 en eCF",
    });
    const html = renderToStaticMarkup(
      createElement(NotificationBell, { counts, environment: "TesteCF", t: es.notifications, locale: "es" }),
    );
    expect(html).toContain('data-testid="notification-count">3<');
    expect(html).toContain('aria-label="Notificaciones: 3 sin leer (1 en CerteCF, 2 en eCF)"');
    expect(html).toContain("1 en CerteCF, 2 en eCF</span>");
  });

  it("puts the environment shown first, and says nothing more when all wait there (es, en)", () => {
    const counts = { total: 3, byEnvironment: { eCF: 2, TesteCF: 1 } };
    expect(bellText(counts, "eCF", en.notifications, "en")).toEqual({
      label: "Notifications: 3 unread (2 in eCF, 1 in TesteCF)",
      elsewhere: "1 in TesteCF",
    });
    expect(bellText({ total: 2, byEnvironment: { eCF: 2 } }, "eCF", es.notifications, "es")).toEqual({
      label: "Notificaciones: 2 sin leer",
      elsewhere: "",
    });
  });

  it("says none when nothing waits anywhere", () => {
    expect(bellText({ total: 0, byEnvironment: {} }, "TesteCF", es.notifications, "es")).toEqual({
      label: es.notifications.bellNone,
      elsewhere: "",
    });
    const html = renderToStaticMarkup(
      createElement(NotificationBell, {
        counts: { total: 0, byEnvironment: {} },
        environment: "TesteCF",
        t: es.notifications,
        locale: "es",
      }),
    );
    expect(html).not.toContain("notification-count");
    expect(html).not.toContain("notification-elsewhere");
  });
});
