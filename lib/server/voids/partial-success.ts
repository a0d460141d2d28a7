import "server-only";
import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import {
  difference,
  normalizeBySerieTipo,
  type Interval,
  type IntervalSet,
  type SerieTipo,
} from "@/lib/domain/intervals";
import type { DetailRange } from "@/lib/server/platform/taxauth/void-answer-table";
import { serieTipoBoxes } from "./prepare-void";
import { storedRanges, storedRequestRanges } from "../platform/db/stored-ranges";
import type { SerieTipoBox, VoidRangeView } from "./types";

/** What a partial success leaves on the record: `ranges` what DGII voided, `excepted` what it did not. */
export interface PartialSplit {
  ranges: VoidRangeView[];
  totalVoided: number;
  excepted: VoidRangeView[];
  totalExcepted: number;
  /** VoidRecord.ranges / excepted in their stored form (platform/db/stored-ranges.ts). */
  storedRanges: string;
  storedExcepted: string;
  /** The ALREADY_VOIDED index rows: bounding boxes of the voided ranges only. */
  boxes: SerieTipoBox[];
}

/**
 * DGII's partial success against what was sent (the stored request ranges): voided = sent −
 * excepted, per series+type, with lib/domain/intervals. Null when the excepted sequences name a
 * number that was not sent (the answer is not about this document, or is misread) or leave nothing
 * voided: then the attempt is an Error with DGII's answer kept, never Aceptado.
 */
export function splitPartialSuccess(
  sentStoredRanges: string,
  excepted: readonly DetailRange[],
): PartialSplit | null {
  const sent = normalizeBySerieTipo(storedRequestRanges(sentStoredRanges));
  const except = normalizeBySerieTipo(excepted);
  for (const [key, set] of except) {
    const sentSet = sent.get(key);
    if (!sentSet || difference(set, sentSet).length > 0) return null;
  }
  const voided: Array<Interval & SerieTipo> = [];
  const exceptedIntervals: Array<Interval & SerieTipo> = [];
  for (const [key, sentSet] of sent) {
    const serieTipo = { serie: key.slice(0, 1), tipoeCF: key.slice(1) };
    const exceptSet = except.get(key);
    const left: IntervalSet = exceptSet ? difference(sentSet, exceptSet) : sentSet;
    for (const interval of left) voided.push({ ...serieTipo, desde: interval.desde, hasta: interval.hasta });
    for (const interval of exceptSet ?? []) {
      exceptedIntervals.push({ ...serieTipo, desde: interval.desde, hasta: interval.hasta });
    }
  }
  if (voided.length === 0) return null;
  const ranges = voided.map(view);
  const exceptedViews = exceptedIntervals.map(view);
  return {
    ranges,
    totalVoided: total(ranges),
    excepted: exceptedViews,
    totalExcepted: total(exceptedViews),
    storedRanges: storedRanges(ranges),
    storedExcepted: storedRanges(exceptedViews),
    boxes: serieTipoBoxes(voided),
  };
}

const total = (ranges: readonly VoidRangeView[]) => ranges.reduce((sum, range) => sum + range.cantidad, 0);

function view(interval: Interval & SerieTipo): VoidRangeView {
  const tipo = interval.tipoeCF as EcfType;
  return {
    tipoeCF: interval.tipoeCF,
    secuenciaDesde: formatEncf(interval.serie, tipo, interval.desde),
    secuenciaHasta: formatEncf(interval.serie, tipo, interval.hasta),
    cantidad: interval.hasta - interval.desde + 1,
  };
}
