/** Spanish strings of the documents page's import of an ERP's CSV/XLSX: the `erpImport` namespace. */
export const esErpImport = {
  title: "Importar e-CF emitidos desde su ERP",
  intro:
    "Suba un CSV o un XLSX (primera hoja, primera fila como encabezado) de hasta {maxRows} filas y {maxSize}. Elija qué columna es cada campo, revise la vista previa e importe: si una sola fila tiene un problema no se importa ninguna.",
  file: "Archivo CSV o XLSX",
  reading: "Leyendo el archivo…",
  mappingTitle: "Columnas",
  notMapped: "(no importar)",
  fields: {
    ncf: "e-NCF (obligatorio)",
    status: "Estado",
    fechaEmision: "Fecha de emisión",
    fechaFirma: "Fecha y hora de firma",
    invoiceTotal: "Monto total",
    buyerRnc: "RNC comprador",
    trackId: "trackId de la DGII",
    securityCode: "Código de seguridad",
  },
  previewTitle: "Vista previa",
  previewCaption: {
    one: "La fila tal como se importará",
    other: "Primeras {count} filas tal como se importarán",
  },
  row: "Fila",
  summary: {
    one: "{count} fila lista para importar",
    other: "{count} filas listas para importar",
  },
  errorsTitle: {
    one: "{count} problema: corrija el archivo; no se importará nada",
    other: "{count} problemas: corrija el archivo; no se importará nada",
  },
  errorLine: "Fila {row} · {field}: {message}",
  problems: {
    missingNcf: "falta el e-NCF",
    invalidNcf: "«{value}» no es un e-NCF válido",
    duplicateNcf: "el e-NCF {value} está repetido en el archivo",
    invalidStatus: "estado «{value}» desconocido (Aceptado, Rechazado, Aceptado Condicional o En Proceso)",
    invalidDate: "fecha «{value}» no válida (dd-MM-aaaa, dd/MM/aaaa o aaaa-MM-dd)",
    invalidDateTime: "fecha y hora «{value}» no válida (dd-MM-aaaa HH:mm:ss)",
    invalidAmount: "monto «{value}» no válido",
    invalidRnc: "RNC «{value}» no válido (9 u 11 dígitos)",
    tooLong: "«{value}…» es demasiado largo",
  },
  fileProblems: {
    tooLarge: "El archivo pesa más de {maxSize}. Divídalo en varios.",
    tooManyRows: "El archivo tiene {rows} filas; el máximo es {maxRows}. Divídalo en varios.",
    empty: "El archivo no tiene filas de datos bajo el encabezado.",
    unreadable: "No se pudo leer el archivo. Guárdelo como CSV UTF-8 o como XLSX y vuelva a intentarlo.",
    unsupported: "Solo se aceptan archivos .csv o .xlsx.",
    noNcfColumn: "Elija la columna del e-NCF.",
  },
  coverage: "Todos los e-CF emitidos hasta esta fecha están importados (marca de cobertura)",
  coverageDate: "Todo lo emitido hasta (hora de Santo Domingo)",
  coverageInvalid: "Indique una fecha y hora válidas para la marca de cobertura.",
  coverageHint:
    "Opcional. Solo por debajo de esta marca se proponen huecos para anular; márquela solo si su ERP no tiene e-CF emitidos hasta esa fecha sin importar.",
  submit: "Importar {count} e-CF",
  importing: "Importando…",
  /** "Importados 46 e-CF: 45 nuevos, 1 actualizado.": each count with its own form. */
  imported: {
    one: "Importado {count} e-CF: {created}, {updated}.",
    other: "Importados {count} e-CF: {created}, {updated}.",
  },
  importedCreated: { one: "{count} nuevo", other: "{count} nuevos" },
  importedUpdated: { one: "{count} actualizado", other: "{count} actualizados" },
  coverageSet: "Marca de cobertura: {date}.",
};
