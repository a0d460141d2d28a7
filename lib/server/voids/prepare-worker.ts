import "server-only";
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/errors";
import { prepareVoid, serializeAppError, type PrepareVoidInput } from "./prepare-void";
import type { PrepareReply } from "./prepare-off-thread";

/** The worker thread of prepare-off-thread.ts: one task at a time, each answered by its id. */
parentPort?.on("message", ({ id, input }: { id: number; input: PrepareVoidInput }) => {
  let reply: PrepareReply;
  try {
    reply = { id, prepared: prepareVoid(input) };
  } catch (error) {
    reply = isAppError(error)
      ? { id, appError: serializeAppError(error) }
      : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
