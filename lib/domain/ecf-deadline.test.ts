import { describe, expect, it } from "vitest";

import {
  durationParts,
  ecfDeadline,
  nearestDeadline,
  signedInContingency,
  type EcfDeadline,
} from "./ecf-deadline";

const HOUR = 3_600_000;
const SIGNED = Date.UTC(2026, 11, 7, 12, 0, 0);
const at = (hours: number) => SIGNED + hours * HOUR;
const base = { signedAt: SIGNED, inContingency: true, deferredWindowHours: null, receptionDown: false };

describe("ecfDeadline", () => {
  it("in a contingency: 72 hours from signing, approaching at 75% by default, missed when it passes", () => {
    const fresh = ecfDeadline({ ...base, now: at(1) });
    expect(fresh).toMatchObject({
      state: "running",
      basis: "contingency",
      windowHours: 72,
      deadlineAt: at(72),
      approachingAt: at(54),
      timeLeftMs: 71 * HOUR,
      ageMs: HOUR,
    });
    expect(ecfDeadline({ ...base, now: at(54) - 1 }).state).toBe("running");
    expect(ecfDeadline({ ...base, now: at(54) }).state).toBe("approaching");
    expect(ecfDeadline({ ...base, now: at(72) - 1 }).state).toBe("approaching");
    const missed = ecfDeadline({ ...base, now: at(80) });
    expect(missed.state).toBe("missed");
    expect(missed.timeLeftMs).toBe(-8 * HOUR);
  });

  it("the company's share moves the approaching instant", () => {
    const half = ecfDeadline({ ...base, approachingPercent: 50, now: at(36) });
    expect(half.approachingAt).toBe(at(36));
    expect(half.state).toBe("approaching");
    // Out of range: clamped to 1–99 (never approaching at signing, never only at the deadline).
    expect(ecfDeadline({ ...base, approachingPercent: 100, now: at(1) }).approachingAt).toBeLessThan(at(72));
  });

  it("outside a contingency: no deadline unless the company set a deferred window", () => {
    const none = ecfDeadline({ ...base, inContingency: false, now: at(500) });
    expect(none).toMatchObject({
      state: "none",
      basis: null,
      deadlineAt: null,
      timeLeftMs: null,
      ageMs: 500 * HOUR,
    });
    const deferred = ecfDeadline({ ...base, inContingency: false, deferredWindowHours: 24, now: at(20) });
    expect(deferred).toMatchObject({ state: "approaching", basis: "deferred", deadlineAt: at(24) });
    expect(ecfDeadline({ ...base, inContingency: false, deferredWindowHours: 24, now: at(24) }).state).toBe(
      "missed",
    );
  });

  it("a contingency's 72 hours win over the deferred window", () => {
    const both = ecfDeadline({ ...base, deferredWindowHours: 24, now: at(30) });
    expect(both).toMatchObject({ basis: "contingency", state: "running", deadlineAt: at(72) });
  });

  it("while DGII's reception is down: never missed nor approaching, the deadline still known", () => {
    const down = ecfDeadline({ ...base, receptionDown: true, now: at(100) });
    expect(down).toMatchObject({ state: "dgii_unavailable", deadlineAt: at(72) });
    expect(ecfDeadline({ ...base, receptionDown: true, now: at(60) }).state).toBe("dgii_unavailable");
    expect(ecfDeadline({ ...base, inContingency: false, receptionDown: true, now: at(1) }).state).toBe(
      "dgii_unavailable",
    );
  });
});

describe("signedInContingency", () => {
  const periods = [
    { declaredAt: at(10), endedAt: at(20) },
    { declaredAt: at(30), endedAt: null },
  ];
  it("inside a period, from its declaration (inclusive) to its end (exclusive), or an open one", () => {
    expect(signedInContingency(at(10), periods)).toBe(true);
    expect(signedInContingency(at(15), periods)).toBe(true);
    expect(signedInContingency(at(20), periods)).toBe(false);
    expect(signedInContingency(at(9), periods)).toBe(false);
    expect(signedInContingency(at(1000), periods)).toBe(true);
    expect(signedInContingency(at(1000), [])).toBe(false);
  });
});

describe("durationParts", () => {
  it("days, hours and minutes of a duration, negative ones by their size", () => {
    expect(durationParts(2 * 86_400_000 + 5 * HOUR + 7 * 60_000)).toEqual({ days: 2, hours: 5, minutes: 7 });
    expect(durationParts(-90 * 60_000)).toEqual({ days: 0, hours: 1, minutes: 30 });
  });
});

describe("nearestDeadline", () => {
  const of = (deadlineAt: number | null, ageMs: number): EcfDeadline => ({
    state: deadlineAt === null ? "none" : "running",
    ageMs,
    basis: deadlineAt === null ? null : "deferred",
    windowHours: deadlineAt === null ? null : 24,
    deadlineAt,
    approachingAt: null,
    timeLeftMs: deadlineAt,
  });

  it("is the earliest deadline; one with a window comes before any without; else the oldest", () => {
    expect(nearestDeadline([])).toBeNull();
    expect(nearestDeadline([of(500, 1), of(200, 2), of(300, 3)])?.deadlineAt).toBe(200);
    expect(nearestDeadline([of(null, 9_000), of(900, 1)])?.deadlineAt).toBe(900);
    expect(nearestDeadline([of(900, 1), of(null, 9_000)])?.deadlineAt).toBe(900);
    expect(nearestDeadline([of(null, 5), of(null, 50), of(null, 7)])?.ageMs).toBe(50);
  });
});
