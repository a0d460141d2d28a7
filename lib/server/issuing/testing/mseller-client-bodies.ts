/**
 * The `POST …/documentos-ecf` bodies that six public MSeller ECF integrations build, each ported
 * field by field from the client's own builder (same keys, same key order, same string-or-number
 * choices, same omissions) for a small invoice of that client's trade. They exist so that
 * `mseller-clients.test.ts` sends Anula exactly what each client would send; a "fix" here would
 * hide the very thing those tests check. Only the issuer RNC, the e-NCF and dates are parameters.
 */

type Body = { ECF: Record<string, unknown> };

export interface ClientBodyInput {
  /** The issuer: the test account's RNC (Anula refuses any other RNCEmisor). */
  rnc: string;
  encf: string;
}

const FECHA_EMISION = "05-12-2026";
const VENCIMIENTO = "31-12-2027";

/**
 * geurif-commits/ChloeRest `src/lib/ecf.ts` `construirECF` (what `enviarDocumentoMseller` posts):
 * TipoeCF a number, no IndicadorMontoGravado although its prices include ITBIS, `Totales` opening
 * with MontoTotal, Comprador after Totales, and two per-line fields DGII's format does not have
 * (`ITBIS { TasaItbis, MontoItbis }` and `MontoGravado`). Two lines: 2 × 118 at 18 % (ITBIS
 * included), 1 × 50 exempt.
 */
export function chloeRestBody({ rnc, encf }: ClientBodyInput): Body {
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: 31,
          eNCF: encf,
          FechaVencimientoSecuencia: "31-12-2028",
          IndicadorEnvioDiferido: 1,
          TipoIngresos: "01",
          TipoPago: 1,
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Restaurante Chloe SRL",
          DireccionEmisor: "Calle El Conde 101, Zona Colonial",
          FechaEmision: FECHA_EMISION,
        },
        Totales: {
          MontoTotal: 286,
          MontoExento: 50,
          MontoGravadoTotal: 200,
          MontoGravadoI1: 200,
          ITBIS1: 18,
          TotalITBIS: 36,
          TotalITBIS1: 36,
        },
        Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: 1,
            IndicadorFacturacion: 1,
            NombreItem: "Mofongo de chicharrón",
            IndicadorBienoServicio: 1,
            CantidadItem: 2,
            PrecioUnitarioItem: 118,
            MontoItem: 236,
            ITBIS: { TasaItbis: 18, MontoItbis: 36 },
            MontoGravado: 200,
          },
          {
            NumeroLinea: 2,
            IndicadorFacturacion: 4,
            NombreItem: "Agua",
            IndicadorBienoServicio: 1,
            CantidadItem: 1,
            PrecioUnitarioItem: 50,
            MontoItem: 50,
          },
        ],
      },
    },
  };
}

/**
 * jukaben32/sistema-restaurante `services/fiscal/payload.js` `construirECF`: a restaurant's
 * consumer invoice (e-CF 32) with every scalar a number (TipoeCF, TipoPago, UnidadMedida 43,
 * ITBIS1 18), no FechaVencimientoSecuencia for a 32, no Comprador for an anonymous diner,
 * TablaFormasPago, and with a tip the legal 10 % as `ImpuestosAdicionales` (TipoImpuesto "001").
 * Two lines: 2 × 300 and 1 × 400 at 18 %, paid cash.
 */
export function sistemaRestauranteBody({
  rnc,
  encf,
  propina = 0,
}: ClientBodyInput & { propina?: number }): Body {
  const total = 1180 + propina;
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: 32,
          eNCF: encf,
          IndicadorMontoGravado: 0,
          TipoIngresos: "01",
          TipoPago: 1,
          TablaFormasPago: { FormaDePago: [{ FormaPago: 1, MontoPago: total }] },
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Restaurante El Fogón SRL",
          NombreComercial: "El Fogón",
          DireccionEmisor: "Av. Venezuela 22, Santo Domingo Este",
          FechaEmision: FECHA_EMISION,
        },
        Totales: {
          MontoGravadoTotal: 1000,
          MontoGravadoI1: 1000,
          ITBIS1: 18,
          TotalITBIS: 180,
          TotalITBIS1: 180,
          ...(propina > 0
            ? {
                MontoImpuestoAdicional: propina,
                ImpuestosAdicionales: {
                  ImpuestoAdicional: [
                    {
                      TipoImpuesto: "001",
                      TasaImpuestoAdicional: 10,
                      MontoImpuestoSelectivoConsumoEspecifico: 0,
                      OtrosImpuestosAdicionales: propina,
                    },
                  ],
                },
              }
            : {}),
          MontoTotal: total,
        },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: 1,
            IndicadorFacturacion: 1,
            NombreItem: "Pollo guisado",
            IndicadorBienoServicio: 1,
            CantidadItem: 2,
            UnidadMedida: 43,
            PrecioUnitarioItem: 300,
            MontoItem: 600,
          },
          {
            NumeroLinea: 2,
            IndicadorFacturacion: 1,
            NombreItem: "Parrillada mixta",
            IndicadorBienoServicio: 1,
            CantidadItem: 1,
            UnidadMedida: 43,
            PrecioUnitarioItem: 400,
            MontoItem: 400,
          },
        ],
      },
    },
  };
}

