import type { esDialogs } from "./es-dialogs";

/** English titles and buttons of the portal's confirmations (see es-dialogs.ts). */
export const enDialogs: typeof esDialogs = {
  cancel: "Cancel",
  production: { title: "Switch to production (eCF)", confirm: "Switch to eCF" },
  revokeKey: { title: "Revoke the API key" },
  disableServiceAccount: { title: "Disable the integration" },
  useCertificate: { title: "Use this certificate" },
  issuerRecord: { title: "Record DGII's certification", confirm: "Record" },
  issuerWithdraw: { title: "Withdraw the certification record", confirm: "Withdraw" },
};
