import "server-only";

import { readEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { decideRemedy, type DgiiFact, type Remedy } from "@/lib/domain/remedy";
import { AppError } from "@/lib/errors";
import {
  findDocumentsByNcf,
  forgetAbsent,
  lookUpAtDgii,
  refreshForQuery,
  type LookupOutcome,
} from "@/lib/server/documents";
import { findNumberHolds, numberSafetyFacts } from "@/lib/server/ledger";

import { readEarlierCreditNotes, readHeldDocument } from "./held-document";

export interface RemedyQuery {
  accountId: string;
  /** The company's RNC: the issuer DGII is asked about. */
  rnc: string;
  environment: Environment;
  encf: string;
  /** A type 32 summary's security code, so DGII's consultarfce can find it. */
  securityCode?: string;
  now?: number;
}

/**
 * GET …/secuencias/{encf}/remedio: gathers the facts about one e-NCF — what the ledger holds (its
 * document, refreshed from DGII when its status is not final; accepted, unknown-outcome and
 * requested voids; the gap finder's safety facts) and, when Anula holds no document and no void
 * of it is open, what DGII's consultatrackids lists — and lets the one rule (lib/domain/remedy.ts)
 * decide. Nothing is signed or sent: what DGII says is stored in the ledger, as any lookup does.
 */
export async function findRemedy(query: RemedyQuery): Promise<Remedy> {
  const encf = readEncf(query.encf);
  if (typeof encf === "string") throw new AppError("INVALID_ECF", `El e-NCF "${query.encf}" no es válido.`);
  const { accountId, environment } = query;
  const readAt = query.now ?? Date.now();
  const [holds, safety] = await Promise.all([
    findNumberHolds(accountId, environment, encf),
    numberSafetyFacts(accountId, environment, encf, readAt),
  ]);

  let dgii: DgiiFact | null = null;
  if (holds.document && !holds.acceptedVoid) {
    // A status DGII may still change is asked again (at most once per refresh interval).
    const stored = await findDocumentsByNcf(accountId, environment, [encf.value]);
    await refreshForQuery(accountId, stored);
  } else if (!holds.document && !holds.acceptedVoid && !holds.errorVoidId && !holds.pendingRequest) {
    // "Void it" rests on DGII's absence: asked now, not an absence remembered from an earlier lookup.
    await forgetAbsent({ accountId, environment, ncf: encf.value });
    const outcome = (
      await lookUpAtDgii({ accountId, rnc: query.rnc, environment }, [
        { ecf: encf.value, codigoSeguridad: query.securityCode },
      ])
    ).get(encf.value)!;
    dgii = dgiiFactOf(outcome, Date.now());
  }
  const now = query.now ?? Date.now();
  const document = await readHeldDocument(accountId, environment, encf.value, now);
  const creditNotes = document ? await readEarlierCreditNotes(accountId, environment, encf.value) : [];
  return decideRemedy({
    encf: encf.value,
    now,
    today: santoDomingoDate(now),
    readAt,
    document,
    acceptedVoid: holds.acceptedVoid,
    errorVoid: holds.errorVoidId ? { voidId: holds.errorVoidId } : null,
    openRequest: holds.pendingRequest
      ? { requestId: holds.pendingRequest.id, expiresAt: holds.pendingRequest.expiresAt }
      : null,
    dgii,
    safety,
    creditNotes,
  });
}

function dgiiFactOf(outcome: LookupOutcome, at: number): DgiiFact {
  switch (outcome.kind) {
    case "found":
      return { outcome: "listed", at };
    case "absent":
      return { outcome: "absent", at };
    case "unanswered":
      return { outcome: "not-asked", reason: outcome.reason, message: outcome.message, at };
  }
}
