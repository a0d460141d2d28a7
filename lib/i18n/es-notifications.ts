/**
 * Spanish strings of the notification centre: the bell in the shell, the Notificaciones
 * page, the e-mail preference on Mi cuenta and the e-mails. The `notifications` namespace. In the
 * texts of each event, `{…}` are the event's facts (lib/i18n/notification-text.ts fills them); a
 * detail with one/other forms is chosen by the count it names ({count}), as the portal's plurals are.
 */
export const esNotifications = {
  title: "Notificaciones",
  intro:
    "Lo que pide su atención en esta empresa y este ambiente: solicitudes por aprobar, anulaciones por confirmar, rangos y certificados por vencer, huecos en las secuencias y webhooks desactivados.",
  bell: "Notificaciones",
  bellUnread: {
    one: "Notificaciones: {count} sin leer",
    other: "Notificaciones: {count} sin leer",
  },
  bellNone: "Notificaciones: ninguna sin leer",
  /** Where they wait: "Notificaciones: 3 sin leer (2 en eCF, 1 en CerteCF)". */
  bellUnreadWhere: {
    one: "Notificaciones: {count} sin leer ({where})",
    other: "Notificaciones: {count} sin leer ({where})",
  },
  bellWhere: "{number} en {environment}",
  listLabel: "Notificaciones, las más recientes primero",
  empty: "No tiene notificaciones en esta empresa y este ambiente.",
  markAll: "Marcar todas como leídas",
  markedAll: "Todas las notificaciones quedaron leídas.",
  unread: "Sin leer",
  read: "Leída",
  company: "Empresa",
  environment: "Ambiente",
  when: "Fecha",
  allEnvironments: "Todos los ambientes",
  open: "Abrir",
  older: "Ver anteriores",
  newest: "Ver las más recientes",
  elsewhere: {
    one: "Tiene {count} notificación sin leer en otra empresa o ambiente: cámbielo arriba para verla.",
    other:
      "Tiene {count} notificaciones sin leer en otras empresas o ambientes: cámbielos arriba para verlas.",
  },
  events: {
    void_request_created: {
      title: "Solicitud de anulación por aprobar",
      detail: "{requestedBy} pidió anular {total} e-NCF.",
    },
    void_request_approved: {
      title: "Su solicitud de anulación fue aprobada",
      detail: "{decidedBy} la aprobó y se envió a la DGII.",
    },
    void_request_rejected: {
      title: "Su solicitud de anulación fue rechazada",
      detail: "{decidedBy} la rechazó: vea el motivo en la solicitud.",
    },
    void_request_expired: {
      title: "Su solicitud de anulación venció",
      detail: "Nadie la decidió a tiempo. Si aún hace falta, pídala de nuevo.",
    },
    void_interrupted: {
      title: "Anulación por confirmar",
      detail:
        "La anulación {voidId} se quedó sin respuesta de la DGII: confirme su resultado en la OFV y regístrelo.",
    },
    void_unconfirmed: {
      title: "Anulación por confirmar",
      detail: {
        one: "La DGII no respondió a la anulación {voidId} ({count} número): confirme su resultado en la OFV y regístrelo, o reenvíela.",
        other:
          "La DGII no respondió a la anulación {voidId} ({count} números): confirme su resultado en la OFV y regístrelo, o reenvíela.",
      },
    },
    sequence_gap_detected: {
      title: "Hueco en una secuencia",
      detail: {
        one: "El {desde} no se emitió ni se anuló: debe anularse.",
        other: "Del {desde} al {hasta} ({count} números) no se emitieron ni se anularon: deben anularse.",
      },
    },
    sequence_expiring: {
      title: "Rango por vencer",
      detail: {
        one: "El rango {desde}–{hasta} vence el {expiresOn} ({remaining}); queda {count} número sin usar. Si no lo usará, puede cerrarlo desde Secuencias.",
        other:
          "El rango {desde}–{hasta} vence el {expiresOn} ({remaining}); quedan {count} números sin usar. Si no los usará, puede cerrarlos desde Secuencias.",
      },
    },
    sequence_depleted: {
      title: "Rango agotado",
      detail: "Se usaron todos los números del rango {desde}–{hasta}: solicite uno nuevo a la DGII.",
    },
    certificate_expiring: {
      title: "Certificado por vencer",
      detail: "El certificado de {subject} vence el {notAfter} ({remaining}): cargue el nuevo.",
    },
    certificate_expired: {
      title: "Certificado vencido",
      detail:
        "El certificado de {subject} venció el {notAfter}: ya no puede firmar anulaciones. Cargue el nuevo.",
    },
    sequence_gap_deadline_approaching: {
      title: "Hueco cerca de su plazo",
      detail: {
        one: "El {desde}, hueco desde el {since}: el plazo de la empresa para anularlo vence el {deadlineAt}.",
        other:
          "Del {desde} al {hasta} ({count} números), hueco desde el {since}: el plazo de la empresa para anularlo vence el {deadlineAt}.",
      },
    },
    sequence_forecast_request_by: {
      title: "Solicite la próxima autorización",
      detail: {
        one: "Al ritmo de los últimos 30 días, el rango {desde}–{hasta} necesita su sucesor: solicítelo a la DGII antes del {requestBy} (plazo de la empresa: {count} día).",
        other:
          "Al ritmo de los últimos 30 días, el rango {desde}–{hasta} necesita su sucesor: solicítelo a la DGII antes del {requestBy} (plazo de la empresa: {count} días).",
      },
    },
    sequence_forecast_unused: {
      title: "Rango demasiado grande",
      detail: {
        one: "Al ritmo de los últimos 30 días, quedará {count} número sin usar ({unusedPercent} %) del rango {desde}–{hasta} al vencer el {expiresOn}.",
        other:
          "Al ritmo de los últimos 30 días, quedarán {count} números sin usar ({unusedPercent} %) del rango {desde}–{hasta} al vencer el {expiresOn}.",
      },
    },
    year_end_close_awaiting_decision: {
      title: "Cierre de año por decidir",
      detail: {
        one: "{requestedBy} preparó el cierre de año {year}: espera su decisión para esta empresa (anular {count} número sin usar).",
        other:
          "{requestedBy} preparó el cierre de año {year}: espera su decisión para esta empresa (anular {count} números sin usar).",
      },
    },
    year_end_close_completed: {
      title: "Cierre de año terminado",
      detail:
        "El cierre de año {year} terminó para esta empresa: {accepted} anulaciones aceptadas, {rejected} rechazadas y {toSettle} por confirmar.",
    },
    sequence_gap_deadline_missed: {
      title: "Hueco con plazo vencido",
      detail: {
        one: "El {desde}, hueco desde el {since}, no se anuló antes del {deadlineAt} (plazo de la empresa).",
        other:
          "Del {desde} al {hasta} ({count} números), hueco desde el {since}, no se anularon antes del {deadlineAt} (plazo de la empresa).",
      },
    },
    document_deadline_approaching: {
      title: "e-CF por vencer su plazo de envío",
      detail: "El {ncf}, firmado el {signedAt}, aún no llega a la DGII: su plazo vence el {deadlineAt}.",
    },
    document_deadline_missed: {
      title: "e-CF con plazo de envío vencido",
      detail: "El {ncf}, firmado el {signedAt}, no llegó a la DGII antes del {deadlineAt}.",
    },
    webhook_disabled: {
      title: "Webhook desactivado",
      detail: "{url} falló durante 3 días y se desactivó. Revíselo y actívelo de nuevo.",
    },
    other: { title: "Aviso", detail: "Ábralo para ver el detalle." },
  },
  // The {remaining} of a range or certificate about to expire, from the event's daysLeft.
  remaining: {
    lastDay: "hoy es su último día",
    underADay: "en menos de un día",
    days: { one: "en {count} día", other: "en {count} días" },
  },
  email: {
    title: "Notificaciones por correo",
    intro:
      "Además de la campana del portal, Anula puede enviarle por correo las notificaciones (si el servidor tiene correo configurado).",
    legend: "Enviarme las notificaciones por correo",
    immediate: "Al momento, una por correo",
    daily: "Un resumen al día (por la mañana)",
    off: "No enviar correos",
    save: "Guardar preferencia",
    saved: "Preferencia guardada.",
    notConfigured: "Este servidor no tiene correo configurado: por ahora solo verá la campana.",
  },
};
