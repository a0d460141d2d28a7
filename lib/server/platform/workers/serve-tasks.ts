import "server-only";
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/errors";
import { serializeAppError } from "./app-error-transport";
import type { WorkerReply, WorkerRequest, WorkerTasks } from "./protocol";

/** Inside a worker thread (pool.ts): runs one task at a time, each answered by its id. */
export function serveWorkerTasks(tasks: WorkerTasks): void {
  parentPort?.on("message", (message: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      const run = tasks[message.task] as ((input: unknown) => unknown) | undefined;
      if (!run) throw new Error(`no worker task named ${message.task}`);
      reply = { id: message.id, result: run(message.input) };
    } catch (error) {
      reply = isAppError(error)
        ? { id: message.id, appError: serializeAppError(error) }
        : {
            id: message.id,
            failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
          };
    }
    parentPort?.postMessage(reply);
  });
}
