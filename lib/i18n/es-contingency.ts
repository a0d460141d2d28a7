/** Contingencia (Configuración) and the deadlines of e-CF not yet received by DGII (documents). */
export const esContingency = {
  tab: "Contingencia",
  title: "Contingencia por falta de conectividad",
  intro:
    "Declárela cuando la empresa puede generar e-CF pero no enviarlos a la DGII (Informe Técnico e-CF, §19). Los e-CF firmados mientras esté declarada llevan la leyenda «e-CF emitido en modalidad de contingencia» y deben llegar a la DGII en un máximo de 72 horas.",
  clockNote:
    "El Informe Técnico no aclara si las 72 horas cuentan desde la firma o desde que se restablece la conexión: Anula las cuenta desde la firma.",
  stateDeclared: "Declarada en {environment} desde el {date} por {by}.",
  stateNone: "No hay una contingencia declarada en {environment}.",
  declare: "Declarar contingencia",
  end: "Terminar contingencia",
  confirmDeclare: "¿Declarar una contingencia en {environment} desde ahora?",
  confirmEnd: "¿Terminar la contingencia de {environment} ahora?",
  cancel: "Cancelar",
  declared: "Contingencia declarada en {environment}.",
  ended: "Contingencia terminada en {environment}.",
  history: "Períodos declarados",
  declaredAt: "Declarada",
  endedAt: "Terminada",
  by: "Por",
  open: "En curso",
  noHistory: "Ninguno en este ambiente.",
  readOnly: "Solo un administrador de la empresa declara o termina una contingencia y cambia los plazos.",
  settingsTitle: "Plazos de envío a la DGII",
  deferredWindow: "Ventana de envío diferido (horas)",
  deferredHint:
    "Fuera de una contingencia los e-CF se envían al emitirlos. Vacío: sin plazo. Fuentes secundarias citan 24 horas (Decreto 587-24): confírmelo antes de usarlo.",
  approachingPercent: "Avisar al cumplirse (% del plazo)",
  approachingHint:
    "Al cumplirse esta parte del plazo se notifica y se envía el webhook document.deadline_approaching; al vencer, document.deadline_missed.",
  gapWindow: "Plazo para anular un hueco de secuencia en {environment} (días)",
  gapWindowHint:
    "Días desde que existe un hueco que el libro propone (desde la emisión del número mayor que lo prueba, o el fin del último día de una autorización vencida). Vacío: sin plazo. Ninguna norma que conozcamos lo fija: es un plazo de la empresa. Avisa con la misma parte del plazo (sequence.gap_deadline_approaching) y al vencer (sequence.gap_deadline_missed).",
  forecastLeadDays: "Días para obtener la próxima autorización en {environment}",
  forecastLeadHint:
    "El pronóstico del inventario (Secuencias) indica solicitar la próxima autorización estos días antes de que la actual se agote o venza; avisa cuando faltan 7 días o menos (sequence.forecast_request_by). Por defecto, 15.",
  forecastUnusedPercent:
    "Avisar si quedaría sin usar al vencer más del (% de la autorización) en {environment}",
  forecastUnusedHint:
    "Al ritmo de los últimos 30 días: un rango que dejaría sin usar más de esta parte se solicitó demasiado grande (sequence.forecast_unused). Por defecto, 20 %.",
  saveSettings: "Guardar plazos",
  settingsSaved: "Plazos guardados.",
  settingsInvalid:
    "Revise los valores: la ventana entre 1 y 720 horas (o vacía), el aviso entre 1 y 99 %, el plazo de huecos entre 1 y 3650 días (o vacío), los días para obtener una autorización entre 1 y 365, la parte sin usar entre 1 y 99 %.",
  deadline: {
    column: "Plazo DGII",
    age: "Firmado hace {duration}",
    left: "Quedan {duration}",
    missed: "Vencido hace {duration}",
    unavailable: "DGII no disponible",
    none: "Sin plazo",
    inContingency: "Emitido en contingencia",
    tooltipContingency:
      "72 horas desde la firma (contingencia, Informe Técnico §19; el Informe no aclara si el plazo cuenta desde la firma o desde que vuelve la conexión: Anula cuenta desde la firma). Vence el {date}.",
    tooltipDeferred:
      "Ventana de envío diferido de la empresa: {hours} horas desde la firma. Vence el {date}.",
    tooltipUnavailable:
      "La DGII informa su servicio de recepción no disponible: el plazo no se da por vencido mientras tanto.",
    tooltipNone: "Fuera de una contingencia un e-CF se envía al emitirlo: sin plazo configurado.",
    days: "{days} d {hours} h",
    hours: "{hours} h {minutes} min",
    minutes: "{minutes} min",
    exportDue: "Vence el",
    exportLeft: "Tiempo restante",
    exportAge: "Antigüedad",
  },
};
