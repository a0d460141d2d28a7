import type { Locale } from "@/lib/domain/locale";

/**
 * Strings of Tools → Anular e-NCF (es-DO default, en). Kept beside the tool so the portal dictionary
 * stays small; `{name}` placeholders are filled with format() from lib/i18n. Validation messages are
 * not here: they come from lib/domain so the browser and the API say the same thing.
 */
const es = {
  title: "Anular e-NCF",
  intro:
    "Anule rangos de e-NCF que su empresa no usará. Escriba un rango por línea o pegue varias líneas desde Excel o Google Sheets (desde y hasta separados por tabulador, coma o espacio). Un solo e-NCF en la línea anula una sola secuencia.",
  viewerDenied:
    "Su rol (Consulta) permite ver el historial y los documentos, pero no anular. Pida a un administrador el rol de Operador.",
  environment: {
    legend: "Ambiente",
    TesteCF: "TesteCF",
    CerteCF: "CerteCF",
    eCF: "eCF",
    hintTesteCF: "Pruebas: no consume secuencias reales.",
    hintCerteCF: "Certificación ante la DGII.",
    hinteCF: "Producción: la anulación es real y definitiva.",
    changing: "Cambiando de ambiente…",
  },
  editor: {
    label: "Rangos a anular",
    pasteHint: "Pegue aquí una o varias líneas, o escriba en los campos.",
    shortcuts:
      "Teclado: Intro crea una línea nueva · ↑/↓ cambian de línea · Alt+↑/↓ mueven la línea · Alt+Supr la elimina.",
    line: "Línea {line}",
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
    addLine: "Añadir línea",
    clearAll: "Vaciar el editor",
    clearConfirm: "¿Vaciar las {count} líneas del editor?",
    goToLine: "Ir a la línea {line}",
    linesCount: "{count} líneas",
    pasted: "Se pegaron {count} líneas.",
    fieldDesde: "«Desde»",
    fieldHasta: "«Hasta»",
    overlapBadge: "Se solapa",
    firstProblem: "Ir al primer problema (línea {line})",
    lineOk: "Línea {line} correcta: {count} secuencias del tipo {type}.",
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
    nearLimit: "Cerca del límite",
    problems: "{count} líneas con problemas",
    overlaps: "{count} líneas solapadas",
    blank: "{count} líneas vacías (se ignoran)",
    allGood: "Todas las líneas son válidas.",
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
    accepted:
      "Línea {line}: el rango {desde} – {hasta} ya fue anulado y aceptado por la DGII en una anulación anterior. Quítelo para poder continuar.",
    acceptedLink: "Ver la anulación {voidId}",
    error:
      "Línea {line}: se solapa con una anulación anterior que quedó en Error ({fecha}). Pudo haber llegado a la DGII. Revise ese registro primero: si pasó a Aceptado o Rechazado no la repita; si sigue en Error, verifique el estado de las secuencias antes de enviar otra.",
    errorLink: "Revisar el registro {voidId}",
    errorAck: "Revisé las anulaciones en Error indicadas y quiero continuar.",
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
    typeTotal: "Para confirmar, escriba el total de secuencias a anular ({total}):",
    typeTotalLabel: "Total de secuencias",
    cancel: "Cancelar",
    submit: "Anular {total} secuencias",
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
    title: "Resultado de la anulación",
    status: "Estado",
    voidId: "voidId",
    fileName: "Archivo",
    environment: "Ambiente",
    fecha: "Fecha y hora de anulación",
    total: "Secuencias",
    perType: "Por tipo",
    authority: "Respuesta de la DGII",
    authorityCode: "Código {code}: {name}",
    noMessages: "Sin mensajes.",
    accepted: "La DGII aceptó la anulación. Estas secuencias ya no pueden emitirse.",
    rejected:
      "La DGII rechazó la anulación: no se anuló ninguna secuencia de este documento. Vea los motivos abajo; corrija los rangos y envíe una nueva anulación.",
    errorTitle: "Resultado sin confirmar (Error)",
    errorMeaning:
      "La DGII no confirmó la anulación: pudo no haberla recibido, o recibirla sin que llegara su respuesta. No la reenvíe a ciegas: podría anular dos veces el mismo rango.",
    errorSteps: [
      "Consulte este registro de nuevo en unos minutos: si la DGII respondió tarde, pasará solo a Aceptado o Rechazado.",
      "Si pasó a Aceptado o Rechazado, no repita la anulación.",
      "Si sigue en Error, verifique el estado real de las secuencias con la DGII antes de enviar una nueva solicitud.",
    ],
    authErrorMeaning:
      "No se pudo autenticar ante la DGII con el certificado de la cuenta, así que el documento no se envió. Revise el certificado en Configuración; luego puede enviar una nueva anulación.",
    detail: "Detalle técnico: {detail}",
    refresh: "Consultar el estado de nuevo",
    record: "Ver el registro completo",
    signedXml: "Descargar el XML firmado",
    newVoid: "Nueva anulación",
    notFound: "No se encontró esa anulación en este ambiente.",
  },
  statuses: { Aceptado: "Aceptado", Rechazado: "Rechazado", Error: "Error" },
};

