// The structured creditor reference (ISO 11649 « RF » reference) a client copies into their transfer, so the
// artisan's bank statement names the invoice: RF + 2 check digits + the invoice number's letters and digits.

function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

function toDigits(text: string): string {
  return [...text].map((ch) => (/[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
}

/** RFxx<reference>, printed in groups of four (« RF18 FA00 01 »). Null when the number has nothing usable. */
export function structuredReference(invoiceNumber: string): string | null {
  const body = invoiceNumber
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 21);
  if (!body) return null;
  const check = 98 - mod97(toDigits(`${body}RF00`));
  const ref = `RF${String(check).padStart(2, '0')}${body}`;
  return ref.replace(/(.{4})(?=.)/g, '$1 ');
}

/** True when an RF reference's check digits are right (ISO 11649). */
export function isValidStructuredReference(reference: string): boolean {
  const ref = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(ref)) return false;
  return mod97(toDigits(ref.slice(4) + ref.slice(0, 4))) === 1;
}
