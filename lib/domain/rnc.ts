/** An issuer id as DGII writes it in RncEmisor: an RNC (9 digits) or a cédula (11 digits). */
export function isValidRnc(value: string): boolean {
  return /^(\d{9}|\d{11})$/.test(value);
}
