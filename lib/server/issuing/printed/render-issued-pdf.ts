import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { printedMarks, type PrintLayout } from "@/lib/domain/printed-ecf";
import { buildQrUrl, qrBuyerRnc } from "@/lib/domain/qr-url";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";

import { securityCodeOf } from "../security-code";
import { readSignedEcf } from "./read-signed-ecf";
import { renderPrintedEcf } from "./render-printed-ecf";

export interface IssuedPdf {
  pdf: Uint8Array;
  /** DGII's file name of the e-CF (RNCEmisor + e-NCF), as .pdf. */
  fileName: string;
}

export interface RenderIssuedPdfOptions {
  /**
   * Print "e-CF emitido en modalidad de contingencia" (Informe Técnico §19). Anula keeps no record of
   * a declared contingency yet, so no caller sets it: wire it when that record exists.
   */
  contingency?: boolean;
}

/**
 * The printed representation (RI) of an e-CF whose signed XML is stored here, in the account's
 * environment: what is printed is read from the signed XML; the status only decides the legends
 * (pending, without fiscal validity). DOCUMENT_NOT_FOUND when there is no signed XML (unknown, or an
 * import that only names where its XML is kept).
 */
export async function renderIssuedPdf(
  accountId: string,
  environment: Environment,
  ncf: string,
  layout: PrintLayout,
  options: RenderIssuedPdfOptions = {},
): Promise<IssuedPdf> {
  const db = await getDb();
  const row = await db.document.findFirst({
    where: { accountId, environment, ncf },
    select: { signedXml: true, status: true, qrUrl: true, securityCode: true, signedDate: true },
  });
  // Signed: an XML whose root is ECF with its signature (an import's signedXml may be a storage path).
  const ecf = row?.signedXml?.includes("SignatureValue") ? readSignedEcf(row.signedXml) : null;
  if (!row || !ecf) {
    throw new AppError(
      "DOCUMENT_NOT_FOUND",
      `No hay un e-CF firmado con el e-NCF ${ncf} en ${environment}: solo se imprime un e-CF cuyo XML firmado está guardado aquí.`,
    );
  }
  const securityCode = row.securityCode ?? securityCodeOf(row.signedXml!);
  const signedDate = ecf.fechaHoraFirma ?? row.signedDate ?? "";
  const qrUrl =
    row.qrUrl ??
    buildQrUrl({
      environment,
      rncEmisor: ecf.emisor.rnc,
      encf: ecf.encf,
      montoTotal: ecf.totales.MontoTotal ?? "0",
      codigoSeguridad: securityCode,
      rncComprador: qrBuyerRnc(ecf.tipo, ecf.comprador?.rnc),
      fechaEmision: ecf.fechaEmision,
      fechaFirma: signedDate,
    });
  const pdf = await renderPrintedEcf(
    { ecf, securityCode, signedDate, qrUrl, marks: printedMarks(row.status, options) },
    layout,
  );
  return { pdf, fileName: `${ecf.emisor.rnc}${ncf.replace(/[^A-Za-z0-9]/g, "")}.pdf` };
}
