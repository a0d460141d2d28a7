import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";

export interface HangingVoidChildRun {
  voidId: string;
  code: number | null;
  signal: string | null;
  /** What the child printed (its JSON logs included). */
  log: string;
  /** From the signal to the child's exit. */
  msAfterSignal: number;
}

export interface HangingVoidChildOptions {
  dataDir: string;
  rnc: string;
  simulatorUrl: string;
  /** Sent once the child's void is written ahead. */
  signal: "SIGKILL" | "SIGTERM";
  /** Start the child through the server's runtime start (graceful shutdown registered). */
  startRuntime?: boolean;
  env?: Record<string, string>;
}

/**
 * Runs hanging-void-child.ts on the embedded engine (PGlite under dataDir, even in the PostgreSQL
 * test run), signals it once its void is written ahead, and resolves when it has exited.
 */
export function runHangingVoidChild(options: HangingVoidChildOptions): Promise<HangingVoidChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "hanging-void-child.ts")],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          DATA_DIR: options.dataDir,
          DATABASE_URL: "",
          TEST_DATABASE_URL: "",
          DEMO: "on",
          DEMO_RNC: options.rnc,
          TAXAUTH: "simulator",
          TAXAUTH_SIMULATOR_URL: options.simulatorUrl,
          VOID_DEADLINE_MS: "600000",
          HANGING_VOID_START_RUNTIME: options.startRuntime ? "1" : "",
          VITEST: "",
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errors = "";
    let voidId: string | undefined;
    let signalledAt = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /WRITTEN (\S+)/.exec(output);
      if (match && !voidId) {
        voidId = match[1]!;
        signalledAt = Date.now();
        child.kill(options.signal);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("exit", (code, signal) => {
      if (!voidId) reject(new Error(`child exited (${code}) before writing: ${errors}`));
      else resolve({ voidId, code, signal, log: output, msAfterSignal: Date.now() - signalledAt });
    });
  });
}

/** "Restart": the child's on-disk PGlite database, opened in this process. */
export async function reopenChildDatabase(dataDir: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    return await createTestDatabase({ dataDir: path.join(dataDir, "pglite") });
  } finally {
    if (serverUrl !== undefined) process.env.TEST_DATABASE_URL = serverUrl;
  }
}
