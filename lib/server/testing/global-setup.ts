import { pgliteImage } from "@/lib/server/platform/db/pglite-image";

/**
 * Once per `vitest run`, before any worker starts: the PGlite images the test databases load
 * (lib/server/platform/db/pglite-image.ts; built only when PGlite or the migrations changed), so no test
 * pays for building one and workers never build one at once.
 */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL?.trim()) await pgliteImage("migrated"); // and "empty", which it starts from
}
