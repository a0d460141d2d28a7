/**
 * Spanish strings of "Mi cuenta" (the `account` namespace) and of the organization page (the
 * `organization` namespace). `{name}` placeholders are filled by format().
 */
export const esAccount = {
  title: "Mi cuenta",
  intro: "Su contraseña, su segundo factor y sus sesiones.",
  forcedPassword: "Su contraseña es temporal: elija la suya para continuar.",
  forcedSecondFactor:
    "Su organización exige un segundo factor a administradores y aprobadores: configúrelo para continuar.",
  noCompany: "No tiene rol en ninguna empresa: pida acceso a un administrador.",
  password: {
    title: "Cambiar contraseña",
    current: "Contraseña actual",
    new: "Contraseña nueva (mín. 8)",
    confirm: "Repita la contraseña nueva",
    submit: "Cambiar contraseña",
    submitting: "Guardando…",
    required: "Complete este campo.",
    tooShort: "La contraseña nueva debe tener al menos 8 caracteres.",
    mismatch: "Las contraseñas nuevas no coinciden.",
    changed: "Contraseña cambiada: todas sus sesiones se cerraron. Inicie sesión con la nueva.",
  },
  secondFactor: {
    title: "Segundo factor (código de verificación)",
    on: "Activo: al iniciar sesión se le pide el código de 6 dígitos de su aplicación de autenticación.",
    off: "No activo: se inicia sesión solo con la contraseña.",
    setUp: "Configurar segundo factor",
    scan: "Escanee el código QR con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) o escriba la clave a mano; luego escriba el código que muestra.",
    qrLabel: "Código QR para su aplicación de autenticación",
    secret: "Clave para escribir a mano",
    code: "Código de 6 dígitos",
    confirm: "Activar segundo factor",
    confirmed: "Segundo factor activado.",
    disable: "Desactivar segundo factor",
    disableHint: "Para desactivarlo escriba un código actual de su aplicación.",
    disabled: "Segundo factor desactivado.",
    codeRequired: "Escriba el código de 6 dígitos de su aplicación.",
  },
  sessions: {
    title: "Sesiones",
    intro:
      "Cierra esta sesión y las de todos sus otros dispositivos, y anula los tokens de la API emitidos a su nombre.",
    signOutEverywhere: "Cerrar sesión en todos los dispositivos",
    done: "Se cerraron todas sus sesiones. Inicie sesión de nuevo.",
  },
};

export const esOrganization = {
  title: "Organización",
  intro: "Las empresas de la organización, sus reglas de acceso y las personas que la integran.",
  companies: {
    title: "Empresas",
    rnc: "RNC",
    name: "Nombre",
    lastVoid: "Última anulación ({environment})",
    certificate: "Certificado activo vence",
    noVoid: "Ninguna",
    noCertificate: "Sin certificado",
    expired: "Vencido",
  },
  create: {
    title: "Agregar empresa",
    rnc: "RNC o cédula",
    name: "Nombre o razón social",
    submit: "Agregar empresa",
    created: "Empresa {name} ({rnc}) agregada: usted es administrador, aprobador y operador en ella.",
    rncRequired: "Escriba el RNC (9 dígitos) o la cédula (11 dígitos).",
    nameRequired: "Escriba el nombre de la empresa.",
    checkDigit:
      "El dígito verificador de {rnc} no cuadra. Revise el número; si es correcto (la DGII ha emitido números así), confírmelo.",
    override: "El número es correcto: usar de todos modos",
  },
  secondFactor: {
    title: "Segundo factor",
    label: "Exigir segundo factor a administradores y aprobadores",
    hint: "Quien no lo tenga deberá configurarlo en Mi cuenta antes de seguir usando el portal, y la API no le da tokens hasta entonces.",
    saved: "Regla del segundo factor guardada.",
  },
  members: {
    title: "Miembros de la organización",
    email: "Correo",
    state: "Estado",
    secondFactor: "Segundo factor",
    actions: "Acciones",
    yes: "Sí",
    no: "No",
    enabled: "Activo",
    disabled: "Deshabilitado",
    mustChange: "Contraseña temporal",
    organizationAdmin: "Administra la organización",
    you: "(usted: use Mi cuenta)",
    homeElsewhere: "Su organización de origen es otra: solo sus administradores cambian sus credenciales.",
    resetPassword: "Restablecer contraseña",
    resetSecondFactor: "Quitar segundo factor",
    signOut: "Cerrar sus sesiones",
    disable: "Deshabilitar",
    enable: "Habilitar",
    temporaryPassword:
      "Contraseña temporal de {email} (se muestra una sola vez; deberá cambiarla al iniciar sesión):",
    done: "Hecho: {email}.",
  },
};
