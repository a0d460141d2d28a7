// No `server-only`: a pure helper, also used by scripts.

/** Now as epoch milliseconds, the unit of every timestamp column. */
export function nowMs(): bigint {
  return BigInt(Date.now());
}

/** Epoch-ms BigInt column → number (safe until year 287396; repositories return numbers). */
export function toMs(value: bigint): number {
  return Number(value);
}

export function toMsOrNull(value: bigint | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}
