// No `server-only`: a pure helper.

/**
 * True for a unique-constraint violation: Prisma's P2002 from the query builder (e.g. two instances
 * seeding at once), or a raw statement's, which Prisma reports as P2010 carrying the driver's
 * SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === "P2002") return true;
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta
    ?.driverAdapterError?.cause;
  return code === "P2010" && cause?.originalCode === "23505";
}
