import ExcelJS from "exceljs";

import { expect, freshRange, test } from "./fixtures";

/**
 * Consulta de documentos → Importar e-CF emitidos desde su ERP, in Chromium on the built app: a CSV
 * (papaparse) with a bad row is refused whole with the row named, then fixed and imported; an XLSX
 * (exceljs in the browser) is previewed with its date and amount cells and imported.
 */
const at = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;

test("an ERP's CSV and XLSX of issued e-CF: preview, every bad row named, imported whole", async ({
  signedIn: page,
}) => {
  const block = freshRange("31", 3);
  await page.goto("/documents");
  const importer = page.getByTestId("erp-import");
  const bad = `e-NCF;Estado;Monto total\n${block.desde};Aceptado;10\n${at(block.desde, 1)};Anulado;20\n`;
  await importer
    .getByTestId("erp-file")
    .setInputFiles({ name: "ventas.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await expect(importer.getByTestId("erp-map-ncf")).toHaveValue("0");
  await expect(importer.getByTestId("erp-map-status")).toHaveValue("1");
  await expect(importer.getByTestId("erp-row-errors")).toContainText(
    "Fila 3 · Estado: estado «Anulado» desconocido",
  );
  await expect(importer.getByTestId("erp-submit")).toBeDisabled();

  const good = bad.replace("Anulado", "Rechazado");
  await importer
    .getByTestId("erp-file")
    .setInputFiles({ name: "ventas.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await expect(importer.getByTestId("erp-ready")).toHaveText("2 filas listas para importar");
  await importer.getByTestId("erp-submit").click();
  await expect(importer.getByTestId("erp-result")).toContainText(
    "Importados 2 e-CF: 2 nuevos, 0 actualizados.",
  );

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Facturas");
  sheet.addRow(["Comprobante", "Fecha", "Total"]);
  sheet.addRow([at(block.desde, 2), new Date(Date.UTC(2026, 0, 5)), 250.75]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  await importer.getByTestId("erp-file").setInputFiles({
    name: "erp.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  const preview = importer.getByTestId("erp-preview");
  await expect(preview).toContainText(at(block.desde, 2));
  await expect(preview).toContainText("250.75");
  await importer.getByTestId("erp-submit").click();
  await expect(importer.getByTestId("erp-result")).toContainText(
    "Importado 1 e-CF: 1 nuevo, 0 actualizados.",
  );

  await page.goto(`/documents?ecf=${at(block.desde, 1)}`);
  await expect(page.getByTestId("document-result")).toContainText("Rechazado");
});
