import { spawn } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { format } from "node:util";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";

import type { CliIo } from "./cli-io";

/** What a command run left: its exit code and what it wrote. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The script as an operator runs it: a process of its own (tsx with react-server conditions, as
 * package.json says), with `env` over this process's environment and `stdin` piped in.
 */
export function spawnScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin = "",
): Promise<CliRun> {
  const root = process.cwd();
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", script, ...args],
      { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * The same command in this process (a database open instead of a Node start): `env` is set for the
 * run and restored after, `stdin` is piped in, and what it writes is kept.
 */
export async function runInProcess(
  command: (argv: string[], io: CliIo) => Promise<number>,
  args: string[],
  env: Record<string, string>,
  stdin = "",
): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    log: (...values) => void (stdout += `${format(...values)}\n`),
    error: (...values) => void (stderr += `${format(...values)}\n`),
    write: (text) => void (stdout += text),
    stdin: Readable.from(stdin === "" ? [] : [stdin]),
  };
  setEnvForTests(env);
  try {
    return { code: await command(args, io), stdout, stderr };
  } finally {
    setEnvForTests(saved);
  }
}
