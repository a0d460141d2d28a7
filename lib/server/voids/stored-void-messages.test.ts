import { describe, expect, it } from "vitest";

import { STORED_VOID_MESSAGES } from "./types";

describe("STORED_VOID_MESSAGES: texts a clerk reads on the void's page", () => {
  it("say the deadline in seconds and the status in words, never milliseconds or a code name", () => {
    const text = STORED_VOID_MESSAGES.stillWaiting(25_000);
    expect(text).toContain("Sin respuesta de la DGII en 25 s;");
    expect(text).toContain("Error · interrumpida");
    expect(text).not.toMatch(/\bms\b|INTERRUPTED|\d{4,}/);
    expect(STORED_VOID_MESSAGES.stillWaiting(1)).toContain("en 1 s;");
  });
});
