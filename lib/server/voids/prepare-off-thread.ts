import "server-only";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/server/config/logger";
import { isCompressedStoredRanges, storedRangesJson } from "./stored-ranges";
import {
  deserializeAppError,
  prepareVoid,
  type PrepareVoidInput,
  type PreparedVoid,
  type SerializedAppError,
} from "./prepare-void";

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

/** What the worker thread is asked to do (prepare-worker.ts). */
export type WorkerTask =
  | { id: number; task: "prepare"; input: PrepareVoidInput }
  | { id: number; task: "storedRangesJson"; stored: string };

export type WorkerReply = { id: number } & (
  { result: unknown } | { appError: SerializedAppError } | { failure: string }
);

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
  return runOnWorker<PreparedVoid>(
    { task: "prepare", input: own ? { ...input, body: { json: own } } : input },
    own ? [own.buffer as ArrayBuffer] : [],
  );
}

/**
 * The spec's `ranges` array of a stored void as JSON text: a large void's (compressed, up to
 * 100,000 ranges) is unpacked and written on the worker thread, which took ~70 ms of the event loop.
 */
export async function storedRangesJsonOffThread(stored: string): Promise<string> {
  if (!isCompressedStoredRanges(stored)) return storedRangesJson(stored);
  return runOnWorker<string>({ task: "storedRangesJson", stored }, []);
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

function runOnWorker<T>(task: DistributiveOmit<WorkerTask, "id">, transfer: ArrayBuffer[]): Promise<T> {
  const thread = worker ?? (worker = startWorker());
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    thread.postMessage({ ...task, id }, transfer);
  });
}

function startWorker(): Worker {
  const thread = newWorker();
  thread.unref(); // an idle worker never keeps the process alive (graceful shutdown)
  thread.on("message", (reply: WorkerReply) => {
    const task = pending.get(reply.id);
    if (!task) return;
    pending.delete(reply.id);
    if ("result" in reply) task.resolve(reply.result);
    else if ("appError" in reply) task.reject(deserializeAppError(reply.appError));
    else task.reject(new Error(`the void worker thread failed: ${reply.failure}`));
  });
  const fail = (error: unknown) => {
    if (worker === thread) worker = null; // the next request starts a fresh one
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  thread.on("error", (error) => {
    logger.error({ err: error }, "the void worker thread crashed");
    fail(error);
  });
  thread.on("exit", (code) => fail(new Error(`the void worker thread exited with code ${code}`)));
  return thread;
}

/** Tests and scripts run the TypeScript sources: that worker registers tsx before loading its entry. */
const SOURCE_BOOTSTRAP =
  'require("tsx/cjs/api").register(); require(require("node:worker_threads").workerData.entry);';

function newWorker(): Worker {
  if (import.meta.url.endsWith(".ts")) {
    // Not `new URL("./prepare-worker.ts", import.meta.url)`: the bundler would copy that file as an asset.
    const entry = fileURLToPath(import.meta.url).replace(/prepare-off-thread\.ts$/, "prepare-worker.ts");
    // Reflect.construct: the bundler must not mistake this code string for a worker file to bundle.
    return Reflect.construct(Worker, [
      SOURCE_BOOTSTRAP,
      { eval: true, workerData: { entry }, execArgv: ["--conditions=react-server"] },
    ]) as Worker;
  }
  // next build bundles this entry (Turbopack follows `new Worker(new URL(…, import.meta.url))`).
  return new Worker(new URL("./prepare-worker.ts", import.meta.url));
}

/** Stops the worker (tests). */
export async function stopPrepareWorker(): Promise<void> {
  const thread = worker;
  worker = null;
  await thread?.terminate();
}
