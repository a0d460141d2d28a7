/**
 * The portal's own confirmations (the shared dialog, components/ui/use-confirm.tsx): the title and
 * the buttons of each question; the question itself stays with its feature's strings.
 */
export const esDialogs = {
  cancel: "Cancelar",
  production: { title: "Cambiar a producción (eCF)", confirm: "Cambiar a eCF" },
  revokeKey: { title: "Revocar la clave de API" },
  disableServiceAccount: { title: "Deshabilitar la integración" },
  useCertificate: { title: "Usar este certificado" },
  issuerRecord: { title: "Registrar la certificación de la DGII", confirm: "Registrar" },
  issuerWithdraw: { title: "Retirar el registro de la certificación", confirm: "Retirar" },
};
