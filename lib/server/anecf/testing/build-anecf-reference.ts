import "server-only";
import { create } from "xmlbuilder2";
import { ANECF_VERSION, type AnecfInput } from "@/lib/domain/anecf-xml";

/**
 * The reference ANECF builder on xmlbuilder2 (a real XML serializer, escaping included): the oracle
 * of anecf.test.ts and the bench, never used by the app (xmlbuilder2 is a devDependency). The app
 * uses buildAnecfXml (lib/domain, string concatenation); tests prove both produce the same bytes.
 */
export function buildAnecfXmlReference({ rncEmisor, plan }: AnecfInput): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("ANECF");
  const header = root.ele("Encabezado");
  header.ele("Version").txt(ANECF_VERSION);
  header.ele("RncEmisor").txt(rncEmisor);
  header.ele("CantidadeNCFAnulados").txt(String(plan.totalVoided));
  header.ele("FechaHoraAnulacioneNCF").txt(plan.fechaHoraAnulacion);
  const detail = root.ele("DetalleAnulacion");
  for (const block of plan.blocks) {
    const anulacion = detail.ele("Anulacion");
    anulacion.ele("NoLinea").txt(String(block.noLinea));
    anulacion.ele("TipoeCF").txt(block.tipoeCF);
    const table = anulacion.ele("TablaRangoSecuenciasAnuladaseNCF");
    for (const range of block.ranges) {
      const secuencias = table.ele("Secuencias");
      secuencias.ele("SecuenciaeNCFDesde").txt(range.secuenciaDesde);
      secuencias.ele("SecuenciaeNCFHasta").txt(range.secuenciaHasta);
    }
    anulacion.ele("CantidadeNCFAnulados").txt(String(block.cantidad));
  }
  return root.end({ prettyPrint: false });
}
