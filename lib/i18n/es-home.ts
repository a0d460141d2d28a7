/**
 * Spanish strings of the portal's home ("Inicio"): what needs doing in the company and environment,
 * each a count that links to its page, and a new company's first steps. The `home` namespace.
 */
export const esHome = {
  nav: "Inicio",
  title: "Inicio",
  intro: "Lo que requiere atención en {company}, ambiente {environment}.",
  allClear: "Nada pendiente en este ambiente.",
  pendingTitle: "Pendiente",
  certificate: {
    title: "Certificado y servicio de la DGII",
    valid: "Certificado válido hasta el {date}.",
    expiring: {
      one: "El certificado vence en {count} día, el {date}. Cargue el nuevo antes.",
      other: "El certificado vence en {count} días, el {date}. Cargue el nuevo antes.",
    },
    expired: "El certificado venció el {date}: las anulaciones y los e-CF firmados con él fallarán.",
    missing: "La empresa no tiene certificado: sin él no se puede anular ni emitir.",
    load: "Cargar el certificado",
    open: "Ver el certificado",
  },
  service: {
    up: "Anulación Rangos de la DGII ({environment}): disponible.",
    down: "Anulación Rangos de la DGII ({environment}): no disponible. Las anulaciones se rechazan sin enviarse.",
    maintenance:
      "Anulación Rangos de la DGII ({environment}): en mantenimiento del {from} al {to}. Las anulaciones se rechazan sin enviarse.",
    unknown: "Anulación Rangos de la DGII ({environment}): sin información reciente del estado.",
  },
  counts: {
    label: "Lo que requiere atención",
    toSettle: {
      one: "{count} anulación por confirmar",
      other: "{count} anulaciones por confirmar",
    },
    toSettleNone: "Ninguna anulación por confirmar",
    requests: {
      one: "{count} solicitud de anulación espera su aprobación",
      other: "{count} solicitudes de anulación esperan su aprobación",
    },
    requestsNone: "Ninguna solicitud espera su aprobación",
    gaps: {
      one: "{count} hueco de secuencias propuesto para anular",
      other: "{count} huecos de secuencias propuestos para anular",
    },
    gapsMore: "Más de {limit} huecos de secuencias propuestos para anular",
    gapsNone: "Ningún hueco de secuencias propuesto",
    expiring: {
      one: "{count} autorización de la DGII vence pronto",
      other: "{count} autorizaciones de la DGII vencen pronto",
    },
    low: {
      one: "{count} autorización de la DGII se está agotando",
      other: "{count} autorizaciones de la DGII se están agotando",
    },
    expiredUnused: {
      one: "{count} autorización vencida con números sin usar",
      other: "{count} autorizaciones vencidas con números sin usar",
    },
    authorizationsNone: "Ninguna autorización requiere atención",
    pendingSend: {
      one: "{count} e-CF pendiente de envío a la DGII",
      other: "{count} e-CF pendientes de envío a la DGII",
    },
    inProcess: {
      one: "{count} e-CF en proceso en la DGII, sin veredicto aún",
      other: "{count} e-CF en proceso en la DGII, sin veredicto aún",
    },
    nearestDeadline: " · el más próximo: {left}",
    oldestWaiting: " · el más antiguo: {age}",
    documentsNone: "Ningún e-CF espera el veredicto de la DGII",
  },
  activity: {
    title: "Actividad reciente",
    all: "Ver toda la actividad",
    empty: "Sin actividad todavía.",
  },
  checklist: {
    title: "Primeros pasos",
    intro: "Para anular y emitir con esta empresa en {environment}:",
    progress: "{done} de {total} pasos hechos",
    done: "Hecho",
    pending: "Pendiente",
    steps: {
      certificate: "Cargar el certificado digital (.p12) de la empresa",
      authorizations: "Registrar las autorizaciones de secuencias de la DGII",
      coverage: "Fijar la marca de cobertura de importación o registrar la certificación como emisor",
      apiKey: "Crear una clave de API para el sistema de facturación",
      approver: "Invitar a un aprobador",
    },
  },
};
