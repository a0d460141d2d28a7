import "server-only";
import { findSettlementExtensions, type SettlementExtension } from "./settlement-repository";

/**
 * The settling extension fields of a record as the REST API writes them, present only when they
 * say something (like errorCode on Error records), so the spec's record keeps its shape:
 * `settlement` { by, at, outcome, note, evidence[] } once settled, `needsReview: true` when a later
 * DGII answer disagrees with the settlement, `attempts` (resends and late answers) when there are any.
 */
export function settlementFields(extension: SettlementExtension | undefined): Record<string, unknown> {
  if (!extension) return {};
  return {
    ...(extension.settlement ? { settlement: extension.settlement } : {}),
    ...(extension.needsReview ? { needsReview: true } : {}),
    ...(extension.attempts.length > 0 ? { attempts: extension.attempts } : {}),
  };
}

/** Items of the REST answer (list items or one record) with their settling extension fields. */
export async function withSettlementFields<T extends Record<string, unknown>>(
  accountId: string,
  items: T[],
): Promise<T[]> {
  const extensions = await findSettlementExtensions(
    accountId,
    items.map((item) => String(item.voidId)),
  );
  return items.map((item) => ({ ...item, ...settlementFields(extensions.get(String(item.voidId))) }));
}
