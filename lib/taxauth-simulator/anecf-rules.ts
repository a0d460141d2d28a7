import "server-only";

import type { AnecfContent } from "./anecf-reader";
import type { NumericRange } from "./ledger";
import { describeRange, listWithLimit, parseEncf, VALID_SERIES, VALID_TYPES } from "./sequences";

export const MESSAGE_INVALID_TYPE = "El tipo de comprobante no es válido";

export interface RuleResult {
  messages: string[];
  ranges: NumericRange[];
}

/**
 * The business rules the XSD does not express: line numbers 1..n, TipoeCF valid and equal to the
 * type digits of its e-NCF, series E–Z except P, Desde ≤ Hasta in the same series and type,
 * counts that add up, and no sequence twice in one document. Every problem is reported.
 */
export function checkAnecfRules(content: AnecfContent): RuleResult {
  const messages: string[] = [];
  const ranges: NumericRange[] = [];
  let total = 0;
  content.blocks.forEach((block, index) => {
    const line = index + 1;
    const problemsBefore = messages.length;
    if (block.noLinea !== String(line) && Number(block.noLinea) !== line) {
      messages.push(`El número de línea ${block.noLinea} no es válido; se esperaba ${line}.`);
    }
    const tipo = String(Number(block.tipoeCF));
    if (!VALID_TYPES.has(tipo)) messages.push(`${MESSAGE_INVALID_TYPE}: ${block.tipoeCF} (línea ${line}).`);
    let blockTotal = 0;
    for (const { desde, hasta } of block.ranges) {
      const from = parseEncf(desde);
      const to = parseEncf(hasta);
      const problems: string[] = [];
      for (const [encf, parsed] of [
        [desde, from],
        [hasta, to],
      ] as const) {
        if (!parsed || parsed.number === 0)
          problems.push(`La secuencia ${encf} no es válida (línea ${line}).`);
        else if (!VALID_SERIES.test(parsed.series)) {
          problems.push(`La serie de la secuencia ${encf} no es válida (línea ${line}).`);
        } else if (parsed.type !== tipo) {
          problems.push(
            `${MESSAGE_INVALID_TYPE}: la secuencia ${encf} no es del tipo ${block.tipoeCF} (línea ${line}).`,
          );
        }
      }
      if (problems.length === 0 && from && to) {
        if (from.series !== to.series) {
          problems.push(`Las secuencias ${desde} y ${hasta} no son de la misma serie (línea ${line}).`);
        } else if (from.number > to.number) {
          problems.push(
            `La secuencia desde ${desde} es mayor que la secuencia hasta ${hasta} (línea ${line}).`,
          );
        } else {
          ranges.push({ prefix: from.prefix, from: from.number, to: to.number });
          blockTotal += to.number - from.number + 1;
        }
      }
      messages.push(...new Set(problems));
    }
    if (Number(block.cantidad) !== blockTotal && messages.length === problemsBefore) {
      messages.push(
        `La cantidad de e-NCF anulados de la línea ${line} (${block.cantidad}) no coincide con los rangos (${blockTotal}).`,
      );
    }
    total += blockTotal;
  });
  if (messages.length === 0 && Number(content.cantidad) !== total) {
    messages.push(
      `La cantidad total de e-NCF anulados (${content.cantidad}) no coincide con el detalle (${total}).`,
    );
  }
  if (messages.length === 0) messages.push(...findRepeatedSequences(ranges));
  return { messages, ranges };
}

/** Two ranges of the document sharing a sequence: sort per series+type, compare neighbours. */
function findRepeatedSequences(ranges: NumericRange[]): string[] {
  const sorted = [...ranges].sort((a, b) => a.prefix.localeCompare(b.prefix) || a.from - b.from);
  const repeated: string[] = [];
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!;
    const current = sorted[index]!;
    if (previous.prefix === current.prefix && current.from <= previous.to) {
      repeated.push(describeRange(current.prefix, current.from, Math.min(current.to, previous.to)));
    }
  }
  return repeated.length === 0
    ? []
    : [`Las secuencias están repetidas en el documento: ${listWithLimit(repeated)}`];
}
