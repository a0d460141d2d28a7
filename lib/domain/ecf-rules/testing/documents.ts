import type { EcfJson } from "../../ecf-validation";

/**
 * Small consistent e-CF bodies (the `ECF` object) for the rules' tests, and a setter to break one
 * value at a path. Each document's arithmetic holds exactly, so a test changes one thing and sees
 * exactly the error that change causes.
 */
export interface LineSpec {
  indicator: number | string;
  quantity: number | string;
  price: number | string;
  amount: number | string;
  extra?: Record<string, unknown>;
}

export function lines(specs: LineSpec[]): { Item: Array<Record<string, unknown>> } {
  return {
    Item: specs.map((spec, index) => ({
      NumeroLinea: index + 1,
      IndicadorFacturacion: spec.indicator,
      NombreItem: `Ítem ${index + 1}`,
      IndicadorBienoServicio: 1,
      CantidadItem: spec.quantity,
      PrecioUnitarioItem: spec.price,
      ...spec.extra,
      MontoItem: spec.amount,
    })),
  };
}

/**
 * e-CF 31: 2 × 500.00 at 18% and 1 × 250.00 exempt. Gravado 1000.00, ITBIS 180.00, total 1430.00.
 * Scalars mix strings and numbers, as MSeller's clients send them.
 */
export function invoice31(): EcfJson {
  return {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: "31",
        eNCF: "E310000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        IndicadorMontoGravado: 0,
        TipoIngresos: "01",
        TipoPago: 1,
      },
      Emisor: { RNCEmisor: "130000001", RazonSocialEmisor: "Emisor SRL", FechaEmision: "01-12-2026" },
      Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Comprador SRL" },
      Totales: {
        MontoGravadoTotal: "1000.00",
        MontoGravadoI1: 1000,
        MontoExento: "250.00",
        ITBIS1: "18",
        TotalITBIS: 180,
        TotalITBIS1: "180.00",
        MontoTotal: "1430.00",
      },
    },
    DetallesItems: lines([
      { indicator: 1, quantity: 2, price: "500.00", amount: "1000.00" },
      { indicator: "4", quantity: "1", price: 250, amount: 250 },
    ]),
  };
}

/** e-CF 32 with one exempt line of `amount` (so MontoTotal = amount). */
export function consumer32(amount: string): EcfJson {
  return {
    Encabezado: {
      Version: "1.0",
      IdDoc: { TipoeCF: "32", eNCF: "E320000000001", TipoIngresos: "01", TipoPago: 1 },
      Emisor: { RNCEmisor: "130000001", RazonSocialEmisor: "Emisor SRL", FechaEmision: "01-12-2026" },
      Comprador: {},
      Totales: { MontoExento: amount, MontoTotal: amount },
    },
    DetallesItems: lines([{ indicator: 4, quantity: 1, price: amount, amount }]),
  };
}

/** e-CF 34 cancelling an e-CF 31 issued `modifiedOn`, emitted `emittedOn` (dd-MM-yyyy). */
export function creditNote34(modifiedOn: string, emittedOn: string, indicator: 0 | 1): EcfJson {
  const ecf = invoice31();
  const encabezado = ecf.Encabezado as Record<string, Record<string, unknown>>;
  encabezado.IdDoc = { TipoeCF: "34", eNCF: "E340000000001", IndicadorNotaCredito: indicator, TipoPago: 1 };
  encabezado.Emisor!.FechaEmision = emittedOn;
  ecf.InformacionReferencia = {
    NCFModificado: "E310000000001",
    FechaNCFModificado: modifiedOn,
    CodigoModificacion: 1,
  };
  return ecf;
}

/** Sets (or, with `undefined`, deletes) the value at a dotted path such as `Encabezado.Totales.MontoTotal`. */
export function set(ecf: EcfJson, path: string, value: unknown): EcfJson {
  const keys = path.split(".");
  let node = ecf as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const match = /^(\w+)\[(\d+)\]$/.exec(key);
    if (match) node = (node[match[1]!] as Array<Record<string, unknown>>)[Number(match[2])]!;
    else node = (node[key] ??= {}) as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  const indexed = /^(\w+)\[(\d+)\]$/.exec(last);
  if (indexed) (node[indexed[1]!] as unknown[])[Number(indexed[2])] = value;
  else if (value === undefined) delete node[last];
  else node[last] = value;
  return ecf;
}

/** The `field`s and `code`s of a list of errors, for compact assertions. */
export function codesAt(errors: Array<{ code: string; field: string }>): string[] {
  return errors.map((error) => `${error.code} ${error.field}`);
}
