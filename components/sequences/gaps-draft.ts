import type { Environment } from "@/lib/domain/environments";
import type { ProposedRange } from "@/lib/domain/gap-proposal";

/**
 * The gap review's selection handed to the void tool in this browser tab (sessionStorage, under a
 * random id in the tool's URL): the URL could not carry 10,000 ranges, and the server keeps no drafts.
 * The tool reads it as its first lines; nothing is sent without its usual review and confirmation.
 */
const PREFIX = "anula:gaps-draft:v1:";

export interface GapsDraft {
  environment: Environment;
  parts: ProposedRange[][];
}

export function saveGapsDraft(draft: GapsDraft): string {
  const id = Math.random().toString(36).slice(2, 12);
  window.sessionStorage.setItem(PREFIX + id, JSON.stringify(draft));
  return id;
}

/** The stored text (null when absent), stable between renders for useSyncExternalStore. */
export function gapsDraftText(id: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + id);
  } catch {
    return null;
  }
}

export function parseGapsDraft(text: string | null): GapsDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as GapsDraft;
    return Array.isArray(draft.parts) ? draft : null;
  } catch {
    return null;
  }
}
