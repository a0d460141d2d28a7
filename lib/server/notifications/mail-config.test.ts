import { describe, expect, it } from "vitest";

import { parseConfig } from "@/lib/server/platform/config/load-config";

/** SMTP_URL and MAIL_FROM through the one configuration reader (lib/server/platform/config). */
const base = {
  AUTH_SECRET: "x".repeat(32),
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  DATA_DIR: "/tmp/anula-mail-config",
};

describe("the notifications' e-mail configuration", () => {
  it("unset (or empty): no e-mail, and nothing fails", () => {
    expect(parseConfig(base).smtp).toBeUndefined();
    expect(parseConfig({ ...base, SMTP_URL: " ", MAIL_FROM: "" }).smtp).toBeUndefined();
  });

  it("SMTP_URL with MAIL_FROM", () => {
    expect(
      parseConfig({ ...base, SMTP_URL: "smtp://u:p@mail.empresa.do:587", MAIL_FROM: "Anula <a@empresa.do>" })
        .smtp,
    ).toEqual({
      url: "smtp://u:p@mail.empresa.do:587",
      from: "Anula <a@empresa.do>",
    });
    expect(
      parseConfig({ ...base, SMTP_URL: "smtps://mail.empresa.do", MAIL_FROM: "a@empresa.do" }).smtp?.url,
    ).toBe("smtps://mail.empresa.do");
  });

  it("refuses SMTP_URL without MAIL_FROM, and a URL that is not smtp:// or smtps://, naming the variable", () => {
    expect(() => parseConfig({ ...base, SMTP_URL: "smtp://mail.empresa.do" })).toThrow(
      /MAIL_FROM must be set with SMTP_URL/,
    );
    expect(() =>
      parseConfig({ ...base, SMTP_URL: "https://mail.empresa.do", MAIL_FROM: "a@empresa.do" }),
    ).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
