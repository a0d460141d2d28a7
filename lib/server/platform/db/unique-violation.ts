// No `server-only`: a pure helper.

/** True for a unique-constraint violation (Prisma P2002), e.g. two instances seeding at once. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
