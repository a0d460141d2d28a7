import "server-only";

import type { ParsedEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { getDb, Prisma } from "@/lib/server/platform/db";
import type { RawSql } from "@/lib/server/platform/db/db-or-tx";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";
import { storedRequestRanges } from "@/lib/server/platform/db/stored-ranges";

import { MAX_UNKNOWN_VOIDS } from "./voided";

/** A document the company already holds for the e-NCF being issued. */
export interface HeldDocument {
  id: string;
  source: string;
  status: string;
  requestHash: string | null;
}

interface Holds {
  document: HeldDocument | null;
  voided: boolean;
  accepted: Array<{ id: string; ranges: string }> | null;
  unknown: Array<{ id: string; ranges: string }> | null;
  pending: Array<{ id: string; ranges: string; expiresAt: number }> | null;
  authorizations: number;
  authorized: Array<{ expiresOn: string | null }> | null;
}

/**
 * Everything that holds one number, in one round trip (this runs on every issued e-CF, under the
 * series lock): the company's document with that e-NCF, an accepted void covering it (the ledger's
 * interval, or the void record itself before the ledger took it in), the Error
 * voids (DGII may have voided it) and pending void requests, and the authorizations entered for its
 * series and type.
 */
async function readHolds(
  db: RawSql,
  accountId: string,
  environment: Environment,
  encf: ParsedEncf,
): Promise<NumberHoldsRead> {
  const [holds] = await readTagged(db, [issueHoldsRead(accountId, environment, encf)]);
  return holds;
}

/** What holds one number, as read (checkNumberIssuable's and refuseUnissuable's input). */
export type NumberHoldsRead = Holds;

/**
 * readHolds as a read another statement can carry (readTagged): the issue's check before signing
 * goes with the active certificate. One row, its holds as one JSON text (the shapes readHolds had).
 */
export function issueHoldsRead(
  accountId: string,
  environment: Environment,
  encf: ParsedEncf,
): TaggedRead<NumberHoldsRead> {
  const n = BigInt(encf.secuencia);
  return taggedRead(
    "ledger_issue_holds",
    { txt: 'h."holds"' },
    Prisma.sql`FROM (SELECT json_build_object(
      'document', (SELECT json_build_object('id', "id", 'source', "source", 'status', "status", 'requestHash', "requestHash")
         FROM "Document"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
           AND "ncf" = ${encf.value}),
      'voided', EXISTS (SELECT 1 FROM "VoidedInterval"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
           AND "serie" = ${encf.serie} AND "tipoeCF" = ${encf.tipo} AND "desde" <= ${n} AND "hasta" >= ${n}),
      'accepted', (SELECT json_agg(json_build_object('id', r."id", 'ranges', r."ranges"))
         FROM "VoidedBlock" b JOIN "VoidRecord" r ON r."id" = b."voidId"
         WHERE b."accountId" = ${accountId} AND b."environment" = ${environment}::"Environment"
           AND b."serie" = ${encf.serie} AND b."tipoeCF" = ${encf.tipo}
           AND b."minDesde" <= ${n} AND b."maxHasta" >= ${n} AND r."status" = 'Aceptado'),
      'unknown', (SELECT json_agg(json_build_object('id', v."id", 'ranges', v."ranges")) FROM (
         SELECT "id", "ranges" FROM "VoidRecord"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment" AND "status" = 'Error'
         ORDER BY "createdAt" DESC LIMIT ${MAX_UNKNOWN_VOIDS}) v),
      'pending', (SELECT json_agg(json_build_object('id', r."id", 'ranges', r."ranges", 'expiresAt', r."expiresAt")) FROM (
         SELECT "id", "ranges", "expiresAt" FROM "VoidRequest"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment" AND "status" = 'Pendiente'
         ORDER BY "requestedAt" DESC LIMIT ${MAX_UNKNOWN_VOIDS}) r),
      'authorizations', (SELECT count(*)::int FROM "SequenceAuthorization"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
           AND "serie" = ${encf.serie} AND "tipoeCF" = ${encf.tipo}),
      'authorized', (SELECT json_agg(json_build_object('expiresOn', "expiresOn")) FROM "SequenceAuthorization"
         WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
           AND "serie" = ${encf.serie} AND "tipoeCF" = ${encf.tipo} AND "desde" <= ${n} AND "hasta" >= ${n})
    )::text AS "holds") h`,
    ([row]) => JSON.parse(row!.txt!) as Holds,
  );
}

function covering<T extends { ranges: string }>(records: T[] | null, encf: ParsedEncf): T | undefined {
  return records?.find((record) =>
    storedRequestRanges(record.ranges).some(
      (range) =>
        range.serie === encf.serie &&
        range.tipoeCF === encf.tipo &&
        range.desde <= encf.secuencia &&
        encf.secuencia <= range.hasta,
    ),
  );
}

function covers(records: Holds["unknown"], encf: ParsedEncf): string | undefined {
  return covering(records, encf)?.id;
}

/** What holds one number, as the issue check reads it, with the voids' and the request's ids. */
export interface NumberHolds {
  document: HeldDocument | null;
  /** An accepted void covers it (voidId null: the ledger's interval says so, its record was not read). */
  acceptedVoid: { voidId: string | null } | null;
  /** A void of it whose outcome at DGII is unknown (Error). */
  errorVoidId: string | null;
  /** A void request of it waiting for approval, and when it expires. */
  pendingRequest: { id: string; expiresAt: number } | null;
}

/** The issue check's read of one number, for the remedy (lib/server/remedy): no lock, nothing refused. */
export async function findNumberHolds(
  accountId: string,
  environment: Environment,
  encf: ParsedEncf,
): Promise<NumberHolds> {
  const holds = await readHolds(await getDb(), accountId, environment, encf);
  const acceptedId = covers(holds.accepted, encf);
  const request = covering(holds.pending, encf);
  return {
    document: holds.document,
    acceptedVoid: holds.voided || acceptedId ? { voidId: acceptedId ?? null } : null,
    errorVoidId: covers(holds.unknown, encf) ?? null,
    pendingRequest: request ? { id: request.id, expiresAt: Number(request.expiresAt) } : null,
  };
}

/**
 * The ledger's rule for issuing one e-NCF, run under the series lock (so nothing voids, settles or
 * issues the number meanwhile). Returns the document the company already holds for it when that
 * document was issued here from the same body (`requestHash`): the caller answers what was stored.
 * Refuses, with nothing written:
 * - SEQUENCE_USED: the company holds a document with this e-NCF (issued here from another body,
 *   imported, or found at DGII);
 * - ALREADY_VOIDED: an accepted void covers it;
 * - VOID_IN_PROGRESS: a void whose outcome is unknown, or a void request waiting for approval, covers it;
 * - SEQUENCE_NOT_AUTHORIZED: authorizations are entered for its series and type and none holds it
 *   (or the one that does has expired; `today` is yyyy-MM-dd in Santo Domingo).
 */
export async function checkNumberIssuable(
  db: RawSql,
  accountId: string,
  environment: Environment,
  encf: ParsedEncf,
  requestHash: string,
  today: string,
): Promise<HeldDocument | null> {
  return refuseUnissuable(await readHolds(db, accountId, environment, encf), encf, requestHash, today);
}

/** checkNumberIssuable's rule on holds already read (issueHoldsRead). */
export function refuseUnissuable(
  holds: NumberHoldsRead,
  encf: ParsedEncf,
  requestHash: string,
  today: string,
): HeldDocument | null {
  if (holds.document) {
    if (holds.document.source === "issued" && holds.document.requestHash === requestHash)
      return holds.document;
    const how =
      holds.document.source === "issued"
        ? "emitido en Anula con otro contenido"
        : holds.document.source === "dgii"
          ? "recibido por la DGII"
          : "importado como emitido";
    throw new AppError(
      "SEQUENCE_USED",
      `El e-NCF ${encf.value} ya fue usado (${how}, estado ${holds.document.status}); no se firmó ni se envió nada. ` +
        "Emita el documento con el siguiente número de la secuencia.",
      {
        extra: {
          numbers: [encf.value],
          total: 1,
          sources: [{ encf: encf.value, source: holds.document.source, status: holds.document.status }],
        },
      },
    );
  }
  // The ledger's intervals take in accepted voids lazily: the records (found by their block) are read too.
  if (holds.voided || covers(holds.accepted, encf)) {
    throw new AppError(
      "ALREADY_VOIDED",
      `El e-NCF ${encf.value} fue anulado ante la DGII; un número anulado no se emite. No se firmó ni se envió nada.`,
    );
  }
  const voidId = covers(holds.unknown, encf);
  const requestId = voidId ? undefined : covers(holds.pending, encf);
  if (voidId || requestId) {
    throw new AppError(
      "VOID_IN_PROGRESS",
      voidId
        ? `El e-NCF ${encf.value} está en la anulación ${voidId}, cuyo resultado en la DGII no se conoce todavía; ` +
            "no se emite hasta confirmarla. No se firmó ni se envió nada."
        : `El e-NCF ${encf.value} está en la solicitud de anulación ${requestId}, pendiente de aprobación; ` +
            "no se emite mientras la solicitud siga pendiente. No se firmó ni se envió nada.",
      { extra: voidId ? { voidId } : { requestId } },
    );
  }
  if (holds.authorizations > 0) {
    const inForce = holds.authorized?.some((auth) => auth.expiresOn === null || auth.expiresOn >= today);
    if (!inForce) {
      throw new AppError(
        "SEQUENCE_NOT_AUTHORIZED",
        holds.authorized && holds.authorized.length > 0
          ? `El e-NCF ${encf.value} pertenece a una autorización vencida; la DGII lo rechazaría. No se firmó ni se envió nada.`
          : `El e-NCF ${encf.value} no está dentro de ninguna autorización registrada para la serie ${encf.serie} ` +
              `tipo ${encf.tipo}; la DGII lo rechazaría. No se firmó ni se envió nada.`,
      );
    }
  }
  return null;
}
