import { migratedPgliteImage } from "@/lib/server/db/pglite-image";

/**
 * Once per `vitest run`, before any worker starts: the migrated PGlite image every in-memory test
 * database loads (built only when the migrations changed), so workers never build it at once.
 */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL?.trim()) await migratedPgliteImage();
}
