import "server-only";
import { prepareVoid } from "./prepare-void";
import { storedRangesJson } from "../platform/db/stored-ranges";

/**
 * What the voids' worker thread can do, by name: CPU-heavy, synchronous steps whose input and
 * output are plain data (strings, small arrays, moved byte buffers), so crossing the thread costs little.
 */
export const VOID_WORKER_TASKS = {
  /** A void request: parse, validate, hash, build, sign, compress (prepare-void.ts). */
  prepareVoid,
  /** A stored void's ranges as the spec's JSON text (platform/db/stored-ranges.ts). */
  storedRangesJson,
} as const;
