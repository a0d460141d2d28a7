import "server-only";

/**
 * Test inputs for the reception: a minimal e-CF (31, or 32 without FechaVencimientoSecuencia, which
 * its XSD does not have) built by plain strings after DGII's signed sample
 * (reference/samples/e-CF31_E310000000007_signed_DGII-test-entities.xml), compact as Anula signs.
 * Totals are computed from the lines (all ITBIS 18 %) unless overridden, so a test can put one
 * amount off on purpose.
 */

export interface TestEcfLine {
  cantidad: string;
  precio: string;
  /** Defaults to cantidad × precio, two decimals. */
  monto?: string;
}

export interface TestEcfOptions {
  rnc: string;
  encf: string;
  tipo?: "31" | "32";
  lines?: TestEcfLine[];
  /** Replaces computed Totales fields (e.g. { MontoTotal: "9999.00" }). */
  totales?: Record<string, string>;
  fechaVencimientoSecuencia?: string;
}

const cents = (text: string) => Math.round(Number(text) * 100);
const money = (value: number) => (value / 100).toFixed(2);

export function buildTestEcf(options: TestEcfOptions): string {
  const tipo = options.tipo ?? "31";
  const lines = options.lines ?? [{ cantidad: "15.00", precio: "400.00" }];
  const items = lines.map((line, index) => {
    const monto = line.monto ?? money(Math.round(Number(line.cantidad) * cents(line.precio)));
    return {
      xml:
        `<Item><NumeroLinea>${index + 1}</NumeroLinea><IndicadorFacturacion>1</IndicadorFacturacion>` +
        `<NombreItem>ARTICULO ${index + 1}</NombreItem><IndicadorBienoServicio>1</IndicadorBienoServicio>` +
        `<CantidadItem>${line.cantidad}</CantidadItem><UnidadMedida>43</UnidadMedida>` +
        `<PrecioUnitarioItem>${line.precio}</PrecioUnitarioItem><MontoItem>${monto}</MontoItem></Item>`,
      cents: cents(monto),
    };
  });
  const gravado = items.reduce((sum, item) => sum + item.cents, 0);
  const itbis = Math.round(gravado * 0.18);
  const totales: Record<string, string> = {
    MontoGravadoTotal: money(gravado),
    MontoGravadoI1: money(gravado),
    ITBIS1: "18",
    TotalITBIS: money(itbis),
    TotalITBIS1: money(itbis),
    MontoTotal: money(gravado + itbis),
    ...options.totales,
  };
  const vencimiento =
    tipo === "32"
      ? ""
      : `<FechaVencimientoSecuencia>${options.fechaVencimientoSecuencia ?? "31-12-2028"}</FechaVencimientoSecuencia>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ECF><Encabezado><Version>1.0</Version>` +
    `<IdDoc><TipoeCF>${tipo}</TipoeCF><eNCF>${options.encf}</eNCF>${vencimiento}` +
    `<IndicadorMontoGravado>0</IndicadorMontoGravado><TipoIngresos>01</TipoIngresos><TipoPago>1</TipoPago></IdDoc>` +
    `<Emisor><RNCEmisor>${options.rnc}</RNCEmisor><RazonSocialEmisor>DOCUMENTOS ELECTRONICOS DE 02</RazonSocialEmisor>` +
    `<DireccionEmisor>AVE. ISABEL AGUIAR NO. 269</DireccionEmisor><FechaEmision>01-04-2026</FechaEmision></Emisor>` +
    `<Comprador><RNCComprador>130862346</RNCComprador><RazonSocialComprador>DOCUMENTOS ELECTRONICOS DE 03</RazonSocialComprador></Comprador>` +
    `<Totales>${Object.entries(totales)
      .map(([name, value]) => `<${name}>${value}</${name}>`)
      .join("")}</Totales></Encabezado>` +
    `<DetallesItems>${items.map((item) => item.xml).join("")}</DetallesItems>` +
    `<FechaHoraFirma>01-04-2026 10:20:30</FechaHoraFirma></ECF>`
  );
}
