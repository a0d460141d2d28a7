/**
 * Whose a certificate is. DGII reads the holder from the subject's serialNumber (e.g. "130000001",
 * "RNC130000001" or "IDCDO-40212345678"): its 9 (RNC) or 11 (cédula) digits. A certificate of another
 * holder than the company signs voids DGII rejects ("El RNC del certificado no está delegado…")
 * unless that holder is delegated for the company's RNC in DGII's Oficina Virtual.
 */
export function certificateHolderId(subjectSerialNumber: string | null): string | null {
  const digits = (subjectSerialNumber ?? "").replace(/\D/g, "");
  return digits.length === 9 || digits.length === 11 ? digits : null;
}

/**
 * The word the upload must carry to make active a certificate of another holder: the holder's id, or
 * "desconocido" for a certificate that names no RNC or cédula (DGII refuses those at sign-in).
 */
export function holderConfirmationOf(holderId: string | null): string {
  return holderId ?? "desconocido";
}
