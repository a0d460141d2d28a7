import "server-only";

import { isEcfType, type EcfType } from "@/lib/domain/ecf-types";
import { ecfError, type EcfValidationError } from "@/lib/domain/ecf-validation";

import { isPlainObject } from "./json-values";

const FIELD = "ECF.Encabezado.IdDoc.TipoeCF";

/**
 * The e-CF type a body declares (`ECF.Encabezado.IdDoc.TipoeCF`, a string or a number), so the caller
 * knows which schema to walk; the walk itself then reports every other problem.
 */
export function ecfTypeOf(
  body: unknown,
): { ok: true; type: EcfType } | { ok: false; errors: EcfValidationError[] } {
  let node: unknown = body;
  for (const key of ["ECF", "Encabezado", "IdDoc", "TipoeCF"])
    node = isPlainObject(node) ? node[key] : undefined;
  const text = typeof node === "number" || typeof node === "string" ? String(node).trim() : "";
  if (isEcfType(text)) return { ok: true, type: text };
  const error =
    text === "" && (node === undefined || node === null || node === "")
      ? ecfError("REQUIRED", FIELD, "Falta TipoeCF: es obligatorio en ECF.Encabezado.IdDoc.")
      : ecfError(
          "ENUMERATION",
          FIELD,
          `TipoeCF no es un tipo de e-CF; valores permitidos: 31, 32, 33, 34, 41, 43, 44, 45, 46, 47.`,
        );
  return { ok: false, errors: [error] };
}
