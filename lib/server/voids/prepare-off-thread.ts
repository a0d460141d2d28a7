import "server-only";
import { Worker } from "node:worker_threads";
import { createWorkerPool, sourceWorker } from "@/lib/server/platform/workers/pool";
import { prepareVoid, type PrepareVoidInput, type PreparedVoid } from "./prepare-void";
import { isCompressedStoredRanges, storedRangesJson } from "../platform/db/stored-ranges";
import type { VOID_WORKER_TASKS } from "./worker-tasks";

/** The voids' worker thread (worker-entry.ts), started on first use. */
const pool = createWorkerPool<typeof VOID_WORKER_TASKS>(
  // next build bundles the entry: Turbopack follows `new Worker(new URL(…, import.meta.url))` written here.
  () =>
    sourceWorker(import.meta.url, "worker-entry.ts") ??
    new Worker(new URL("./worker-entry.ts", import.meta.url)),
);

/**
 * REST bodies from this size on go to the worker thread (~3,800 ranges). At 100,000 ranges (~7 MB)
 * preparing takes ~200 ms of CPU (parse ~25, validate ~40, build ~30, sign ~40, gzip ~40, JSON
 * texts ~40), which on the main thread froze every other request for that long; a 1-range body
 * takes ~0.5 ms, less than the trip to a worker and back.
 */
export const OFF_THREAD_MIN_BYTES = 256 * 1024;
/** The same ~3,800 ranges in the portal's lines (28 characters per range instead of ~68). */
export const OFF_THREAD_MIN_DRAFT_CHARS = 100 * 1024;

export function belongsOffThread(body: PrepareVoidInput["body"]): boolean {
  if ("json" in body) return body.json.byteLength >= OFF_THREAD_MIN_BYTES;
  if ("draftLines" in body) return body.draftLines.length >= OFF_THREAD_MIN_DRAFT_CHARS;
  return false; // a value would be copied to the worker object by object, costing what it saves
}

/**
 * prepareVoid, on a worker thread for large REST bodies and portal drafts so that the event loop
 * keeps serving other requests. JSON bytes are moved, not copied; the answer is strings and small
 * arrays.
 */
export async function prepareVoidOffThread(input: PrepareVoidInput): Promise<PreparedVoid> {
  if (!belongsOffThread(input.body)) return prepareVoid(input);
  const bytes = "json" in input.body ? input.body.json : null;
  // A Buffer may view a shared pool: copy it into its own ArrayBuffer only then, to move it.
  const own =
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes?.slice();
  return pool.run(
    "prepareVoid",
    own ? { ...input, body: { json: own } } : input,
    own ? [own.buffer as ArrayBuffer] : [],
  );
}

/**
 * The spec's `ranges` array of a stored void as JSON text: a large void's (compressed, up to
 * 100,000 ranges) is unpacked and written on the worker thread, which took ~70 ms of the event loop.
 */
export async function storedRangesJsonOffThread(stored: string): Promise<string> {
  if (!isCompressedStoredRanges(stored)) return storedRangesJson(stored);
  return pool.run("storedRangesJson", stored);
}

/** Stops the worker (tests). */
export const stopPrepareWorker = (): Promise<void> => pool.stop();
