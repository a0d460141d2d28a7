import "server-only";

import { santoDomingoDate } from "@/lib/domain/fecha";
import { dayEndMs } from "@/lib/domain/gap-safety";

/** Today's date in Santo Domingo, yyyy-MM-dd. */
export function todayIso(now: number): string {
  return santoDomingoDate(now);
}

/** dd-MM-yyyy (a real calendar date) → yyyy-MM-dd, or null. */
export function dmyToIso(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** yyyy-MM-dd → dd-MM-yyyy (the spec's date form in answers). */
export function isoToDmy(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** The instant a Santo Domingo day ends (its last millisecond, epoch ms). */
export const endOfDayMs = dayEndMs;

/** Whole days from `now` to the end of the day `iso` (negative once it has passed). */
export function daysUntil(iso: string, now: number): number {
  return Math.floor((endOfDayMs(iso) - now) / 86_400_000);
}
