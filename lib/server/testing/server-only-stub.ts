// Test-only stand-in for the `server-only` marker package (aliased in vitest.config.ts).
export {};
