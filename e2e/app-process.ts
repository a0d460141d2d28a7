import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A second instance of the built app (the build the e2e run made), with its own port, data
 * directory and embedded simulator, for specs about the process itself: signals, restarts. Its
 * console is kept, and the simulator admin token read from it as an operator would.
 */
export interface AppProcess {
  url: string;
  simulatorUrl: string;
  dataDir: string;
  adminToken: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

const TOKEN_LINE = /^DGII simulator admin token \(Authorization: Bearer\): (\S+)$/m;

export async function startAppProcess(options: {
  port: number;
  simulatorPort: number;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<AppProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "anula-e2e-app-"));
  const url = `http://127.0.0.1:${options.port}`;
  // Next itself, not through npx: the spec's signals must reach the server process.
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(options.port)],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        ANULA_DIST_DIR: process.env.E2E_DIST_DIR ?? "e2e/output/next",
        DATA_DIR: dataDir,
        DEMO: "on",
        DATABASE_URL: "",
        TAXAUTH: "simulator",
        TAXAUTH_SIMULATOR_URL: "",
        TAXAUTH_SIMULATOR_PORT: String(options.simulatorPort),
        TAXAUTH_SIMULATOR_ADMIN: "1",
        NEXTAUTH_URL: url,
        NEXT_TELEMETRY_DISABLED: "1",
        ...options.env,
      },
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>(
    (resolve) => child.once("exit", (code, signal) => resolve({ code, signal, atMs: Date.now() })),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
    const token = TOKEN_LINE.exec(output)?.[1];
    const ready = token
      ? await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      : false;
    if (token && ready) {
      return {
        url,
        simulatorUrl: `http://127.0.0.1:${options.simulatorPort}`,
        dataDir,
        adminToken: token,
        output: () => output,
        kill: (signal) => child.kill(signal),
        exited,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
