import type { ActivityActionLabels } from "@/lib/domain/activity-actions";

/** Spanish strings of the activity log (issue 20): Configuración → Actividad and the organization page. */
export const esActivity = {
  tab: "Actividad",
  title: "Registro de actividad",
  intro:
    "Cada acción de seguridad o con efecto fiscal de la empresa: inicios de sesión, claves y cuentas de servicio, certificados, personas y roles, anulaciones y políticas. Nadie puede modificar ni borrar una entrada: se conservan al menos 10 años.",
  organizationTitle: "Actividad de la organización",
  organizationIntro:
    "Lo que concierne a la organización y no a una empresa: la regla del segundo factor, administradores, personas quitadas, restablecimientos, y los intentos fallidos o bloqueados de iniciar sesión de sus personas.",
  filters: "Filtros de la actividad",
  from: "Desde",
  to: "Hasta",
  action: "Acción",
  anyAction: "Todas las acciones",
  actor: "Quién (correo o nombre)",
  apply: "Aplicar",
  clear: "Limpiar",
  export: "Exportar CSV",
  empty: "No hay actividad con estos filtros.",
  next: "Más antiguas",
  first: "Más recientes",
  invalidDay: "Indique las fechas como días válidos.",
  columns: {
    when: "Fecha",
    action: "Acción",
    actor: "Quién",
    subject: "Sobre",
    details: "Detalles",
    ip: "Dirección IP",
    environment: "Ambiente",
  },
  actorTypes: {
    user: "Persona",
    "service-account": "Cuenta de servicio",
    "api-key": "Clave de API",
    system: "Anula",
  } as Record<string, string>,
  actions: {
    auth: {
      sign_in: "Inicio de sesión",
      sign_in_failed: "Inicio de sesión fallido",
      sign_in_throttled: "Inicio de sesión bloqueado por intentos",
    },
    api_key: {
      created: "Clave de API creada",
      revoked: "Clave de API revocada",
    },
    service_account: {
      created: "Cuenta de servicio creada",
      secret_rotated: "Secreto de cuenta de servicio rotado",
      revoked: "Cuenta de servicio deshabilitada",
      enabled: "Cuenta de servicio habilitada",
      approval_bypass_granted: "Envío sin aprobación concedido",
      approval_bypass_revoked: "Envío sin aprobación retirado",
    },
    certificate: {
      uploaded: "Certificado cargado",
      activated: "Certificado activado",
    },
    user: {
      invited: "Persona invitada",
      roles_changed: "Roles cambiados",
      disabled: "Acceso deshabilitado",
      enabled: "Acceso habilitado",
      removed: "Persona quitada de la organización",
      organization_admin_changed: "Administración de la organización cambiada",
      password_reset: "Contraseña restablecida",
      second_factor_reset: "Segundo factor quitado",
      sessions_ended: "Sesiones cerradas",
    },
    company: {
      created: "Empresa creada",
    },
    void: {
      requested: "Anulación solicitada",
      approved: "Solicitud aprobada",
      rejected: "Solicitud rechazada",
      expired: "Solicitud vencida",
      sent: "Anulación enviada",
      settled: "Anulación confirmada",
    },
    policy: {
      changed: "Política cambiada",
    },
    audit_pack: {
      downloaded: "Paquete de auditoría descargado",
    },
  } satisfies ActivityActionLabels,
  csv: {
    fileName: "actividad",
    header: [
      "Fecha",
      "Acción",
      "Código",
      "Quién",
      "Tipo",
      "Id de quién",
      "Sobre",
      "Id",
      "Ambiente",
      "Dirección IP",
      "Detalles",
    ],
  },
};