export type VoidToolStrings = typeof es;

const en: VoidToolStrings = {
  title: "Void e-NCF",
  intro:
    "Void e-NCF ranges your company will not use. Type one range per line or paste several lines from Excel or Google Sheets (from and to separated by tab, comma or space). A single e-NCF on a line voids one sequence.",
  viewerDenied:
    "Your role (Viewer) can see history and documents but cannot void. Ask an administrator for the Operator role.",
  environment: {
    legend: "Environment",
    TesteCF: "TesteCF",
    CerteCF: "CerteCF",
    eCF: "eCF",
    hintTesteCF: "Testing: no real sequences are consumed.",
    hintCerteCF: "Certification with DGII.",
    hinteCF: "Production: the void is real and final.",
    changing: "Changing environment…",
  },
  editor: {
    label: "Ranges to void",
    pasteHint: "Paste one or more lines here, or type in the fields.",
    shortcuts:
      "Keyboard: Enter adds a line · ↑/↓ move between lines · Alt+↑/↓ move the line · Alt+Delete removes it.",
    line: "Line {line}",
    desde: "From",
    hasta: "To",
    desdeLabel: "Line {line}: first e-NCF (from)",
    hastaLabel: "Line {line}: last e-NCF (to); empty = only the first",
    hastaPlaceholder: "same as from",
    type: "Type",
    count: "Count",
    typeUnknown: "—",
    moveUp: "Move line {line} up",
    moveDown: "Move line {line} down",
    remove: "Remove line {line}",
    addLine: "Add line",
    clearAll: "Empty the editor",
    clearConfirm: "Empty all {count} lines of the editor?",
    goToLine: "Go to line {line}",
    linesCount: "{count} lines",
    pasted: "{count} lines pasted.",
    fieldDesde: "“From”",
    fieldHasta: "“To”",
    overlapBadge: "Overlaps",
    firstProblem: "Go to the first problem (line {line})",
    lineOk: "Line {line} is valid: {count} sequences of type {type}.",
  },
  summary: {
    title: "Summary",
    empty: "No valid ranges yet.",
    type: "Type",
    ranges: "Ranges",
    sequences: "Sequences",
    total: "Total",
    typesUsed: "e-CF types: {count} of {max}",
    rangesOfType: "{count} of {max} ranges",
    nearLimit: "Near the limit",
    problems: "{count} lines with problems",
    overlaps: "{count} overlapping lines",
    blank: "{count} empty lines (ignored)",
    allGood: "All lines are valid.",
  },
  actions: {
    preview: "XML preview",
    review: "Review and void…",
    checking: "Checking against the history…",
    fixFirst: "Fix the flagged lines before continuing.",
    nothingToSend: "Type or paste at least one range.",
    tooLarge:
      "This request has too many ranges ({count}) to send from the portal at once. Split it into several voids or use the REST API.",
  },
  warnings: {
    title: "Before sending",
    accepted:
      "Line {line}: the range {desde} – {hasta} was already voided and accepted by DGII in an earlier void. Remove it to continue.",
    acceptedLink: "View void {voidId}",
    error:
      "Line {line}: overlaps an earlier void that ended in Error ({fecha}). It may have reached DGII. Check that record first: if it became Aceptado or Rechazado do not repeat it; if it is still Error, verify the state of the sequences before sending another.",
    errorLink: "Check record {voidId}",
    errorAck: "I checked the voids in Error listed above and want to continue.",
  },
  preview: {
    title: "ANECF document preview",
    note: "This is the document exactly as it will be signed (indented here for reading). The digital signature with the account's certificate is added on sending.",
    fecha: "Void date and time: {fecha} (Santo Domingo time)",
    download: "Download unsigned XML",
    close: "Close preview",
    truncated: "The document is too large to show in full ({size}); download it to see all of it.",
  },
  confirm: {
    title: "Confirm the void",
    environment: "Environment",
    rnc: "Issuer RNC",
    fecha: "Void date and time",
    perType: "Sequences per type",
    total: "Total to void",
    irreversible:
      "Voiding is irreversible: once DGII accepts it, these sequences can never be issued again. Void only sequences you have not used.",
    production: "You are in PRODUCTION (eCF). This void is real.",
    typeTotal: "To confirm, type the total number of sequences to void ({total}):",
    typeTotalLabel: "Total sequences",
    cancel: "Cancel",
    submit: "Void {total} sequences",
    sending: "Sending to DGII… {seconds} s",
    sendingNote: "Do not close this page. If no answer arrives in time, the attempt is recorded as Error.",
    showXml: "View the XML that will be signed",
  },
  failure: {
    title: "The void was not sent",
    nothingSent: "Nothing was sent to DGII; fix it and try again.",
    linkVoid: "View void {voidId}",
    network:
      "No answer from the server. The void may have been sent: check the history before trying again. Confirming again from this same screen reuses the same key, so it cannot be sent twice.",
    history: "Open the void history",
  },
  result: {
    title: "Void result",
    status: "Status",
    voidId: "voidId",
    fileName: "File",
    environment: "Environment",
    fecha: "Void date and time",
    total: "Sequences",
    perType: "Per type",
    authority: "DGII's answer",
    authorityCode: "Code {code}: {name}",
    noMessages: "No messages.",
    accepted: "DGII accepted the void. These sequences can no longer be issued.",
    rejected:
      "DGII rejected the void: no sequence of this document was voided. See the reasons below; fix the ranges and send a new void.",
    errorTitle: "Unconfirmed result (Error)",
    errorMeaning:
      "DGII did not confirm the void: it may not have received it, or received it without its answer reaching us. Do not resend blindly: you could void the same range twice.",
    errorSteps: [
      "Check this record again in a few minutes: if DGII answered late, it moves to Aceptado or Rechazado by itself.",
      "If it became Aceptado or Rechazado, do not repeat the void.",
      "If it is still Error, verify the real state of the sequences with DGII before sending a new request.",
    ],
    authErrorMeaning:
      "Authentication with DGII using the account's certificate failed, so the document was not sent. Check the certificate in Settings; then you can send a new void.",
    detail: "Technical detail: {detail}",
    refresh: "Check the status again",
    record: "View the full record",
    signedXml: "Download the signed XML",
    newVoid: "New void",
    notFound: "That void was not found in this environment.",
  },
  statuses: { Aceptado: "Aceptado (accepted)", Rechazado: "Rechazado (rejected)", Error: "Error" },
};

const STRINGS: Record<Locale, VoidToolStrings> = { es, en };

export function voidToolStrings(locale: Locale): VoidToolStrings {
  return STRINGS[locale];
}
