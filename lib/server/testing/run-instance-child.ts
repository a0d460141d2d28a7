import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";

export interface InstanceChild {
  url: string;
  /** What it printed so far (its JSON log lines). */
  log(): string;
  kill(signal: "SIGKILL" | "SIGTERM"): void;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

/**
 * Starts instance-child.ts — one app instance on `databaseUrl` sending to `simulatorUrl` — and
 * resolves once it serves HTTP. Several of them on one PostgreSQL are several instances of one
 * deployment: they share nothing but the database (and the authority).
 */
export function startInstanceChild(options: {
  databaseUrl: string;
  simulatorUrl: string;
  env?: Record<string, string>;
}): Promise<InstanceChild> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "instance-child.ts")],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          DATABASE_URL: options.databaseUrl,
          TEST_DATABASE_URL: "",
          DEMO: "off",
          TAXAUTH: "simulator",
          TAXAUTH_SIMULATOR_URL: options.simulatorUrl,
          VITEST: "",
          LOG_LEVEL: "debug",
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errors = "";
    let ready = false;
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) => {
      child.once("exit", (code, signal) => {
        if (!ready) reject(new Error(`instance exited (${code}) before serving: ${errors}${output}`));
        done({ code, signal });
      });
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match && !ready) {
        ready = true;
        resolve({ url: match[1]!, log: () => output, kill: (signal) => child.kill(signal), exited });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  });
}
