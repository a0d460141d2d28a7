import "server-only";

import { createHash } from "node:crypto";

import { ecfTypeName, type EcfType } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import { buildQrUrl } from "@/lib/domain/qr-url";
import { getDb } from "@/lib/server/platform/db";
import { insertAbsentDocuments, newDocumentId, type NewDocumentRow } from "@/lib/server/ledger";
import type { PrismaClient } from "@/prisma/generated/client";

import {
  DEMO_DOCUMENTS,
  DEMO_ENVIRONMENT,
  ESTADO,
  type Codigo,
  type DemoDocument,
} from "./demo-documents-data";

/** For the simulator (consultaresultado): the demo documents as DGII knows them. */
export function demoTaxAuthDocuments(rnc: string): Array<{
  environment: typeof DEMO_ENVIRONMENT;
  trackId: string;
  rnc: string;
  encf: string;
  codigo: Codigo;
  mensajes: Array<{ valor: string; codigo: number }>;
}> {
  return DEMO_DOCUMENTS.map((document) => ({
    environment: DEMO_ENVIRONMENT,
    trackId: document.trackId,
    rnc,
    encf: document.ncf,
    codigo: document.authority,
    mensajes: document.mensajes ?? [],
  }));
}

function securityCodeOf(rnc: string, ncf: string): string {
  // DGII's code is 6 characters of the signature's base64: "+" and "/" occur, as they do here.
  return createHash("sha256").update(`${rnc}${ncf}`).digest("base64").slice(0, 6);
}

function rowOf(accountId: string, rnc: string, document: DemoDocument, now: number): NewDocumentRow {
  const created = now - document.daysAgo * 86_400_000 - 3_600_000;
  const signed = formatFechaHora(created);
  const received = formatFechaHora(created + 4_000);
  const securityCode = securityCodeOf(rnc, document.ncf);
  const type = document.ncf.slice(1, 3) as EcfType;
  const status = ESTADO[document.stored];
  const taxauthResponse = [JSON.stringify({ trackId: document.trackId, error: "", mensaje: "" })];
  if (document.stored !== 3) {
    taxauthResponse.push(
      JSON.stringify({
        trackId: document.trackId,
        codigo: document.stored,
        estado: status,
        rnc,
        encf: document.ncf,
        secuenciaUtilizada: document.stored !== 2,
        fechaRecepcion: received,
        mensajes: document.mensajes ?? [],
      }),
    );
  }
  // Only a business buyer (type 31) sends a receipt (ARECF; Estado 0 = e-CF recibido).
  const receipt =
    type === "31" && document.stored !== 2
      ? {
          customerReceived: "0",
          customerReceivedAt: formatFechaHora(created + 7_200_000),
          customerResponse: JSON.stringify({
            ARECF: {
              DetalleAcusedeRecibo: {
                Version: "1.0",
                RNCEmisor: rnc,
                RNCComprador: document.buyerRnc,
                eNCF: document.ncf,
                Estado: "0",
                FechaHoraAcuseRecibo: formatFechaHora(created + 7_200_000),
              },
            },
          }),
        }
      : {};
  return {
    id: newDocumentId(),
    accountId,
    environment: DEMO_ENVIRONMENT,
    customerId: rnc,
    ncf: document.ncf,
    trackId: document.trackId,
    internalTrackId: `demo-${document.ncf}`,
    fileName: `${rnc}${document.ncf}.xml`,
    documentType: ecfTypeName(type),
    status,
    buyerRnc: document.buyerRnc ?? null,
    invoiceTotal: document.total.toFixed(2),
    taxauthResponse,
    securityCode,
    secretId: createHash("sha256").update(`secret:${rnc}${document.ncf}`).digest("hex").slice(0, 32),
    signedXml: `ecf/${DEMO_ENVIRONMENT}/${rnc}/${rnc}${document.ncf}.xml`,
    summarySignedXml: type === "32" ? `rfce/${DEMO_ENVIRONMENT}/${rnc}/${rnc}${document.ncf}.xml` : null,
    qrUrl: buildQrUrl({
      environment: DEMO_ENVIRONMENT,
      rncEmisor: rnc,
      rncComprador: document.buyerRnc,
      encf: document.ncf,
      fechaEmision: signed.slice(0, 10),
      montoTotal: document.total,
      fechaFirma: signed,
      codigoSeguridad: securityCode,
    }),
    ...receipt,
    createdAt: created,
    updateAt: document.stored === 3 ? created : created + 4_000,
    issuedAt: created,
    source: "import",
  };
}

/**
 * The demo account's documents in TesteCF: every type, every status (Aceptado, Rechazado, Aceptado
 * Condicional, En Proceso with a trackId). Idempotent: existing e-NCF are left alone. `prisma` is for
 * the database start (getDb() is not ready then). Returns how many were created.
 */
export async function ensureDemoDocuments(
  accountId: string,
  rnc: string,
  prisma?: PrismaClient,
): Promise<number> {
  const db = prisma ?? (await getDb());
  const now = Date.now();
  // Through the ledger's writer: the demo's e-CF are issued numbers like any other (the pre-void
  // check refuses E310000000001, the gap review never proposes it).
  const inserted = await insertAbsentDocuments(
    db,
    DEMO_DOCUMENTS.map((document) => rowOf(accountId, rnc, document, now)),
  );
  return inserted.size;
}

export { DEMO_DOCUMENTS, DEMO_ENVIRONMENT };
