import { describe, expect, it } from "vitest";

import {
  addDays,
  daysBetween,
  forecastAuthorizations,
  typePace,
  type ForecastAuthorization,
  type TypeUse,
} from "./authorization-forecast";
import { santoDomingoDate } from "./fecha";

const TODAY = "2026-06-01";

/** `perDay` numbers used on each of the `days` whole days before today. */
function steadyUse(perDay: number, days: number, firstUseOn = addDays(TODAY, -days)): TypeUse {
  const daily = new Map<string, number>();
  for (let back = 1; back <= days; back += 1) daily.set(addDays(TODAY, -back), perDay);
  return { firstUseOn, daily };
}

const auth = (over: Partial<ForecastAuthorization> = {}): ForecastAuthorization => ({
  desde: 1,
  cantidad: 1_000,
  available: 1_000,
  expiresOn: "2026-12-31",
  ...over,
});

describe("calendar days", () => {
  it("adds and counts days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-06-01", "2026-12-31")).toBe(213);
    expect(daysBetween("2026-06-10", "2026-06-01")).toBe(-9);
  });

  it("counts a number used at 23:30 in Santo Domingo on that Santo Domingo day, not the UTC one", () => {
    // 2026-06-01 23:30 in Santo Domingo (UTC−4) is 2026-06-02 03:30 UTC.
    expect(santoDomingoDate(Date.UTC(2026, 5, 2, 3, 30))).toBe("2026-06-01");
  });
});

describe("typePace", () => {
  it("averages the last 30 and 90 whole days, today excluded, and lists 90 days oldest first", () => {
    const use = steadyUse(10, 120);
    // Today's partial use is not counted.
    (use.daily as Map<string, number>).set(TODAY, 500);
    // The last 30 days used twice as much.
    for (let back = 1; back <= 30; back += 1)
      (use.daily as Map<string, number>).set(addDays(TODAY, -back), 20);
    const pace = typePace(use, TODAY);
    expect(pace.enoughHistory).toBe(true);
    expect(pace.historyDays).toBe(120);
    expect(pace.pace30).toBe(20);
    expect(pace.pace90).toBeCloseTo((60 * 10 + 30 * 20) / 90, 2);
    expect(pace.daily).toHaveLength(90);
    expect(pace.daily[0]).toBe(10);
    expect(pace.daily[89]).toBe(20);
  });

  it("says there is not enough history under 30 days, with no pace (no guess)", () => {
    const pace = typePace(steadyUse(50, 29), TODAY);
    expect(pace).toMatchObject({ historyDays: 29, enoughHistory: false, pace30: null, pace90: null });
    // The chart still shows what was used.
    expect(pace.daily.slice(-29).every((count) => count === 50)).toBe(true);
  });

  it("a type never used has no history", () => {
    expect(typePace({ firstUseOn: null, daily: new Map() }, TODAY)).toMatchObject({
      historyDays: 0,
      enoughHistory: false,
      pace30: null,
    });
  });

  it("divides the long pace by the history when it is shorter than 90 days", () => {
    const pace = typePace(steadyUse(6, 45), TODAY);
    expect(pace.pace90).toBe(6);
    expect(pace.pace30).toBe(6);
  });

  it("a type used long ago and not lately has a pace of zero", () => {
    const use: TypeUse = { firstUseOn: "2025-01-01", daily: new Map() };
    expect(typePace(use, TODAY)).toMatchObject({ enoughHistory: true, pace30: 0, pace90: 0 });
  });
});

