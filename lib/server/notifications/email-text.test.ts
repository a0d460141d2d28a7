import { describe, expect, it } from "vitest";

import { DIGEST_LISTED, digestEmail, type MailedNotification } from "./email-text";

const notification = (n: number): MailedNotification => ({
  type: "sequence.gap_detected",
  data: { desde: "E310000000005", hasta: "E310000000005", cantidad: 1 },
  environment: "TesteCF",
  createdAt: Date.UTC(2026, 10, 25, 12, 0, n),
  companyName: "Empresa SRL",
  rnc: "130000001",
});

const digest = (count: number) =>
  digestEmail(
    Array.from({ length: count }, (_, n) => notification(n)),
    "https://anula.test",
  );

/** The daily digest's counts are singular for 1 and plural for many, as are the listed notifications'. */
describe("digestEmail", () => {
  it("counts one notification, and many, in the right form", () => {
    expect(digest(1).subject).toBe("Anula: resumen del día, 1 notificación");
    expect(digest(1).text).toContain("Tiene 1 notificación nueva en Anula.");
    expect(digest(2).subject).toBe("Anula: resumen del día, 2 notificaciones");
    expect(digest(2).text).toContain("Tiene 2 notificaciones nuevas en Anula.");
    // A one-number gap is worded in the singular inside the e-mail too.
    expect(digest(1).text).toContain("El E310000000005 no se emitió ni se anuló: debe anularse.");
  });

  it("words what it leaves out in the singular for 1 and the plural for more", () => {
    expect(digest(DIGEST_LISTED + 1).text).toContain("Y 1 más: véala en https://anula.test/notifications");
    expect(digest(DIGEST_LISTED + 2).text).toContain("Y 2 más: véalas en https://anula.test/notifications");
    expect(digest(DIGEST_LISTED).text).not.toContain("más: véa");
  });
});
