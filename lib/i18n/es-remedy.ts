/**
 * Spanish strings of "¿Qué hago con este número?" (Secuencias → the remedy for one e-NCF, and the
 * links to it from a document's page and the void tool): `remedy`. lib/portal/remedy-view.ts turns
 * the answer into these words.
 */
export const esRemedy = {
  nav: "¿Qué hago con este número?",
  title: "¿Qué hago con este número?",
  intro:
    "Escriba un e-NCF y Anula le dice qué hacer con él, según lo que la empresa tiene registrado y lo que responde la DGII. Desde aquí no se envía ni se anula nada.",
  form: {
    label: "e-NCF",
    hint: "Serie, tipo y 10 dígitos, por ejemplo E310000000005.",
    submit: "Consultar",
    securityCode: "Código de seguridad (opcional)",
    securityCodeHint:
      "Solo para una factura de consumo (tipo 32) menor de RD$250,000: los 6 caracteres impresos bajo su QR. Sin él la DGII no la encuentra.",
    securityCodeProblem: "El código de seguridad tiene 6 caracteres: letras, dígitos, +, / o =.",
    problems: {
      EMPTY: "Escriba el e-NCF que quiere consultar.",
      INVALID_ENCF_LENGTH:
        "Un e-NCF tiene 13 caracteres: serie, tipo y 10 dígitos (por ejemplo E310000000005).",
      INVALID_ENCF_FORMAT: "Un e-NCF empieza con una serie de la E a la Z (no P) y sigue solo con dígitos.",
      INVALID_TIPO_ECF: "Los dos dígitos después de la serie no son un tipo de e-CF (31 a 47).",
      INVALID_SEQUENCE: "La secuencia (los últimos 10 dígitos) no puede ser cero.",
    },
  },
  answerTitle: "Respuesta para {encf}",
  answeredAt: "Consultado el {date}. Nada se hizo: la respuesta solo dice qué hacer.",
  headline: {
    void: "Puede anular este número",
    "credit-note": "Emita una nota de crédito (e-CF 34)",
    reissue: "Emita la venta de nuevo con otro número",
    "reissue-replace": "Corrija el e-CF y emítalo de nuevo con este mismo número",
    wait: "Espere: todavía no se sabe qué hacer",
    voided: "Este número ya está anulado",
    "settle-void": "Primero confirme la anulación pendiente de este número",
    unknown: "No se puede saber: confírmelo en su ERP",
  },
  void: {
    proven: {
      salto: "Nadie lo usó: la empresa emitió números mayores del mismo tipo y este se saltó.",
      vencida: "Nadie lo usó y su autorización ya venció.",
    },
    checked:
      "La DGII no tiene ningún envío de él, la empresa no tiene un documento con él y no hay otra anulación ni solicitud abierta de él.",
    open: "Abrir la herramienta de anulación con este número",
    openNote: "La herramienta lo carga como borrador: revíselo y confirme como de costumbre.",
    noPermission: "Su rol no permite enviar anulaciones: pida a un operador que lo anule.",
  },
  creditNote: {
    intro:
      "La DGII aceptó este e-CF ({estado}): ya no se puede anular. Se cancela con una nota de crédito (e-CF 34) que lo referencie con estos datos:",
    fields: {
      tipoeCF: "Tipo de e-CF",
      NCFModificado: "NCFModificado",
      FechaNCFModificado: "FechaNCFModificado",
      CodigoModificacion: "CodigoModificacion",
      IndicadorNotaCredito: "IndicadorNotaCredito",
      daysSince: "Días desde el original",
      original: "Monto del original",
      credited: "Ya acreditado",
      remaining: "Monto que aún puede acreditar",
    },
    tipo34: "34 — Nota de crédito electrónica",
    codigo1: "1 — anula el documento completo",
    indicator: {
      within: "0 — dentro de 30 días del original: se devuelve el ITBIS",
      after: "1 — más de 30 días después del original: el ITBIS no se reembolsa",
    },
    days: { one: "{count} día", other: "{count} días" },
    unknownValue: "No se sabe: tómelo de su ERP",
    fullyCredited: "Las notas de crédito ya emitidas cubren el total: no queda monto por acreditar.",
    earlier: "Notas de crédito registradas que lo modifican:",
    earlierItem: "{encf} ({status}): {total}",
    documentLink: "Ver el documento {encf}",
  },
  reissue:
    "La DGII rechazó este e-CF ({estado}) y la secuencia quedó usada: corrija los datos y emita la venta de nuevo con el siguiente número disponible. Este número no se anula ni se reutiliza.",
  reissueReplace:
    "La DGII rechazó este e-CF ({estado}) sin consumir la secuencia: corrija los datos y emítalo de nuevo con este mismo número.",
  wait: {
    "dgii-verdict": "La DGII recibió este e-CF y todavía lo está procesando (En Proceso).",
    "dgii-reception": "Este e-CF se firmó y la DGII todavía no lo ha recibido (Pendiente de envío).",
    person: "Este e-CF espera la decisión de una persona: {reason}.",
    "void-approval": "Una solicitud de anulación de este número espera aprobación.",
    askAgainAt: "Vuelva a consultar a partir del {date}.",
    askAgainLater: "Vuelva a consultar más tarde.",
    personLink: "Ir a Anulaciones por confirmar",
    requestLink: "Ver la solicitud de anulación",
  },
  voided: {
    text: "Una anulación aceptada por la DGII ya lo cubre: no hay nada que hacer.",
    link: "Ver la anulación {voidId}",
    noVoid: "Lo registrado dice que está anulado, sin la anulación que lo cubrió.",
  },
  settleVoid: {
    text: "Una anulación de este número terminó en Error: la DGII no confirmó si la recibió. Confírmela antes de hacer otra cosa con él.",
    link: "Ir a Anulaciones por confirmar",
    voidLink: "Ver la anulación {voidId}",
  },
  unknown: {
    intro:
      "Anula no puede demostrar si este número está libre o usado. Su ERP sabe si se emitió. Esto no se pudo comprobar o no pasó:",
    reasons: {
      NOT_ASKED: "No se consultó a la DGII.",
      NOT_ASKABLE:
        "No se le puede preguntar a la DGII: en este ambiente no ofrece la consulta que diría si el número se envió.",
      TAXAUTH_TIMEOUT: "La DGII no respondió a tiempo.",
      TAXAUTH_UNAVAILABLE: "El servicio de la DGII no está disponible ahora.",
      RATE_LIMITED:
        "Se alcanzó el límite de consultas a la DGII por minuto; consulte de nuevo en unos minutos.",
      LISTED: "La DGII lista un envío de este número que Anula no pudo leer: no está libre.",
      UNKNOWN_ESTADO: "La DGII respondió con un estado que Anula no conoce.",
      VERDICT_UNKNOWN:
        "La empresa tiene el documento, pero la DGII no ha dado una respuesta que decida qué hacer.",
      NO_COVERAGE_MARK:
        "La empresa no ha fijado la marca de cobertura de importación (Secuencias): no se sabe si todo lo emitido está en Anula.",
      COVERAGE_MARK: "La marca de cobertura de importación no llega al número mayor que probaría el salto.",
      QUIET_PERIOD:
        "El número mayor que probaría el salto se emitió hace poco: un e-CF en contingencia puede llegar a la DGII hasta 72 horas después.",
      NOT_SKIPPED: "Ningún número mayor emitido prueba que este se saltó, y su autorización no ha vencido.",
    },
    other: "Otra comprobación no pasó ({reason}).",
  },
  checks: {
    title: "Lo que se comprobó",
    caption: "Cada comprobación y cuándo se hizo",
    check: "Comprobación",
    result: "Resultado",
    at: "Cuándo",
    never: "No se hizo",
    names: {
      ledger: "Documentos de la empresa",
      voids: "Anulaciones",
      "void-requests": "Solicitudes de anulación",
      dgii: "DGII",
      "coverage-mark": "Marca de cobertura de importación",
      "quiet-period": "Período de espera",
      "skip-proof": "Prueba de que se saltó",
    },
    results: {
      ledger: {
        held: "La empresa tiene un documento con él ({source})",
        "not-held": "Ningún documento lo tiene",
      },
      voids: {
        voided: "Una anulación aceptada lo cubre",
        "unknown-outcome": "Una anulación de él terminó en Error",
        none: "Ninguna anulación lo cubre",
      },
      "void-requests": { open: "Una solicitud espera aprobación", none: "Ninguna solicitud abierta" },
      dgii: {
        listed: "La DGII lista un envío de él",
        absent: "La DGII no lista ningún envío de él",
        "not-asked": "No se consultó",
        "in-ledger": "Las respuestas de la DGII sobre el documento ({source})",
      },
      "coverage-mark": { passed: "Pasó", failed: "No pasó", "not-made": "No se hizo" },
      "quiet-period": { passed: "Pasó", failed: "No pasó", "not-made": "No se hizo" },
      "skip-proof": {
        salto: "Se saltó: hay números mayores emitidos",
        vencida: "Su autorización venció",
        failed: "No se pudo probar",
        "not-made": "No se hizo",
      },
    },
    otherResult: "{result}",
  },
  documentLink: "¿Qué hago con este número?",
  documentCard: "Qué hacer con él",
};
