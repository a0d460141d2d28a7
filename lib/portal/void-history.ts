import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { isAppError } from "@/lib/errors";
import { listVoids, parseVoidListQuery } from "@/lib/server/voids/list-voids";

import { toListSearchParams, type VoidFilters } from "./void-filters";

/** A record as GET void-ncf lists it (toVoidListItem's shape). */
export interface VoidListItem {
  voidId: string;
  customerId: string;
  createdAt: number;
  updateAt: number;
  status: "Aceptado" | "Rechazado" | "Error";
  environment: Environment;
  fechaHoraAnulacion: string;
  totalVoided: number;
  ranges: Array<{ tipoeCF: string; secuenciaDesde: string; secuenciaHasta: string; cantidad: number }>;
  fileName: string;
  taxauthCode: string | null;
  taxauthName: string | null;
  taxauthResponse: string[];
  errorCode?: string | null;
  errorMessage?: string | null;
  createdBy: string | null;
}

export type VoidPage =
  { ok: true; items: VoidListItem[]; nextToken?: string } | { ok: false; message: string; code: string };

/** One page of the history through the REST list's own parsing and use case (never a copy of it). */
export async function loadVoidPage(
  accountId: string,
  filters: VoidFilters,
  limit: number,
): Promise<VoidPage> {
  try {
    const query = parseVoidListQuery(toListSearchParams(filters, limit));
    const { list } = await listVoids(accountId, filters.environment, query);
    if (!list) return { ok: true, items: [] };
    return {
      ok: true,
      items: list.items as unknown as VoidListItem[],
      ...(typeof list.nextToken === "string" ? { nextToken: list.nextToken } : {}),
    };
  } catch (error) {
    if (isAppError(error) && error.status === 400)
      return { ok: false, message: error.message, code: error.code };
    throw error;
  }
}

/** The distinct e-CF types of a record, in ascending order ("31, 34"). */
export function typesOf(item: Pick<VoidListItem, "ranges">): string {
  return [...new Set(item.ranges.map((range) => range.tipoeCF))].sort().join(", ");
}
