/**
 * One problem found in an e-CF a client sends (POST …/documentos-ecf), in MSeller's shape: its 400
 * ECF_VALIDATION_FAILED lists them under `details.validationErrors`, all at once, so the sender fixes
 * every one before resending. The schema walk (DGII's XSD) and DGII's own rules (lib/domain's rule
 * table) both report in this shape.
 */
export interface EcfValidationError {
  /** A stable code, e.g. REQUIRED, UNKNOWN_FIELD, PATTERN, TIPO_ECF_MISMATCH, AMOUNT_MISMATCH. */
  code: string;
  /** The JSON path of the value, e.g. `ECF.Encabezado.IdDoc.TipoeCF` or `ECF.DetallesItems.Item[2].MontoItem`. */
  field: string;
  /** What is wrong and what is expected, in Spanish. */
  details: string;
  /** The element's name in DGII's schema (the path's last name), e.g. `TipoeCF`. */
  name: string;
}

/** The body's e-CF, as MSeller's clients send it: DGII's element names, JSON objects and arrays. */
export type EcfJson = Record<string, unknown>;

/** The error's `name`: the last element name of its path (`Item[2].MontoItem` → `MontoItem`). */
export function nameOfField(field: string): string {
  const last = field.split(".").at(-1) ?? field;
  return last.replace(/\[\d+\]$/, "");
}

/** One error, its `name` taken from its path. */
export function ecfError(code: string, field: string, details: string): EcfValidationError {
  return { code, field, details, name: nameOfField(field) };
}
