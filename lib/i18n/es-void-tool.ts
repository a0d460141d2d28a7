import { esVoidReasons } from "./es-void-reasons";

/**
 * Spanish strings of Tools → Anular e-NCF (the `voidTool` namespace of the es catalogue). `{name}`
 * placeholders are filled by format(); `{ one, other }` messages by plural(). Validation messages
 * are not here: they come from lib/domain so the browser and the API say the same thing.
 */
export const esVoidTool = {
  title: "Anular e-NCF",
  /** The reason fields and labels, also the catalogue's own `voidReasons` namespace. */
  reasons: esVoidReasons,
  intro:
    "Anule rangos de e-NCF que su empresa no usará. Escriba un rango por línea o pegue varias líneas desde Excel o Google Sheets (desde y hasta separados por tabulador, coma o espacio). Un solo e-NCF en la línea anula una sola secuencia.",
  /** {roles}: the person's roles in this company, by name ("Aprobador", "Consulta"…). */
  viewerDenied:
    "Su rol en esta empresa ({roles}) le permite ver el historial y los documentos, pero no anular: anular e-NCF es del rol de Operador. Pídalo a un administrador si lo necesita.",
  /** What the person's other roles do instead, said after viewerDenied. */
  deniedCan: {
    approver:
      "Como Aprobador, usted aprueba o rechaza las solicitudes de anulación de otras personas y resuelve las anulaciones por confirmar.",
    administrator:
      "Como Administrador, usted gestiona la empresa: certificado, usuarios, autorizaciones de la DGII y claves de API.",
  },
  environment: {
    legend: "Ambiente",
    TesteCF: "TesteCF",
    CerteCF: "CerteCF",
    eCF: "eCF",
    hintTesteCF: "Pruebas: no consume secuencias reales.",
    hintCerteCF: "Certificación ante la DGII.",
    hinteCF: "Producción: la anulación es real y definitiva.",
    changing: "Cambiando de ambiente…",
    failed: "No se pudo cambiar el ambiente. Intente de nuevo.",
  },
  /** The company has no usable certificate: said before any confirmation, with where to load one. */
  certificate: {
    missing:
      "La empresa no tiene un certificado digital activo: sin él no se puede firmar ni enviar una anulación. Un administrador lo carga en Configuración → Certificado.",
    expired:
      "El certificado digital de la empresa venció el {date}: la DGII rechazaría la firma. Un administrador carga el nuevo en Configuración → Certificado.",
    link: "Ir al certificado",
  },
  editor: {
    label: "Rangos a anular",
    pasteHint: "Pegue aquí una o varias líneas, o escriba en los campos.",
    shortcuts:
      "Teclado: Intro crea una línea nueva · ↑/↓ cambian de línea · Alt+↑/↓ mueven la línea · Alt+Supr la elimina.",
    line: "Línea {line}",
    lineNumberHeader: "#",
    desde: "Desde",
    hasta: "Hasta",
    desdeLabel: "Línea {line}: e-NCF inicial (desde)",
    hastaLabel: "Línea {line}: e-NCF final (hasta); vacío = solo el inicial",
    hastaPlaceholder: "igual que desde",
    type: "Tipo",
    count: "Cantidad",
    typeUnknown: "—",
    moveUp: "Subir línea {line}",
    moveDown: "Bajar línea {line}",
    remove: "Eliminar línea {line}",
    moveUpSymbol: "↑",
    moveDownSymbol: "↓",
    removeSymbol: "×",
    addLine: "+ Añadir línea",
    clearAll: "Vaciar el editor",
    /** The shared confirm dialog's buttons for emptying the editor and for leaving with unsent lines. */
    clearYes: "Vaciar",
    clearNo: "Cancelar",
    leaveTitle: "Salir de la herramienta",
    leaveYes: "Salir",
    leaveNo: "Quedarme",
    clearConfirm: {
      one: "¿Vaciar la única línea del editor?",
      other: "¿Vaciar las {count} líneas del editor?",
    },
    goToLine: "Ir a la línea {line}",
    linesCount: { one: "{count} línea", other: "{count} líneas" },
    pasted: { one: "Se pegó {count} línea.", other: "Se pegaron {count} líneas." },
    fieldDesde: "«Desde»",
    fieldHasta: "«Hasta»",
    overlapBadge: "Se solapa",
    firstProblem: "Ir al primer problema (línea {line})",
    quantityMismatch:
      "Línea {line}: la cantidad de la fila pegada ({pasted}) no coincide con el rango ({count}). Corrija «Desde» o «Hasta».",
    headersIgnored: {
      one: "Se ignoró {count} fila sin e-NCF (encabezado o título): fila {rows}.",
      other: "Se ignoraron {count} filas sin e-NCF (encabezados o títulos): filas {rows}.",
    },
    alreadyVoided: {
      one: "Línea {line}: {count} secuencia de esta línea ya fue anulada y aceptada por la DGII ({ranges}).",
      other:
        "Línea {line}: {count} secuencias de esta línea ya fueron anuladas y aceptadas por la DGII ({ranges}).",
    },
    removeVoided: "Quitar lo ya anulado",
    alreadyIssued: {
      one: "Línea {line}: {count} e-NCF de esta línea ya fue emitido ({ranges}); la DGII no anula números utilizados.",
      other:
        "Línea {line}: {count} e-NCF de esta línea ya fueron emitidos ({ranges}); la DGII no anula números utilizados.",
    },
    removeIssued: "Quitar lo emitido",
    removeIssuedLabel: "Línea {line}: quitar lo emitido",
    removeVoidedLabel: "Línea {line}: quitar lo ya anulado",
    viewVoid: "Ver la anulación anterior",
    draftRestored: {
      one: "Se recuperó el borrador guardado en este navegador: {count} línea.",
      other: "Se recuperó el borrador guardado en este navegador: {count} líneas.",
    },
    draftNote:
      "El borrador se guarda en este navegador para esta empresa y este ambiente hasta que lo envíe o lo vacíe.",
    leaveConfirm:
      "Hay líneas sin enviar. Quedan guardadas en este navegador para esta empresa y este ambiente. ¿Salir de la herramienta?",
    lineOk: {
      one: "Línea {line} correcta: {count} secuencia del tipo {type}.",
      other: "Línea {line} correcta: {count} secuencias del tipo {type}.",
    },
  },
  summary: {
    title: "Resumen",
    empty: "Aún no hay rangos válidos.",
    type: "Tipo",
    ranges: "Rangos",
    sequences: "Secuencias",
    total: "Total",
    typesUsed: "Tipos de e-CF: {count} de {max}",
    rangesOfType: "{count} de {max} rangos",
    problems: { one: "{count} línea con problemas", other: "{count} líneas con problemas" },
    overlaps: { one: "{count} línea solapada", other: "{count} líneas solapadas" },
    blank: { one: "{count} línea vacía (se ignora)", other: "{count} líneas vacías (se ignoran)" },
    allGood: "Todas las líneas son válidas.",
    alreadyVoided: {
      one: "{count} línea incluye secuencias ya anuladas",
      other: "{count} líneas incluyen secuencias ya anuladas",
    },
    alreadyIssued: {
      one: "{count} e-NCF ya emitido en {lines}: no se puede enviar",
      other: "{count} e-NCF ya emitidos en {lines}: no se puede enviar",
    },
    issuedLines: { one: "{count} línea", other: "{count} líneas" },
  },
  actions: {
    preview: "Vista previa del XML",
    review: "Revisar y anular…",
    checking: "Comprobando con el historial…",
    fixFirst: "Corrija las líneas marcadas antes de continuar.",
    nothingToSend: "Escriba o pegue al menos un rango.",
    tooLarge:
      "Esta solicitud tiene demasiados rangos ({count}) para enviarla desde el portal de una vez. Divídala en varias anulaciones o use la API REST.",
  },
  warnings: {
    title: "Antes de enviar",
    blockedTitle: "No se puede enviar",
    accepted:
      "Línea {line}: el rango {desde} – {hasta} ya fue anulado y aceptado por la DGII en una anulación anterior. Quítelo para poder continuar.",
    acceptedLink: "Ver la anulación {voidId}",
    error:
      "Línea {line}: se solapa con una anulación anterior que quedó en Error ({fecha}). Pudo haber llegado a la DGII. Revise ese registro primero: si pasó a Aceptado o Rechazado no la repita; si sigue en Error, verifique el estado de las secuencias antes de enviar otra.",
    errorLink: "Revisar el registro {voidId}",
    errorAck: "Revisé las anulaciones en Error indicadas y quiero continuar.",
    acceptedLines: {
      one: "{count} línea incluye secuencias ya anuladas y aceptadas por la DGII; está marcada en el editor. Quítelas para poder continuar.",
      other:
        "{count} líneas incluyen secuencias ya anuladas y aceptadas por la DGII; están marcadas en el editor. Quítelas para poder continuar.",
    },
    removeAllVoided: "Quitar lo ya anulado de todas las líneas",
    used: {
      one: "No se puede anular: el e-NCF {numbers} ya fue emitido. La DGII solo anula números no utilizados: quítelo del borrador.",
      other:
        "No se puede anular: {count} e-NCF ya fueron emitidos: {numbers}{more}. La DGII solo anula números no utilizados: quítelos del borrador.",
    },
    usedMore: " y {count} más",
    usedLines: {
      one: "{count} línea los contiene; está marcada en el editor con «Quitar lo emitido».",
      other: "{count} líneas los contienen; están marcadas en el editor con «Quitar lo emitido».",
    },
    removeAllUsed: "Quitar lo emitido de todas las líneas",
    usedRemoved: {
      one: "Se quitó lo emitido de {count} línea. Revise y envíe de nuevo.",
      other: "Se quitó lo emitido de {count} líneas. Revise y envíe de nuevo.",
    },
    usedMoreCapped: " y más de {count} más",
    usedRemedy:
      "Un e-CF emitido se cancela con una nota de crédito (e-CF 34, código de modificación 1) por cada documento, nunca con una anulación.",
    usedRemedyLink: "¿Qué hago con {encf}?",
    outsideTitle: "Fuera de las autorizaciones registradas",
    outside: "{desde} – {hasta} ({count}) está fuera de las autorizaciones registradas del tipo {tipo}.",
    outsideMore: {
      one: "… y {count} tramo más fuera de las autorizaciones.",
      other: "… y {count} tramos más fuera de las autorizaciones.",
    },
    outsideNote:
      "Es solo un aviso: puede enviar la anulación. Compruebe que los rangos sean de esta empresa o registre la autorización en Secuencias.",
    removed: {
      one: "Se quitó lo ya anulado de {count} línea. Revise y envíe de nuevo.",
      other: "Se quitó lo ya anulado de {count} líneas. Revise y envíe de nuevo.",
    },
  },
  preview: {
    title: "Vista previa del documento ANECF",
    note: "Este es el documento exactamente como se firmará (aquí con sangría para leerlo). La firma digital con el certificado de la cuenta se añade al enviar.",
    fecha: "Fecha y hora de anulación: {fecha} (hora de Santo Domingo)",
    download: "Descargar XML sin firmar",
    close: "Cerrar vista previa",
    truncated: "El documento es muy grande para mostrarlo completo ({size}); descárguelo para verlo entero.",
  },
  confirm: {
    title: "Confirmar la anulación",
    environment: "Ambiente",
    rnc: "RNC emisor",
    fecha: "Fecha y hora de anulación",
    perType: "Secuencias por tipo",
    total: "Total a anular",
    irreversible:
      "La anulación es irreversible: una vez aceptada por la DGII, estas secuencias no podrán emitirse nunca más. Anule solo secuencias que no haya usado.",
    production: "Está en PRODUCCIÓN (eCF). Esta anulación es real.",
    typeTotal: "Para confirmar, escriba arriba el total de secuencias a anular: {total}.",
    typeTotalLabel: "Total de secuencias",
    cancel: "Cancelar",
    submit: { one: "Anular {count} secuencia", other: "Anular {count} secuencias" },
    sending: "Enviando a la DGII… {seconds} s",
    sendingNote:
      "No cierre esta página. Si no hay respuesta a tiempo, el intento quedará registrado en Error.",
    showXml: "Ver el XML que se firmará",
  },
  failure: {
    title: "No se envió la anulación",
    nothingSent: "No se envió nada a la DGII; corrija y vuelva a intentarlo.",
    linkVoid: "Ver la anulación {voidId}",
    network:
      "No se recibió respuesta del servidor. La anulación pudo haberse enviado: revise el historial antes de intentarlo de nuevo. Si vuelve a confirmar desde esta misma pantalla se reutiliza la misma clave, así que no se enviará dos veces.",
    history: "Abrir el historial de anulaciones",
  },
  result: {
    summary: "Datos de la anulación",
    typeCount: "{tipo} {name}: {count}",
    title: "Resultado de la anulación",
    status: "Estado",
    voidId: "Número de la anulación",
    fileName: "Archivo",
    environment: "Ambiente",
    fecha: "Fecha y hora de anulación",
    total: "Secuencias",
    perType: "Por tipo",
    authority: "Respuesta de la DGII",
    authorityCode: "Código {code}: {name}",
    noMessages: "Sin mensajes.",
    detail: "Detalle técnico:",
    refresh: "Consultar el estado de nuevo",
    record: "Ver el registro completo",
    signedXml: "Descargar el XML firmado",
    newVoid: "Nueva anulación",
    notFound: "No se encontró esa anulación en este ambiente.",
    rangesTitle: "Rangos anulados por tipo",
    rangesRejectedTitle: "Rangos de la solicitud por tipo (no anulados)",
    rangesRejectedNote:
      "La DGII rechazó la anulación: ninguno de estos rangos quedó anulado, por eso no hay comprobante que imprimir.",
    rangesUnconfirmedTitle: "Rangos enviados por tipo (anulación sin confirmar)",
    rangesUnconfirmedNote:
      "Aún no se sabe si la DGII anuló estos rangos: el comprobante se ofrece cuando se confirme que los anuló.",
    typeHeading: "Tipo {tipo} · {name}",
    desde: "Desde",
    hasta: "Hasta",
    count: "Cantidad",
    typeTotal: "Subtotal",
    moreRanges: {
      one: "… y {count} rango más (todos en el CSV del registro).",
      other: "… y {count} rangos más (todos en el CSV del registro).",
    },
    print: "Imprimir comprobante",
  },
  receipt: {
    title: "Comprobante de anulación de e-NCF",
    company: "Empresa",
    rnc: "RNC",
    environment: "Ambiente",
    voidId: "Número de la anulación",
    fecha: "Fecha y hora de anulación",
    recordedAt: "Registrada el",
    sentBy: "Enviada por",
    status: "Estado",
    total: "Total de secuencias anuladas",
    excepted: "Exceptuadas por la DGII (no anuladas)",
    authority: "Respuesta de la DGII",
    printedAt: "Impreso el {date}",
  },
};
