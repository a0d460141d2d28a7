import "server-only";
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/errors";
import type { WorkerReply, WorkerTask } from "./prepare-off-thread";
import { prepareVoid, serializeAppError } from "./prepare-void";
import { storedRangesJson } from "./stored-ranges";

/** The worker thread of prepare-off-thread.ts: one task at a time, each answered by its id. */
parentPort?.on("message", (message: WorkerTask) => {
  let reply: WorkerReply;
  try {
    const result = message.task === "prepare" ? prepareVoid(message.input) : storedRangesJson(message.stored);
    reply = { id: message.id, result };
  } catch (error) {
    reply = isAppError(error)
      ? { id: message.id, appError: serializeAppError(error) }
      : { id: message.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
