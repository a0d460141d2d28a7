/** Spanish strings of the Auditoría page (the audit pack). The `audit` namespace. */
export const esAudit = {
  nav: "Auditoría",
  title: "Auditoría",
  intro:
    "Descargue en un ZIP todo lo de un período y un ambiente: las anulaciones (quién las pidió y aprobó, motivo, rangos, totales, estado y respuesta de la DGII), cada ANECF firmado tal como se envió, cada respuesta de la DGII, las confirmaciones con su evidencia, el registro de actividad y los archivos 608 por mes.",
  formTitle: "Paquete de auditoría",
  from: "Desde",
  to: "Hasta",
  periodHint: "Días incluidos, hora de Santo Domingo; como máximo 366 días.",
  environment: "Ambiente",
  download: "Descargar ZIP",
  contentsTitle: "Qué contiene",
  contents: [
    "README.txt: explica cada archivo.",
    "anulaciones.csv y rangos.csv: las anulaciones del período y sus rangos.",
    "xml/: cada ANECF firmado exactamente como se envió; respuestas-dgii/: cada respuesta de la DGII.",
    "conciliaciones.csv y evidencias/: las confirmaciones manuales y sus archivos.",
    "actividad.csv: el registro de actividad de la empresa.",
    "608/: un archivo por mes en el formato 608 de la DGII (como máximo 1,000,000 de líneas por archivo; un mes con más se divide en -1, -2…). Solo lo que la DGII anuló.",
    "sin-motivo.csv: lo anulado sin motivo registrado; nunca se le asigna uno por defecto ni entra al 608: complételo usted.",
  ],
  errors: {
    INVALID_PERIOD: "Indique un período válido: dos días, el primero no posterior al último.",
    PERIOD_TOO_LONG: "El período es de más de 366 días: pida varios paquetes.",
  },
  notAllowed: "Solo los administradores de la empresa descargan el paquete de auditoría.",
};