/**
 * contfastenterprise/ContFast-Enterprise `MSellerClient.buildECFPayload` (type 31): codes as
 * strings (`"1"`, `"43"`, NumeroLinea `"1"`), amounts as numbers, TotalPaginas 1, MontoExento and
 * MontoNoFacturable always written (0), a `$` sub-discount table, one Paginacion page and an empty
 * FechaHoraFirma. Two lines at 18 %: 2 × 1,500 and 1 × 1,000 less 100 discount.
 */
export function contFastBody({ rnc, encf }: ClientBodyInput): Body {
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: "31",
          eNCF: encf,
          FechaVencimientoSecuencia: VENCIMIENTO,
          IndicadorMontoGravado: "0",
          TipoIngresos: "01",
          TipoPago: "1",
          TotalPaginas: 1,
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Latin Doors SRL",
          DireccionEmisor: "Autopista Duarte Km 12",
          FechaEmision: FECHA_EMISION,
        },
        Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
        Totales: {
          MontoGravadoTotal: 3900,
          MontoGravadoI1: 3900,
          MontoExento: 0,
          ITBIS1: 18,
          TotalITBIS: 702,
          TotalITBIS1: 702,
          MontoTotal: 4602,
          MontoNoFacturable: 0,
        },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: "1",
            IndicadorFacturacion: "1",
            NombreItem: "Puerta corrediza de aluminio",
            IndicadorBienoServicio: "1",
            CantidadItem: 2,
            UnidadMedida: "43",
            PrecioUnitarioItem: 1500,
            MontoItem: 3000,
          },
          {
            NumeroLinea: "2",
            IndicadorFacturacion: "1",
            NombreItem: "Instalación",
            IndicadorBienoServicio: "1",
            CantidadItem: 1,
            UnidadMedida: "43",
            PrecioUnitarioItem: 1000,
            DescuentoMonto: 100,
            TablaSubDescuento: { SubDescuento: [{ TipoSubDescuento: "$", MontoSubDescuento: 100 }] },
            MontoItem: 900,
          },
        ],
      },
      Paginacion: {
        Pagina: [
          {
            PaginaNo: 1,
            NoLineaDesde: 1,
            NoLineaHasta: 2,
            SubtotalMontoGravadoPagina: 3900,
            SubtotalMontoGravado1Pagina: 3900,
            SubtotalExentoPagina: 0,
            SubtotalItbisPagina: 702,
            SubtotalItbis1Pagina: 702,
            MontoSubtotalPagina: 4602,
            SubtotalMontoNoFacturablePagina: 0,
          },
        ],
      },
      FechaHoraFirma: "",
    },
  };
}

/**
 * invntio/dgii-ecf `dgii_ecf/ecf/builder.py` `build_ecf_json` (type 31): codes as strings
 * (TotalPaginas "1"), quantities and amounts as numbers, UnidadMedida 43 a number,
 * IndicadorMontoGravado "1" whenever a line is taxed (its amounts are before ITBIS all the same),
 * one Paginacion page, and FechaHoraFirma filled with the builder's own clock. A condominium's
 * fee at 18 % plus an exempt reserve-fund line.
 */
export function invntioBody({ rnc, encf }: ClientBodyInput): Body {
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: "31",
          eNCF: encf,
          FechaVencimientoSecuencia: VENCIMIENTO,
          IndicadorMontoGravado: "1",
          TipoIngresos: "01",
          TipoPago: "1",
          TotalPaginas: "1",
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Condominio Torre Mirador",
          DireccionEmisor: "Av. Anacaona 45",
          FechaEmision: FECHA_EMISION,
        },
        Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
        Totales: {
          MontoGravadoTotal: 5000,
          MontoGravadoI1: 5000,
          MontoExento: 500,
          ITBIS1: 18,
          TotalITBIS: 900,
          TotalITBIS1: 900,
          MontoTotal: 6400,
        },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: 1,
            IndicadorFacturacion: 1,
            NombreItem: "Cuota de mantenimiento diciembre",
            IndicadorBienoServicio: 2,
            CantidadItem: 1,
            UnidadMedida: 43,
            PrecioUnitarioItem: 5000,
            MontoItem: 5000,
          },
          {
            NumeroLinea: 2,
            IndicadorFacturacion: 4,
            NombreItem: "Aporte fondo de reserva",
            IndicadorBienoServicio: 2,
            CantidadItem: 1,
            UnidadMedida: 43,
            PrecioUnitarioItem: 500,
            MontoItem: 500,
          },
        ],
      },
      Paginacion: {
        Pagina: [
          {
            PaginaNo: 1,
            NoLineaDesde: 1,
            NoLineaHasta: 2,
            SubtotalMontoGravadoPagina: 5000,
            SubtotalMontoGravado1Pagina: 5000,
            SubtotalExentoPagina: 500,
            SubtotalItbisPagina: 900,
            SubtotalItbis1Pagina: 900,
            MontoSubtotalPagina: 6400,
            SubtotalMontoNoFacturablePagina: 0,
          },
        ],
      },
      FechaHoraFirma: "05-12-2026 10:15:00",
    },
  };
}