describe("forecastAuthorizations", () => {
  const pace10 = typePace(steadyUse(10, 120), TODAY);
  const settings = { leadDays: 15, unusedPercent: 20 };

  it("runs out at the pace, asks the lead time before, and leaves nothing unused when it runs out first", () => {
    const [forecast] = forecastAuthorizations([auth({ available: 400 })], pace10, TODAY, settings);
    expect(forecast).toEqual({
      status: "forecast",
      runsOutOn: "2026-07-11", // 40 days at 10 a day
      requestBy: "2026-06-26", // 15 days before
      unusedAtExpiry: 0,
      unusedPercent: 0,
      requestByNear: false,
      tooLarge: false,
    });
  });

  it("rounds a part day up to the day the last number goes", () => {
    const [forecast] = forecastAuthorizations([auth({ available: 405 })], pace10, TODAY, settings);
    expect(forecast!.runsOutOn).toBe("2026-07-12");
  });

  it("forecasts the numbers left at expiry when it expires first, and flags a range requested too large", () => {
    const [forecast] = forecastAuthorizations(
      [auth({ cantidad: 10_000, available: 9_000, expiresOn: "2026-12-31" })],
      pace10,
      TODAY,
      settings,
    );
    // 213 days at 10 a day use 2,130 of 9,000.
    expect(forecast).toMatchObject({
      runsOutOn: null,
      requestBy: "2026-12-16", // the lead time before its expiry
      unusedAtExpiry: 6_870,
      unusedPercent: 68.7,
      tooLarge: true,
      requestByNear: false,
    });
  });

  it("the unused share alert is strictly above the company's share", () => {
    // 20 days at 10 a day use 200 of 600 free: 400 left, 20 % of a 2,000 range.
    const range = auth({ cantidad: 2_000, available: 600, expiresOn: "2026-06-21" });
    const at = forecastAuthorizations([range], pace10, TODAY, { leadDays: 15, unusedPercent: 20 })[0]!;
    expect(at).toMatchObject({ unusedAtExpiry: 400, unusedPercent: 20, tooLarge: false });
    const tighter = forecastAuthorizations([range], pace10, TODAY, { leadDays: 15, unusedPercent: 19 })[0]!;
    expect(tighter.tooLarge).toBe(true);
  });

  it("a request-by date within 7 days, or passed, is near", () => {
    const near = forecastAuthorizations([auth({ available: 220 })], pace10, TODAY, settings)[0]!;
    expect(near.runsOutOn).toBe("2026-06-23");
    expect(near.requestBy).toBe("2026-06-08");
    expect(near.requestByNear).toBe(true);
    const passed = forecastAuthorizations([auth({ available: 50 })], pace10, TODAY, settings)[0]!;
    expect(passed.requestBy! < TODAY).toBe(true);
    expect(passed.requestByNear).toBe(true);
    const far = forecastAuthorizations([auth({ available: 230 })], pace10, TODAY, settings)[0]!;
    expect(far.requestBy).toBe("2026-06-09");
    expect(far.requestByNear).toBe(false);
  });

  it("uses the company's lead time", () => {
    const [forecast] = forecastAuthorizations([auth({ available: 400 })], pace10, TODAY, {
      leadDays: 30,
      unusedPercent: 20,
    });
    expect(forecast!.requestBy).toBe("2026-06-11");
  });

  it("zero use: no run-out and no request date, every free number unused at expiry", () => {
    const idle = typePace({ firstUseOn: "2025-01-01", daily: new Map() }, TODAY);
    const [forecast] = forecastAuthorizations([auth({ available: 600 })], idle, TODAY, settings);
    expect(forecast).toMatchObject({
      status: "forecast",
      runsOutOn: null,
      requestBy: null,
      unusedAtExpiry: 600,
      unusedPercent: 60,
      tooLarge: true,
      requestByNear: false,
    });
  });

  it("no expiry (types 32 and 34): a run-out date and no unused count", () => {
    const [forecast] = forecastAuthorizations([auth({ available: 1_000, expiresOn: null })], pace10, TODAY);
    expect(forecast).toMatchObject({
      runsOutOn: "2026-09-09",
      requestBy: "2026-08-25",
      unusedAtExpiry: null,
    });
    expect(forecast!.tooLarge).toBe(false);
  });

  it("an expired authorization has no forecast, even with free numbers", () => {
    const [forecast] = forecastAuthorizations([auth({ expiresOn: "2026-05-31" })], pace10, TODAY);
    expect(forecast).toMatchObject({
      status: "expired",
      runsOutOn: null,
      unusedAtExpiry: null,
      tooLarge: false,
    });
  });

  it("an authorization expiring today is still forecast (its last day)", () => {
    const [forecast] = forecastAuthorizations(
      [auth({ available: 5, expiresOn: TODAY })],
      pace10,
      TODAY,
      settings,
    );
    expect(forecast!.status).toBe("forecast");
    expect(forecast!.unusedAtExpiry).toBe(5);
  });

  it("a used-up authorization is depleted", () => {
    expect(forecastAuthorizations([auth({ available: 0 })], pace10, TODAY)[0]!.status).toBe("depleted");
  });

  it("under 30 days of history: not enough history, no dates", () => {
    const young = typePace(steadyUse(100, 10), TODAY);
    expect(forecastAuthorizations([auth()], young, TODAY)[0]).toMatchObject({
      status: "not_enough_history",
      runsOutOn: null,
      requestBy: null,
      unusedAtExpiry: null,
    });
  });

  it("a later authorization starts when the one below it runs out", () => {
    const [first, second] = forecastAuthorizations(
      [
        auth({ desde: 1, cantidad: 300, available: 300, expiresOn: "2027-12-31" }),
        auth({ desde: 301, cantidad: 500, available: 500, expiresOn: "2027-12-31" }),
      ],
      pace10,
      TODAY,
      settings,
    );
    expect(first!.runsOutOn).toBe("2026-07-01"); // 30 days
    expect(second!.runsOutOn).toBe("2026-08-20"); // 30 + 50 days
    expect(second!.requestBy).toBe("2026-08-05");
  });

  it("given out of order, the later authorization still waits for the lower one", () => {
    const [second, first] = forecastAuthorizations(
      [
        auth({ desde: 301, available: 500, expiresOn: "2027-12-31" }),
        auth({ desde: 1, available: 300, expiresOn: "2027-12-31" }),
      ],
      pace10,
      TODAY,
    );
    expect(first!.runsOutOn).toBe("2026-07-01");
    expect(second!.runsOutOn).toBe("2026-08-20");
  });

  it("an authorization that expires before it is reached is forecast wholly unused", () => {
    const [, later] = forecastAuthorizations(
      [
        auth({ desde: 1, cantidad: 5_000, available: 5_000, expiresOn: "2027-12-31" }),
        auth({ desde: 5_001, cantidad: 100, available: 100, expiresOn: "2026-07-31" }),
      ],
      pace10,
      TODAY,
      settings,
    );
    expect(later).toMatchObject({ runsOutOn: null, unusedAtExpiry: 100, unusedPercent: 100, tooLarge: true });
  });
});
