import "server-only";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/server/config/logger";
import { deserializeAppError } from "./app-error-transport";
import type { WorkerReply } from "./protocol";
import type { WorkerTaskInput, WorkerTaskName, WorkerTaskResult } from "./tasks";

/**
 * The process's one worker thread for CPU-heavy steps (tasks.ts), started on first use. A task's
 * AppError comes back as an AppError; a crash fails the tasks in flight and the next task starts a
 * fresh thread. Hand-written rather than piscina/tinypool: both start workers from a file name, and
 * `next build` (Turbopack) bundles a worker only from `new Worker(new URL(…, import.meta.url))`, so
 * a pool library would need a second build of the worker's whole import graph.
 */
interface PoolState {
  worker: Worker | null;
  nextId: number;
  pending: Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>;
}

const state: PoolState = { worker: null, nextId: 0, pending: new Map() };

/** Runs a named task on the worker thread; `transfer` lists buffers moved to it instead of copied. */
export function runOnWorker<Name extends WorkerTaskName>(
  task: Name,
  input: WorkerTaskInput<Name>,
  transfer: ArrayBuffer[] = [],
): Promise<WorkerTaskResult<Name>> {
  const thread = state.worker ?? (state.worker = startWorker());
  const id = ++state.nextId;
  return new Promise((resolve, reject) => {
    state.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    thread.postMessage({ id, task, input }, transfer);
  });
}

function startWorker(): Worker {
  const thread = newWorker();
  thread.unref(); // an idle worker never keeps the process alive (graceful shutdown)
  thread.on("message", (reply: WorkerReply) => {
    const task = state.pending.get(reply.id);
    if (!task) return;
    state.pending.delete(reply.id);
    if ("result" in reply) task.resolve(reply.result);
    else if ("appError" in reply) task.reject(deserializeAppError(reply.appError));
    else task.reject(new Error(`the worker thread failed: ${reply.failure}`));
  });
  const fail = (error: unknown) => {
    if (state.worker === thread) state.worker = null; // the next task starts a fresh one
    for (const task of state.pending.values()) task.reject(error);
    state.pending.clear();
  };
  thread.on("error", (error) => {
    logger.error({ err: error }, "the worker thread crashed");
    fail(error);
  });
  thread.on("exit", (code) => fail(new Error(`the worker thread exited with code ${code}`)));
  return thread;
}

/** Tests and scripts run the TypeScript sources: that worker registers tsx before loading its entry. */
const SOURCE_BOOTSTRAP =
  'require("tsx/cjs/api").register(); require(require("node:worker_threads").workerData.entry);';

function newWorker(): Worker {
  if (import.meta.url.endsWith(".ts")) {
    // Not `new URL("./worker-entry.ts", import.meta.url)`: the bundler would copy that file as an asset.
    const entry = fileURLToPath(import.meta.url).replace(/pool\.ts$/, "worker-entry.ts");
    // Reflect.construct: the bundler must not mistake this code string for a worker file to bundle.
    return Reflect.construct(Worker, [
      SOURCE_BOOTSTRAP,
      { eval: true, workerData: { entry }, execArgv: ["--conditions=react-server"] },
    ]) as Worker;
  }
  // next build bundles this entry (Turbopack follows `new Worker(new URL(…, import.meta.url))`).
  return new Worker(new URL("./worker-entry.ts", import.meta.url));
}

/** Stops the worker (tests). */
export async function stopWorker(): Promise<void> {
  const thread = state.worker;
  state.worker = null;
  await thread?.terminate();
}
