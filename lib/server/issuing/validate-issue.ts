import "server-only";

import { isEcfType, type EcfType } from "@/lib/domain/ecf-types";
import { ecfError, type EcfJson, type EcfValidationError } from "@/lib/domain/ecf-validation";
import { readEncf, type ParsedEncf } from "@/lib/domain/encf";
import { checkEcfRules, encfOf, rncEmisorOf, tipoOf, withoutOnePageCount } from "@/lib/domain/ecf-rules";
import { formatFechaHora, santoDomingoDate } from "@/lib/domain/fecha";
import { ecfIssueRequestSchema } from "@/lib/schemas/ecf-issue";

import { buildEcfXml } from "./ecf-schema";
import { issueRequestHash } from "./request-hash";

/** An e-CF that passed every check a request can: ready to be checked against the ledger and signed. */
export interface ValidIssue {
  ecf: EcfJson;
  tipo: EcfType;
  encf: ParsedEncf;
  /** The unsigned XML, FechaHoraFirma written. */
  xml: string;
  /** FechaHoraFirma (dd-MM-yyyy HH:mm:ss, Santo Domingo), MSeller's `signedDate`. */
  signedDate: string;
  /** The body's hash without FechaHoraFirma: the same e-CF sent again is recognised by it. */
  requestHash: string;
}

export type IssueValidation = { ok: true; issue: ValidIssue } | { ok: false; errors: EcfValidationError[] };

/**
 * Every check of an e-CF a request can make before anything is signed or a number taken, all
 * problems at once: the envelope `{ "ECF": { … } }`, the type (it chooses DGII's XSD), DGII's XSD
 * walked from the body (order, repetition, facets), the issuer (`RNCEmisor` is the caller's company)
 * and, once the document fits its schema, DGII's rules beyond it (lib/domain/ecf-rules: the e-NCF's
 * type, fields each type requires, the amounts). `now` is the signing instant.
 */
export function validateIssue(body: unknown, rnc: string, now: number): IssueValidation {
  const envelope = ecfIssueRequestSchema.safeParse(body);
  if (!envelope.success) {
    return {
      ok: false,
      errors: [
        ecfError(
          "REQUIRED",
          "ECF",
          'El cuerpo debe ser { "ECF": { … } }: el e-CF con los nombres de la DGII.',
        ),
      ],
    };
  }
  const ecf = envelope.data.ECF;
  const tipo = tipoOf(ecf);
  if (tipo === undefined || !isEcfType(tipo)) {
    return {
      ok: false,
      errors: [
        ecfError(
          tipo === undefined ? "REQUIRED" : "ENUMERATION",
          "ECF.Encabezado.IdDoc.TipoeCF",
          `TipoeCF ${tipo === undefined ? "es obligatorio" : `"${tipo}" no es un tipo de e-CF`}: ` +
            "31, 32, 33, 34, 41, 43, 44, 45, 46 o 47.",
        ),
      ],
    };
  }
  const signedDate = formatFechaHora(now);
  const built = buildEcfXml(tipo, { ECF: withoutOnePageCount(ecf) }, { fechaHoraFirma: signedDate });
  const errors: EcfValidationError[] = built.ok ? [] : [...built.errors];
  const emisor = rncEmisorOf(ecf);
  if (emisor !== undefined && emisor !== rnc) {
    errors.push(
      ecfError(
        "RNC_EMISOR_MISMATCH",
        "ECF.Encabezado.Emisor.RNCEmisor",
        `RNCEmisor ${emisor} no es el RNC de la empresa de la sesión (${rnc}): cada empresa emite solo sus e-CF.`,
      ),
    );
  }
  // DGII's rules read values the schema has vouched for: run only on a document that fits it.
  if (built.ok) errors.push(...checkEcfRules(ecf, { today: santoDomingoDate(now) }));
  if (errors.length > 0 || !built.ok) return { ok: false, errors };
  const encf = readEncf(encfOf(ecf) ?? "");
  if (typeof encf === "string") {
    // The rules refuse a malformed e-NCF; reaching here would be a rule missing.
    throw new Error(`validateIssue: an e-NCF the rules let through is unreadable (${encf})`);
  }
  return {
    ok: true,
    issue: { ecf, tipo, encf, xml: built.xml, signedDate, requestHash: issueRequestHash(ecf) },
  };
}
