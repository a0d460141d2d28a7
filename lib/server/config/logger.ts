import "server-only";

import pino from "pino";

/**
 * The server's one logger (JSON lines on stdout). Never pass passwords, keys, tokens or certificate
 * bytes to it. LOG_LEVEL overrides the level (default: info; silent under vitest unless set).
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: { service: "anula" },
  redact: {
    paths: ["password", "*.password", "passwordHash", "*.passwordHash", "apiKey", "*.apiKey", "idToken"],
    censor: "[redacted]",
  },
});
