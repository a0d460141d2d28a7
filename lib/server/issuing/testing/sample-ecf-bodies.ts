import type { EcfType } from "@/lib/domain/ecf-types";

/**
 * One realistic `POST …/documentos-ecf` body per e-CF type, as MSeller's clients send them: DGII's
 * element names, repeated groups as `{ Item: [...] }`, scalars sometimes strings and sometimes numbers,
 * no FechaHoraFirma (the service sets it). Each is a consistent document that DGII's XSD accepts and
 * whose arithmetic holds: MontoItem = CantidadItem × PrecioUnitarioItem; MontoGravadoI1 is the sum of
 * the lines billed at ITBIS 18 % (IndicadorFacturacion 1), TotalITBIS1 is 18 % of it, MontoExento the
 * sum of exempt lines (4), MontoTotal = gravado + ITBIS + exento; the payments add up to MontoTotal.
 * The issuer is DGII-format fictitious ("130000001"); the e-NCF numbers are each type's first.
 */

type Body = { ECF: Record<string, unknown> };

const EMISOR = {
  RNCEmisor: "130000001",
  RazonSocialEmisor: "Comercial Anula Demo SRL",
  NombreComercial: "Anula Demo",
  DireccionEmisor: "Av. Abraham Lincoln No. 1003, Piantini",
  Municipio: "010101",
  Provincia: "010000",
  TablaTelefonoEmisor: { TelefonoEmisor: ["809-555-0100", "809-555-0101"] },
  CorreoEmisor: "facturacion@anulademo.com.do",
};

const fechaEmision = { FechaEmision: "01-12-2026" };

/** e-CF 31: tax credit invoice, two lines at 18 % and one exempt line, paid cash. */
const E31: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: "31",
        eNCF: "E310000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        IndicadorMontoGravado: 0,
        TipoIngresos: "01",
        TipoPago: 1,
        TablaFormasPago: { FormaDePago: [{ FormaPago: 1, MontoPago: 7980.59 }] },
      },
      Emisor: { ...EMISOR, NumeroFacturaInterna: "FAC-2026-0001", ...fechaEmision },
      Comprador: {
        RNCComprador: "131880738",
        RazonSocialComprador: "Distribuidora del Cibao SRL",
        CorreoComprador: "compras@delcibao.com.do",
        DireccionComprador: "Calle del Sol No. 45, Santiago",
      },
      Totales: {
        MontoGravadoTotal: "6000.50",
        MontoGravadoI1: "6000.50",
        MontoExento: 900,
        ITBIS1: "18",
        TotalITBIS: 1080.09,
        TotalITBIS1: "1080.09",
        MontoTotal: "7980.59",
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          NombreItem: "Resma papel bond 8.5x11",
          IndicadorBienoServicio: 1,
          CantidadItem: 10,
          UnidadMedida: "43",
          PrecioUnitarioItem: "350.00",
          MontoItem: 3500,
        },
        {
          NumeroLinea: "2",
          IndicadorFacturacion: "1",
          NombreItem: "Mantenimiento de impresoras",
          IndicadorBienoServicio: 2,
          CantidadItem: "1",
          PrecioUnitarioItem: 2500.5,
          MontoItem: "2500.50",
        },
        {
          NumeroLinea: 3,
          IndicadorFacturacion: 4,
          NombreItem: "Libro de contabilidad",
          IndicadorBienoServicio: 1,
          CantidadItem: 2,
          PrecioUnitarioItem: 450,
          MontoItem: 900.0,
        },
      ],
    },
  },
};

/** e-CF 32: consumer invoice under RD$250,000 (its RFCE summary goes to DGII), paid by card. */
const E32: Body = {
  ECF: {
    Encabezado: {
      Version: 1.0,
      IdDoc: {
        TipoeCF: 32,
        eNCF: "E320000000001",
        IndicadorMontoGravado: "0",
        TipoIngresos: "01",
        TipoPago: "1",
        TablaFormasPago: { FormaDePago: { FormaPago: 3, MontoPago: "1475.00" } },
      },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: { RazonSocialComprador: "Consumidor final" },
      Totales: {
        MontoGravadoTotal: 1250,
        MontoGravadoI1: 1250,
        ITBIS1: 18,
        TotalITBIS: 225,
        TotalITBIS1: 225,
        MontoTotal: 1475,
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          NombreItem: "Cartucho de tinta negra",
          IndicadorBienoServicio: 1,
          CantidadItem: 2,
          PrecioUnitarioItem: 125,
          MontoItem: 250,
        },
        {
          NumeroLinea: 2,
          IndicadorFacturacion: 1,
          NombreItem: "Teclado inalámbrico",
          IndicadorBienoServicio: 1,
          CantidadItem: 1,
          PrecioUnitarioItem: "1000.00",
          MontoItem: "1000.00",
        },
      ],
    },
  },
};

