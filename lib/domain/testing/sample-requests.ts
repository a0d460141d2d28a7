import { ECF_TYPE_CODES, type EcfType } from "../ecf-types";
import { formatEncf } from "../encf";

export interface SampleRange {
  secuenciaDesde: string;
  secuenciaHasta: string;
}

/**
 * A void request body with `count` disjoint ranges spread over `types` types (≤ 10,000 per type
 * when count ≤ 100,000 and types = 10), as tests and the benchmark use them.
 */
export function sampleVoidBody(count: number, types: number = Math.min(10, Math.ceil(count / 10_000))) {
  const tipos: EcfType[] = ECF_TYPE_CODES.slice(0, Math.max(1, types));
  const ranges: SampleRange[] = [];
  for (let i = 0; i < count; i++) {
    const tipo = tipos[i % tipos.length]!;
    const start = Math.floor(i / tipos.length) * 10 + 1;
    ranges.push({
      secuenciaDesde: formatEncf("E", tipo, start),
      secuenciaHasta: formatEncf("E", tipo, start + 4),
    });
  }
  return { ranges };
}
