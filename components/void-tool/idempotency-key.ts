/**
 * A fresh Idempotency-Key for one confirmed submission. crypto.randomUUID exists only in secure
 * contexts (https, localhost); a portal opened over plain http on a LAN address still gets 122
 * random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return `portal-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `portal-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
