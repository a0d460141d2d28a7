/**
 * What each status of a void means, worded once: the history, the detail page, the void tool's
 * result page and the CSV export all read it from here. `labels` are the spec's three values;
 * `reasons` name why an attempt is in Error (its errorCode), the labels later states build on.
 */
export const esVoidStatus = {
  labels: { Aceptado: "Aceptado", Rechazado: "Rechazado", Error: "Error" },
  reasons: {
    NOT_CONFIRMED: "sin confirmar",
    INTERRUPTED: "interrumpida",
    TAXAUTH_AUTH_ERROR: "no enviada",
    TAXAUTH_VOID_ERROR: "sin respuesta de la DGII",
  },
  /** "Error · interrumpida": a status with its marks (an Error's reason, "parcial"…, joined by " · "). */
  withReason: "{status} · {reason}",
  /** A settled record: a person recorded the outcome ("Aceptado · confirmada a mano"), or DGII accepted a resend. */
  settledBy: { hand: "confirmada a mano", resend: "por reenvío" },
  /** A late DGII answer disagrees with the settlement ("Aceptado · confirmada a mano · revisar"). */
  needsReview: "revisar",
  meanings: {
    Aceptado: "La DGII aceptó la anulación: estas secuencias ya no pueden emitirse.",
    Rechazado:
      "La DGII rechazó la anulación: ninguna secuencia fue anulada. Vea los motivos en la respuesta de la DGII, corrija lo que indiquen y envíe una nueva solicitud.",
    Error:
      "La DGII no confirmó la anulación: pudo no haberla recibido, o recibirla sin que llegara su respuesta. No la reenvíe a ciegas: podría anular dos veces el mismo rango.",
  },
  /** A Rechazado whose DGII messages blame the certificate (delegation, signature): never "correct the ranges". */
  rejectedForCertificate:
    "La DGII rechazó la anulación por el certificado con que se firmó, no por los rangos: ninguna secuencia fue anulada. No cambie los rangos. Revise el certificado activo en Configuración → Certificado: debe ser de esta empresa o de un titular que la DGII tenga delegado para este RNC (Oficina Virtual de la DGII). Después envíe de nuevo la misma solicitud.",
  errorTitle: "Resultado sin confirmar (Error)",
  /** DGII's partial success: Aceptado for what it voided, the rest excepted ("Aceptado · parcial"). */
  partial: {
    mark: "parcial",
    meaning:
      "La DGII anuló solo una parte: las secuencias anuladas ya no pueden emitirse; las exceptuadas NO fueron anuladas.",
    voided: "Secuencias anuladas ({count})",
    excepted: "Secuencias exceptuadas, no anuladas ({count})",
    totalExcepted: "Exceptuadas",
    exceptedHelp:
      "Verifique en la DGII por qué no se anularon (por ejemplo, ya emitidas o no autorizadas) antes de anularlas en una nueva solicitud.",
    prepare: "Preparar una anulación de las secuencias exceptuadas",
    prepared: {
      one: "Borrador con la secuencia exceptuada de la anulación {voidId} ({environment}). Revísela antes de continuar: nada se envía sin su confirmación.",
      other:
        "Borrador con las {count} secuencias exceptuadas de la anulación {voidId} ({environment}). Revíselas antes de continuar: nada se envía sin su confirmación.",
    },
    otherEnvironment:
      "Atención: esa anulación fue en {environment} y la herramienta está en {current}; cambie el ambiente si corresponde.",
    notFound: "No se encontraron secuencias exceptuadas en la anulación {voidId}; el borrador está vacío.",
  },
  /**
   * One sentence for why an attempt ended in Error, from its code and the transport's detail (the
   * bare "ECONNRESET" a network library gives): the code itself is shown small beside it.
   */
  errorCauses: {
    ECONNRESET: "La conexión con la DGII se cortó antes de que llegara su respuesta.",
    ECONNREFUSED: "El servidor de la DGII no aceptó la conexión.",
    ETIMEDOUT: "La conexión con la DGII no respondió a tiempo.",
    ENOTFOUND: "No se pudo encontrar el servidor de la DGII (dirección no resuelta).",
    timeout: "La DGII no respondió a tiempo.",
    other: "Ocurrió un error al comunicarse con la DGII.",
  },
  reasonMeanings: {
    NOT_CONFIRMED:
      "El documento se envió (o estaba por enviarse) a la DGII y Anula sigue esperando su respuesta: si llega, el estado cambiará solo. Si esa espera se interrumpe (reinicio o fallo del servidor), el registro pasará a interrumpida.",
    INTERRUPTED:
      "La espera de la respuesta de la DGII se interrumpió (el servidor que la esperaba se detuvo): ninguna respuesta llegará ya a este registro, y la DGII pudo haber anulado estas secuencias o no. Verifique su estado en la Oficina Virtual de la DGII (Consulta de Anulaciones) antes de enviar otra solicitud.",
    TAXAUTH_AUTH_ERROR:
      "No se pudo autenticar ante la DGII con el certificado de la cuenta, así que el documento no se envió. Revise el certificado en Configuración; luego puede enviar una nueva anulación.",
    TAXAUTH_VOID_ERROR:
      "El servicio de anulación de la DGII no respondió correctamente: la anulación pudo haberse procesado o no.",
  },
  /**
   * What to do next, by the Error's reason (reasons above): only a void still awaited may promise
   * that the record moves by itself; `other` is for a reason this text does not know, or none.
   */
  errorSteps: {
    NOT_CONFIRMED: [
      "Consulte este registro de nuevo en unos minutos: mientras Anula espera la respuesta de la DGII, pasará solo a Aceptado o Rechazado.",
      "No envíe otra anulación de estas secuencias mientras tanto: podría anular dos veces el mismo rango.",
      "Si el registro pasa a interrumpida, ya no cambiará solo: siga entonces los pasos que se indiquen.",
    ],
    INTERRUPTED: [
      "Verifique el estado real de estas secuencias en la Oficina Virtual de la DGII (Consulta de Anulaciones): este registro ya no cambiará solo.",
      "Si la DGII anuló o rechazó la anulación, anote ese resultado con «Registrar resultado» y no la repita.",
      "Si la DGII no tiene registro de la anulación, use «Reenviar el mismo documento» (el mismo documento firmado, no una solicitud nueva).",
    ],
    TAXAUTH_AUTH_ERROR: [
      "Revise el certificado activo en Configuración → Certificado: vigente, y de esta empresa o de un titular delegado para este RNC.",
      "El documento no llegó a la DGII: con el certificado en orden, envíe la anulación de nuevo.",
    ],
    TAXAUTH_VOID_ERROR: [
      "Consulte este registro de nuevo en unos minutos: si la DGII respondió tarde, pasará solo a Aceptado o Rechazado.",
      "Si pasó a Aceptado o Rechazado, no repita la anulación.",
      "Si sigue en Error, verifique el estado real de las secuencias en la Oficina Virtual de la DGII; luego anote el resultado o reenvíe el mismo documento, nunca una solicitud nueva a ciegas.",
    ],
    other: [
      "Verifique el estado real de estas secuencias en la Oficina Virtual de la DGII (Consulta de Anulaciones) antes de enviar otra solicitud.",
      "Si la DGII ya las anuló, no repita la anulación: anote el resultado con «Registrar resultado».",
    ],
  },
};
