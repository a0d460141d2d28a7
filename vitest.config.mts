import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run server code directly.
      "server-only": fileURLToPath(new URL("./lib/server/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", "data/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default (cores − 1) is one worker on a 2-core machine. The files mostly wait (PGlite
    // yields, simulators, child processes) and each has its own database (a PGlite in memory, or its
    // own schema on PostgreSQL: lib/server/platform/db/test-database.ts), so one worker per core is safe and
    // roughly halves the run there.
    maxWorkers: Math.max(2, availableParallelism()),
    // Builds the migrated PGlite image the test databases load (lib/server/platform/db/pglite-image.ts).
    globalSetup: ["./lib/server/testing/global-setup.ts"],
    // Each test file: passwords hashed at a cheap cost (lib/server/testing/cheap-password-hashing.ts).
    setupFiles: ["./lib/server/testing/cheap-password-hashing.ts"],
  },
});
