/**
 * Spanish strings of settling voids whose outcome is unknown (the queue "Por confirmar", the three
 * ways out on a void's page, the settlement and attempts): the `voidSettle` namespace.
 */
export const esVoidSettle = {
  nav: "Por confirmar",
  navBadge: { one: "{count} anulación por confirmar", other: "{count} anulaciones por confirmar" },
  queue: {
    title: "Por confirmar",
    intro:
      "Anulaciones en Error de {environment}: la DGII no confirmó si las procesó. No reintente a ciegas: verifique en la Oficina Virtual de la DGII y registre el resultado, o reenvíe el mismo documento firmado.",
    empty: "No hay anulaciones por confirmar en este ambiente.",
    caption: "Anulaciones por confirmar en {environment}, de la más antigua a la más reciente",
    fromHistory: "Ver anulaciones por confirmar",
    columns: {
      createdAt: "Enviada",
      voidId: "Anulación",
      fecha: "Fecha de anulación",
      total: "Secuencias",
      known: "Lo que se sabe",
      attempts: "Intentos",
      actions: "Resolver",
    },
    open: "Resolver",
    pageInfo: { one: "{count} anulación en esta página", other: "{count} anulaciones en esta página" },
    nextPage: "Más antiguas primero: página siguiente",
    firstPage: "Primera página",
    pagination: "Paginación",
    reviewTitle: "Para revisar",
    reviewIntro:
      "Estas anulaciones fueron confirmadas por una persona, pero después llegó una respuesta de la DGII que no coincide. Revise cada una.",
  },
  known: {
    signed: "Firmada",
    notSent: "No enviada: falló la autenticación ante la DGII",
    maybeSent: "Enviada o no: la DGII no confirmó",
    sending: "Envío en curso: espere su resultado",
    interrupted: "Envío interrumpido: nadie espera ya la respuesta",
    answer: "Respuesta de la DGII: {code} {name}",
    noAnswer: "Sin respuesta de la DGII",
    error: "Error: {code}",
    attempts: { one: "{count} intento adicional", other: "{count} intentos adicionales" },
    noAttempts: "Ninguno",
  },
  review: {
    flag: "Revisar",
    banner:
      "La DGII respondió después de la confirmación manual y su respuesta no coincide con lo registrado. Compare los intentos de abajo con la evidencia y, si hace falta, corrija con soporte.",
  },
  ways: {
    title: "Cómo resolverla",
    blocked:
      "Un envío de esta anulación sigue esperando la respuesta de la DGII: podrá resolverla cuando termine.",
    approverOnly: "Registrar el resultado o reenviar lo hace una persona con el rol Aprobador.",
  },
  verify: {
    title: "Verificar en la DGII",
    steps: {
      signIn: "Entre a la Oficina Virtual (OFV) de la DGII con el usuario de la empresa de RNC {rnc}.",
      page: "Abra la página «Consulta de Anulaciones».",
      environment: "Consulte el ambiente {environment}: es donde se envió esta anulación.",
      dates:
        "Busque por rango de fechas del {from} al {to} (la anulación se firmó con fecha {fecha} y se envió el {sent}).",
      range: "{desde} – {hasta} ({cantidad})",
      ranges: "Busque estos rangos de e-NCF:",
      moreRanges: {
        one: "… y {count} rango más (descargue el CSV de rangos).",
        other: "… y {count} rangos más (descargue el CSV de rangos).",
      },
      decide:
        "Si todos aparecen anulados, registre «Aceptado». Si no aparecen, registre «Rechazado» (las secuencias siguen disponibles) o reenvíe el mismo documento.",
      evidence: "Guarde una captura o un PDF de la consulta y adjúntelo como evidencia.",
    },
  },
  settle: {
    title: "Registrar resultado",
    legend: "Resultado confirmado en la DGII",
    aceptado: "Aceptado: las secuencias aparecen anuladas en la DGII",
    rechazado: "Rechazado: las secuencias no aparecen anuladas",
    note: "Nota",
    noteHint: "Qué vio y dónde (obligatoria).",
    evidence: "Evidencia (opcional)",
    evidenceHint: "PDF, PNG o JPEG, hasta 10 MB.",
    submit: "Registrar resultado",
    saving: "Guardando…",
    done: "Resultado registrado.",
    outcomeRequired: "Elija el resultado que vio en la DGII.",
    noteRequired: "Escriba qué vio y dónde.",
  },
  resend: {
    title: "Reenviar el mismo documento",
    explanation:
      "Envía otra vez a la DGII el mismo XML firmado (no uno nuevo). Si la DGII lo acepta, la anulación queda Aceptada. Si lo rechaza —aunque diga que las secuencias ya están anuladas o utilizadas— eso no dice con certeza qué pasó con el primer envío: la anulación sigue por confirmar.",
    open: "Reenviar…",
    dialogTitle: "Reenviar el documento firmado",
    prompt:
      "Escriba REENVIAR o los últimos 6 caracteres del número de la anulación ({suffix}) para confirmar.",
    confirmation: "Confirmación",
    confirm: "Reenviar",
    sending: "Reenviando…",
    outcome: {
      Aceptado: "La DGII aceptó el reenvío: la anulación quedó Aceptada.",
      partial:
        "La DGII aceptó el reenvío en parte: anuló {voided} secuencia(s) y exceptuó {excepted}, que no cuentan como anuladas. Verifique las exceptuadas en la Oficina Virtual antes de anularlas de nuevo.",
      Rechazado:
        "La DGII rechazó el reenvío: su respuesta quedó en el intento; la anulación sigue por confirmar.",
      Error: "El reenvío no obtuvo respuesta confirmada: la anulación sigue por confirmar.",
      waiting: "La DGII aún no responde el reenvío; Anula sigue esperando. Vuelva a mirar en unos minutos.",
    },
  },
  settlement: {
    title: "Confirmación manual",
    by: "Registrado por",
    at: "Fecha",
    outcome: "Resultado",
    note: "Nota",
    evidence: "Evidencia",
    noEvidence: "Sin archivo.",
    download: "Descargar {fileName}",
  },
  attempts: {
    title: "Intentos adicionales",
    number: "N.º",
    kind: "Tipo",
    kinds: { resend: "Reenvío", "late-answer": "Respuesta tardía" },
    by: "Pedido por",
    startedAt: "Inicio",
    finishedAt: "Fin",
    outcome: "Resultado",
    answer: "Respuesta de la DGII",
    error: "Error",
    pending: "En curso",
    interrupted: "Interrumpido: la instancia que esperaba la respuesta se detuvo",
  },
  /** Issued e-CF that wait for a person, beside the voids on "Por confirmar". */
  issued: {
    title: "e-CF emitidos",
    intro:
      "El seguimiento no reenvía a ciegas: estos e-CF esperan que una persona verifique en la Oficina Virtual de la DGII si la DGII los tiene.",
    empty: "No hay e-CF emitidos por confirmar en este ambiente.",
    caption: "e-CF emitidos por confirmar en {environment}, del más reciente al más antiguo",
    more: "Se muestran los {shown} más recientes de {total}.",
    columns: {
      ncf: "e-NCF",
      reason: "Motivo",
      status: "Estado",
      trackId: "TrackId",
      issuedAt: "Emitido",
      actions: "Decidir",
    },
    reasons: {
      NO_VERDICT: "La DGII lo recibió pero no dio veredicto en un día",
      NOT_RECEIVED: "La DGII no lo recibió tras todos los envíos",
      CANNOT_ASK_DGII: "No se puede consultar a la DGII si lo tiene (CerteCF)",
    },
    noTrackId: "Sin trackId",
    open: "Decidir…",
    approverOnly: "Decidir lo hace una persona con el rol Aprobador.",
    dialogTitle: "Decidir sobre el e-CF {ncf}",
    legend: "Lo que vio en la Oficina Virtual de la DGII",
    received: "La DGII lo tiene: anotar su trackId y estado",
    resend: "La DGII no lo tiene: reenviar el mismo documento firmado ahora",
    trackId: "TrackId que muestra la DGII",
    estado: "Estado que muestra la DGII",
    note: "Nota",
    noteHint: "Qué vio y dónde (obligatoria).",
    evidence: "Evidencia (opcional)",
    evidenceHint: "PDF, PNG o JPEG, hasta 10 MB.",
    submit: "Guardar decisión",
    saving: "Guardando…",
    done: {
      received: "Decisión guardada: el e-CF tomó el trackId y el estado indicados.",
      resend: "Decisión guardada: el mismo documento se reenvía ahora.",
    },
    decisionRequired: "Elija lo que vio en la DGII.",
    trackIdRequired: "Escriba el trackId que muestra la DGII.",
    noteRequired: "Escriba qué vio y dónde.",
  },
};
