import "server-only";

/**
 * Test input for recepcionfc: a minimal RFCE (DGII's `RFCE 32 v.1.0.xsd`) built by plain strings,
 * compact as Anula signs. Totales are consistent unless overridden: `gravado` at 18 % (its ITBIS
 * computed) plus `exento`, so a test can put one sum off on purpose or reach RD$250,000 exactly.
 */
export interface TestRfceOptions {
  rnc: string;
  encf: string;
  /** The full e-CF's security code; null leaves CodigoSeguridadeCF out. Default "Ab+3xZ". */
  codigoSeguridad?: string | null;
  /** Amount taxed at 18 %, default "6000.00"; "0.00" for none. */
  gravado?: string;
  /** Exempt amount, default none. */
  exento?: string;
  /** Replaces (or, with null, removes) computed Totales fields, e.g. { MontoTotal: "9999.00" }. */
  totales?: Record<string, string | null>;
}

/** Totales' fields in the XSD's order (ImpuestosAdicionales, a group, goes before MontoTotal). */
const TOTALES_ORDER = [
  "MontoGravadoTotal",
  "MontoGravadoI1",
  "MontoExento",
  "TotalITBIS",
  "TotalITBIS1",
  "MontoImpuestoAdicional",
  "ImpuestosAdicionales",
  "MontoTotal",
  "MontoNoFacturable",
  "MontoPeriodo",
];

const cents = (text: string) => Math.round(Number(text) * 100);
const money = (value: number) => (value / 100).toFixed(2);

export function buildTestRfce(options: TestRfceOptions): string {
  const gravado = cents(options.gravado ?? "6000.00");
  const exento = cents(options.exento ?? "0");
  const itbis = Math.round(gravado * 0.18);
  const computed: Record<string, string> = {
    ...(gravado > 0
      ? {
          MontoGravadoTotal: money(gravado),
          MontoGravadoI1: money(gravado),
          TotalITBIS: money(itbis),
          TotalITBIS1: money(itbis),
        }
      : {}),
    ...(exento > 0 ? { MontoExento: money(exento) } : {}),
    MontoTotal: money(gravado + itbis + exento),
  };
  const totales = { ...computed, ...options.totales };
  const code = options.codigoSeguridad === undefined ? "Ab+3xZ" : options.codigoSeguridad;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><RFCE><Encabezado><Version>1.0</Version>` +
    `<IdDoc><TipoeCF>32</TipoeCF><eNCF>${options.encf}</eNCF><TipoIngresos>01</TipoIngresos><TipoPago>1</TipoPago></IdDoc>` +
    `<Emisor><RNCEmisor>${options.rnc}</RNCEmisor><RazonSocialEmisor>DOCUMENTOS ELECTRONICOS DE 02</RazonSocialEmisor>` +
    `<FechaEmision>01-04-2026</FechaEmision></Emisor><Comprador></Comprador>` +
    `<Totales>${TOTALES_ORDER.filter((name) => typeof totales[name] === "string")
      .map((name) =>
        name === "ImpuestosAdicionales" ? totales[name] : `<${name}>${totales[name]}</${name}>`,
      )
      .join("")}</Totales>` +
    (code === null ? "" : `<CodigoSeguridadeCF>${code}</CodigoSeguridadeCF>`) +
    `</Encabezado></RFCE>`
  );
}
