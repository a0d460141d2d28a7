import "server-only";
import { prepareVoid } from "@/lib/server/voids/prepare-void";
import { storedRangesJson } from "@/lib/server/voids/stored-ranges";

/**
 * What the worker thread can do, by name: CPU-heavy, synchronous steps whose input and output are
 * plain data (strings, small arrays, moved byte buffers), so crossing the thread costs little.
 */
export const WORKER_TASKS = {
  /** A void request: parse, validate, hash, build, sign, compress (prepare-void.ts). */
  prepareVoid,
  /** A stored void's ranges as the spec's JSON text (stored-ranges.ts). */
  storedRangesJson,
} as const;

export type WorkerTaskName = keyof typeof WORKER_TASKS;
export type WorkerTaskInput<Name extends WorkerTaskName> = Parameters<(typeof WORKER_TASKS)[Name]>[0];
export type WorkerTaskResult<Name extends WorkerTaskName> = ReturnType<(typeof WORKER_TASKS)[Name]>;
