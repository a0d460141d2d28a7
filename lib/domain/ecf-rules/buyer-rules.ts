import type { EcfValidationError } from "../ecf-validation";
import { CONSUMER_FULL_SUBMISSION_THRESHOLD } from "./ecf-reader";
import { PATH, typeName, type EcfView } from "./ecf-view";
import { decimalAt, groupItems, textAt } from "./json-access";
import { ruleError } from "./rule-table";

const BUYER_RNC_TYPES = new Set(["31", "41", "45"]);
/** FormaPago 5: bonos o certificados de regalo. */
const GIFT_CERTIFICATE = "5";

export function checkBuyer(view: EcfView, errors: EcfValidationError[]): void {
  const tipo = view.tipo ?? "";
  const rnc = textAt(view.comprador, "RNCComprador");
  const foreignId = textAt(view.comprador, "IdentificadorExtranjero");
  if (rnc !== undefined && foreignId !== undefined) {
    errors.push(
      ruleError(
        "BUYER_ID_CONFLICT",
        `${PATH.comprador}.IdentificadorExtranjero`,
        "IdentificadorExtranjero solo se envía cuando el comprador no tiene RNC: envíe RNCComprador o " +
          "IdentificadorExtranjero, no ambos.",
      ),
    );
  }
  if (BUYER_RNC_TYPES.has(tipo) && rnc === undefined) {
    errors.push(
      ruleError(
        "BUYER_RNC_BY_TYPE",
        `${PATH.comprador}.RNCComprador`,
        `RNCComprador es obligatorio en un e-CF tipo ${typeName(tipo)}: indique el RNC (9 dígitos) o la cédula (11) del comprador.`,
      ),
    );
  }
  const montoTotal = decimalAt(view.totales, "MontoTotal");
  if (tipo !== "32" || montoTotal === undefined || montoTotal.lt(CONSUMER_FULL_SUBMISSION_THRESHOLD)) return;
  const why = `una factura de consumo de RD$${montoTotal.toFixed(2)} (igual o mayor a RD$250,000.00)`;
  if (rnc === undefined && foreignId === undefined) {
    errors.push(
      ruleError(
        "BUYER_CONSUMER_THRESHOLD",
        `${PATH.comprador}.RNCComprador`,
        `RNCComprador es obligatorio en ${why}; si el comprador es extranjero sin RNC, envíe IdentificadorExtranjero.`,
      ),
    );
  }
  if (textAt(view.comprador, "RazonSocialComprador") === undefined) {
    errors.push(
      ruleError(
        "BUYER_CONSUMER_THRESHOLD",
        `${PATH.comprador}.RazonSocialComprador`,
        `RazonSocialComprador es obligatorio en ${why}: indique el nombre o razón social del comprador.`,
      ),
    );
  }
}

/** Gift certificates pay only consumer invoices (Formato campo 12; Informe Técnico §17 p. 31). */
export function checkPaymentForms(view: EcfView, errors: EcfValidationError[]): void {
  if (view.tipo === "32") return;
  groupItems(view.idDoc, "TablaFormasPago", "FormaDePago").forEach((form, index) => {
    if (textAt(form, "FormaPago") !== GIFT_CERTIFICATE) return;
    errors.push(
      ruleError(
        "GIFT_CERTIFICATE_ONLY_32",
        `${PATH.idDoc}.TablaFormasPago.FormaDePago[${index}].FormaPago`,
        `FormaPago 5 (bonos o certificados de regalo) solo se admite en un e-CF tipo 32 (Factura de Consumo ` +
          `Electrónica); este es tipo ${typeName(view.tipo ?? "")}. Use otra forma de pago.`,
      ),
    );
  });
}
