/**
 * Spanish strings of Configuración → Cuentas de servicio and of the certificates shared across the
 * organization's companies (the `settings.serviceAccounts` and `settings.sharedCertificates`
 * namespaces of the es catalogue).
 */
export const esServiceAccounts = {
  title: "Cuentas de servicio",
  intro:
    "Credenciales para sus integraciones (ERP, sistema de facturación) que no dependen de una persona: inician sesión en POST /auth/token o en /TesteCF|CerteCF|eCF/customer/authentication con el clientId como usuario y el secreto como contraseña, solo para esta empresa. El secreto se muestra una sola vez.",
  name: "Nombre",
  namePlaceholder: "ej. ERP contable",
  scopes: "Permisos",
  scopeLabels: {
    "voids:send": "Enviar anulaciones (voids:send)",
    "voids:read": "Consultar anulaciones y su XML (voids:read)",
    "documents:read": "Consultar documentos (documents:read)",
    "documents:import": "Importar documentos (documents:import)",
    "documents:issue": "Emitir e-CF (documents:issue)",
  },
  create: "Crear cuenta de servicio",
  createdTitle: "Cuenta de servicio {name} creada: copie el secreto ahora",
  rotatedTitle: "Secreto nuevo de {name}: cópielo ahora",
  secretWarning: "El secreto no se volverá a mostrar. Guárdelo en un lugar seguro.",
  clientId: "clientId",
  secret: "Secreto",
  oldSecretsExpire: "El secreto anterior sigue funcionando hasta el {date}.",
  oldSecretsEnded: "El secreto anterior ya no funciona.",
  createdAt: "Creada",
  lastUsedAt: "Último uso",
  liveSecrets: "Secretos vigentes",
  secretPrefix: "anula_sk_{prefix}_…",
  secretExpires: "hasta el {date}",
  state: "Estado",
  active: "Activa",
  disabled: "Deshabilitada",
  actions: "Acciones",
  rotate: "Rotar secreto",
  rotateNamed: "Rotar el secreto de {name}",
  rotateTitle: "Rotar el secreto de {name}",
  rotateIntro:
    "Se crea un secreto nuevo. El actual sigue funcionando durante el período de transición, para que la integración cambie sin interrupciones.",
  overlapHours: "Período de transición (horas)",
  overlapHint: "168 horas = 7 días. 0: el secreto actual deja de funcionar ya (por ejemplo, si se filtró).",
  disable: "Deshabilitar",
  enable: "Habilitar",
  disableNamed: "Deshabilitar {name}",
  enableNamed: "Habilitar {name}",
  confirmDisable: "¿Deshabilitar {name}? Sus tokens dejan de funcionar de inmediato.",
  empty: "No hay cuentas de servicio.",
  nameRequired: "Escriba un nombre.",
  scopesRequired: "Elija al menos un permiso.",
  overlapInvalid: "El período de transición debe ser un número entero de horas entre 0 y {max}.",
};

export const esSharedCertificates = {
  title: "Otros certificados de la organización",
  intro:
    "Un certificado cargado para otra empresa de su organización (por ejemplo, el de un firmante delegado) puede firmar también para esta. Solo se usa el certificado activo.",
  subject: "Titular",
  validUntil: "Válido hasta",
  companies: "Empresas que lo usan",
  noCompanies: "Ninguna",
  expired: "Vencido",
  use: "Usar en esta empresa",
  useNamed: "Usar {subject} en esta empresa",
  confirmUse: "¿Usar {subject} para firmar en esta empresa? Reemplaza al certificado activo.",
  linked: "El certificado {subject} es ahora el activo de esta empresa.",
};

/** Configuración → Certificado: DGII's certification of the company as an electronic issuer (eCF issuing). */
export const esIssuerCertification = {
  title: "Emisor electrónico certificado por la DGII",
  intro:
    "En eCF (producción) la empresa emite e-CF solo cuando la DGII la certificó como emisor electrónico (después de CerteCF). La DGII no ofrece un servicio para consultarlo: un administrador lo registra aquí. TesteCF y CerteCF emiten sin este registro.",
  certified: "Registrado: certificada por la DGII desde el {date} (registró {by}). Puede emitir en eCF.",
  notCertified: "No registrado: la emisión en eCF se rechaza (ISSUER_NOT_CERTIFIED) hasta registrarla.",
  record: "Registrar la certificación de la DGII",
  withdraw: "Retirar el registro",
  confirmRecord:
    "¿La DGII certificó a esta empresa como emisor electrónico? Desde ahora podrá emitir e-CF en eCF (producción), con validez fiscal.",
  confirmWithdraw: "¿Retirar el registro? La emisión en eCF se rechazará hasta registrarla de nuevo.",
  recorded: "Certificación registrada: la empresa puede emitir en eCF.",
  withdrawn: "Registro retirado: la emisión en eCF se rechaza.",
};
