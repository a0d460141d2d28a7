import "server-only";
import type { SerializedAppError } from "./app-error-transport";

/** One message to the worker thread: a named task and its input, answered under the same id. */
export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
}

/** Its answer: the result, an AppError (the spec's 400s travel this way), or any other failure. */
export type WorkerReply = { id: number } & (
  { result: unknown } | { appError: SerializedAppError } | { failure: string }
);

/** What a worker thread can do, by name: synchronous steps whose input and output are plain data. */
export type WorkerTasks = Record<string, (input: never) => unknown>;
