import "server-only";

import pino from "pino";

import { currentRequestId } from "@/lib/server/platform/http/request-context";

import { logLevelFrom } from "./env-schema";

/**
 * The server's one logger (JSON lines on stdout). Never pass passwords, keys, tokens, certificate
 * bytes or XML bodies to it; the redaction below is the safety net for the usual field names
 * (including request headers, should anyone log them). LOG_LEVEL overrides the level (default:
 * info; silent under vitest unless set).
 */
const SECRET_KEYS = [
  "password",
  "passwordHash",
  "apiKey",
  "idToken",
  "token",
  "authSecret",
  "encryptionKey",
  "decryptionKeys",
  "metricsToken",
  "privateKey",
  "p12",
  "pfx",
  "signedXml",
  "xml",
];
const SECRET_HEADERS = ["authorization", "x-api-key", "cookie", "set-cookie"];

export const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

// A test can read the lines (captureLogsForTests); otherwise they go straight to stdout.
let testSink: ((line: string) => void) | undefined;
const stdout = pino.destination({ dest: 1, sync: true });

export const logger = pino(
  {
    // The logger exists before the configuration is read (it reports that reading's problems).
    level: logLevelFrom(process.env),
    base: { service: "anula" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // Inside a REST request every line carries its requestId, so use cases log without knowing HTTP.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  {
    write(line: string) {
      if (testSink) testSink(line);
      else stdout.write(line);
    },
  },
);

/** Tests: collect every log line (level info and up) as parsed JSON until `stop()`. */
export function captureLogsForTests(): {
  lines: Array<Record<string, unknown>>;
  text(): string;
  stop(): void;
} {
  const raw: string[] = [];
  const previousLevel = logger.level;
  testSink = (line) => raw.push(line);
  logger.level = "info";
  return {
    get lines() {
      return raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => raw.join(""),
    stop() {
      testSink = undefined;
      logger.level = previousLevel;
    },
  };
}
