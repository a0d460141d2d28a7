/**
 * Spanish strings of finding things: the history's e-NCF search, its ranges column and
 * CSV headers, the document lookup's voided note, table and export, the certificate holder check.
 */
export const esFinding = {
  search: {
    label: "¿Está anulado este e-NCF?",
    hint: "Escriba un e-NCF: se buscan todas las anulaciones cuyo rango lo incluye, en cualquier estado.",
    submit: "Buscar",
    title: "Anulaciones que incluyen {encf}",
    none: "Ninguna anulación en {environment} incluye {encf}.",
    found: {
      one: "{encf} está en {count} anulación de {environment}:",
      other: "{encf} está en {count} anulaciones de {environment}:",
    },
    voided: "Anulado: la DGII aceptó una anulación que lo incluye.",
    notVoided: "No está anulado: ninguna anulación aceptada lo incluye.",
    range: "Rango",
    excepted: "La DGII no anuló este número (éxito parcial).",
    truncated: {
      one: "Se revisó solo el intento más reciente de este tipo; si busca uno más antiguo, filtre por fechas.",
      other:
        "Se revisaron solo los {count} intentos más recientes de este tipo; si busca uno más antiguo, filtre por fechas.",
    },
    clear: "Quitar la búsqueda",
  },
  voidColumn: "Anulación",
  rangesColumn: "Rangos",
  moreRanges: { one: "y {count} rango más", other: "y {count} rangos más" },
  copy: "Copiar",
  copied: "Copiado",
  copyId: "Copiar el identificador {id}",
  csv: {
    linea: "Línea",
    fecha: "Fecha",
    anulacion: "Anulación",
    estado: "Estado",
    ambiente: "Ambiente",
    fechaHoraAnulacion: "Fecha y hora de anulación",
    totalAnulado: "Total anulado",
    tipo: "Tipo",
    desde: "Desde",
    hasta: "Hasta",
    cantidad: "Cantidad",
    archivo: "Archivo",
    codigoDgii: "Código DGII",
    respuestaDgii: "Respuesta DGII",
    mensajesDgii: "Mensajes DGII",
    enviadoPor: "Enviado por",
    rangoExceptuado: "Exceptuado por la DGII",
  },
  exceptedYes: "Sí",
  documents: {
    voidedRange:
      "{ecf} no está registrado como documento, pero está dentro de un rango anulado: anulación {voidId} ({status}), rango {desde} – {hasta}.",
    exceptedRange:
      "{ecf} no está registrado como documento. Estaba en la anulación {voidId} ({status}), rango {desde} – {hasta}, pero la DGII no lo anuló: sigue sin anular.",
    voidLink: "Ver la anulación",
    malformed: "Inválido",
    malformedExplain: "{ecf} no es un e-NCF válido: {reason}",
    duplicates: { one: "Se omitió {count} e-NCF repetido.", other: "Se omitieron {count} e-NCF repetidos." },
    exportCsv: "Exportar resultados (CSV)",
    received: { yes: "Sí", no: "No" },
  },
};
