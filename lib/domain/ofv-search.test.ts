import { describe, expect, it } from "vitest";

import { parseFechaHora } from "./fecha";
import { ofvSearchDates } from "./ofv-search";

describe("ofvSearchDates", () => {
  it("spans the day before the signed date to the day after the send, in Santo Domingo days", () => {
    const sent = parseFechaHora("22-11-2026 23:50:00")!;
    expect(ofvSearchDates("22-11-2026 23:45:00", sent)).toEqual({ from: "21-11-2026", to: "23-11-2026" });
    // A void signed with an earlier date and sent days later covers both.
    expect(ofvSearchDates("01-11-2026 08:00:00", sent)).toEqual({ from: "31-10-2026", to: "23-11-2026" });
    // An unreadable stored date falls back to the send.
    expect(ofvSearchDates("nope", sent)).toEqual({ from: "21-11-2026", to: "23-11-2026" });
  });
});
