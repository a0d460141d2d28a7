import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { printedMarks, type PrintLayout } from "@/lib/domain/printed-ecf";
import { buildQrUrl, qrBuyerRnc } from "@/lib/domain/qr-url";
import { AppError } from "@/lib/errors";
import { issuedInContingency } from "@/lib/server/contingency";
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
   * Print "e-CF emitido en modalidad de contingencia" (Informe Técnico §19). By default an e-CF signed
   * here while its company had declared a connectivity contingency in the environment carries it.
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
    select: {
      signedXml: true,
      status: true,
      qrUrl: true,
      securityCode: true,
      signedDate: true,
      source: true,
      issuedAt: true,
      createdAt: true,
    },
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
  const contingency =
    options.contingency ??
    (row.source === "issued" &&
      (await issuedInContingency(accountId, environment, Number(row.issuedAt ?? row.createdAt))));
  const pdf = await renderPrintedEcf(
    { ecf, securityCode, signedDate, qrUrl, marks: printedMarks(row.status, { contingency }) },
    layout,
  );
  return { pdf, fileName: `${ecf.emisor.rnc}${ncf.replace(/[^A-Za-z0-9]/g, "")}.pdf` };
}
