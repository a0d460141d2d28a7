/**
 * Dates as DGII writes them: `dd-MM-yyyy HH:mm:ss`, 24 h, in Dominican Republic time.
 * America/Santo_Domingo is UTC−4 all year (no DST since 1974... and none planned), so the offset is
 * applied arithmetically: the result never depends on the server's or the browser's time zone.
 */
export const SANTO_DOMINGO_OFFSET_MS = -4 * 60 * 60 * 1000;

const FECHA_PATTERN = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Formats an instant (epoch ms) as `dd-MM-yyyy HH:mm:ss` in Santo Domingo time. */
export function formatFechaHora(epochMs: number): string {
  const local = new Date(epochMs + SANTO_DOMINGO_OFFSET_MS);
  return (
    `${pad2(local.getUTCDate())}-${pad2(local.getUTCMonth() + 1)}-${local.getUTCFullYear()} ` +
    `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`
  );
}

/** The date of an instant in Santo Domingo, `yyyy-MM-dd` (authorizations and rules compare days). */
export function santoDomingoDate(epochMs: number): string {
  return new Date(epochMs + SANTO_DOMINGO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The current time in Santo Domingo as `dd-MM-yyyy HH:mm:ss`. */
export function nowFechaHora(now: number = Date.now()): string {
  return formatFechaHora(now);
}

/**
 * Parses `dd-MM-yyyy HH:mm:ss` (Santo Domingo time) to epoch ms, or null when the text is not in the
 * format or is not a real calendar date-time (31-02-2026, 24:00:00 and 12-13-2026 are all null).
 */
export function parseFechaHora(text: string): number | null {
  const match = FECHA_PATTERN.exec(text);
  if (!match) return null;
  const [day, month, year, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 31-02 over into March: a real date survives the round trip unchanged.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || check.getUTCFullYear() !== year) {
    return null;
  }
  return utc - SANTO_DOMINGO_OFFSET_MS;
}

export function isValidFechaHora(text: string): boolean {
  return parseFechaHora(text) !== null;
}

const US_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ([AP]M)$/i;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A reception date as DGII's services write it, to epoch ms: `dd-MM-yyyy HH:mm:ss`, the US form its
 * consultatrackids answers carry through some gateways (`11/3/2025 8:13:37 PM`, month first), or ISO
 * 8601 (no offset: Santo Domingo time). Null for anything else: a date is never guessed.
 */
export function parseDgiiInstant(text: string): number | null {
  const trimmed = text.trim();
  const fecha = parseFechaHora(trimmed);
  if (fecha !== null) return fecha;
  const us = US_PATTERN.exec(trimmed);
  if (us) {
    // Month first, 12 h: rewritten as dd-MM-yyyy HH:mm:ss, which checks the calendar.
    const [month, day, year, hour12, minute, second] = us.slice(1, 7);
    const hour = (Number(hour12) % 12) + (us[7]!.toUpperCase() === "PM" ? 12 : 0);
    if (Number(hour12) < 1 || Number(hour12) > 12) return null;
    return parseFechaHora(
      `${day!.padStart(2, "0")}-${month!.padStart(2, "0")}-${year} ${pad2(hour)}:${minute}:${second}`,
    );
  }
  const iso = ISO_PATTERN.exec(trimmed);
  if (iso) {
    const local = parseFechaHora(`${iso[3]}-${iso[2]}-${iso[1]} ${iso[4]}:${iso[5]}:${iso[6]}`);
    if (local === null || !iso[8]) return local;
    const zone = iso[8];
    const sign = zone.startsWith("-") ? -1 : 1;
    const offsetMinutes = zone === "Z" ? 0 : sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
    return local + SANTO_DOMINGO_OFFSET_MS - offsetMinutes * 60_000;
  }
  return null;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Start (00:00:00.000) or end (23:59:59.999) of a calendar day in Santo Domingo, epoch ms; null if not a date. */
export function dayBoundaryMs(day: string, edge: "start" | "end"): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const start = parseFechaHora(`${match[3]}-${match[2]}-${match[1]} 00:00:00`);
  if (start === null) return null;
  return edge === "start" ? start : start + 24 * 60 * 60 * 1000 - 1;
}

const TYPED_DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * A day as a person types it in the portal — dd-MM-aaaa (also d/M/aaaa or with dots), the way the
 * Dominican Republic writes dates whatever the browser's language — or yyyy-MM-dd (links, the API's
 * form, older bookmarks), as yyyy-MM-dd; null when it is no real calendar day.
 */
export function isoDayOf(text: string): string | null {
  const trimmed = text.trim();
  const typed = TYPED_DAY.exec(trimmed);
  const iso = typed
    ? `${typed[3]}-${typed[2]!.padStart(2, "0")}-${typed[1]!.padStart(2, "0")}`
    : DAY_PATTERN.test(trimmed)
      ? trimmed
      : null;
  return iso !== null && dayBoundaryMs(iso, "start") !== null ? iso : null;
}

/** A filter's day from the URL as yyyy-MM-dd; text that is no day stays as typed, for its own error. */
export function normalizeDay(text: string | undefined): string | undefined {
  return text === undefined ? undefined : (isoDayOf(text) ?? text);
}

/** yyyy-MM-dd as a day field shows it (dd-MM-yyyy); anything else as it is. */
export function displayDay(text: string): string {
  const match = DAY_PATTERN.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

const TYPED_INSTANT = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const ISO_LOCAL_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A date and time typed in the portal as dd-mm-aaaa hh:mm (24 h, seconds optional), or yyyy-MM-ddTHH:mm
 * (a datetime-local value: links, older forms), in Santo Domingo time; epoch ms, or null.
 */
export function typedInstantOf(text: string): number | null {
  const trimmed = text.trim().replace(/\s+/g, " ");
  const typed = TYPED_INSTANT.exec(trimmed);
  if (typed) {
    const [, day, month, year, hour, minute, second] = typed;
    const pad = (value: string | undefined) => (value ?? "0").padStart(2, "0");
    return parseFechaHora(`${pad(day)}-${pad(month)}-${year} ${pad(hour)}:${minute}:${pad(second)}`);
  }
  const iso = ISO_LOCAL_INSTANT.exec(trimmed);
  return iso ? parseFechaHora(`${iso[3]}-${iso[2]}-${iso[1]} ${iso[4]}:${iso[5]}:00`) : null;
}

/** An instant as a date-and-time field shows it: dd-MM-yyyy HH:mm, Santo Domingo, 24 h. */
export function fechaHoraMinutes(epochMs: number): string {
  return formatFechaHora(epochMs).slice(0, 16);
}
