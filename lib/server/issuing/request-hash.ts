import "server-only";

import { createHash } from "node:crypto";

import type { EcfJson } from "@/lib/domain/ecf-validation";

/** The root element the service sets when it signs: a client's own value never makes a body "another". */
const SIGNING_TIME = "FechaHoraFirma";

/**
 * The SHA-256 of an e-CF's content, the same for the same document however it is written: keys in
 * any order, a scalar as a string or a number ("31" and 31), FechaHoraFirma left out. A client that
 * retries a sale sends the same document; one that reuses its number for another sale does not.
 */
export function issueRequestHash(ecf: EcfJson): string {
  const { [SIGNING_TIME]: signingTime, ...content } = ecf;
  void signingTime;
  return createHash("sha256").update(canonical(content)).digest("hex");
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value === null ? null : String(value));
}
