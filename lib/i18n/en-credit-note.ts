import type { esCreditNote } from "./es-credit-note";

/** English strings of the portal's credit note (see es-credit-note.ts). */
export const enCreditNote: typeof esCreditNote = {
  range: {
    title: "E34 numbers for the portal's credit notes",
    intro:
      "The portal issues credit notes only with numbers from these ranges, reserved inside a registered E34 authorization. If your ERP issues E34 too, leave it the rest of the authorization: then they never use the same number.",
    none: "No range is reserved: the portal cannot issue credit notes in this environment.",
    caption: "E34 ranges reserved for the portal",
    from: "From",
    to: "To",
    count: "Count",
    by: "Reserved by",
    fromHint: "A type 34 e-NCF of a registered authorization, e.g. E340000000001.",
    save: "Reserve range",
    saved: "Range reserved: {from} – {to}.",
    remove: "Remove",
    removeTitle: "Remove the range {from} – {to}?",
    removeText:
      "The portal stops taking numbers from this range. Notes already issued with it do not change.",
    removed: "Range removed.",
    adminOnly: "Only an administrator of the company reserves these ranges.",
  },
  tool: {
    title: "Issue the credit note from Anula",
    intro:
      "This e-CF was issued in Anula: the portal prepares the note with the original's buyer and amounts. Review, confirm, and it is issued like any e-CF of the API.",
    reason: "Reason for the credit note",
    reasonHint: "Written to RazonModificacion (up to 90 characters), e.g. “Full return of the goods”.",
    reasonRequired: "Write the reason for the credit note.",
    prepare: "Prepare the credit note",
    summaryTitle: "Credit note prepared",
    fields: {
      number: "Number",
      original: "Modifies",
      buyer: "Buyer",
      fechaOriginal: "Original's date",
      codigo: "CodigoModificacion",
      indicador: "IndicadorNotaCredito",
      total: "Note amount",
      itbis: "Note ITBIS",
      reason: "Reason",
      basis: "Amounts",
    },
    numberNote: "{encf} unless someone issues another first: the number is taken on confirmation.",
    basis: {
      copy: "The original's lines and totals.",
      "copy-without-itbis":
        "The original's lines without ITBIS: more than 30 days passed and the ITBIS is not refunded.",
      balance: "One line for the balance earlier credit notes left.",
    },
    xml: "Show the note's XML (unsigned)",
    issue: "Issue the credit note",
    confirmTitle: "Issue the credit note for {encf}?",
    confirmText:
      "It is signed with the company's certificate and sent to DGII for {total}. An issued credit note cannot be undone.",
    confirmSubmit: "Issue the credit note",
    sending: "Issuing… {seconds} s",
    noPermission:
      "Your role does not issue e-CF: ask an operator of the company to issue the credit note from this page.",
    missingRangeAdmin: "Reserve an E34 range for the portal in Sequences",
    missingRangeAsk:
      "Ask an administrator of the company to reserve an E34 range for the portal in Sequences.",
  },
  links: {
    modifies: "This credit note modifies {encf}",
    creditNotes: "Credit notes that modify it",
    item: "{encf} ({status}): {total}",
  },
};
