import type { Dictionary } from "./index";

/**
 * A document's status in the reader's words; a state DGII answers beyond the known ones (kept
 * verbatim, e.g. an "Anulado") is shown as DGII wrote it.
 */
export function documentStatusLabel(labels: Dictionary["status"], status: string): string {
  return (labels as Record<string, string>)[status] ?? status;
}
