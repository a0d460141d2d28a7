import "server-only";

import { generatePkcs12 } from "./generate-pkcs12";
import { loadPkcs12, type SigningCredential } from "./load-pkcs12";

/**
 * Test and bench helpers: ANECF-shaped documents built by plain string concatenation (independent
 * of the builder, lib/domain/anecf-xml.ts, so the signer's tests do not depend on it), and one
 * generated credential per process.
 */

export const TEST_RNC = "130000001";
export const TEST_PASSWORD = "clave-de-prueba";

let credential: SigningCredential | undefined;

export function testCredential(): SigningCredential {
  credential ??= loadPkcs12(
    generatePkcs12({ rnc: TEST_RNC, password: TEST_PASSWORD, encryption: "legacy-rc2-40" }).p12,
    TEST_PASSWORD,
  );
  return credential;
}

export interface AnecfLikeOptions {
  rnc?: string;
  ranges?: number;
  /** Number of e-CF types the ranges are spread over (one Anulacion block each). */
  types?: number;
  fecha?: string;
  declaration?: string;
}

const TYPES = ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"];

export function anecfLike(options: AnecfLikeOptions = {}): string {
  const ranges = options.ranges ?? 1;
  const typeCount = Math.min(options.types ?? 1, TYPES.length, ranges);
  const perType = Math.ceil(ranges / typeCount);
  const blocks: string[] = [];
  let remaining = ranges;
  for (let line = 1; line <= typeCount; line++) {
    const count = Math.min(perType, remaining);
    remaining -= count;
    const type = TYPES[line - 1] ?? "31";
    const sequences: string[] = [];
    for (let index = 0; index < count; index++) {
      const from = String(index * 10 + 1).padStart(10, "0");
      const to = String(index * 10 + 5).padStart(10, "0");
      sequences.push(
        `<Secuencias><SecuenciaeNCFDesde>E${type}${from}</SecuenciaeNCFDesde>` +
          `<SecuenciaeNCFHasta>E${type}${to}</SecuenciaeNCFHasta></Secuencias>`,
      );
    }
    blocks.push(
      `<Anulacion><NoLinea>${line}</NoLinea><TipoeCF>${type}</TipoeCF>` +
        `<TablaRangoSecuenciasAnuladaseNCF>${sequences.join("")}</TablaRangoSecuenciasAnuladaseNCF>` +
        `<CantidadeNCFAnulados>${count * 5}</CantidadeNCFAnulados></Anulacion>`,
    );
  }
  return (
    (options.declaration ?? '<?xml version="1.0" encoding="UTF-8"?>') +
    `<ANECF><Encabezado><Version>1.0</Version><RncEmisor>${options.rnc ?? TEST_RNC}</RncEmisor>` +
    `<CantidadeNCFAnulados>${ranges * 5}</CantidadeNCFAnulados>` +
    `<FechaHoraAnulacioneNCF>${options.fecha ?? "15-03-2025 10:20:30"}</FechaHoraAnulacioneNCF></Encabezado>` +
    `<DetalleAnulacion>${blocks.join("")}</DetalleAnulacion></ANECF>`
  );
}
