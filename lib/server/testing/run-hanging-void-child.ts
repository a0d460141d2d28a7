import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";
import { onTestFinished } from "vitest";
import { seedPgliteDataDir } from "@/lib/server/platform/db/pglite-image";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

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
export async function runHangingVoidChild(options: HangingVoidChildOptions): Promise<HangingVoidChildRun> {
  const child = await startHangingVoidChild(options);
  const signalledAt = Date.now();
  child.kill(options.signal);
  const { code, signal, log } = await child.exited;
  return { voidId: child.voidId, code, signal, log, msAfterSignal: Date.now() - signalledAt };
}

export interface HangingVoidChild {
  voidId: string;
  kill(signal: "SIGKILL" | "SIGTERM"): void;
  exited: Promise<{ code: number | null; signal: string | null; log: string }>;
}

/**
 * Starts hanging-void-child.ts and resolves once its void is written ahead; the caller signals it.
 * `env` may point it at a PostgreSQL server (DATABASE_URL) instead of PGlite under dataDir, so
 * several children act as several instances of one deployment.
 */
export async function startHangingVoidChild(
  options: Omit<HangingVoidChildOptions, "signal">,
): Promise<HangingVoidChild> {
  // Its embedded database starts migrated (the child's own start then applies nothing).
  if (!options.env?.DATABASE_URL) await seedPgliteDataDir(path.join(options.dataDir, "pglite"));
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
    // Killed when the test ends, whatever its outcome: one that times out before signalling the
    // child (a loaded machine) would otherwise leave it running, and spending CPU, after the suite.
    onTestFinished(() => {
      child.kill("SIGKILL");
    });
    let output = "";
    let errors = "";
    let written = false;
    const exited = new Promise<{ code: number | null; signal: string | null; log: string }>((done) => {
      child.once("exit", (code, signal) => {
        if (!written) reject(new Error(`child exited (${code}) before writing: ${errors}`));
        done({ code, signal, log: output });
      });
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /WRITTEN (\S+)/.exec(output);
      if (match && !written) {
        written = true;
        resolve({ voidId: match[1]!, kill: (signal) => child.kill(signal), exited });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
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
