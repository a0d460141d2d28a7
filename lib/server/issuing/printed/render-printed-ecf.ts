import "server-only";

import { PDFDocument } from "pdf-lib";

import { parseFechaHora } from "@/lib/domain/fecha";
import { printedTypeName, type PrintLayout } from "@/lib/domain/printed-ecf";

import { layLetter } from "./letter-layout";
import { createKit } from "./pdf-kit";
import type { PrintInput } from "./printed-sections";
import { layReceipt } from "./receipt-layout";

/** The RI of an e-CF as a PDF (standard fonts, nothing embedded but the QR's vector squares). */
export async function renderPrintedEcf(input: PrintInput, layout: PrintLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const kit = await createKit(doc);
  doc.setTitle(kit.clean(`${printedTypeName(input.ecf.tipo)} ${input.ecf.encf}`));
  doc.setAuthor(kit.clean(input.ecf.emisor.razonSocial));
  doc.setCreator("Anula");
  doc.setProducer("Anula");
  // The signature's instant, not now: the same document prints to the same bytes.
  const signed = new Date(parseFechaHora(input.signedDate) ?? 0);
  doc.setCreationDate(signed);
  doc.setModificationDate(signed);
  if (layout === "receipt") layReceipt(doc, kit, input);
  else layLetter(doc, kit, input);
  return doc.save();
}
