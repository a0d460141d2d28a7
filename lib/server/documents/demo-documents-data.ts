import "server-only";

// The demo account's documents (data only; ensureDemoDocuments in demo-documents.ts writes them).

/** codigo of consultaresultado: 1 Aceptado, 2 Rechazado, 3 En Proceso, 4 Aceptado Condicional. */
export type Codigo = 1 | 2 | 3 | 4;
export const ESTADO: Record<Codigo, string> = {
  1: "Aceptado",
  2: "Rechazado",
  3: "En Proceso",
  4: "Aceptado Condicional",
};

export interface DemoDocument {
  ncf: string;
  trackId: string;
  /** What Anula has stored. */
  stored: Codigo;
  /** What the simulated DGII answers for the trackId (differs only for a pending document that resolves). */
  authority: Codigo;
  total: number;
  buyerRnc?: string;
  daysAgo: number;
  mensajes?: Array<{ valor: string; codigo: number }>;
}

export const DEMO_ENVIRONMENT = "TesteCF" as const;

/** Every type and every status; two pending: one DGII accepts on the next refresh, one it still processes. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    ncf: "E310000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0001",
    stored: 1,
    authority: 1,
    total: 118000,
    buyerRnc: "101000001",
    daysAgo: 20,
  },
  {
    ncf: "E310000000002",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0002",
    stored: 4,
    authority: 4,
    total: 59000,
    buyerRnc: "101000001",
    daysAgo: 18,
    mensajes: [
      {
        valor: "El monto del ITBIS facturado no coincide con el calculado; aceptado condicionalmente.",
        codigo: 4,
      },
    ],
  },
  {
    ncf: "E310000000003",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0003",
    stored: 2,
    authority: 2,
    total: 23600,
    buyerRnc: "131000002",
    daysAgo: 15,
    mensajes: [{ valor: "El RNC del comprador no se encuentra registrado.", codigo: 2 }],
  },
  {
    ncf: "E320000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0004",
    stored: 1,
    authority: 1,
    total: 1250.5,
    daysAgo: 12,
  },
  {
    ncf: "E320000000002",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0005",
    stored: 1,
    authority: 1,
    total: 312500,
    buyerRnc: "00100000001",
    daysAgo: 11,
  },
  {
    ncf: "E330000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0006",
    stored: 1,
    authority: 1,
    total: 5900,
    buyerRnc: "101000001",
    daysAgo: 9,
  },
  {
    ncf: "E340000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0007",
    stored: 1,
    authority: 1,
    total: 11800,
    buyerRnc: "101000001",
    daysAgo: 8,
  },
  {
    ncf: "E410000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0008",
    stored: 1,
    authority: 1,
    total: 35000,
    buyerRnc: "00100000002",
    daysAgo: 7,
  },
  {
    ncf: "E430000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0009",
    stored: 1,
    authority: 1,
    total: 850,
    daysAgo: 6,
  },
  {
    ncf: "E440000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0010",
    stored: 2,
    authority: 2,
    total: 47200,
    buyerRnc: "131000003",
    daysAgo: 5,
    mensajes: [{ valor: "El comprador no pertenece a un régimen especial.", codigo: 2 }],
  },
  {
    ncf: "E450000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0011",
    stored: 1,
    authority: 1,
    total: 236000,
    buyerRnc: "401000001",
    daysAgo: 4,
  },
  {
    ncf: "E460000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0012",
    stored: 3,
    authority: 1,
    total: 96000,
    daysAgo: 1,
  },
  {
    ncf: "E470000000001",
    trackId: "5a0c1f9e-3d1b-4c52-9f0e-0a1d2e3f0013",
    stored: 3,
    authority: 3,
    total: 15000,
    daysAgo: 0,
  },
];
