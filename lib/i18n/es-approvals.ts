/**
 * Spanish strings of approvals (maker-checker): the policy in Configuración, the void tool
 * under the policy, the requests pages, the navigation's badge and the service accounts' exemption.
 * The `approvals` namespace.
 */
export const esApprovals = {
  nav: "Solicitudes de anulación",
  navBadge: {
    one: "{count} solicitud espera su aprobación",
    other: "{count} solicitudes esperan su aprobación",
  },
  /** The stored statuses of a request (the API's words), as the portal shows them. */
  statuses: {
    Pendiente: "Pendiente",
    Aprobada: "Aprobada",
    Rechazada: "Rechazada",
    Vencida: "Vencida",
    Enviada: "Enviada",
  },
  policy: {
    tab: "Aprobaciones",
    title: "Aprobación de anulaciones",
    intro:
      "Con la política activa, una anulación no se envía al pulsar «Revisar y anular»: se crea una solicitud y otra persona con el rol de aprobador la revisa y la aprueba (entonces se firma y se envía) o la rechaza. Quien pide nunca aprueba su propia solicitud.",
    recommendEcf:
      "Recomendado en eCF (producción): allí una anulación es real e irreversible ante la DGII, y un segundo par de ojos evita anular secuencias por error.",
    approvers: {
      one: "Hoy {count} persona puede aprobar en esta empresa.",
      other: "Hoy {count} personas pueden aprobar en esta empresa.",
    },
    needsTwo:
      "Para activarla hacen falta al menos dos personas con el rol de aprobador (quien pide no aprueba lo suyo). Hoy: {approvers}. Asigne el rol en Usuarios.",
    usersLink: "Ir a Usuarios",
    environmentCaption: "Política de aprobación por ambiente",
    columns: {
      environment: "Ambiente",
      state: "Estado",
      threshold: "Requiere aprobación",
      updated: "Último cambio",
    },
    on: "Activa",
    off: "Inactiva",
    everyVoid: "Toda anulación",
    above: {
      one: "Más de {count} secuencia",
      other: "Más de {count} secuencias",
    },
    updatedBy: "{date} · {who}",
    never: "Nunca",
    enabledLabel: "Exigir aprobación en {environment}",
    minLabel: "Solo por encima de esta cantidad de secuencias (opcional)",
    minHint:
      "En blanco: toda anulación requiere aprobación. Con un número, solo las anulaciones de más secuencias que ese número; las demás se envían como hoy.",
    minInvalid: "Escriba un número entero de 1 o más, o déjelo en blanco.",
    save: "Guardar la política de {environment}",
    saved: "Política de {environment} guardada.",
    savedOff: "Política de {environment} desactivada: las anulaciones se envían sin aprobación.",
    readOnly: "Solo un administrador de la empresa cambia esta política.",
    recommended: "Recomendado",
  },
  setupLine:
    "Recomendado después de entrar: active la aprobación de anulaciones en eCF (producción) cuando la empresa tenga dos aprobadores.",
  setupLink: "Configuración → Aprobaciones",
  serviceAccount: {
    column: "Sin aprobación",
    bypassOn: "Envía sin aprobación",
    bypassOff: "Sigue la política",
    grant: "Permitir enviar sin aprobación",
    grantNamed: "Permitir a {name} enviar sin aprobación",
    revoke: "Exigir aprobación",
    revokeNamed: "Exigir aprobación a {name}",
    grantTitle: "¿Permitir que {name} anule sin aprobación?",
    grantWarning:
      "Esta integración podrá anular secuencias, también en eCF (producción), sin que nadie lo apruebe, aunque la política de aprobación esté activa. Concédalo solo a un sistema de confianza que tenga sus propios controles. El permiso queda en el registro de actividad.",
    grantConfirm: "Sí, permitir sin aprobación",
    granted: "{name} ahora envía anulaciones sin aprobación.",
    revoked: "{name} ahora sigue la política de aprobación.",
  },
  tool: {
    notice:
      "En {environment} las anulaciones requieren aprobación: «Revisar y anular» crea una solicitud. Nada se firma ni se envía a la DGII hasta que otra persona con el rol de aprobador la apruebe.",
    noticeAbove: {
      one: "En {environment} las anulaciones de más de {count} secuencia requieren aprobación: esta crea una solicitud, nada se firma ni se envía hasta que otra persona la apruebe.",
      other:
        "En {environment} las anulaciones de más de {count} secuencias requieren aprobación: esta crea una solicitud, nada se firma ni se envía hasta que otra persona la apruebe.",
    },
    dialogTitle: "Confirmar la solicitud de anulación",
    dialogNote:
      "Nada se firma ni se envía ahora. La solicitud queda pendiente hasta que otra persona con el rol de aprobador la apruebe (entonces se firma y se envía a la DGII) o la rechace. Vence a los 7 días si nadie decide.",
    fechaAtApproval: "La fecha y hora de anulación será la del momento de la aprobación.",
    submit: {
      one: "Solicitar la anulación de {count} secuencia",
      other: "Solicitar la anulación de {count} secuencias",
    },
    policyChanged:
      "La política de aprobación de este ambiente cambió mientras revisaba: no se envió nada. Revise de nuevo.",
    requesting: "Creando la solicitud…",
  },
  list: {
    title: "Solicitudes de anulación",
    intro:
      "Anulaciones que esperan la aprobación de otra persona en {environment}. Las pendientes van primero; quien pide ve sus solicitudes pero no las aprueba.",
    introRequester:
      "Sus solicitudes de anulación en {environment} y su estado. Otra persona con el rol de aprobador las aprueba o rechaza.",
    caption: "Solicitudes de anulación en {environment}, las pendientes primero",
    empty: "No hay solicitudes de anulación en este ambiente.",
    columns: {
      requestedAt: "Pedida",
      request: "Solicitud",
      status: "Estado",
      total: "Secuencias",
      reason: "Motivo",
      requestedBy: "Pedida por",
      expiresAt: "Vence",
      action: "Acción",
    },
    open: "Ver",
    review: "Revisar",
    mine: "Suya",
    filterLabel: "Mostrar",
    filters: {
      all: "Todas",
      mine: "Mis solicitudes",
    },
    pageInfo: { one: "{count} solicitud en esta página", other: "{count} solicitudes en esta página" },
    nextPage: "Página siguiente",
    firstPage: "Primera página",
    pagination: "Paginación",
    pendingCount: {
      one: "{count} solicitud espera su aprobación.",
      other: "{count} solicitudes esperan su aprobación.",
    },
  },
  detail: {
    title: "Solicitud de anulación",
    notFound: "No existe una solicitud {requestId} de esta empresa.",
    backToList: "Volver a las solicitudes",
    created:
      "Solicitud creada. Nada se firmó ni se envió: otra persona con el rol de aprobador debe aprobarla.",
    summary: "Resumen",
    requestId: "Solicitud",
    environment: "Ambiente",
    status: "Estado",
    total: "Secuencias a anular",
    perType: "Por tipo",
    fecha: "Fecha y hora de anulación",
    fechaAtApproval: "La del momento de la aprobación",
    requestedBy: "Pedida por",
    requestedAt: "Pedida el",
    expiresAt: "Vence el",
    decidedBy: "Decidida por",
    decidedAt: "Decidida el",
    rejectionReason: "Motivo del rechazo",
    openVoid: "Ver la anulación",
    ranges: "Rangos",
    rangesShown: "Se muestran {shown} de {total} rangos.",
    checks: "Revisiones antes de anular",
    checksNote:
      "Resultado de las revisiones al crear la solicitud. Al aprobar se repiten (ya anuladas, números usados, mantenimiento de la DGII) antes de firmar.",
    checksNoteFinal: "Resultado de las revisiones al crear la solicitud.",
    checksNotUsed: "Ningún rango estaba ya anulado ni usado.",
    checksAllInside: "Todos están dentro de las autorizaciones registradas.",
    checksRestInside: "Los rangos de los demás tipos están dentro de las autorizaciones registradas.",
    checksUnauthorized:
      "No hay autorizaciones de la DGII registradas para {types}: esos rangos no se compararon con ninguna autorización.",
    xml: "Vista previa del XML",
    xmlTooLarge:
      "La vista previa del XML se muestra para solicitudes de hasta {max} rangos; esta tiene {ranges}. Los rangos completos están arriba.",
    lastError: "La última aprobación no se envió",
    lastErrorBy: "{who}, {date}: {message}",
    xmlNote:
      "El documento que se firmará al aprobar. La fecha que se muestra es la de ahora: al aprobar se usa la de ese momento.",
    xmlNoteNotSigned: "El documento que la solicitud proponía. Nada se firmó ni se enviará.",
    xmlNoteSent:
      "El documento que la solicitud proponía. El que se firmó y envió está en la anulación (allí se descarga su XML firmado).",
    statusMeaning: {
      Pendiente: "Espera la decisión de un aprobador. Nada se ha firmado ni enviado.",
      Aprobada: "Aprobada: la anulación se está firmando y enviando a la DGII.",
      Rechazada: "Rechazada: nada se firmó ni se envió.",
      Vencida:
        "Vencida sin decisión: nada se firmó ni se envió. Si aún hace falta, pida la anulación de nuevo.",
      Enviada: "Aprobada y enviada a la DGII: vea el resultado en la anulación.",
    },
    ownRequest:
      "Usted pidió esta anulación: otra persona con el rol de aprobador debe aprobarla o rechazarla.",
    notApprover: "Solo una persona con el rol de aprobador decide sobre las solicitudes.",
    approve: "Aprobar y enviar…",
    reject: "Rechazar…",
    approveTitle: "Aprobar y enviar la anulación",
    approveWhat: {
      one: "Se firmará ahora y se enviará a la DGII la anulación de {count} secuencia en {environment}, pedida por {requester}.",
      other:
        "Se firmará ahora y se enviará a la DGII la anulación de {count} secuencias en {environment}, pedida por {requester}.",
    },
    approveChecks:
      "Antes de firmar se repiten las revisiones: si un rango ya fue anulado, un número fue usado o la DGII está en mantenimiento, no se envía nada.",
    approveSubmit: {
      one: "Aprobar y anular {count} secuencia",
      other: "Aprobar y anular {count} secuencias",
    },
    sending: "Enviando a la DGII… {seconds} s",
    rejectTitle: "Rechazar la solicitud",
    rejectIntro: "Nada se firmará ni se enviará. Quien la pidió verá el motivo.",
    rejectReason: "Motivo del rechazo",
    rejectReasonHint: "Obligatorio, hasta 500 caracteres.",
    rejectReasonRequired: "Escriba el motivo del rechazo.",
    rejectSubmit: "Rechazar la solicitud",
  },
  voidFacts: {
    requestedBy: "Pedida por",
    approvedBy: "Aprobada por",
    approvedAt: "Aprobada el",
    request: "Solicitud de aprobación",
    openRequest: "Ver la solicitud",
  },
};
