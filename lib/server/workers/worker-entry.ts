import "server-only";
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/errors";
import { serializeAppError } from "./app-error-transport";
import type { WorkerReply, WorkerRequest } from "./protocol";
import { WORKER_TASKS } from "./tasks";

/** The worker thread (pool.ts): one task at a time, each answered by its id. */
parentPort?.on("message", (message: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const run = WORKER_TASKS[message.task] as (input: unknown) => unknown;
    reply = { id: message.id, result: run(message.input) };
  } catch (error) {
    reply = isAppError(error)
      ? { id: message.id, appError: serializeAppError(error) }
      : { id: message.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