/** e-CF 33: debit note adding a late-payment charge to E310000000001. */
const E33: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: "33",
        eNCF: "E330000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        TipoIngresos: "02",
        TipoPago: 2,
        FechaLimitePago: "31-12-2026",
      },
      Emisor: { ...EMISOR, FechaEmision: "05-12-2026" },
      Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
      Totales: {
        MontoGravadoTotal: 500,
        MontoGravadoI1: 500,
        ITBIS1: 18,
        TotalITBIS: 90,
        TotalITBIS1: 90,
        MontoTotal: 590,
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          NombreItem: "Cargo por mora",
          IndicadorBienoServicio: 2,
          CantidadItem: 1,
          PrecioUnitarioItem: 500,
          MontoItem: 500,
        },
      ],
    },
    InformacionReferencia: {
      NCFModificado: "E310000000001",
      FechaNCFModificado: "01-12-2026",
      CodigoModificacion: 3,
      RazonModificacion: "Cargo por pago tardio",
    },
  },
};

/** e-CF 34: credit note for two reams returned from E310000000001, within 30 days. */
const E34: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: { TipoeCF: 34, eNCF: "E340000000001", IndicadorNotaCredito: 0, TipoIngresos: "01", TipoPago: 1 },
      Emisor: { ...EMISOR, FechaEmision: "05-12-2026" },
      Comprador: { RNCComprador: "131880738", RazonSocialComprador: "Distribuidora del Cibao SRL" },
      Totales: {
        MontoGravadoTotal: "700.00",
        MontoGravadoI1: "700.00",
        ITBIS1: 18,
        TotalITBIS: "126.00",
        TotalITBIS1: "126.00",
        MontoTotal: "826.00",
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          NombreItem: "Resma papel bond 8.5x11",
          IndicadorBienoServicio: 1,
          CantidadItem: 2,
          PrecioUnitarioItem: 350,
          MontoItem: 700,
        },
      ],
    },
    InformacionReferencia: {
      NCFModificado: "E310000000001",
      FechaNCFModificado: "01-12-2026",
      CodigoModificacion: "3",
      RazonModificacion: "Devolucion de mercancia",
    },
  },
};

/** e-CF 41: purchase of a service from an individual; the buyer withholds ITBIS (100 %) and ISR (10 %). */
const E41: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: { TipoeCF: 41, eNCF: "E410000000001", FechaVencimientoSecuencia: "31-12-2027", TipoPago: 1 },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: { RNCComprador: "40212345678", RazonSocialComprador: "Juan Perez Rodriguez" },
      Totales: {
        MontoGravadoTotal: 10000,
        MontoGravadoI1: 10000,
        ITBIS1: 18,
        TotalITBIS: 1800,
        TotalITBIS1: 1800,
        MontoTotal: 11800,
        TotalITBISRetenido: 1800,
        TotalISRRetencion: 1000,
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          Retencion: {
            IndicadorAgenteRetencionoPercepcion: 1,
            MontoITBISRetenido: "1800.00",
            MontoISRRetenido: "1000.00",
          },
          NombreItem: "Servicio de limpieza de oficina",
          IndicadorBienoServicio: 2,
          CantidadItem: 1,
          PrecioUnitarioItem: "10000.00",
          MontoItem: "10000.00",
        },
      ],
    },
  },
};

/** e-CF 43: minor expenses (tolls and parking), exempt. */
const E43: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: { TipoeCF: "43", eNCF: "E430000000001", FechaVencimientoSecuencia: "31-12-2027" },
      Emisor: {
        RNCEmisor: EMISOR.RNCEmisor,
        RazonSocialEmisor: EMISOR.RazonSocialEmisor,
        DireccionEmisor: EMISOR.DireccionEmisor,
        ...fechaEmision,
      },
      Totales: { MontoExento: 350, MontoTotal: 350 },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 4,
          NombreItem: "Peaje autopista Duarte",
          IndicadorBienoServicio: 2,
          CantidadItem: 2,
          PrecioUnitarioItem: 100,
          MontoItem: 200,
        },
        {
          NumeroLinea: 2,
          IndicadorFacturacion: 4,
          NombreItem: "Estacionamiento",
          IndicadorBienoServicio: 2,
          CantidadItem: 1,
          PrecioUnitarioItem: "150",
          MontoItem: "150",
        },
      ],
    },
  },
};

/** e-CF 44: sale to a free-zone company (special regime), exempt, on credit. */
const E44: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: 44,
        eNCF: "E440000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        TipoIngresos: "01",
        TipoPago: 2,
        FechaLimitePago: "31-12-2026",
      },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: {
        RNCComprador: "101000001",
        RazonSocialComprador: "Zona Franca Industrial Las Americas SA",
      },
      Totales: { MontoExento: "6000.00", MontoTotal: "6000.00" },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 4,
          NombreItem: "Guantes de nitrilo (caja)",
          IndicadorBienoServicio: 1,
          CantidadItem: 5,
          PrecioUnitarioItem: 1200,
          MontoItem: 6000,
        },
      ],
    },
  },
};

