/** An issuer id as DGII writes it in RncEmisor: an RNC (9 digits) or a cédula (11 digits). */
export function isValidRnc(value: string): boolean {
  return /^(\d{9}|\d{11})$/.test(value);
}

/**
 * Whether the last digit of an RNC (9 digits: weights 7 9 8 6 5 4 3 2, modulo 11) or a cédula (11
 * digits: Luhn) is right. A failing check only warns: DGII has issued valid numbers whose check
 * digit fails, so a person may confirm one anyway.
 */
export function hasValidCheckDigit(value: string): boolean {
  if (!isValidRnc(value)) return false;
  const digits = [...value].map(Number);
  const last = digits.pop()!;
  if (digits.length === 8) {
    const weights = [7, 9, 8, 6, 5, 4, 3, 2];
    const remainder = digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 11;
    const expected = remainder === 0 ? 2 : remainder === 1 ? 1 : 11 - remainder;
    return last === expected;
  }
  const sum = digits.reduce((total, digit, index) => {
    const product = digit * (index % 2 === 0 ? 1 : 2);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return last === (10 - (sum % 10)) % 10;
}
