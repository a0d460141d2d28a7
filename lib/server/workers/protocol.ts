import "server-only";
import type { SerializedAppError } from "./app-error-transport";
import type { WorkerTaskName } from "./tasks";

/** One message to the worker thread: a named task and its input, answered under the same id. */
export interface WorkerRequest {
  id: number;
  task: WorkerTaskName;
  input: unknown;
}

/** Its answer: the result, an AppError (the spec's 400s travel this way), or any other failure. */
export type WorkerReply = { id: number } & (
  { result: unknown } | { appError: SerializedAppError } | { failure: string }
);
