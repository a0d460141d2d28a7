import type { Environment } from "@/lib/domain/environments";
import type { VoidReasonDraft } from "@/lib/domain/void-reasons";

import type { LineDraft, LineInput } from "./editor-model";

/**
 * The void tool's unsent lines, kept in this browser's localStorage per user, company and
 * environment: a reload, the menu or the tool's own links never lose them, and a draft never follows
 * the user to another company (RNC) or environment. Cleared when the void is sent or on "Vaciar".
 * Only e-NCF strings are stored (no names, no amounts); a full or blocked storage is ignored.
 */
const PREFIX = "anula:void-draft:v1";

export function draftStorageKey(owner: string, environment: Environment): string {
  return `${PREFIX}:${owner}:${environment}`;
}

interface StoredDraft {
  savedAt: number;
  lines: Array<[string, string] | [string, string, number]>;
}

export function loadDraft(key: string): LineInput[] {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return [];
    const stored = JSON.parse(text) as StoredDraft;
    if (!Array.isArray(stored.lines)) return [];
    return stored.lines
      .filter((line) => Array.isArray(line) && typeof line[0] === "string" && typeof line[1] === "string")
      .map(([desde, hasta, cantidad]) =>
        typeof cantidad === "number" ? { desde, hasta, cantidad } : { desde, hasta },
      );
  } catch {
    return [];
  }
}

/** Saves the non-blank lines; none left removes the entry. */
export function saveDraft(key: string, lines: readonly LineDraft[]): void {
  try {
    const kept: StoredDraft["lines"] = [];
    for (const line of lines) {
      if (line.desde === "" && line.hasta === "") continue;
      kept.push(
        line.cantidad === undefined ? [line.desde, line.hasta] : [line.desde, line.hasta, line.cantidad],
      );
    }
    if (kept.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), lines: kept }));
  } catch {
    // Storage full or disabled: the draft lives only in this page, as before.
  }
}

/**
 * The reason fields of the draft, beside its lines under `key` + ":reason": restored with
 * them, forgotten when the void is sent. Never filled by anyone but the clerk (no default reason).
 */
export function loadDraftReason(key: string): VoidReasonDraft | null {
  try {
    const text = window.localStorage.getItem(`${key}:reason`);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<VoidReasonDraft>;
    return typeof stored.code === "string" && typeof stored.text === "string"
      ? { code: stored.code, text: stored.text }
      : null;
  } catch {
    return null;
  }
}

export function saveDraftReason(key: string, reason: VoidReasonDraft): void {
  try {
    if (reason.code === "" && reason.text.trim() === "") window.localStorage.removeItem(`${key}:reason`);
    else
      window.localStorage.setItem(`${key}:reason`, JSON.stringify({ code: reason.code, text: reason.text }));
  } catch {
    // Storage full or disabled: the reason lives only in this page.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
    window.localStorage.removeItem(`${key}:reason`);
  } catch {
    // nothing stored
  }
}
