/**
 * Spanish strings of the credit note (e-CF 34) issued from the portal: the E34 sub-range an
 * administrator reserves (Secuencias), the note prepared and confirmed from the remedy, and the
 * links between a note and the e-CF it modifies on their document pages: `creditNote`.
 */
export const esCreditNote = {
  range: {
    title: "Números E34 para las notas de crédito del portal",
    intro:
      "El portal emite notas de crédito solo con números de estos rangos, reservados dentro de una autorización E34 registrada. Si su ERP también emite E34, déjele el resto de la autorización: así nunca usan el mismo número.",
    none: "No hay ningún rango reservado: el portal no puede emitir notas de crédito en este ambiente.",
    caption: "Rangos E34 reservados para el portal",
    from: "Desde",
    to: "Hasta",
    count: "Cantidad",
    by: "Reservado por",
    fromHint: "Un e-NCF tipo 34 de una autorización registrada, por ejemplo E340000000001.",
    save: "Reservar rango",
    saved: "Rango reservado: {from} – {to}.",
    remove: "Quitar",
    removeTitle: "¿Quitar el rango {from} – {to}?",
    removeText: "El portal dejará de tomar números de este rango. Las notas ya emitidas con él no cambian.",
    removed: "Rango quitado.",
    adminOnly: "Solo un administrador de la empresa reserva estos rangos.",
  },
  tool: {
    title: "Emitir la nota de crédito desde Anula",
    intro:
      "Este e-CF se emitió en Anula: el portal prepara la nota con el comprador y los montos del original. Revise, confirme y se emite como cualquier e-CF de la API.",
    reason: "Razón de la nota de crédito",
    reasonHint:
      "Se escribe en RazonModificacion (hasta 90 caracteres), por ejemplo «Devolución total de la mercancía».",
    reasonRequired: "Escriba la razón de la nota de crédito.",
    prepare: "Preparar la nota de crédito",
    summaryTitle: "Nota de crédito preparada",
    fields: {
      number: "Número",
      original: "Modifica a",
      buyer: "Comprador",
      fechaOriginal: "Fecha del original",
      codigo: "CodigoModificacion",
      indicador: "IndicadorNotaCredito",
      total: "Monto de la nota",
      itbis: "ITBIS de la nota",
      reason: "Razón",
      basis: "Montos",
    },
    numberNote: "{encf} si nadie emite otra antes: el número se toma al confirmar.",
    basis: {
      copy: "Las líneas y totales del original.",
      "copy-without-itbis":
        "Las líneas del original sin ITBIS: pasaron más de 30 días y el ITBIS no se reembolsa.",
      balance: "Una línea por el saldo que dejaron las notas de crédito anteriores.",
    },
    xml: "Ver el XML de la nota (sin firmar)",
    issue: "Emitir la nota de crédito",
    confirmTitle: "¿Emitir la nota de crédito de {encf}?",
    confirmText:
      "Se firma con el certificado de la empresa y se envía a la DGII por {total}. Una nota de crédito emitida no se puede deshacer.",
    confirmSubmit: "Emitir la nota de crédito",
    sending: "Emitiendo… {seconds} s",
    noPermission:
      "Su rol no emite e-CF: pida a un operador de la empresa que emita la nota de crédito desde esta página.",
    missingRangeAdmin: "Reserve un rango E34 para el portal en Secuencias",
    missingRangeAsk:
      "Pida a un administrador de la empresa que reserve un rango E34 para el portal en Secuencias.",
  },
  links: {
    modifies: "Esta nota de crédito modifica a {encf}",
    creditNotes: "Notas de crédito que lo modifican",
    item: "{encf} ({status}): {total}",
  },
};
