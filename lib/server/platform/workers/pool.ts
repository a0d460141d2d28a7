import "server-only";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/server/platform/config/logger";
import { deserializeAppError } from "./app-error-transport";
import type { WorkerReply, WorkerTasks } from "./protocol";

/**
 * A worker thread for CPU-heavy steps, started on first use; the feature that owns the tasks owns
 * the thread's entry file and starts it (`spawn`), so the platform knows no feature's tasks. A
 * task's AppError comes back as an AppError; a crash fails the tasks in flight and the next task
 * starts a fresh thread. Hand-written rather than piscina/tinypool: both start workers from a file
 * name, and `next build` (Turbopack) bundles a worker only from
 * `new Worker(new URL(…, import.meta.url))` written in the owner's file, so a pool library would
 * need a second build of the worker's whole import graph.
 */
export interface WorkerPool<Tasks extends WorkerTasks> {
  /** Runs a named task on the thread; `transfer` lists buffers moved to it instead of copied. */
  run<Name extends keyof Tasks & string>(
    task: Name,
    input: Parameters<Tasks[Name]>[0],
    transfer?: ArrayBuffer[],
  ): Promise<ReturnType<Tasks[Name]>>;
  /** Stops the thread (tests); the next task starts a fresh one. */
  stop(): Promise<void>;
}

interface PoolState {
  worker: Worker | null;
  nextId: number;
  pending: Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>;
}

export function createWorkerPool<Tasks extends WorkerTasks>(spawn: () => Worker): WorkerPool<Tasks> {
  const state: PoolState = { worker: null, nextId: 0, pending: new Map() };

  function startWorker(): Worker {
    const thread = spawn();
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

  return {
    run(task, input, transfer = []) {
      const thread = state.worker ?? (state.worker = startWorker());
      const id = ++state.nextId;
      return new Promise((resolve, reject) => {
        state.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        thread.postMessage({ id, task, input }, transfer);
      });
    },
    async stop() {
      const thread = state.worker;
      state.worker = null;
      await thread?.terminate();
    },
  };
}

/** Tests and scripts run the TypeScript sources: that worker registers tsx before loading its entry. */
const SOURCE_BOOTSTRAP =
  'require("tsx/cjs/api").register(); require(require("node:worker_threads").workerData.entry);';

/**
 * The worker of an entry file beside `ownerUrl` when running from TypeScript sources (tests,
 * scripts); null in the built app, where the owner writes `new Worker(new URL(…, import.meta.url))`
 * itself for the bundler to follow.
 */
export function sourceWorker(ownerUrl: string, entryFile: string): Worker | null {
  if (!ownerUrl.endsWith(".ts")) return null;
  // Not `new URL(entryFile, ownerUrl)` in the owner: the bundler would copy that file as an asset.
  const entry = path.join(path.dirname(fileURLToPath(ownerUrl)), entryFile);
  // Reflect.construct: the bundler must not mistake this code string for a worker file to bundle.
  return Reflect.construct(Worker, [
    SOURCE_BOOTSTRAP,
    { eval: true, workerData: { entry }, execArgv: ["--conditions=react-server"] },
  ]) as Worker;
}