/** e-CF 45: sale to a government body, at 18 %, on credit. */
const E45: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: 45,
        eNCF: "E450000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        TipoIngresos: "01",
        TipoPago: 2,
        FechaLimitePago: "15-01-2027",
      },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: { RNCComprador: "401000001", RazonSocialComprador: "Ministerio de Educacion" },
      Totales: {
        MontoGravadoTotal: 30000,
        MontoGravadoI1: 30000,
        ITBIS1: 18,
        TotalITBIS: 5400,
        TotalITBIS1: 5400,
        MontoTotal: 35400,
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 1,
          NombreItem: "Pupitre escolar",
          IndicadorBienoServicio: 1,
          CantidadItem: 20,
          PrecioUnitarioItem: "1500.00",
          MontoItem: "30000.00",
        },
      ],
    },
  },
};

/** e-CF 46: export of 40 boxes of cigars to a US buyer, ITBIS 0 % (IndicadorFacturacion 3), in USD at 60. */
const E46: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: "46",
        eNCF: "E460000000001",
        FechaVencimientoSecuencia: "31-12-2027",
        TipoIngresos: "01",
        TipoPago: 1,
        TablaFormasPago: { FormaDePago: [{ FormaPago: 2, MontoPago: 120000 }] },
      },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: {
        IdentificadorExtranjero: "US-EIN-123456789",
        RazonSocialComprador: "Fine Cigars Import LLC",
        PaisComprador: "Estados Unidos",
      },
      InformacionesAdicionales: {
        FechaEmbarque: "03-12-2026",
        NumeroEmbarque: "BL-CAU-2026-0451",
        NumeroContenedor: "MSKU1234567",
        NombrePuertoEmbarque: "Puerto Multimodal Caucedo",
        CondicionesEntrega: "FOB",
        TotalFob: 120000,
        PesoBruto: "310.50",
        PesoNeto: 280,
      },
      Transporte: { ViaTransporte: "02", PaisOrigen: "Republica Dominicana", PaisDestino: "Estados Unidos" },
      Totales: {
        MontoGravadoTotal: 120000,
        MontoGravadoI3: 120000,
        ITBIS3: 0,
        TotalITBIS: 0,
        TotalITBIS3: 0,
        MontoTotal: 120000,
      },
      OtraMoneda: {
        TipoMoneda: "USD",
        TipoCambio: 60,
        MontoGravadoTotalOtraMoneda: 2000,
        MontoGravado3OtraMoneda: 2000,
        MontoTotalOtraMoneda: "2000.00",
      },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 3,
          NombreItem: "Cigarros premium, caja de 25",
          IndicadorBienoServicio: 1,
          CantidadItem: 40,
          PrecioUnitarioItem: 3000,
          OtraMonedaDetalle: { PrecioOtraMoneda: 50, MontoItemOtraMoneda: 2000 },
          MontoItem: 120000,
        },
      ],
    },
  },
};

/** e-CF 47: payment abroad for a software licence, exempt, with ISR withheld at 27 %. */
const E47: Body = {
  ECF: {
    Encabezado: {
      Version: "1.0",
      IdDoc: { TipoeCF: 47, eNCF: "E470000000001", FechaVencimientoSecuencia: "31-12-2027", TipoPago: 1 },
      Emisor: { ...EMISOR, ...fechaEmision },
      Comprador: { IdentificadorExtranjero: "IE-9876543", RazonSocialComprador: "Cloud Software Ltd" },
      Totales: { MontoExento: 50000, MontoTotal: 50000, TotalISRRetencion: 13500 },
    },
    DetallesItems: {
      Item: [
        {
          NumeroLinea: 1,
          IndicadorFacturacion: 4,
          Retencion: { IndicadorAgenteRetencionoPercepcion: 1, MontoISRRetenido: 13500 },
          NombreItem: "Licencia anual de software",
          IndicadorBienoServicio: 2,
          CantidadItem: 1,
          PrecioUnitarioItem: "50000.00",
          MontoItem: "50000.00",
        },
      ],
    },
  },
};

export const SAMPLE_ECF_BODIES: Record<EcfType, Body> = {
  "31": E31,
  "32": E32,
  "33": E33,
  "34": E34,
  "41": E41,
  "43": E43,
  "44": E44,
  "45": E45,
  "46": E46,
  "47": E47,
};

/** A deep copy to change in a test without touching the shared sample. */
export function sampleEcfBody(type: EcfType): Body {
  return structuredClone(SAMPLE_ECF_BODIES[type]);
}

// The sample bodies are DGII's shape; tests reach into it by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EcfObject = Record<string, any>;

/** A sample body of `type` as the issuer `rnc` sends it under `encf`, after the test's `changes`. */
export function sampleEcfBodyOf(
  type: EcfType,
  rnc: string,
  encf: string,
  changes: (ecf: EcfObject) => void = () => {},
): { ECF: EcfObject } {
  const ecf = structuredClone(SAMPLE_ECF_BODIES[type].ECF) as EcfObject;
  ecf.Encabezado.IdDoc.eNCF = encf;
  ecf.Encabezado.Emisor.RNCEmisor = rnc;
  changes(ecf);
  return { ECF: ecf };
}