/**
 * MSeller's own documented body ("Envío y Consulta de Documentos", Ejemplo 1: Factura de Crédito
 * Fiscal con descuento simple), which MSeller/mseller-odoo-connector passes through untouched:
 * header fields as documented (IndicadorEnvioDiferido "1", TipoIngresos "05", credit payment with
 * FechaLimitePago, TotalPaginas 1, Totales 540 / 97.2 / 637.2). The published excerpt stops at the
 * items, so the one line (2 × 300 less a 60 discount = 540) is written to match those totals.
 */
export function msellerDocumentedBody({ rnc, encf }: ClientBodyInput): Body {
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: "31",
          eNCF: encf,
          FechaVencimientoSecuencia: VENCIMIENTO,
          IndicadorEnvioDiferido: "1",
          IndicadorMontoGravado: "0",
          TipoIngresos: "05",
          TipoPago: "2",
          FechaLimitePago: "07-01-2027",
          TotalPaginas: 1,
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Comercial Ejemplo SRL",
          DireccionEmisor: "Calle Principal No. 123",
          FechaEmision: FECHA_EMISION,
        },
        Comprador: { RNCComprador: "101023122", RazonSocialComprador: "Cliente Prueba SRL" },
        Totales: {
          MontoGravadoTotal: 540.0,
          MontoGravadoI1: 540.0,
          MontoExento: 0,
          ITBIS1: 18,
          TotalITBIS: 97.2,
          TotalITBIS1: 97.2,
          MontoTotal: 637.2,
          MontoNoFacturable: 0,
        },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: 1,
            IndicadorFacturacion: 1,
            NombreItem: "Producto de ejemplo",
            IndicadorBienoServicio: 1,
            CantidadItem: 2,
            UnidadMedida: 43,
            PrecioUnitarioItem: 300,
            DescuentoMonto: 60,
            TablaSubDescuento: { SubDescuento: [{ TipoSubDescuento: "$", MontoSubDescuento: 60 }] },
            MontoItem: 540,
          },
        ],
      },
    },
  };
}

/**
 * joseagrc/mseller_ecf `mapper/sales_invoice.py` `SalesInvoiceECFMapper.build` (type 31): every
 * code a string (NumeroLinea "1", UnidadMedida "43"), amounts as numbers, no TotalPaginas and no
 * Paginacion (`should_include_pagination` is False), FechaHoraFirma "". One line: 3 × 250 at 18 %.
 */
export function joseagrcBody({ rnc, encf }: ClientBodyInput): Body {
  return {
    ECF: {
      Encabezado: {
        Version: "1.0",
        IdDoc: {
          TipoeCF: "31",
          eNCF: encf,
          FechaVencimientoSecuencia: VENCIMIENTO,
          IndicadorMontoGravado: "0",
          TipoIngresos: "01",
          TipoPago: "1",
        },
        Emisor: {
          RNCEmisor: rnc,
          RazonSocialEmisor: "Ferretería Ejemplo SRL",
          DireccionEmisor: "Calle Duarte 10, Santiago",
          FechaEmision: FECHA_EMISION,
        },
        Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
        Totales: {
          MontoGravadoTotal: 750,
          MontoGravadoI1: 750,
          ITBIS1: 18,
          TotalITBIS: 135,
          TotalITBIS1: 135,
          MontoTotal: 885,
        },
      },
      DetallesItems: {
        Item: [
          {
            NumeroLinea: "1",
            IndicadorFacturacion: "1",
            NombreItem: "Cemento gris 42.5 kg",
            IndicadorBienoServicio: "1",
            CantidadItem: 3,
            UnidadMedida: "43",
            PrecioUnitarioItem: 250,
            MontoItem: 750,
          },
        ],
      },
      FechaHoraFirma: "",
    },
  };
}
