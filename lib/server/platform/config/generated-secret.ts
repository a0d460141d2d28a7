import "server-only";

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { logger } from "./logger";

/**
 * Reads DATA_DIR/<fileName>, creating it with 32 random bytes (base64) on first use. This is how the
 * embedded default gets AUTH_SECRET and ENCRYPTION_KEY without any setup; the file must survive
 * restarts (losing the encryption key makes every stored certificate unreadable). `wx` makes two
 * processes starting at once agree on the first file written.
 */
export function readOrCreateSecret(dataDir: string, fileName: string, variableName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    logger.warn(
      { file },
      `${variableName} is not set: generated one into ${file}. Keep this file (and back it up), or set ${variableName} in production.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
