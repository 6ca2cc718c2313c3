// French company identifiers: SIREN (9 digits) and SIRET (14 digits) carry a Luhn key; the intra-community VAT
// number is FR + a 2-digit key + the SIREN, the key being (12 + 3 × (SIREN mod 97)) mod 97.

const digitsOnly = (value: string) => value.replace(/[\s.\-\u00A0\u202F]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** « 732 829 320 » → « 732829320 » when it is a valid SIREN, else null. */
export function normaliseSiren(input: string): string | null {
  const digits = digitsOnly(input);
  return /^\d{9}$/.test(digits) && luhnValid(digits) ? digits : null;
}

/**
 * A valid SIRET, else null. La Poste's establishments (SIREN 356000000) follow another rule: the sum of the
 * digits is a multiple of 5.
 */
export function normaliseSiret(input: string): string | null {
  const digits = digitsOnly(input);
  if (!/^\d{14}$/.test(digits)) return null;
  if (digits.startsWith('356000000')) {
    const sum = [...digits].reduce((s, d) => s + Number(d), 0);
    return sum % 5 === 0 ? digits : null;
  }
  return luhnValid(digits) ? digits : null;
}

export function sirenOfSiret(siret: string): string | null {
  const valid = normaliseSiret(siret);
  return valid ? valid.slice(0, 9) : null;
}

export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

/**
 * A VAT number as printed (spaces removed, upper case) when it is well formed: a French one must match its SIREN
 * key; another EU country's is checked for shape only (2 letters + 2–12 characters).
 */
export function normaliseVatNumber(input: string): string | null {
  const value = digitsOnly(input).toUpperCase();
  const fr = /^FR([0-9A-Z]{2})(\d{9})$/.exec(value);
  if (fr) {
    if (!luhnValid(fr[2]!)) return null;
    if (/^\d{2}$/.test(fr[1]!)) return frenchVatNumber(fr[2]!) === value ? value : null;
    return value;
  }
  return /^(?!FR)[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(value) ? value : null;
}
