import type { esAudit } from "./es-audit";

/** English strings of the Auditoría page (the audit pack). */
export const enAudit: typeof esAudit = {
  nav: "Audit",
  title: "Audit",
  intro:
    "Download everything of a period and an environment in one ZIP: the voids (who requested and approved them, reason, ranges, totals, status and DGII's answer), every signed ANECF exactly as sent, every DGII answer, the settlements with their evidence, the activity log and the monthly 608 files.",
  formTitle: "Audit pack",
  from: "From",
  to: "To",
  periodHint: "Days included, Santo Domingo time; at most 366 days.",
  environment: "Environment",
  download: "Download ZIP",
  contentsTitle: "What it holds",
  contents: [
    "README.txt: explains every file (in Spanish).",
    "anulaciones.csv and rangos.csv: the period's voids and their ranges.",
    "xml/: each signed ANECF exactly as sent; respuestas-dgii/: every DGII answer.",
    "conciliaciones.csv and evidencias/: the manual settlements and their files.",
    "actividad.csv: the company's activity log.",
    "608/: one file per month in DGII's 608 layout (at most 1,000,000 lines a file; a longer month is split into -1, -2…). Only what DGII voided.",
    "sin-motivo.csv: what was voided without a recorded reason; never given a default one nor put in the 608: complete it yourself.",
  ],
  errors: {
    INVALID_PERIOD: "Enter a valid period: two days, the first not after the last.",
    PERIOD_TOO_LONG: "The period is over 366 days: ask for several packs.",
  },
  notAllowed: "Only the company's administrators download the audit pack.",
};
