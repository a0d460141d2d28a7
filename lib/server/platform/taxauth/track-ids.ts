import "server-only";

import type { TaxAuthTrackId } from "./types";

/**
 * consultatrackids' answer. DGII's help page and the integrations we know disagree on its shape: a
 * bare array of `{ trackId, estado, fechaRecepcion }`, or `{ detalles: [{ trackId, codigo, estado,
 * mensaje }] }`; both are read (any casing of the field names). Anything else → undefined (the
 * caller reports an unreadable answer rather than "never sent", since a void is irreversible).
 */
export function parseTrackIdsAnswer(json: unknown): TaxAuthTrackId[] | undefined {
  const list = Array.isArray(json) ? json : listInside(json);
  if (!list) return undefined;
  const entries: TaxAuthTrackId[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") return undefined;
    const field = (name: string) => {
      const entry = Object.entries(item as Record<string, unknown>).find(
        ([key]) => key.toLowerCase() === name,
      );
      const value = entry?.[1];
      return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
    };
    const trackId = field("trackid");
    if (!trackId) return undefined;
    entries.push({
      trackId,
      estado: field("estado") ?? "",
      ...(field("codigo") !== undefined ? { codigo: field("codigo") } : {}),
      ...(field("fecharecepcion") !== undefined ? { fechaRecepcion: field("fecharecepcion") } : {}),
      ...(field("mensaje") !== undefined ? { mensaje: field("mensaje") } : {}),
    });
  }
  return entries;
}

function listInside(json: unknown): unknown[] | undefined {
  if (!json || typeof json !== "object") return undefined;
  const entry = Object.entries(json as Record<string, unknown>).find(([key]) =>
    ["detalles", "trackids"].includes(key.toLowerCase()),
  );
  return Array.isArray(entry?.[1]) ? entry[1] : undefined;
}
