import "server-only";
import { serveWorkerTasks } from "@/lib/server/platform/workers/serve-tasks";
import { VOID_WORKER_TASKS } from "./worker-tasks";

/** The voids' worker thread (prepare-off-thread.ts starts it). */
serveWorkerTasks(VOID_WORKER_TASKS);
